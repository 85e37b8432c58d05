// orca_svm._cpu_check: whether this CPU can run the engine, asked by orca_svm/_cpu.py before the
// engine (orca_svm._core) loads. The whole module is compiled for the baseline and uses nothing but
// Python's C API and src/platform/cpu_check.cpp, so that it loads on any x86-64 CPU.
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "platform/cpu_check.hpp"

namespace {

PyObject* level(PyObject*, PyObject*) { return PyUnicode_FromString(orca::build_cpu_level()); }

PyObject* missing(PyObject*, PyObject*) { return PyUnicode_FromString(orca::missing_cpu_level()); }

PyMethodDef methods[] = {
    {"level", level, METH_NOARGS, "The CPU level the engine was compiled for: x86-64-v3, baseline or native."},
    {"missing", missing, METH_NOARGS, "Why this CPU cannot run the engine; empty when it can."},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cpu_check", "The engine's CPU level, checked before it loads.", -1,
                      methods, nullptr, nullptr, nullptr, nullptr};

}  // namespace

PyMODINIT_FUNC PyInit__cpu_check() { return PyModule_Create(&module); }
