// Faults injected through the environment for the failure tests, where no valid input makes a
// solver fail: RIA_ENSEMBLE_FAULT="M[,M...]" (members; "M:error" an error that is not numerical, as
// a device or I/O failure would be) and RIA_RUN_FAULT="N" (ria run in one process, after its N-th
// advance; under mpirun RIA_MPI_FAULT, mpi/distributed_solver.cpp, injects a rank's failure). The
// solver is wrapped so that its state gets a NaN depth in its first wet cell after that advance,
// which the driver reports as a numerical failure.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "ria/swe/solver.hpp"

namespace ria::app {

enum class Fault { none, nan, error };

/// RIA_ENSEMBLE_FAULT's fault for `member`.
Fault ensemble_fault(std::size_t member);

/// RIA_RUN_FAULT's advance (>= 1), or 0 when it is unset.
long run_fault_advance();

/// `s` with `fault` after its `after`-th advance (>= 1); Fault::error throws std::runtime_error(error).
std::unique_ptr<swe::Solver> with_fault(std::unique_ptr<swe::Solver> s, Fault fault, long after,
                                        const std::string& error);

}  // namespace ria::app
