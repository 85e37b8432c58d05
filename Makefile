# Thin wrapper over CMake so that the README's commands stay short.
BUILD ?= build
CMAKE_FLAGS ?=
JOBS ?= 2

.PHONY: all configure build demo python test experiments clean

all: build

configure:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

build: configure
	cmake --build $(BUILD) -j$(JOBS)

demo: build
	./$(BUILD)/orca demo

# The Python package, installed into a venv that sees Debian's python3-* packages.
VENV ?= .venv
python:
	test -x $(VENV)/bin/python || /usr/bin/python3 -m venv --system-site-packages $(VENV)
	$(VENV)/bin/pip install --no-build-isolation --no-deps -q .

# Every test: the C++ suite (GoogleTest through ctest), then the Python suite (the package,
# scikit-learn's estimator checks, CLI/Python parity, and the analysis against numpy/scipy
# brute force and OpenTURNS).
test: build python
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)
	ORCA_CLI=$(CURDIR)/$(BUILD)/orca MPLBACKEND=Agg $(VENV)/bin/python -m pytest -q -p no:cacheprovider tests/python

# Regenerate docs/experiments.md and docs/figures/ (the paper's two experiments).
experiments: build python
	$(VENV)/bin/python examples/experiments.py

clean:
	rm -rf $(BUILD) build-python $(VENV)
