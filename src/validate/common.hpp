// Helpers shared by the validation cases.
#pragma once

#include <cmath>
#include <functional>
#include <string>

#include "ria/swe/solver.hpp"
#include "validate/validate.hpp"

namespace ria::validate {

/// A setup with walls on every side, the options' backend/precision and default physics.
swe::SolverSetup base_setup(const Grid& g, const Options& opt);

/// Fills H from a function of the cell centre.
void fill_bed(swe::SolverSetup& s, const std::function<double(double, double)>& H);

/// Runs the setup from `init` to t_end and returns the final state.
swe::HostState run_to(const swe::SolverSetup& s, const swe::HostState& init, double t_end, long* steps = nullptr);

/// sum |a - b| / sum |b| over all cells.
double relative_l1(const std::vector<double>& a, const std::vector<double>& b);

/// log2(e_coarse / e_fine) / log2(n_fine / n_coarse).
double observed_order(double e_coarse, double e_fine, double n_coarse, double n_fine);

std::string grid_label(int nx, int ny);

}  // namespace ria::validate

namespace ria::validate {

/// The paper's Table V water column on an n x n grid of a 10 m closed tank: depth 1 m, a column
/// of radius 1.5 m and depth 2.5 m carrying C = 1 at the centre. Fills `init`.
swe::SolverSetup water_column_setup(int n, const Options& opt, swe::HostState& init);

}  // namespace ria::validate
