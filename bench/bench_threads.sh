#!/usr/bin/env bash
# 1 thread vs 2 threads (OMP_NUM_THREADS) on the same commands: training, analysis, explanations,
# sweep. Prints a markdown table (best of 3 wall times). Usage: bash bench/bench_threads.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 - "$tmp" <<'PY'
import sys, numpy as np
rng = np.random.default_rng(0)
m, d = 4000, 8
X = rng.uniform(-1, 1, (m, d))
y = np.where(np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] + rng.normal(0, 0.3, m) > 0, "p", "n")
with open(sys.argv[1] + "/d.csv", "w") as f:
    f.write(",".join(f"x{j}" for j in range(d)) + ",y\n")
    for r in range(m):
        f.write(",".join(repr(v) for v in X[r]) + f",{y[r]}\n")
PY
best() {  # best of 3 wall times of a command, in seconds
  local b=""
  for _ in 1 2 3; do
    local t0 t1
    t0=$(date +%s.%N); "$@" > /dev/null 2>&1; t1=$(date +%s.%N)
    b=$(python3 -c "t=$t1-$t0; b='$b'; print(t if not b else min(t, float(b)))")
  done
  echo "$b"
}
./build/orca fit --data "$tmp/d.csv" --target y --degree 4 --model "$tmp/m.json" -q
./build/orca fit --data "$tmp/d.csv" --target y --degree 3 --model "$tmp/m20.json" -q
echo "| command | 1 thread (s) | 2 threads (s) | speed-up |"
echo "|---|---|---|---|"
row() {
  local name=$1; shift
  local one two
  one=$(OMP_NUM_THREADS=1 best "$@")
  two=$(OMP_NUM_THREADS=2 best "$@")
  python3 -c "print(f'| $name | {$one:.3f} | {$two:.3f} | {$one/$two:.2f} |')"
}
row "fit, m = 4,000, d = 8, n = 4" ./build/orca fit --data "$tmp/d.csv" --target y --degree 4 --model "$tmp/x.json" -q
row "analyze (enumeration, 390,625 coefficients)" ./build/orca analyze --model "$tmp/m.json" --method enumeration --coefficients none
row "analyze (pairs)" ./build/orca analyze --model "$tmp/m.json" --method pairs --coefficients none
row "explain 4,000 rows" ./build/orca explain --model "$tmp/m.json" --data "$tmp/d.csv" --no-components --output "$tmp/e.csv"
row "sweep, spiral, 16 degrees x 5 folds" ./build/orca experiment spiral -q
