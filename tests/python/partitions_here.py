"""A Dask fit's partitions held in this process: the driver's code (orca_svm._dask_ipm and the
passes it calls by name) runs on them without a cluster, so that tests can reach inside."""
import numpy as np

from orca_svm import _core, _dask_actor, _dask_partition
from orca_svm.dask import DaskOrcaSVC


def task(m, d=5, seed=4):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (m, d))
    f = np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] - 0.5 * X[:, 3] ** 2 + rng.normal(0, 0.3, m)
    return X, (f > np.median(f)).astype(int)


class _Done:
    def __init__(self, value):
        self.value = value

    def result(self):
        return self.value


class _Here:
    """A partition actor called in this process: what a Dask actor's future gives, at once."""

    def __init__(self, partition):
        self.partition = partition

    def run(self, name, broadcast):
        return _Done(self.partition.run(name, broadcast))


def partitions(X, y, parts, C=1.0, max_order=2, keep_bytes=1e9, weights=None, empty=False):
    """The rows cut into `parts` partitions of one two-class machine of box bound C (times the
    rows' weights; its C_max the largest), their features kept when they take at most keep_bytes;
    empty: one more partition, without rows. Returns the space, the actors and C_max."""
    names = [f"x{j}" for j in range(X.shape[1])]
    classes = np.array([0, 1])
    stats = _dask_partition.merge_statistics([_dask_partition.partition_statistics(X, y, weights, classes)])
    settings = DaskOrcaSVC(max_order=max_order, C=C)._engine_settings(names, class_weight=None, random_state=0)
    space = _core.FeatureSpace(settings, names, ["0", "1"], list(stats["class_rows"]), list(stats["min"]),
                               list(stats["max"]), list(stats["mean"]), list(stats["sd"]),
                               list(stats["missing"].astype(float)))
    c_max = C * float(stats["largest_weight"].max())
    cuts = np.array_split(np.arange(len(y)), parts)
    if empty:
        cuts.insert(1, np.zeros(0, dtype=np.int64))
    actors = []
    for k, rows in enumerate(cuts):
        partition = _dask_actor.Partition(X[rows], y[rows], None if weights is None else weights[rows], k, space,
                                          classes, keep_bytes)
        partition.begin([0], [1], c_max)
        actors.append(_Here(partition))
    return space, actors, c_max
