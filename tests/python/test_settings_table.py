"""Every surface follows the engine's settings table (include/orca/settings.hpp): the CLI's
options and help, the estimators' parameters and defaults, _core.pyi, the model file (each kept
setting saved and read back, from C++ and from Python) and docs/cli.md's table. A setting added to
the table without its surfaces fails here.

Regenerate docs/cli.md's table with:  ORCA_UPDATE_DOCS=1 make test
"""
import inspect
import os
import re
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from orca_svm import OrcaSVC, OrcaSVR, _core
from orca_svm._base import _setting_text

REPO = Path(__file__).resolve().parents[2]
SETTINGS = _core.training_settings()
DOC = REPO / "docs" / "cli.md"
STUB = REPO / "python" / "orca_svm" / "_core.pyi"

# Python's spelling of a default where scikit-learn's conventions differ from the engine's text
# (None for "not set", -1 for "no cap"); every other default is the table's, written as Python.
PYTHON_DEFAULTS = {"max_order": "auto", "max_total_degree": None, "max_iter": -1, "class_weight": None,
                   "random_state": None}
STUB_TYPES = {"real": "float", "integer": "int", "max_order": "int", "boolean": "bool", "choice": "str",
              "degrees": "list[int]", "class_weight": "dict[str, float]"}

# A value other than the default for every setting a model keeps, with the settings it needs
# (the file round trip below refuses a kept setting without one).
ROUND_TRIP = {
    "task": ("regression", {}),
    "family": ("chebyshev2", {}),
    "alpha": ("0.25", {"family": "jacobi"}),
    "beta": ("-0.5", {"family": "jacobi"}),
    "lambda": ("2", {"family": "gegenbauer"}),
    "measure": ("lebesgue", {}),
    "degree": ("2,4,3", {}),
    "max_order": ("2", {}),
    "max_total_degree": ("5", {}),
    "scaling": ("quantile", {}),
    "missing": ("error", {}),
    "C": ("3.5", {}),
    "epsilon": ("0.05", {"task": "regression"}),
    "target_scaling": ("none", {"task": "regression"}),
    "tol": ("0.0001", {}),
    "class_weight": ("A=1,B=2.5", {}),
    "multi_class": ("ovr", {}),
    "probability": ("true", {}),
}


def estimators_for(row):
    """The estimators that take a setting: by the task it applies to."""
    if row["applies_to"] == "task classification":
        return [OrcaSVC]
    if row["applies_to"] == "task regression":
        return [OrcaSVR]
    return [OrcaSVC, OrcaSVR]


def data_frame(task: str) -> pd.DataFrame:
    rng = np.random.default_rng(3)
    X = rng.uniform(-1, 1, size=(60, 3))
    df = pd.DataFrame(X, columns=["a", "b", "c"])
    if task == "regression":
        df["y"] = np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2]
    else:
        df["y"] = np.where(X[:, 0] + X[:, 1] ** 2 > 0.3, "B", "A")
    return df


def test_the_table_names_each_setting_once_and_its_choices_are_the_engines_names():
    names = [row["name"] for row in SETTINGS]
    assert len(names) == len(set(names))
    keywords = [row["python"] for row in SETTINGS if row["python"]]
    assert len(keywords) == len(set(keywords))
    for row in SETTINGS:
        assert row["doc"] and row["kind"] in STUB_TYPES, row
        if row["kind"] == "choice":
            assert row["choices"].replace(" or ", ", ").split(", ") == _core.NAMES[row["name"]]
            assert row["default"] in _core.NAMES[row["name"]]


def test_cli_help_offers_every_setting_with_its_default(orca):
    help_text = orca("fit", "--help").stdout
    for row in SETTINGS:
        option = row["cli"].split(",")[-1]
        line = next((ln for ln in help_text.splitlines() if re.search(rf"(^|[ ,]){re.escape(option)}\b", ln)), None)
        assert line is not None, f"orca fit --help lacks {option}"
        if row["kind"] != "boolean" and row["default"]:
            assert f"={row['default']}" in line, line
        assert row["doc"][:40] in " ".join(help_text.split()), row["name"]


def test_python_parameters_and_defaults_are_the_tables():
    for row in SETTINGS:
        if not row["python"]:
            continue
        for cls in estimators_for(row):
            parameters = inspect.signature(cls.__init__).parameters
            assert row["python"] in parameters, f"{cls.__name__} lacks {row['python']}"
            default = parameters[row["python"]].default
            if row["python"] in PYTHON_DEFAULTS:
                assert default == PYTHON_DEFAULTS[row["python"]], row["python"]
            elif row["kind"] == "real":
                assert float(default) == float(row["default"]), row["python"]
            else:
                assert _setting_text(default) == row["default"], row["python"]
    assert _core.DEFAULT_DEGREE == int(next(r for r in SETTINGS if r["name"] == "degree")["default"])


def test_core_stub_declares_the_settings_surface():
    stub = STUB.read_text()
    for row in SETTINGS:
        if row["kept_in_model"]:
            prop = row["python"] or row["name"]
            assert f"\n    {prop}: {STUB_TYPES[row['kind']]}\n" in stub, prop
            assert hasattr(_core.Model, prop), prop
    assert "settings: dict[str, str]" in stub and "def training_settings()" in stub and "NAMES:" in stub
    signature = _core.fit.__doc__.splitlines()[0]
    assert "settings:" in signature and "family" not in signature


@pytest.mark.parametrize("row", [r for r in SETTINGS if r["kept_in_model"]], ids=lambda r: r["name"])
def test_each_kept_setting_survives_the_model_file(row, orca, tmp_path):
    assert row["name"] in ROUND_TRIP, f"give {row['name']} a value to round-trip in ROUND_TRIP"
    value, context = ROUND_TRIP[row["name"]]
    assert value != row["default"]
    task = context.get("task", value if row["name"] == "task" else "classification")
    df = data_frame(task)
    if row["name"] == "multi_class":  # three classes, so that the strategy shows
        df["y"] = np.select([df["a"] < -0.3, df["a"] < 0.3], ["A", "B"], "C")
    df.to_csv(tmp_path / "d.csv", index=False)
    given = {**context, row["name"]: value}
    args = []
    for name, text in given.items():
        setting = next(r for r in SETTINGS if r["name"] == name)
        option = setting["cli"].split(",")[-1]
        args += [option] if setting["kind"] == "boolean" else [option, text]
    orca("fit", "--data", tmp_path / "d.csv", "--target", "y", *args, "--model", tmp_path / "m.json", "-q")
    # C++ reads the file back: the engine's view of the setting is the text given.
    saved = _core.model_settings(_core.Model.load(str(tmp_path / "m.json")))
    assert _equal_texts(saved[row["name"]], value), (saved[row["name"]], value)
    for name, text in context.items():
        assert _equal_texts(saved[name], text)
    # Python reads the CLI's file into an estimator whose parameter is the setting.
    cls = OrcaSVR if task == "regression" else OrcaSVC
    keyword = row["python"]
    if keyword:
        loaded = cls.load(tmp_path / "m.json")
        assert _equal_texts(_setting_text(loaded.get_params()[keyword]), value), loaded.get_params()[keyword]
        # ... and an estimator fitted in Python with that parameter saves and loads it.
        params = {next(r for r in SETTINGS if r["name"] == n)["python"]: _python_value(n, t)
                  for n, t in given.items() if n != "task"}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            est = cls(**params).fit(df[["a", "b", "c"]], df["y"])
        est.save(tmp_path / "p.json")
        back = cls.load(tmp_path / "p.json")
        assert back.get_params()[keyword] == est.get_params()[keyword]
        model_value = _core.model_settings(back.model_)[row["name"]]
        assert _equal_texts(model_value, value), (model_value, value)


def _python_value(name: str, text: str):
    if name == "degree":
        return [int(v) for v in text.split(",")]
    if name == "class_weight":
        return {k: float(v) for k, v in (p.split("=") for p in text.split(","))}
    if name == "probability":
        return text == "true"
    if next(r for r in SETTINGS if r["name"] == name)["kind"] == "choice":  # family, measure, missing, ...
        return text
    return float(text) if "." in text or name in ("alpha", "beta", "lambda", "C", "epsilon", "tol") else int(text)


def _equal_texts(a: str, b: str) -> bool:
    """Setting texts equal as values (numbers compared as numbers)."""
    parts_a, parts_b = a.split(","), b.split(",")
    if len(parts_a) != len(parts_b):
        return False
    for x, y in zip(parts_a, parts_b):
        kx, _, vx = x.rpartition("=")
        ky, _, vy = y.rpartition("=")
        if kx != ky:
            return False
        try:
            if float(vx) != float(vy):
                return False
        except ValueError:
            if vx != vy:
                return False
    return True


def test_docs_cli_settings_table_is_current():
    lines = ["| setting | CLI | Python | default | applies to | what it sets |", "|---|---|---|---|---|---|"]
    for row in SETTINGS:
        python = f"`{row['python']}`" if row["python"] else "the class (OrcaSVC, OrcaSVR)"
        default = f"`{row['default']}`" if row["default"] else "none"
        what = row["doc"] + (f" ({row['choices']})" if row["choices"] else "")
        lines.append(f"| {row['name']} | `{row['cli'].replace(',', ', ')}` | {python} | {default} | "
                     f"{row['applies_to'] or 'every model'} | {what.replace('|', '/')} |")
    table = "\n".join(lines) + "\n"
    start, end = "<!-- settings table: generated from the engine's table -->\n", "<!-- end of settings table -->"
    text = DOC.read_text()
    assert start in text and end in text, "docs/cli.md lacks the settings table markers"
    current = text[text.index(start) + len(start):text.index(end)]
    if os.environ.get("ORCA_UPDATE_DOCS"):
        DOC.write_text(text.replace(start + current + end, start + table + end))
        current = table
    assert current == table, "docs/cli.md's settings table is out of date: run ORCA_UPDATE_DOCS=1 make test"
