# The engine's header-only dependencies: Eigen, nlohmann-json, fmt and CLI11.
#
# The system's copies come first (Debian's -dev packages, as docs/architecture.md declares). Where
# CMake finds none (a conda or pyenv Python without root, another distribution, or a build told
# -DCMAKE_DISABLE_FIND_PACKAGE_<Name>=ON, as `make python` and `make test-sanitize` do to prove
# it), the copies vendored in third_party/ (same versions, with their licences; see
# third_party/README.md) stand in under the same target names, so that no other CMakeLists.txt
# knows which copy it got.
#
# For each dependency, ORCA_<NAME>_FOR_ENGINE is what the static library `orca` links privately:
# the vendored targets are not installed, so they take part in the build only
# ($<BUILD_INTERFACE:...>); the installed orcaConfig.cmake asks for the system's packages only
# when the build used them (ORCA_SYSTEM_DEPENDENCIES).

set(ORCA_THIRD_PARTY_DIR ${CMAKE_CURRENT_LIST_DIR}/../third_party)
set(ORCA_SYSTEM_DEPENDENCIES "")

# orca_vendored_headers(<target> <include dir> [<compile definitions>...]): an interface target
# for a vendored header-only library. SYSTEM, as the system's copies are: the project's warning
# flags (-Werror in CI) apply to the project's code, not to its dependencies'.
function(orca_vendored_headers target include_dir)
  add_library(${target} INTERFACE)
  target_include_directories(${target} SYSTEM INTERFACE $<BUILD_INTERFACE:${include_dir}>)
  if(ARGN)
    target_compile_definitions(${target} INTERFACE ${ARGN})
  endif()
endfunction()

find_package(Eigen3 3.3 NO_MODULE QUIET)
if(TARGET Eigen3::Eigen)
  set(ORCA_EIGEN_FOR_ENGINE Eigen3::Eigen)
  string(APPEND ORCA_SYSTEM_DEPENDENCIES "find_dependency(Eigen3 NO_MODULE)\n")
  message(STATUS "Eigen: the system's (${Eigen3_DIR})")
else()
  orca_vendored_headers(orca_vendored_eigen ${ORCA_THIRD_PARTY_DIR}/eigen)
  add_library(Eigen3::Eigen ALIAS orca_vendored_eigen)
  set(ORCA_EIGEN_FOR_ENGINE $<BUILD_INTERFACE:orca_vendored_eigen>)
  message(STATUS "Eigen: vendored (third_party/eigen)")
endif()

find_package(nlohmann_json 3.9 QUIET)
if(TARGET nlohmann_json::nlohmann_json)
  set(ORCA_JSON_FOR_ENGINE nlohmann_json::nlohmann_json)
  string(APPEND ORCA_SYSTEM_DEPENDENCIES "find_dependency(nlohmann_json)\n")
  message(STATUS "nlohmann-json: the system's (${nlohmann_json_DIR})")
else()
  orca_vendored_headers(orca_vendored_json ${ORCA_THIRD_PARTY_DIR}/nlohmann_json/include)
  add_library(nlohmann_json::nlohmann_json ALIAS orca_vendored_json)
  set(ORCA_JSON_FOR_ENGINE $<BUILD_INTERFACE:orca_vendored_json>)
  message(STATUS "nlohmann-json: vendored (third_party/nlohmann_json)")
endif()

# The system's fmt is a compiled library (libfmt); the vendored one is used header-only, so that
# nothing but headers is vendored.
find_package(fmt QUIET)
if(TARGET fmt::fmt)
  set(ORCA_FMT_FOR_ENGINE fmt::fmt)
  string(APPEND ORCA_SYSTEM_DEPENDENCIES "find_dependency(fmt)\n")
  message(STATUS "fmt: the system's (${fmt_DIR})")
else()
  orca_vendored_headers(orca_vendored_fmt ${ORCA_THIRD_PARTY_DIR}/fmt/include FMT_HEADER_ONLY=1)
  add_library(fmt::fmt ALIAS orca_vendored_fmt)
  set(ORCA_FMT_FOR_ENGINE $<BUILD_INTERFACE:orca_vendored_fmt>)
  message(STATUS "fmt: vendored, header-only (third_party/fmt)")
endif()

# CLI11 only for the command-line tool, which is not installed as a library.
if(ORCA_BUILD_CLI)
  find_package(CLI11 QUIET)
  if(TARGET CLI11::CLI11)
    message(STATUS "CLI11: the system's (${CLI11_DIR})")
  else()
    orca_vendored_headers(orca_vendored_cli11 ${ORCA_THIRD_PARTY_DIR}/cli11/include)
    add_library(CLI11::CLI11 ALIAS orca_vendored_cli11)
    message(STATUS "CLI11: vendored (third_party/cli11)")
  endif()
endif()

# OpenMP is the compiler's own runtime (GCC's libgomp), not a package to vendor; a binary wheel
# carries a copy of it (auditwheel grafts it, see scripts/build-wheel.sh).
find_package(OpenMP REQUIRED COMPONENTS CXX)
