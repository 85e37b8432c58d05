# Thin wrapper over CMake so that the README's commands stay short.
BUILD ?= build
CMAKE_FLAGS ?=
JOBS ?= 2

.PHONY: all configure build demo python test test-cpp test-python test-current test-sanitize test-tsan test-stress fuzz experiments clean

all: build

configure:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

build: configure
	cmake --build $(BUILD) -j$(JOBS)

demo: build
	./$(BUILD)/orca demo

# The Python package, built once as it ships (scripts/build-wheel.sh): a self-contained sdist,
# from it a wheel built with the system's Eigen, nlohmann-json, fmt and CLI11 out of CMake's reach,
# repaired by auditwheel to a manylinux tag. Installed into a venv that sees Debian's python3-*
# packages: the oldest stack the package supports; its dependencies come from Debian (--no-deps).
# test-current installs the same wheel into the newest stack: one compilation for both.
VENV ?= .venv
WHEELS ?= dist
python:
	test -x $(VENV)/bin/python || /usr/bin/python3 -m venv --system-site-packages $(VENV)
	bash scripts/build-wheel.sh $(BUILD)/python $(WHEELS)
	$(VENV)/bin/pip install --no-deps --force-reinstall "$$(ls $(WHEELS)/orca_svm-*.whl)"
	$(VENV)/bin/python -c "import orca_svm"

# Every test: the C++ suite (GoogleTest through ctest), then the Python suite (the package,
# scikit-learn's estimator checks, CLI/Python parity, the analysis against numpy/scipy brute
# force and OpenTURNS, SHAP interoperability) on both stacks the package supports: Debian's
# python3-* packages (the oldest) and the newest releases on PyPI; and the stress test of the
# parallel paths under load (test-stress, on the package test-python installed: one build).
test: test-cpp test-python test-stress test-current

test-cpp: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

PYTEST_ENV = ORCA_CLI=$(CURDIR)/$(BUILD)/orca MPLBACKEND=Agg
PYTEST_RUN = -m pytest -q -p no:cacheprovider tests/python

test-python: build python
	$(PYTEST_ENV) $(VENV)/bin/python $(PYTEST_RUN)

# The newest releases on PyPI, in a fresh venv without system packages, installed from the
# wheel `make python` built; the import is tried from outside the repository first.
# Deprecations are errors there, so that what the next releases remove fails today.
DEPRECATIONS_AS_ERRORS = -W error::DeprecationWarning -W error::PendingDeprecationWarning -W error::FutureWarning
VENV_CURRENT ?= .venv-current
test-current: build python
	rm -rf $(VENV_CURRENT)
	/usr/bin/python3 -m venv $(VENV_CURRENT)
	$(VENV_CURRENT)/bin/pip install -q --upgrade pip
	$(VENV_CURRENT)/bin/pip install -q --upgrade "$$(ls $(WHEELS)/orca_svm-*.whl)[test]" openturns
	cd / && $(CURDIR)/$(VENV_CURRENT)/bin/python -c "import numpy, sklearn, pandas, matplotlib, shap, orca_svm; \
	  print('current stack: numpy', numpy.__version__, '| scikit-learn', sklearn.__version__, '| pandas', \
	  pandas.__version__, '| matplotlib', matplotlib.__version__, '| shap', shap.__version__, '| orca_svm', orca_svm.__version__)"
	$(PYTEST_ENV) $(VENV_CURRENT)/bin/python $(PYTEST_RUN) $(DEPRECATIONS_AS_ERRORS)

# The C++ suite under AddressSanitizer and UndefinedBehaviorSanitizer (CI runs it). Both sanitizer
# builds take -g1 (line tables for the reports' stack traces, no variables): with -g one of the
# engine's files took 69 s to compile under ASan, with -g1 48 s.
test-sanitize:
	cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DORCA_SANITIZE=ON -DORCA_BUILD_BENCH=OFF $(CMAKE_FLAGS)
	cmake --build build-sanitize -j$(JOBS)
	cd build-sanitize && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --output-on-failure -j$(JOBS) -E Install

# The engine under ThreadSanitizer (CI runs it): the team's own tests and every parallel path
# (tests/cpp/orca_parallel_tests: the solver, kernel rows, the interior-point route, multi-class,
# SVR, prediction, explanations, analysis, sweeps). The test that mixes the team with OpenMP's
# regions is left out: libgomp is not instrumented, so its barriers look like races; so is the
# one of 2^24 single-item chunks, which tests the rounds' arithmetic and takes long under TSan.
test-tsan:
	cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DORCA_TSAN=ON -DORCA_BUILD_BENCH=OFF $(CMAKE_FLAGS)
	cmake --build build-tsan -j$(JOBS) --target orca_parallel_tests
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" build-tsan/tests/cpp/orca_parallel_tests \
	  --gtest_filter="-WorkTeam.LoopsInsideLoopsAndOpenMpRegions:WorkTeam.LoopsOfMoreChunksThanOneWordCountsRunInRounds"

# Large multi-threaded fits on every route, from Python (the package in $(VENV)) and the CLI,
# repeated while other processes keep every core busy (tests/stress/stress.py; about 3 minutes).
# Part of make test; alone, it reinstalls the package first.
test-stress: build python
	$(VENV)/bin/python tests/stress/stress.py --cli $(BUILD)/orca

# Fuzz the CSV reader, the LIBSVM-format reader, the model loader (and its round trip), label
# comparison and output-path comparison for FUZZ_SECONDS each
# (clang + libFuzzer). New inputs go to build-fuzz/corpus-*; crashes to build-fuzz/crashes/:
# copy a crash into fuzz/regressions/<target>/ to make it a regression test.
FUZZ_SECONDS ?= 60
fuzz:
	CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DORCA_FUZZ=ON -DORCA_BUILD_TESTS=OFF \
	  -DORCA_BUILD_CLI=OFF -DORCA_BUILD_BENCH=OFF
	cmake --build build-fuzz -j$(JOBS)
	mkdir -p build-fuzz/crashes
	for t in csv libsvm model labels output_paths; do \
	  mkdir -p build-fuzz/corpus-$$t && \
	  build-fuzz/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 \
	    -artifact_prefix=build-fuzz/crashes/$$t- build-fuzz/corpus-$$t fuzz/corpus/$$t \
	    $$(ls -d fuzz/regressions/$$t 2>/dev/null) || exit 1; \
	done

# Regenerate docs/experiments.md and docs/figures/ (the paper's two experiments).
experiments: build python
	$(VENV)/bin/python examples/experiments.py

clean:
	rm -rf $(BUILD) $(VENV) $(VENV_CURRENT) $(WHEELS)
