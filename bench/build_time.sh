#!/usr/bin/env bash
# Build time of the engine, the CLI, the tests and the benchmarks from scratch (make build's
# Release configuration, warnings as errors, JOBS=2 by default), compiled file by file and in
# unity batches (ORCA_UNITY_BUILD). CI compiles four such builds (Release, the wheel, the
# sanitizers, ThreadSanitizer), so this is most of its time. Prints a markdown table; the build
# folders are temporary. Usage: bash bench/build_time.sh
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
generator=()
command -v ninja > /dev/null && generator=(-G Ninja)

# Wall and CPU seconds of a clean configure + build, as "wall cpu".
timed_build() {
  local dir=$1; shift
  local t0 t1 c0 c1 me=$BASHPID  # this subshell, which waits for the compilers
  t0=$(date +%s.%N)
  c0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$me/stat)
  cmake -S . -B "$dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DORCA_WERROR=ON "$@" > "$dir.log" 2>&1
  cmake --build "$dir" -j"$jobs" >> "$dir.log" 2>&1
  t1=$(date +%s.%N)
  c1=$(awk '{print $14 + $15 + $16 + $17}' /proc/$me/stat)  # children's user + system ticks
  python3 -c "print($t1 - $t0, ($c1 - $c0) / $(getconf CLK_TCK))"
}

read -r file_wall file_cpu < <(timed_build "$tmp/by-file" -DORCA_UNITY_BUILD=OFF)
read -r unity_wall unity_cpu < <(timed_build "$tmp/unity" -DORCA_UNITY_BUILD=ON)
echo "# $(nproc) cores, $jobs jobs; $(c++ --version | head -1); $(cmake --version | head -1)"
echo "| build | wall (s) | CPU (s) | wall vs unity |"
echo "|---|---|---|---|"
python3 -c "
print(f'| file by file | {$file_wall:.0f} | {$file_cpu:.0f} | {$file_wall / $unity_wall:.2f} |')
print(f'| unity batches of 8 (default) | {$unity_wall:.0f} | {$unity_cpu:.0f} | 1.00 |')"
