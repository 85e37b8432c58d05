"""Type stub of the compiled engine module (private; use OrcaSVC, OrcaSVR and the reports)."""
from typing import Any

import numpy as np

__version__: str
DEFAULT_DEGREE: int
MAX_DEGREE: int
MAX_MODEL_FILE_BYTES: int
MAX_BOX_BOUND: float

def check_model_file(path: str) -> None: ...
def max_threads() -> int: ...
def write_file(path: str, text: str) -> None: ...
AUTO_MAX_ORDER: int

def resolve_max_order(setting: int, d: int) -> int: ...

def training_settings() -> list[dict[str, Any]]: ...
def model_settings(model: Model) -> dict[str, str]: ...
NAMES: dict[str, list[str]]

class Model:
    feature_names: list[str]
    classes: list[str]
    target_name: str
    levels: list[list[str]]  # per feature: a categorical one's level names in code order, [] if numeric
    # The settings a model keeps: one property each, named as Python names the setting.
    task: str
    family: str
    alpha: float
    beta: float
    lam: float
    measure: str
    degree: list[int]
    max_order: int
    max_total_degree: int
    scaling: str
    missing: str
    target_scaling: str
    target_scale: float  # regression: the unit of C and epsilon (the target's sd, or 1)
    C: float
    epsilon: float
    tol: float
    class_weight: dict[str, float]
    multi_class: str
    probability: bool
    basis_warning: str
    convergence_warning: str
    constant_features_warning: str
    # The single machine's (ValueError for a multi-class model: read machines).
    bias: float
    support_vectors: np.ndarray
    support_vectors_raw: np.ndarray
    coefficients: np.ndarray
    sigmoid: tuple[float, float] | None
    summary: dict[str, Any]  # the model file's "training" record
    is_multiclass: bool
    has_probability: bool
    machines: list[Model]  # each machine as a model of one machine
    machine_names: list[str]
    def class_model(self, c: int) -> Model: ...
    def decision_function(self, X: np.ndarray, out_of_range: str = "clip") -> tuple[np.ndarray, Clipping]: ...
    def predict_classes(self, machine_values: np.ndarray) -> tuple[np.ndarray, np.ndarray]: ...
    def predict_probabilities(self, machine_values: np.ndarray) -> np.ndarray: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str, source: str = "model") -> Model: ...
    def save(self, path: str) -> None: ...
    @staticmethod
    def load(path: str) -> Model: ...

def fit(X: np.ndarray, y: list[float], feature_names: list[str], *, settings: dict[str, str],
        sample_weight: list[float] = ..., verbose: bool = False, levels: list[list[str]] = ...) -> Model: ...

class Clipping:
    rows: int
    excess: float
    def __init__(self, rows: int = 0, excess: float = 0.0) -> None: ...
    def __iadd__(self, other: Clipping) -> Clipping: ...
    def notable(self, total_rows: int) -> bool: ...
    def note(self, total_rows: int) -> str: ...
def fit_sigmoid(decision: list[float], y: list[float]) -> tuple[float, float]: ...
def couple_pairwise(r: np.ndarray) -> np.ndarray: ...

def analyze(model: Model, method: str = "auto", eps: list[float] = ..., top_coefficients: int = 20,
            coefficients_if_cheap: bool = True, memory_mb: float = 4096.0, top_subsets: int = 10) -> dict[str, Any]: ...
# {"machines": [{"name", "json", "text", "html"}], "energy_weighted", "mean" (several machines), "json", "text", "html"}
def grid_settings(lists: dict[str, str], d: int) -> list[dict[str, Any]]: ...
def check_selection_tolerance(tolerance: float | None) -> None: ...

def explain(model: Model, X: np.ndarray, components: bool = True, interactions: bool = False,
            out_of_range: str = "clip") -> dict[str, Any]: ...
def html_report(model: Model, X: np.ndarray | None = None, y: list[str] = ..., rows: list[int] = ...,
                title: str = "", eps: list[float] = ..., top_pairs: int = 10, pair_surfaces: int = 3,
                memory_mb: float = 4096.0, sweep_json: str = "", stability_json: str = "") -> str: ...
def shape_functions(model: Model, grid: int = 100) -> list[tuple[int, np.ndarray, np.ndarray]]: ...
def pair_surface(model: Model, first: int, second: int, grid: int = 40) -> tuple[np.ndarray, np.ndarray, np.ndarray]: ...
def shapley_by_coalitions(model: Model, X: np.ndarray) -> np.ndarray: ...
