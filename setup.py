"""Builds orca_svm._core from the engine's sources (the list is read from CMakeLists.txt, so
the library has one source list) and the bindings under python/bindings."""
import re
from pathlib import Path

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup

ROOT = Path(__file__).parent


def engine_sources():
    text = (ROOT / "CMakeLists.txt").read_text()
    block = re.search(r"add_library\(orca STATIC(.*?)\)", text, re.S).group(1)
    return sorted(line.strip() for line in block.splitlines() if line.strip().endswith(".cpp"))


ParallelCompile("ORCA_BUILD_JOBS", default=2).install()

core = Pybind11Extension(
    "orca_svm._core",
    sources=engine_sources() + sorted(str(p.relative_to(ROOT)) for p in (ROOT / "python" / "bindings").glob("*.cpp")),
    include_dirs=["include", "src", "/usr/include/eigen3"],
    libraries=["fmt"],
    extra_compile_args=["-O3", "-fopenmp"],
    extra_link_args=["-fopenmp"],
    cxx_std=20,
)

# Keep setuptools' scratch out of the CMake build folder.
setup(ext_modules=[core], cmdclass={"build_ext": build_ext}, options={"build": {"build_base": "build-python"}})
