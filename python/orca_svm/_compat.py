"""What differs between the scikit-learn releases the package supports (1.2 to the newest).

scikit-learn 1.6 moved input validation from the private ``BaseEstimator._validate_data`` to
the public ``sklearn.utils.validation.validate_data`` (the method was removed in 1.7), and
replaced ``_more_tags`` by ``__sklearn_tags__`` and ``force_all_finite`` by ``ensure_all_finite``.
matplotlib 3.9 renamed ``boxplot``'s ``labels`` to ``tick_labels`` (the old name was removed in
3.11). pandas before 3 parses a CSV's numbers to within a few units in the last place unless
asked for ``float_precision="round_trip"``, which pandas 3 makes its default and deprecates.
Everything else the package uses is the same across the releases it supports.
"""
from __future__ import annotations

from sklearn.utils import validation as _validation

SKLEARN_HAS_VALIDATE_DATA = hasattr(_validation, "validate_data")


def validate_data(estimator, X, y="no_validation", **kwargs):
    """``sklearn.utils.validation.validate_data`` (scikit-learn >= 1.6), or the estimator's own
    ``_validate_data`` before it: checks X (and y), and sets or checks ``n_features_in_`` and
    ``feature_names_in_``."""
    if SKLEARN_HAS_VALIDATE_DATA:
        return _validation.validate_data(estimator, X, y, **kwargs)
    return estimator._validate_data(X, y, **kwargs)


def finiteness(allow_nan: bool) -> dict:
    """The keyword of ``check_array``/``validate_data`` that lets NaN through (missing values)
    while still refusing infinities, or refuses both: ``ensure_all_finite`` from scikit-learn 1.6,
    ``force_all_finite`` before it (removed in 1.8)."""
    value = "allow-nan" if allow_nan else True
    return {"ensure_all_finite": value} if SKLEARN_HAS_VALIDATE_DATA else {"force_all_finite": value}


def boxplot(ax, data, labels):
    """``ax.boxplot(data)`` with one tick label per box, under the keyword this matplotlib takes."""
    import matplotlib
    major, minor = (int(p) for p in matplotlib.__version__.split(".")[:2])
    keyword = "tick_labels" if (major, minor) >= (3, 9) else "labels"
    return ax.boxplot(data, **{keyword: labels})


def exact_csv_numbers() -> dict:
    """The keyword of ``read_csv`` (pandas', or dask's passing it on) that parses every number
    correctly rounded, as the CLI does, so that a CSV gives the same doubles to both: none from
    pandas 3 on, where that is the default."""
    import pandas as pd
    return {} if int(pd.__version__.split(".")[0]) >= 3 else {"float_precision": "round_trip"}
