"""The HTML report from Python and the CLI: the same page, numbers equal to the JSON analysis and
to explain(), notebook views, and clear errors."""
import json

import pytest
from sklearn.datasets import load_diabetes, load_wine

from orca_svm import ModelReport, OrcaSVC, OrcaSVR, load_echocardiogram, stability, sweep

from report_pages import check_okc_tables, parse


@pytest.fixture(scope="module")
def echo():
    data = load_echocardiogram(as_frame=True)
    X, y = data.data, data.target
    return X, y, OrcaSVC(degree=4, max_order=2, C=1.0).fit(X, y)


def test_two_class_report_equals_the_analysis_and_explain(echo, tmp_path):
    X, y, clf = echo
    report = clf.report(X, y, rows=[0, 5, 17])
    assert isinstance(report, ModelReport)
    page = parse(report.html)
    analysis = json.loads(clf.analyze().to_json())
    check_okc_tables(page, analysis, list(X.columns))
    phi = clf.explain(X.iloc[[0, 5, 17]])
    for r, position in enumerate([0, 5, 17]):
        rows = {row[0]: row for row in page.tables[f"row-{position}"]}
        for name in X.columns:
            assert float(rows[name][2]) == pytest.approx(phi[name].iloc[r], abs=5.01e-5)
        assert float(rows["base value"][2]) == pytest.approx(phi.attrs["base"], abs=5.01e-5)
    accuracy = float(page.ids["card-accuracy-on-the-data"].split()[0])
    assert accuracy == pytest.approx(clf.score(X, y), abs=5.01e-5)
    report.to_html(tmp_path / "r.html")
    assert (tmp_path / "r.html").read_text(encoding="utf-8") == report.html
    body = report._repr_html_()
    assert body.startswith('<main class="orca-report">') and "<head>" not in body


def test_cli_writes_the_same_page(echo, orca, tmp_path):
    X, y, clf = echo
    clf.save(tmp_path / "m.json")
    data = X.assign(**{"still-alive": y})
    data.to_csv(tmp_path / "d.csv", index=False)
    orca("report", "--model", tmp_path / "m.json", "--data", tmp_path / "d.csv", "--rows", "0,5,17", "--output",
         tmp_path / "cli.html", "-q")
    cli = (tmp_path / "cli.html").read_text(encoding="utf-8")
    page, python = parse(cli), parse(clf.report(X, y, rows=[0, 5, 17]).html)
    for table in ("okc-order", "okc-degree", "parity", "features", "pairs", "coefficients", "row-17"):
        assert page.tables[table] == python.tables[table], table


def test_multiclass_and_regression_reports(tmp_path):
    X, y = load_wine(return_X_y=True, as_frame=True)
    clf = OrcaSVC().fit(X, y)
    page = parse(clf.report(X, y).html)
    analysis = json.loads(clf.analyze().to_json())
    names = list(X.columns)
    check_okc_tables(page, analysis["aggregated"]["energy_weighted"], names, "aggregate-")
    for m, machine in enumerate(analysis["machines"]):
        check_okc_tables(page, machine["analysis"], names, f"machine-{m + 1}-")
    for c in range(3):
        assert f"class-{c + 1}-row-0" in page.tables

    Xd, yd = load_diabetes(return_X_y=True, as_frame=True)
    reg = OrcaSVR().fit(Xd, yd)
    page = parse(reg.report(Xd, yd, rows=[3]).html)
    check_okc_tables(page, json.loads(reg.analyze().to_json()), list(Xd.columns))
    assert float(page.ids["card-R-2-on-the-data"]) == pytest.approx(reg.score(Xd, yd), abs=5.01e-5)
    rows = {row[0]: row for row in page.tables["row-3"]}
    assert float(rows["prediction"][2]) == pytest.approx(reg.predict(Xd.iloc[[3]])[0], abs=5.01e-5)


def test_notebook_views():
    X, y = load_wine(return_X_y=True)
    clf = OrcaSVC().fit(X, y)
    multi = clf.analyze()
    assert 'id="aggregate-okc-order"' in multi._repr_html_()
    single = multi.energy_weighted._repr_html_()
    assert single.startswith('<div class="orca-report">') and 'id="okc-order"' in single
    two = y < 2
    result = sweep(X[two][:, :4], y[two], degree=[1, 2, 3])
    view = result._repr_html_()
    assert "<svg" in view and "cv_mean" in view
    stable = stability(X[two][:, :3], y[two], degree=2, bootstrap=4)
    view = stable._repr_html_()
    assert "<svg" in view and "Stability" in view


def test_bad_requests_are_value_errors(echo):
    X, y, clf = echo
    with pytest.raises(ValueError, match="row 108 is outside"):
        clf.report(X, rows=[108])
    with pytest.raises(ValueError, match="integers >= 0"):
        clf.report(X, rows=[-1])
    with pytest.raises(ValueError, match="y needs X"):
        clf.report(y=y)
    with pytest.raises(ValueError, match="one label per row"):
        clf.report(X, y[:5])
    with pytest.raises(ValueError, match="feature"):
        clf.report(X.iloc[:, :2])
    with pytest.raises(ValueError, match="rows to explain need data"):
        clf.report(rows=[0])


def test_report_without_data_shows_the_support_vectors():
    X, y = load_wine(return_X_y=True)
    clf = OrcaSVC().fit(X[y < 2], y[y < 2])
    html = clf.report().html
    assert "a rug of the support vectors" in html and "Give data" in html


def test_report_with_a_sweep_and_a_stability_run(echo):
    X, y, clf = echo
    result = sweep(X, y, degree=[2, 4], C=1.0, max_order=2)
    stable = stability(X, y, degree=4, max_order=2, bootstrap=4)
    page = parse(clf.report(sweep=result, stability=stable).html)
    table = page.tables["sweep-table"]
    assert [row[0] for row in table] == list(result.table["setting"])
    for row, cv in zip(table, result.table["cv_mean"]):
        assert float(row[1]) == pytest.approx(cv, abs=5.01e-5)
    indices = {row[0]: float(row[1]) for row in page.tables["stability-table"]}
    for name, mean in stable.table["mean"].items():
        assert indices[name] == pytest.approx(mean, abs=5.01e-3)  # N* and T_eps print 2 decimals
    with pytest.raises(ValueError, match="sweep must be the result"):
        clf.report(sweep="sweep.json")
