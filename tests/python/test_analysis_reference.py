"""The CLI's analysis against independent references: a numpy/scipy brute force over every
multi-index, and OpenTURNS' Sobol' indices from the same coefficients (math spec §4)."""
import numpy as np
import pytest

from conftest import load_json
from orca_reference import coefficients, held, indices

ALGORITHMS = ["enumeration", "pairs"]


def spiral_csv(orca, tmp_path):
    # The demo's data set, as a CSV: the engine's generator through a tiny fit + predict is not
    # needed; a fresh spiral from the documented recipe (numpy noise) is just as good a test.
    rng = np.random.default_rng(7)
    t = np.linspace(np.pi / 2, np.pi / 2 + 1.75 * 2 * np.pi, 150)
    arm = np.stack([t * np.cos(t), t * np.sin(t)], axis=1)
    X = np.concatenate([arm, -arm]) + rng.normal(0, 0.2, (300, 2))
    y = ["A"] * 150 + ["B"] * 150
    path = tmp_path / "spiral.csv"
    path.write_text("x1,x2,arm\n" + "\n".join(f"{float(a)!r},{float(b)!r},{c}" for (a, b), c in zip(X, y)) + "\n")
    return path


CASES = [
    # (data, target, fit options)
    ("spiral", "arm", ["--family", "legendre", "--degree", "8"]),
    ("spiral", "arm", ["--family", "jacobi", "--alpha", "2.5", "--beta", "1.2", "--degree", "10", "-C", "10"]),
    ("spiral", "arm", ["--family", "chebyshev1", "--degree", "6", "--measure", "lebesgue"]),
    ("echo", "still-alive", ["--family", "legendre", "--degree", "3", "--max-order", "0"]),
    ("echo", "still-alive", ["--family", "jacobi", "--alpha", "4.3", "--beta", "1.8", "--degree", "2,epss=4,lvdd=3",
                             "--max-order", "0"]),
    ("echo", "still-alive", ["--family", "jacobi", "--alpha", "0.8", "--beta", "2.7", "--degree", "3", "-C", "5",
                             "--max-order", "0"]),
    ("echo", "still-alive", ["--family", "legendre", "--degree", "4"]),  # the default order: additive (Q = 1)
    ("echo", "still-alive", ["--family", "jacobi", "--alpha", "2.5", "--beta", "1.2", "--degree", "3",
                             "--max-order", "2"]),
    ("echo", "still-alive", ["--family", "chebyshev2", "--degree", "2", "--max-order", "3", "--measure", "lebesgue"]),
]


@pytest.mark.parametrize("case", range(len(CASES)))
@pytest.mark.parametrize("method", ALGORITHMS)
def test_indices_match_brute_force(orca, tmp_path, echocardiogram_csv, case, method):
    data, target, options = CASES[case]
    path = spiral_csv(orca, tmp_path) if data == "spiral" else echocardiogram_csv
    orca("fit", "--data", path, "--target", target, *options, "--model", tmp_path / "m.json", "-q")
    coef_opt = "all" if method == "enumeration" else "none"
    orca("analyze", "--model", tmp_path / "m.json", "--method", method, "--coefficients", coef_opt,
         "--json", tmp_path / "a.json")
    model, report = load_json(tmp_path / "m.json"), load_json(tmp_path / "a.json")
    d = len(model["features"])
    ref = indices(coefficients(model), d, sum(model["kernel"]["degrees"]))
    tol = 1e-10
    assert report["method"] == method
    assert report["energy"] == pytest.approx(ref["energy"], rel=1e-10)
    assert report["energy_kernel"] == pytest.approx(ref["energy"], rel=1e-10)
    # The report lists the orders and degrees the basis holds; the reference is 0 beyond them.
    assert len(report["order"]) == report["model"]["max_order"] + 1
    np.testing.assert_allclose(report["block"], held(ref["block"], report["block"]), atol=tol)
    np.testing.assert_allclose(report["order"], held(ref["order"], report["order"]), atol=tol)
    np.testing.assert_allclose(report["spectrum"], held(ref["spectrum"], report["spectrum"]), atol=tol)
    np.testing.assert_allclose(report["cumulative"], ref["cumulative"][:len(report["cumulative"])], atol=tol)
    np.testing.assert_allclose(report["marginal"], ref["marginal"], atol=tol)
    np.testing.assert_allclose(report["pairwise"], ref["pairwise"], atol=tol)
    np.testing.assert_allclose(report["total_effect"], ref["total_effect"], atol=tol)
    assert report["peak"] == ref["peak"]
    assert report["parity"]["even"] == pytest.approx(ref["even"], abs=tol)
    assert report["order"][0] == pytest.approx(0.0, abs=1e-12)
    if method == "enumeration":
        ref_coefs = coefficients(model)
        assert len(report["coefficients"]) == len(ref_coefs)
        scale = np.sqrt(ref["energy"])
        for c in report["coefficients"]:
            assert c["value"] == pytest.approx(ref_coefs[tuple(c["index"])], abs=1e-11 * scale)


def test_sobol_indices_match_openturns(orca, tmp_path, echocardiogram_csv):
    """Under the probability convention, OKC_i and T_i are the first-order and total Sobol'
    indices. OpenTURNS computes them from the same coefficients in its orthonormal Jacobi basis
    (checked here to be the same functions as ours)."""
    ot = pytest.importorskip("openturns")
    from orca_reference import orthonormal

    orca("fit", "--data", echocardiogram_csv, "--target", "still-alive", "--max-order", "0", "--family", "jacobi",
         "--alpha", "2.5",
         "--beta", "1.2", "--degree", "3", "--model", tmp_path / "m.json", "-q")
    orca("analyze", "--model", tmp_path / "m.json", "--coefficients", "all", "--method", "enumeration",
         "--json", tmp_path / "a.json")
    model, report = load_json(tmp_path / "m.json"), load_json(tmp_path / "a.json")
    kernel = model["kernel"]
    d = len(model["features"])
    alpha, beta = kernel["alpha"], kernel["beta"]
    factory = ot.JacobiFactory(alpha, beta, ot.JacobiFactory.ANALYSIS)
    # Same functions: OpenTURNS' orthonormal Jacobi equals ours at a few points.
    for k in range(4):
        for x in (-0.9, 0.1, 0.8):
            assert factory.build(k)(x) == pytest.approx(float(orthonormal(kernel, k, x)), rel=1e-12)
    enum = ot.LinearEnumerateFunction(d)
    basis = ot.OrthogonalProductPolynomialFactory([factory] * d, enum)
    idx, alpha_k = [], []
    for c in report["coefficients"]:
        idx.append(enum.inverse(c["index"]))
        alpha_k.append([c["value"]])
    order = np.argsort(idx)
    idx = [int(idx[i]) for i in order]
    alpha_k = [alpha_k[i] for i in order]
    marginal = factory.getMeasure()
    joint = getattr(ot, "JointDistribution", None) or ot.ComposedDistribution  # renamed in OpenTURNS 1.24
    distribution = joint([marginal] * d)
    identity = ot.SymbolicFunction([f"x{j}" for j in range(d)], [f"x{j}" for j in range(d)])
    psi = [basis.build(i) for i in idx]
    sample_x = distribution.getSample(4)
    sample_y = ot.Sample(4, 1)
    try:  # OpenTURNS >= 1.23: no composed model, no residuals
        result = ot.FunctionalChaosResult(sample_x, sample_y, distribution, identity, identity, basis, idx, alpha_k,
                                          psi)
    except TypeError:
        composed = ot.SymbolicFunction([f"x{j}" for j in range(d)], ["0"])  # unused by the Sobol' computation
        result = ot.FunctionalChaosResult(sample_x, sample_y, distribution, identity, identity, composed, basis, idx,
                                          alpha_k, psi, [0.0], [0.0])
    sobol = ot.FunctionalChaosSobolIndices(result)
    for i in range(d):
        assert sobol.getSobolIndex(i) == pytest.approx(report["marginal"][i], abs=1e-10)
        assert sobol.getSobolTotalIndex(i) == pytest.approx(report["total_effect"][i], abs=1e-10)
    for i in range(d):
        for j in range(i + 1, d):
            # The interaction index is OKC_ij; the grouped (closed) index adds both main effects.
            assert sobol.getSobolIndex([i, j]) == pytest.approx(report["pairwise"][i][j], abs=1e-10)
            closed = report["marginal"][i] + report["marginal"][j] + report["pairwise"][i][j]
            assert sobol.getSobolGroupedIndex([i, j]) == pytest.approx(closed, abs=1e-10)
