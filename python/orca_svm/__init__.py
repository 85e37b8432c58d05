"""orca_svm: scikit-learn classifiers and regressors on truncated orthogonal-polynomial kernels, and their exact
ORCA analysis (OKC indices).

>>> from orca_svm import OrcaSVC
>>> clf = OrcaSVC(family="legendre", degree=8, C=1.0).fit(X, y)      # doctest: +SKIP
>>> rep = clf.analyze(); print(rep); rep.plot()                        # doctest: +SKIP
"""
from ._cpu import require_build_level

require_build_level()  # before the engine loads: on a CPU without its instructions it would crash

from ._core import __version__
from .datasets import load_echocardiogram, make_double_spiral
from .diagnostics import SweepResult, StabilityResult, experiment, select, stability, sweep
from .estimator import OrcaSVC
from .model_report import ModelReport
from .regressor import OrcaSVR
from .report import MulticlassOkcReport, OkcReport

__all__ = ["OrcaSVC", "OrcaSVR", "OkcReport", "MulticlassOkcReport", "ModelReport", "SweepResult", "StabilityResult", "sweep", "select", "stability", "experiment",
           "make_double_spiral", "load_echocardiogram", "__version__"]
