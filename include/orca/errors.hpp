#pragma once
// Typed exceptions for user mistakes. Each carries the offending value and where it came from,
// so the CLI can print one line and exit 2, and Python can raise ValueError.
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

}  // namespace orca
