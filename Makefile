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

# Every test: the C++ suite (GoogleTest through ctest).
test: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

clean:
	rm -rf $(BUILD)
