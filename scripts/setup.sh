#!/usr/bin/env bash
# One command for a newcomer: install dependencies, build, and run the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
make build
./build/orca demo
