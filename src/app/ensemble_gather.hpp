// The members of an MPI job's ensemble gathered on rank 0: each rank ran members m with
// m % size == rank; their outcomes (status, wall time, message) and the finished members' fields
// go to rank 0 in one broadcast per rank (the short text) and one gather (the fields).
#pragma once

#include <cstddef>
#include <vector>

#include "app/ensemble_member.hpp"

namespace ria::app {

/// Collective: every rank calls it with the members it ran (`mine`) and the outcomes indexed by
/// member; on return rank 0's `out` holds every rank's outcomes (fields of `cells` cells and
/// samples of `gauges` gauges). Other ranks' `out` is left as it was.
void gather_outcomes(const std::vector<std::size_t>& mine, std::vector<MemberOutcome>& out, std::size_t cells,
                     std::size_t gauges);

}  // namespace ria::app
