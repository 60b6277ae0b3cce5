// The dam breaks of `ria compare dambreak` (docs/compare.md), each read off an SPH scenario so that
// the scenario file is the one source of the geometry:
//  - the column collapse: a 2-D (vertical x-z) SPH scenario with one block of fluid standing on
//    the floor against the upstream wall of a tank, turned into a shallow-water channel in plan
//    view (x along the tank, a few cells across, walls on every side) holding the same column;
//  - SPHERIC Test 2: a 3-D SPH scenario (tank, water column, box obstacles, height probes) turned
//    into the tank in plan view: the column as depth, each box as a raised bed (its top), the height
//    probes as gauges.
// The shallow-water side is a sim::Scenario and sim::Domain, run by sim::build_model and sim::run
// as `ria run` runs a scenario file.
#pragma once

#include <string>
#include <vector>

#include "ria/analytic/ritter_column.hpp"
#include "ria/sim/model.hpp"
#include "ria/sim/scenario.hpp"
#include "ria/sph/scenario.hpp"

namespace ria::compare {

/// The collapsing column: a x height, its upstream face on the wall at x_wall, the far wall at
/// x_wall + length, the floor at z_floor.
struct Column {
  double a = 0, height = 0;
  double x_wall = 0, length = 0, z_floor = 0;
  double g = 9.81;

  /// Martin & Moyce's dimensionless time and front: T = t sqrt(n^2 g / a), n^2 = height / a
  /// (T = t sqrt(2 g / a) for their n^2 = 2), and Z = (x - x_wall) / a.
  double T_of(double t) const;
  double t_of(double T) const;
  double Z_of(double x) const { return (x - x_wall) / a; }
  /// T's formula for this column: "t sqrt(2 g / a)" for n^2 = 2.
  std::string T_formula() const;
  /// Ritter's solution for this column in its tank (the far wall at x_wall + length).
  analytic::RitterColumn ritter() const { return {height, a, x_wall, g, x_wall + length}; }
};

/// The column of a 2-D SPH scenario. io::InputError naming the scenario file and the key when it is
/// not one block of fluid on the floor against the upstream wall of one open tank (no other walls).
Column column_of(const sph::Scenario& sc);

/// A shallow-water scenario and domain for sim::build_model / sim::run.
struct SweCase {
  sim::Scenario scenario;
  sim::Domain domain;
};

/// The column in a channel: cells of a / cells_per_a along x from x_wall to the far wall (the
/// channel's length rounded to whole cells) and `across` cells across, flat bed, walls on every
/// side, depth `height` over the first cells_per_a cells and dry beyond; Manning n `manning`;
/// `interval` between outputs (the observer's rows). Gravity is the scenario's.
SweCase swe_channel(const Column& c, int cells_per_a, int across, double duration, double interval, double manning);

/// A raised block of bed in the plan view of a 3-D tank.
struct Block {
  double x0, x1, y0, y1, top;
};

/// The plan view of a 3-D SPH scenario: the tank's inner box in x, y; the water columns; the
/// blocks; the height probes. io::InputError (naming file and key) for anything else.
struct Tank {
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0, floor = 0;
  std::vector<sph::FluidBox> water;
  std::vector<Block> blocks;
  std::vector<sph::Probe> gauges;  // the scenario's height probes
  double g = 9.81;
};
Tank tank_of(const sph::Scenario& sc);

/// The tank on a grid of cells of size dx (the tank's sides rounded to whole cells): depth
/// (column top - floor) in the water columns, a cell partly covered holding the covered fraction
/// of it so the volume is the column's; bed elevation (block top - floor) in the cells whose
/// centre is inside a block; walls on every side; the height probes as gauges recorded every
/// `interval`.
SweCase swe_tank(const Tank& t, double dx, double duration, double interval, double manning);

}  // namespace ria::compare
