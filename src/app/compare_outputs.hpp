// What `ria compare dambreak` writes (docs/compare.md): the tables on stdout (markdown), the CSV
// files and, with cairo, the PNG charts, from the records of the runs.
#pragma once

#include <string>
#include <vector>

#include "compare/dambreak_cases.hpp"
#include "compare/dambreak_runs.hpp"
#include "io/dambreak_measurements.hpp"
#include "ria/analytic/ritter_column.hpp"

namespace ria::app {

/// The column collapse three ways (and measured).
struct ColumnComparison {
  compare::Column col;
  double dry_depth = 0;       // the shallow-water wet/dry depth: its front, and Ritter's "wet" front
  double swe_dx = 0;          // the shallow-water cell size [m]
  double front_depth = 0;     // the depth whose farthest point is compared with Ritter's [m]
  bool have_sph = false;
  compare::Record sph, swe;   // rows at the same times (multiples of the row interval)
  std::vector<double> profile_x;  // [m]
  bool have_measured = false;
  io::MartinMoyce measured;
};

/// One row of the front comparison at dimensionless time T (Z = x / a; NaN: not available).
struct FrontRow {
  double T = 0, t = 0;
  double measured = 0, sph = 0;
  double swe = 0, ritter_tip = 0, ritter_wet = 0;  // wet fronts: SWE h > dry depth; Ritter h = 0 and h = dry depth
  double swe_depth = 0, ritter_depth = 0;          // the farthest point of depth front_depth
};

/// The rows of the runs (every row interval), and the rows at the measured T.
std::vector<FrontRow> front_rows(const ColumnComparison& c);
std::vector<FrontRow> front_at_measurements(const ColumnComparison& c);

/// The least-squares speeds dZ/dT of the columns (in `speed`) over the same rows: the measured T in
/// [T_lo, T_hi] where each run (SPH, shallow water) that has a value in that window has one (a run
/// that stopped narrows it for all); a Ritter column only where it is exact on every one of those
/// rows, else NaN. `first`, `last`: the rows' T.
struct FrontSpeeds {
  FrontRow speed;
  double first = 0, last = 0;
  int rows = 0;
};
FrontSpeeds front_speeds(const ColumnComparison& c, double T_lo, double T_hi);

/// Prints the tables; writes front.csv, front_measured.csv, profiles.csv and (with cairo) front.png
/// and profiles.png into dir, adding their paths to `files`; a line on stdout when PNGs are not built.
void report_column(const ColumnComparison& c, const std::string& dir, std::vector<std::string>& files);

/// SPHERIC Test 2 in plan view (and in 3-D SPH when run), against the measured heights.
struct TankComparison {
  compare::Tank tank;
  double dx = 0;
  compare::Record swe;
  bool have_sph = false;
  compare::Record sph;
  std::vector<int> sph_probe;  // per tank gauge: its index among the SPH scenario's probes
  bool have_measured = false;
  io::SphericTest2 measured;
  double duration = 0;
};

/// Prints the gauge table; writes spheric_gauges.csv and (with cairo) spheric_gauges.png.
void report_tank(const TankComparison& c, const std::string& dir, std::vector<std::string>& files);

}  // namespace ria::app
