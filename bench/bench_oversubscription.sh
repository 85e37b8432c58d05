#!/usr/bin/env bash
# Two fits at once on a busy machine: the same two trainings run one after the other (2 threads
# each), side by side with 1 thread each, and side by side with 2 threads each (oversubscribed on
# a 2-core machine, what GridSearchCV(n_jobs=2) or two Dask workers do without thread limits).
# Prints a markdown table of wall times (best of 3) and ratios to the sequential run.
# Usage: bash bench/bench_oversubscription.sh   (after make build)
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 - "$tmp" <<'PY'
import sys, numpy as np
for seed in (1, 2):  # two data sets: the two fits of a grid search
    rng = np.random.default_rng(seed)
    m, d = 5000, 5
    X = rng.uniform(-1, 1, (m, d))
    y = np.where(np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] + rng.normal(0, 0.3, m) > 0, "p", "n")
    with open(f"{sys.argv[1]}/d{seed}.csv", "w") as f:
        f.write(",".join(f"x{j}" for j in range(d)) + ",y\n")
        for r in range(m):
            f.write(",".join(f"{v:.6f}" for v in X[r]) + f",{y[r]}\n")
PY
# m = 5,000, d = 5, n = 4, the full tensor product, C about 1 / mean K(x, x) = 1 / 3,125.
fit() { ./build/orca fit --threads "$1" --data "$tmp/d$2.csv" --target y --degree 4 --max-order 0 -C 0.0003 \
          --model "$tmp/m$2.json" -q; }
best() {  # best of 3 wall times of a shell function call, in seconds
  local b=""
  for _ in 1 2 3; do
    local t0 t1
    t0=$(date +%s.%N); "$@"; t1=$(date +%s.%N)
    b=$(python3 -c "t=$t1-$t0; b='$b'; print(t if not b else min(t, float(b)))")
  done
  echo "$b"
}
sequential() { fit 2 1; fit 2 2; }
side_by_side_1() { fit 1 1 & fit 1 2 & wait; }
side_by_side_2() { fit 2 1 & fit 2 2 & wait; }
s=$(best sequential); a=$(best side_by_side_1); b=$(best side_by_side_2)
echo "machine: $(nproc) cores; two fits of m = 5,000, d = 5, n = 4 (full product), C = 0.0003"
echo
echo "| how the two fits run | wall time (s) | / one after the other |"
echo "|---|---|---|"
python3 - "$s" "$a" "$b" <<'PY'
import sys
s, a, b = map(float, sys.argv[1:])
for name, t in (("one after the other, 2 threads each", s), ("side by side, 1 thread each", a),
                ("side by side, 2 threads each (oversubscribed)", b)):
    print(f"| {name} | {t:.2f} | {t / s:.2f} |")
PY
