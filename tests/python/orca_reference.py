"""Independent reference computations with numpy/scipy: orthonormal polynomials from
scipy.special.eval_jacobi and closed-form norms, every coefficient c_k by its definition,
and every OKC index by direct summation over multi-indices."""
import itertools

import numpy as np
from scipy.special import eval_hermitenorm, eval_jacobi, gammaln


def jacobi_exponents(kernel):
    fam = kernel["family"]
    if fam == "legendre":
        return 0.0, 0.0
    if fam == "chebyshev1":
        return -0.5, -0.5
    if fam == "chebyshev2":
        return 0.5, 0.5
    if fam == "gegenbauer":
        return kernel["lambda"] - 0.5, kernel["lambda"] - 0.5
    return kernel["alpha"], kernel["beta"]


def orthonormal(kernel, k, x):
    """p_k(x) under the model's family and measure, from scipy's unnormalised polynomials."""
    x = np.asarray(x, dtype=float)
    lebesgue = kernel["measure"] == "lebesgue"
    if kernel["family"] == "hermite":
        # He_k has norm k! under N(0,1); the Lebesgue weight exp(-x^2/2) has mass sqrt(2 pi).
        log_norm = 0.5 * gammaln(k + 1) + (0.25 * np.log(2 * np.pi) if lebesgue else 0.0)
        return eval_hermitenorm(k, x) / np.exp(log_norm)
    al, be = jacobi_exponents(kernel)
    log_mass = (al + be + 1) * np.log(2) + gammaln(al + 1) + gammaln(be + 1) - gammaln(al + be + 2)
    if k == 0:
        log_h = log_mass
    else:
        log_h = ((al + be + 1) * np.log(2) - np.log(2 * k + al + be + 1) + gammaln(k + al + 1)
                 + gammaln(k + be + 1) - gammaln(k + al + be + 1) - gammaln(k + 1))
    if not lebesgue:
        log_h -= log_mass
    return eval_jacobi(k, al, be, x) / np.exp(0.5 * log_h)


def max_order(kernel):
    """The interaction order Q of the model file's kernel (the number of features when absent)."""
    return kernel.get("max_order") or len(kernel["degrees"])


def max_total_degree(kernel):
    """The total-degree cap N of the model file's kernel (sum of the degrees when absent)."""
    return kernel.get("max_total_degree") or sum(kernel["degrees"])


def coefficients(model):
    """{multi-index: c_k} for every retained k (at most Q non-zero entries, total degree at most
    N), c_k = sum_i a_i prod_j p_{k_j}(x_ij)."""
    kernel = model["kernel"]
    sv = np.asarray(model["support_vectors"], dtype=float)
    a = np.asarray(model["coefficients"], dtype=float)
    degrees = kernel["degrees"]
    tables = [np.stack([orthonormal(kernel, k, sv[:, j]) for k in range(n + 1)], axis=1)
              for j, n in enumerate(degrees)]
    out = {}
    Q, N = max_order(kernel), max_total_degree(kernel)
    for k in itertools.product(*[range(n + 1) for n in degrees]):
        if sum(kj > 0 for kj in k) > Q or sum(k) > N:
            continue
        prod = a.copy()
        for j, kj in enumerate(k):
            prod = prod * tables[j][:, kj]
        out[k] = float(prod.sum())
    return out


def indices(coefs, d, total_degree=None):
    """Every OKC index by direct summation (spectra up to total_degree: sum n_j, as the engine's
    reports run, however few retained functions reach it)."""
    E = sum(v * v for v in coefs.values())
    total_degree = total_degree if total_degree is not None else max(sum(k) for k in coefs)
    block = np.zeros((d + 1, total_degree + 1))
    marginal, total = np.zeros(d), np.zeros(d)
    pairwise = np.zeros((d, d))
    for k, v in coefs.items():
        act = [j for j in range(d) if k[j] > 0]
        s = v * v / E
        block[len(act), sum(k)] += s
        for j in act:
            total[j] += s
        if len(act) == 1:
            marginal[act[0]] += s
        if len(act) == 2:
            pairwise[act[0], act[1]] += s
            pairwise[act[1], act[0]] += s
    spectrum = block.sum(axis=0)
    return {
        "energy": E,
        "block": block,
        "order": block.sum(axis=1),
        "spectrum": spectrum,
        "cumulative": np.cumsum(spectrum),
        "peak": int(np.argmax(spectrum)),
        "marginal": marginal,
        "pairwise": pairwise,
        "total_effect": total,
        "even": float(spectrum[0::2].sum()),
        "odd": float(spectrum[1::2].sum()),
    }


def scaled(model, X):
    """Raw rows in the kernel's coordinates, by the scaler recorded in the model file."""
    sc = model["scaler"]
    lo, hi = np.asarray(sc["min"]), np.asarray(sc["max"])
    X = np.clip(np.asarray(X, dtype=float), lo, hi)  # values outside the training range are clipped
    if sc["kind"] == "minmax":
        return np.clip(2 * (X - lo) / (hi - lo) - 1, -1, 1)
    return (X - np.asarray(sc["mean"])) / np.asarray(sc["std"])


def gram(model, A, B):
    """The model's kernel between scaled point sets, from scipy's polynomials. Under an
    interaction order Q: sum_{|u| <= Q} prod_{j in u} g_j prod_{j not in u} kappa_j with
    g_j = sum_{k >= 1} p_k p_k and kappa_j = p_0 p_0, summed order by order (e[q] over the
    features seen so far)."""
    kernel = model["kernel"]
    Q = max_order(kernel)
    if kernel.get("max_total_degree"):
        return _gram_by_degree(kernel, A, B)
    e = [np.ones((len(A), len(B)))] + [np.zeros((len(A), len(B))) for _ in range(Q)]
    for j, n in enumerate(kernel["degrees"]):
        kappa = np.outer(orthonormal(kernel, 0, A[:, j]), orthonormal(kernel, 0, B[:, j]))
        g = sum(np.outer(orthonormal(kernel, k, A[:, j]), orthonormal(kernel, k, B[:, j])) for k in range(1, n + 1))
        e = [kappa * e[0]] + [kappa * e[q] + g * e[q - 1] for q in range(1, Q + 1)]
    return sum(e)


def _gram_by_degree(kernel, A, B):
    """The kernel of the functions with at most Q active features and total degree at most N:
    e[q][t] sums the products over the features seen so far with q active and total degree t."""
    Q, N = max_order(kernel), max_total_degree(kernel)
    shape = (len(A), len(B))
    e = {(0, 0): np.ones(shape)}
    for j, n in enumerate(kernel["degrees"]):
        terms = [np.outer(orthonormal(kernel, k, A[:, j]), orthonormal(kernel, k, B[:, j])) for k in range(n + 1)]
        nxt = {}
        for (q, t), v in e.items():
            nxt[(q, t)] = nxt.get((q, t), 0) + terms[0] * v
            for k in range(1, n + 1):
                if q + 1 <= Q and t + k <= N:
                    nxt[(q + 1, t + k)] = nxt.get((q + 1, t + k), 0) + terms[k] * v
        e = nxt
    return sum(e.values())


def libsvm_probabilities(K, y, C, tol):
    """LIBSVM's own probability estimates (-b 1: Platt's sigmoids from its internal five-fold
    cross-validation, pairwise coupling for more classes) on a precomputed Gram matrix, columns
    in sorted class order. Through LIBSVM's Python interface (Debian's python3-libsvm, PyPI's
    libsvm-official): scikit-learn's SVC(probability=True), the same code, is deprecated in 1.9.
    Its folds are drawn by the C library's rand(), so each call draws others."""
    try:
        from libsvm import svmutil
    except ImportError:  # Debian installs the modules at the top level
        import svmutil
    classes = sorted(set(np.asarray(y).tolist()))
    labels = [float(classes.index(v)) for v in np.asarray(y).tolist()]
    rows = [[float(i + 1)] + [float(v) for v in K[i]] for i in range(len(K))]
    prob = svmutil.svm_problem(labels, rows, isKernel=True)
    model = svmutil.svm_train(prob, f"-t 4 -c {C!r} -e {tol!r} -b 1 -q")
    _, _, estimates = svmutil.svm_predict(labels, rows, model, "-b 1 -q")
    order = [int(v) for v in model.get_labels()]
    out = np.zeros((len(rows), len(classes)))
    for column, c in enumerate(order):
        out[:, c] = [row[column] for row in estimates]
    return out


def held(reference, report_values):
    """The reference's shares over the orders q and total degrees N a report lists (reports list
    only those the basis holds: q <= Q, N up to its highest total degree). What is left off must
    be zero in the reference too: the basis has no such function (rounding below 1e-12 aside)."""
    reference = np.asarray(reference, dtype=float)
    shape = np.shape(report_values)
    kept = tuple(slice(0, n) for n in shape)
    rest = reference.copy()
    rest[kept] = 0.0
    assert np.abs(rest).max(initial=0.0) <= 1e-12 * max(1.0, np.abs(reference).max()), "a left-off share is not 0"
    return reference[kept]


def svr_on_points(reg, Z):
    """a = alpha - alpha* per training point (the standardised target's scale), from the support
    vectors (kernel coordinates, each one of the rows of Z)."""
    sv = reg.support_vectors_
    at = np.argmin(((sv[:, None, :] - Z[None, :, :]) ** 2).sum(axis=2), axis=1)
    assert np.allclose(sv, Z[at], rtol=0, atol=1e-12) and len(set(at)) == len(at)
    a = np.zeros(len(Z))
    a[at] = reg.dual_coef_.ravel() / reg.model_.target_scale
    return a


def svr_optimality_gap(K, a, z, C, epsilon):
    """The epsilon-SVR dual's optimality conditions by brute force on the Gram matrix: with
    alpha = max(a, 0) and alpha* = max(-a, 0), the widest gap in -y grad between the variables that
    may move up and those that may move down (LIBSVM's m(a) - M(a); 0 at the optimum)."""
    f = K @ a
    plain, star = z - f - epsilon, z - f + epsilon  # -y grad of alpha_t and of alpha*_t
    alpha, alpha_star = np.maximum(a, 0), np.maximum(-a, 0)
    up = np.concatenate([plain[alpha < C], star[alpha_star > 0]])
    low = np.concatenate([plain[alpha > 0], star[alpha_star < C]])
    return up.max() - low.min()
