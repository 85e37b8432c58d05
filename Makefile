# Thin wrapper over CMake so that the README's commands stay short.
BUILD ?= build
CMAKE_FLAGS ?=
JOBS ?= 2

.PHONY: all configure build demo test clean

all: build

configure:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

build: configure
	cmake --build $(BUILD) -j$(JOBS)

demo: build
	./$(BUILD)/orca demo

PYTHON ?= /usr/bin/python3

# Every test: the C++ suite (GoogleTest through ctest), then the Python reference tests
# (numpy/scipy brute force, OpenTURNS) against the built CLI.
test: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)
	ORCA_CLI=$(CURDIR)/$(BUILD)/orca $(PYTHON) -m pytest -q -p no:cacheprovider tests/python

clean:
	rm -rf $(BUILD)
