// The errors both solvers raise (the shallow water's and the SPH's), which the CLI maps to its exit
// codes (src/app/options.hpp): 4 for a numerical failure, 5 for what this build lacks.
#pragma once

#include <stdexcept>

namespace ria {

/// Raised when a solver's state stops being physical: a non-finite value, a negative depth or
/// density, a time step that is not > 0. The message names where (a cell, a particle) and when.
class NumericalError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Raised when a backend or feature was not compiled into this build, or its device is absent.
class NotBuiltError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace ria
