#pragma once
// Typed exceptions for user mistakes. Each carries the offending value and where it came from,
// so the CLI can print one line and exit 2, and Python can raise ValueError. A broken internal
// invariant is not a user's mistake: ORCA_ASSERT throws InternalError (the CLI's exit code 3,
// Python's RuntimeError), naming the condition and where it failed.
#include <stdexcept>
#include <string>

namespace orca {

// Base of every error caused by what the user asked for or supplied.
class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A parameter outside its domain (alpha <= -1, C <= 0, unknown family ...).
class ParameterError : public Error {
  public:
    using Error::Error;
};

// Bad data: non-numeric cell, ragged row, single class ... The message names file:line:column.
class DataError : public Error {
  public:
    using Error::Error;
};

// A model file that cannot be read, is of another version or is inconsistent.
class ModelFileError : public Error {
  public:
    using Error::Error;
};

// A request that would not fit in memory; the message gives the estimate and a way out.
class ResourceError : public Error {
  public:
    using Error::Error;
};

// A bug in ORCA: an invariant its own code should keep did not hold.
class InternalError : public std::logic_error {
  public:
    using std::logic_error::logic_error;
};

[[noreturn]] inline void internal_error(const char* file, int line, const char* condition, const std::string& what) {
    throw InternalError(std::string(file) + ":" + std::to_string(line) + ": " + condition + " failed: " + what);
}

}  // namespace orca

// Checks an invariant of ORCA's own code (not of what a user gave: that is validation, with the
// typed errors above).
#define ORCA_ASSERT(condition, what)                                                      \
    do {                                                                                  \
        if (!(condition)) ::orca::internal_error(__FILE__, __LINE__, #condition, (what)); \
    } while (false)
