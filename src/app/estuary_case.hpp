// The synthetic tidal estuary (bathymetry/synthetic_estuary.hpp) set up as a run: M2 tide at the
// open sea (south), a river at the head (north), Manning friction, a pollutant patch in the
// channel. Used by `ria bench --estuary`.
#pragma once

#include "ria/swe/solver.hpp"

namespace ria::app {

struct EstuaryCase {
  swe::SolverSetup setup;
  swe::HostState init;
};

/// n x n cells over the 20 km x 20 km estuary.
EstuaryCase make_estuary_case(int n, exec::Backend b, const std::string& kernel, Precision p);

}  // namespace ria::app
