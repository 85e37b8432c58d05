"""Type stub of the compiled engine module (private; use OrcaSVC and OkcReport)."""
from typing import Any

import numpy as np

__version__: str

class Model:
    feature_names: list[str]
    classes: list[str]
    target_name: str
    family: str
    alpha: float
    beta: float
    measure: str
    degrees: list[int]
    C: float
    bias: float
    support_vectors: np.ndarray
    support_vectors_raw: np.ndarray
    coefficients: np.ndarray
    summary: dict[str, Any]
    def decision_function(self, X: np.ndarray, out_of_range: str = "clip") -> tuple[np.ndarray, int]: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str, source: str = "model") -> Model: ...
    def save(self, path: str) -> None: ...
    @staticmethod
    def load(path: str) -> Model: ...

def fit(X: np.ndarray, y01: list[int], feature_names: list[str], family: str, alpha: float, beta: float, lam: float,
        measure: str, degrees: list[int], C: float, tol: float, cache_mb: float, shrinking: bool,
        max_iter: int) -> Model: ...

def analyze(model: Model, method: str = "auto", eps: list[float] = ..., top_coefficients: int = 20,
            coefficients_if_cheap: bool = True, memory_mb: float = 4096.0, top_subsets: int = 10) -> dict[str, Any]: ...

def explain(model: Model, X: np.ndarray, components: bool = True, interactions: bool = False,
            out_of_range: str = "clip") -> dict[str, Any]: ...
def shape_functions(model: Model, grid: int = 100) -> list[tuple[int, np.ndarray, np.ndarray]]: ...
def pair_surface(model: Model, first: int, second: int, grid: int = 40) -> tuple[np.ndarray, np.ndarray, np.ndarray]: ...
def shapley_by_coalitions(model: Model, X: np.ndarray) -> np.ndarray: ...
