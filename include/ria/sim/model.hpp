// From a scenario and its domain to what the solver needs: the setup (grid, bed, boundaries,
// releases, physics), the initial state, gauge cells and the boundary pieces over time.
// Checks everything that needs the grid (gauges, sources and segments inside the domain).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "ria/sim/scenario.hpp"
#include "ria/swe/solver.hpp"

namespace ria::sim {

/// The domain of a scenario as read (app/domain.cpp): the model grid and its CRS (WKT, may be
/// empty), the bed and what else comes cell by cell with it, and, for an analytic domain (a
/// validation problem), its own initial state and boundaries.
struct Domain {
  Grid grid;
  std::vector<double> bed_z;    // bed elevation z [m, + up, model datum] per cell
  std::string crs_wkt;
  std::vector<double> manning;  // per-cell Manning n (physics.manning raster), or empty: uniform
  std::optional<swe::HostState> state;
  std::optional<swe::Boundaries> bc;
};

struct GaugeCell {
  std::string name;
  double x = 0, y = 0;
  std::size_t cell = 0;  // j nx + i
};

struct Model {
  swe::SolverSetup setup;        // backend, kernel and precision left at their defaults
  swe::HostState init;
  std::vector<double> bed_z;     // for outputs
  std::string crs_wkt;
  std::vector<GaugeCell> gauges;
  std::vector<double> knots;     // times where a time-series boundary changes piece
  int series_of_side[4] = {-1, -1, -1, -1};  // index into Scenario::boundaries of a series side
  double segment_width[4] = {0, 0, 0, 0};    // length of each side's active segment [m]
  std::vector<double> release_times;  // starts and ends of releases
};

/// Thrown for a scenario that does not fit its grid; the message names the key.
class ModelError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// The fields of the initial state read from files for initial.kind = raster or netcdf: the
/// free-surface elevation per cell (NaN = dry) and, with initial.velocity, the depth-averaged
/// velocity components [m/s] per cell, with initial.concentration the pollutant concentration
/// (NaN allowed only where the cell is dry); else empty.
struct InitialFields {
  std::vector<double> eta, u, v, c;
};

Model build_model(const Scenario& sc, const Domain& domain, const InitialFields& initial = {});

/// The solver's side (its index into swe::Boundaries::side) of a scenario side.
swe::Side solver_side(BoundarySpec::Side s);

/// The longest step while no cell is wet (swe::DtRule::dry_step; src/sim/dry_step.cpp): the
/// least inflow_step of the level and discharge boundaries and source_step of the releases of m
/// (its setup's boundaries, bed and releases), each at the most the scenario gives in the run.
double dry_step(const Scenario& sc, const Model& m);

/// The free surface of initial.kind = "still" [m]: initial.level, or with level = "tide" the first
/// level boundary's level at t = 0 (level_tide: its series, or its mean and constituents, which
/// for a station are phased for time.start, so the water starts at the sea's level on any date).
/// Throws ModelError for "tide" without a level boundary (the scenario reader refuses that first).
double still_level(const Scenario& sc);

/// The boundary conditions for the time-series interval that contains t (linear piece from the
/// knot at or before t to the next one; constant before the first and after the last point).
swe::Boundaries boundaries_at(const Scenario& sc, const Model& m, double t);

/// Things in the scenario that are legal but do nothing or hold a value the user may not expect,
/// one sentence each (for "ria run: warning: ..."): png_times after the end, a release that starts
/// at or after the end, a boundary series that starts after the run start or ends before its end,
/// a station tide whose smallest constituents are left out.
std::vector<std::string> scenario_warnings(const Scenario& sc);

/// The same for what needs the model: a gauge on land that is dry at the start (its bed above the
/// initial water level), which reads depth 0 until the water reaches it, if it does; a release
/// whose cells are all dry at the start (its water runs over land). Nothing for
/// initial.kind = "checkpoint" (the checkpoint's state is the start).
std::vector<std::string> model_warnings(const Scenario& sc, const Model& m);

/// Cell containing (x, y), or -1 when outside the closed domain [x0, x0 + nx dx] x [y0, y0 + ny dy]
/// (a point on the east or north edge is in the last cell, as one on the west or south edge is in
/// the first).
long long cell_at(const Grid& g, double x, double y);

}  // namespace ria::sim
