#!/usr/bin/env bash
# Installs everything ORCA needs to build and test from Debian 12 packages: the toolchain, the
# engine's libraries, the oldest Python stack the package supports (the Python build's own
# requirements, scikit-build-core and pybind11, and the newest stack come from PyPI), Chromium,
# in which the HTML report's test renders it headless, and qemu-user, whose emulated older CPU
# tests that an x86-64-v3 build refuses it (tests/python/test_cpu_level.py).
set -euo pipefail
packages=(
  build-essential cmake git
  libeigen3-dev nlohmann-json3-dev libcli11-dev libfmt-dev
  libgtest-dev libbenchmark-dev
  libsvm-dev libsvm-tools
  python3 python3-venv python3-pip python3-dev
  python3-numpy python3-scipy python3-pandas python3-matplotlib python3-sklearn python3-pytest
  python3-libsvm python3-openturns python3-distributed
  chromium fonts-dejavu-core
  qemu-user
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "all build and test dependencies are installed"
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "installing: ${missing[*]}"
# Another apt (unattended upgrades on a fresh machine) may hold the dpkg lock: wait for it
# rather than stop at once.
wait_for_lock=(-o DPkg::Lock::Timeout=600)
$sudo apt-get "${wait_for_lock[@]}" update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get "${wait_for_lock[@]}" install -y -qq --no-install-recommends "${missing[@]}"
