// The longest step while no cell is wet (swe::DtRule::dry_step): the least of inflow_step over
// the water the level and discharge boundaries may bring in, and of source_step over the releases'
// rates, each at the most the scenario can give at any time of the run (swe/cfl.hpp).
#include <algorithm>
#include <cmath>
#include <vector>

#include "ria/sim/model.hpp"
#include "ria/swe/cfl.hpp"

namespace ria::sim {
namespace {

/// The largest value of a series (not empty).
double largest(const std::vector<SeriesPoint>& series) {
  double top = -INFINITY;
  for (const SeriesPoint& p : series) top = std::max(top, p.value);
  return top;
}

/// The highest level a level boundary may impose [m]: its series' largest value, or its mean and
/// the sum of its constituents' amplitudes (a station's with the amplitudes left out).
double highest_level(const BoundarySpec& b) {
  if (!b.series.empty()) return largest(b.series);
  double top = b.mean_level + b.station_dropped;
  for (const ConstituentSpec& c : b.constituents) top += std::fabs(c.amplitude);
  return top;
}

/// The largest inflow a discharge boundary may bring [m^3/s]: its series' largest value, or its constant.
double largest_discharge(const BoundarySpec& b) { return b.series.empty() ? b.discharge : largest(b.series); }

/// The deepest bed depth H (below the reference, positive down) of the cells along a side's segment.
double deepest_along(const swe::SolverSetup& s, swe::Side side) {
  const Grid& g = s.grid;
  const swe::BoundarySide& b = s.bc.side[side];
  const bool columns = side == swe::south || side == swe::north;
  const int n = columns ? g.nx : g.ny;
  double deepest = -INFINITY;
  for (int a = std::max(b.begin, 0); a < std::min(b.end, n); ++a) {
    const int i = columns ? a : side == swe::west ? 0 : g.nx - 1;
    const int j = columns ? (side == swe::south ? 0 : g.ny - 1) : a;
    deepest = std::max(deepest, s.H[static_cast<std::size_t>(j) * g.nx + i]);
  }
  return deepest;
}

}  // namespace

double dry_step(const Scenario& sc, const Model& m) {
  const swe::SolverSetup& s = m.setup;
  const double g = s.physics.g, dx = s.grid.dx, dy = s.grid.dy;
  double step = INFINITY;
  for (const BoundarySpec& b : sc.boundaries) {
    const swe::Side side = solver_side(b.side);
    if (b.kind == BoundarySpec::Kind::level) {
      step = std::min(step, swe::inflow_step(s.cfl, g, highest_level(b) + deepest_along(s, side), dx, dy));
    } else if (b.kind == BoundarySpec::Kind::discharge && m.segment_width[side] > 0) {
      const double q = largest_discharge(b) / m.segment_width[side];  // [m^2/s], as the ghost state's
      step = std::min(step, swe::inflow_step(s.cfl, g, std::cbrt(q * q / g), dx, dy));
    }
  }
  for (int r = 0; r < s.releases.count; ++r)
    step = std::min(step, swe::source_step(s.cfl, g, s.releases.r[r].rate_h, dx, dy));
  return step;
}

}  // namespace ria::sim
