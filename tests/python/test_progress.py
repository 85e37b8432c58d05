"""Progress for long Python work: quiet by default, one line on stderr with verbose > 0, and the
same results either way (the engine's callbacks and the chunked explanations change nothing)."""
import numpy as np
import pandas as pd

from orca_svm import OrcaSVC, make_double_spiral, stability, sweep


def spiral():
    X, y = make_double_spiral(random_state=4)
    return X, y


def test_sweep_and_stability_report_fits_and_give_the_same_results(capsys):
    X, y = spiral()
    quiet = sweep(X, y, degree=[2, 4], C=[1.0], cv=3)
    assert capsys.readouterr().err == ""
    loud = sweep(X, y, degree=[2, 4], C=[1.0], cv=3, verbose=1)
    err = capsys.readouterr().err
    assert "sweep: 8/8 (100%)" in err and err.endswith("\n")  # 2 settings x (3 folds + the all-data fit)
    pd.testing.assert_frame_equal(quiet.table, loud.table)
    a = stability(X, y, degree=3, bootstrap=4)
    b = stability(X, y, degree=3, bootstrap=4, verbose=2)
    assert "stability: 4/4 (100%)" in capsys.readouterr().err
    pd.testing.assert_frame_equal(a.table, b.table)


def test_explain_in_chunks_equals_one_call(capsys):
    X, y = spiral()
    clf = OrcaSVC(degree=6).fit(X, y)
    rows = np.tile(X, (16, 1))[:4500]  # three chunks of at most 2,000 rows
    quiet = clf.explain_components(rows)
    loud = clf.explain_components(rows, verbose=1)
    err = capsys.readouterr().err
    assert "explain: 2000/4500" in err and "explain: 4500/4500 (100%)" in err
    pd.testing.assert_frame_equal(quiet, loud)
    np.testing.assert_array_equal(clf.explain(rows, verbose=1).to_numpy(), clf.explain(rows).to_numpy())
    np.testing.assert_array_equal(clf.shapley_interactions(rows[:2100], verbose=1), clf.shapley_interactions(rows[:2100]))


def test_analyze_says_what_it_does(capsys):
    X, y = spiral()
    clf = OrcaSVC(degree=6).fit(X, y)
    assert str(clf.analyze(verbose=1)) == str(clf.analyze())
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "analyze: 1 machine(s), 2 features, method auto" and err[1].startswith("analyze: done in ")


def test_a_failing_progress_callback_does_not_stop_the_work(monkeypatch):
    import sys

    from orca_svm import _core
    reported = []
    monkeypatch.setattr(sys, "unraisablehook", lambda info: reported.append(info.exc_value))
    X, y = spiral()
    calls = []

    def broken(done, total):
        calls.append(done)
        raise RuntimeError("display went away")

    setting = {"family": "legendre", "alpha": 0.0, "beta": 0.0, "lam": 0.5, "measure": "probability", "degree": 3,
               "C": 1.0}
    out = _core.sweep(np.ascontiguousarray(X), [str(v) for v in y], ["x1", "x2"], [setting], 3, 1, 1e-3, 1,
                      [0.05], None, broken)
    assert len(calls) == 4 and "legendre" in out["text"]
    assert len(reported) == 4 and all(str(e) == "display went away" for e in reported)
