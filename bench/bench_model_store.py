"""What a model keeps (the store setting): support vectors against basis coefficients, side by side
with scikit-learn's RBF SVC on the same rows, in one run.

make_classification(m + 100000, 10, n_informative=6, random_state=0), issue 28's data: the first m
rows train, the other 100,000 are predicted. For ORCA's additive default and max_order=2 (pairs),
each stored both ways, prints: the fit's seconds (the same training; storing by coefficients
adds the c_k's computation), the model file's size, the seconds to load it, to predict 100,000
rows and to analyse it (every OKC index). The RBF SVC's line gives its pickle's size and load time
and its predict time. A trained model's two forms are also checked to give the same decision
values (the largest difference is printed).

    python bench/bench_model_store.py --rows 50000,200000 [--rbf-max 50000]
"""
import argparse
import os
import pickle
import sys
import tempfile
import time

import numpy as np
from sklearn.datasets import make_classification
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

from orca_svm import OrcaSVC

PREDICTED = 100000


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="50000,200000")
    parser.add_argument("--rbf-max", type=int, default=50000, help="largest m the RBF SVC is fitted on")
    args = parser.parse_args()
    print(f"# {os.cpu_count()} cores; make_classification(m + {PREDICTED}, 10, n_informative=6, random_state=0)")
    print("| m | model | store | fit s | support vectors | file MB | load s | predict 100,000 s | analyze s | "
          "max |decision difference| |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for m in (int(r) for r in args.rows.split(",")):
            X, y = make_classification(m + PREDICTED, 10, n_informative=6, random_state=0)
            Xtr, ytr, Xte = X[:m], y[:m], X[m:]
            if m <= args.rbf_max:
                rbf = make_pipeline(StandardScaler(), SVC())
                _, fit_s = timed(lambda: rbf.fit(Xtr, ytr))
                path = os.path.join(folder, "rbf.pickle")
                with open(path, "wb") as f:
                    pickle.dump(rbf, f)

                def load_pickle():
                    with open(path, "rb") as f:
                        return pickle.load(f)

                loaded, load_s = timed(load_pickle)
                _, predict_s = timed(lambda: loaded.decision_function(Xte))
                print(f"| {m:,} | RBF SVC (StandardScaler) | pickle | {fit_s:.2f} | {len(rbf[-1].support_):,} | "
                      f"{os.path.getsize(path) / 1e6:.2f} | {load_s:.3f} | {predict_s:.2f} | | |", flush=True)
            for max_order, name in ((1, "additive (default)"), (2, "pairs (max_order=2)")):
                values = {}
                for store in ("support-vectors", "coefficients"):
                    clf = OrcaSVC(max_order=max_order, store=store)
                    _, fit_s = timed(lambda: clf.fit(Xtr, ytr))
                    path = os.path.join(folder, "model.json")
                    clf.save(path)
                    loaded, load_s = timed(lambda: OrcaSVC.load(path))
                    values[store], predict_s = timed(lambda: loaded.decision_function(Xte))
                    _, analyze_s = timed(lambda: loaded.analyze())
                    difference = (f"{np.abs(values[store] - values['support-vectors']).max():.1e}"
                                  if store == "coefficients" else "")
                    count = clf.model_.summary["support_vectors"]
                    print(f"| {m:,} | ORCA {name} | {store} | {fit_s:.2f} | {count:,} | "
                          f"{os.path.getsize(path) / 1e6:.3f} | {load_s:.3f} | {predict_s:.2f} | {analyze_s:.2f} | "
                          f"{difference} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
