// The problems behind the validation cases, as data: grid, bed, boundaries, initial state, the
// case's duration and, where one exists, the exact depth. `ria validate` runs and scores them
// (cases.hpp); `ria run` runs them as scenarios (domain.source = "analytic", docs/scenarios.md).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "ria/sim/analytic_cases.hpp"
#include "ria/swe/solver.hpp"
#include "validate/validate.hpp"

namespace ria::validate {

struct Problem {
  swe::SolverSetup setup;  // grid, bed depth H, boundaries; backend/kernel/precision from the options
  swe::HostState init;
  double duration = 0;     // [s] what the case runs
  /// Exact water depth h(x, y, t) at cell centres; empty when the case has none (water_column).
  std::function<double(double, double, double)> exact_depth;
};

/// The problem of a case with `cells` cells along its long side (<= 0: the case's default
/// resolution); the dam breaks run along x.
Problem make_problem(sim::AnalyticCase c, int cells, const Options& opt);

/// Cells of make_problem(c, cells) without building it (for the memory check).
double problem_cells(sim::AnalyticCase c, int cells);

/// The dam breaks of the ritter/stoker cases, along x or y (4 cells across).
Problem dam_break_problem(double h_left, double h_right, int n, bool along_y, const Options& opt);

/// The tracer channel with a given inflow concentration and initial concentration field.
Problem tracer_problem(int n, const Options& opt, double c_in, double (*conc)(double, double));

/// Relative L1 error of h against the exact depth at time t (sum |h - h_e| / sum |h_e|).
double exact_depth_error(const Problem& p, const std::vector<double>& h, double t);

}  // namespace ria::validate
