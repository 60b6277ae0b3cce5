// The readers of the scenario tables, internal to src/io (scenario_toml.cpp, scenario_sources.cpp,
// scenario_tide.cpp).
// Each one checks its keys (unknown, type, range, required, consistency) and fills its part of the
// Scenario; earlier parts are already filled (e.g. time.duration when releases are read).
#pragma once

#include "io/scenario/scenario_reader.hpp"
#include "ria/sim/scenario.hpp"

namespace ria::io::detail {

void read_boundaries(const Table& root, sim::Scenario& s);  // [[boundary]], series files loaded
void read_patches(const Table& root, sim::Scenario& s);     // [[patch]], overlaps rejected
void read_releases(const Table& root, sim::Scenario& s);    // [[release]], overlaps rejected

/// mean_level and [[boundary.constituents]] or station of the level boundary `b`
/// (scenario_tide.cpp); `start` is time.start, and whether the file gave it.
void read_harmonic_tide(const Table& b, sim::BoundarySpec& o, const std::string& start, bool start_given);

}  // namespace ria::io::detail
