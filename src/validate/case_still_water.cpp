// lake_at_rest (islands and shorelines must stay exactly at rest) and water_column (the paper's
// Table V test: a raised column falling in a closed tank; conservation and four-fold symmetry).
#include <algorithm>
#include <cmath>

#include "validate/cases.hpp"
#include "validate/common.hpp"
#include "validate/problems.hpp"
#include "validate/tolerances.hpp"

namespace ria::validate {

std::vector<CaseResult> case_lake_at_rest(const Options& opt) {
  const Problem p = make_problem(sim::AnalyticCase::lake_at_rest, opt.resolution, opt);
  const Grid& g = p.setup.grid;
  std::size_t dry = 0;
  for (double h : p.init.h) dry += h == 0.0 ? 1 : 0;
  auto solver = swe::make_solver(p.setup);
  solver->set_state(p.init);
  solver->advance(1e30, 1000);
  swe::HostState out;
  solver->get_state(out);
  // The exact depth is the initial one: |h - h_exact| is |eta - eta0| where wet and h where dry.
  double max_q = 0, max_eta = 0;
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * g.nx + i;
      max_q = std::max({max_q, std::fabs(out.qx[k]), std::fabs(out.qy[k])});
      max_eta = std::max(max_eta, std::fabs(out.h[k] - p.exact_depth(g.x_centre(i), g.y_centre(j), 0.0)));
    }
  CaseResult r{sim::name_of(sim::AnalyticCase::lake_at_rest), grid_label(g.nx, g.ny), {}, ""};
  r.norms.push_back({"max_abs_q", max_q, kLakeAtRest.of(opt.precision)});
  r.norms.push_back({"max_abs_eta_minus_eta0", max_eta, kLakeAtRest.of(opt.precision)});
  r.note = std::to_string(solver->steps()) + " steps, " + std::to_string(dry) + " dry cells (islands)";
  return {r};
}

swe::SolverSetup water_column_setup(int n, const Options& opt, swe::HostState& init) {
  const double L = 10.0, radius = 1.5;
  Grid g{n, n, L / n, L / n, 0.0, 0.0};
  swe::SolverSetup s = base_setup(g, opt);
  fill_bed(s, [](double, double) { return 1.0; });
  init.resize(g.cells());
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      // Offsets from the centre in units of cells, exact in binary so the set is exactly symmetric.
      const double di = (i + 0.5 - 0.5 * n) * g.dx, dj = (j + 0.5 - 0.5 * n) * g.dy;
      const bool inside = di * di + dj * dj < radius * radius;
      const std::size_t k = static_cast<std::size_t>(j) * n + i;
      init.h[k] = inside ? 2.5 : 1.0;
      init.hc[k] = inside ? init.h[k] : 0.0;  // C = 1 in the column
    }
  return s;
}

std::vector<CaseResult> case_water_column(const Options& opt) {
  const int n = opt.resolution > 0 ? opt.resolution : 100;
  swe::HostState init;
  const swe::SolverSetup s = water_column_setup(n, opt, init);
  auto solver = swe::make_solver(s);
  solver->set_state(init);
  const swe::Totals t0 = solver->totals();
  solver->advance(1.0, 1L << 40);
  const swe::Totals t1 = solver->totals();
  swe::HostState out;
  solver->get_state(out);
  double asym = 0, hmax = 0;
  auto at = [&](const std::vector<double>& f, int i, int j) { return f[static_cast<std::size_t>(j) * n + i]; };
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      hmax = std::max(hmax, at(out.h, i, j));
      for (const auto* f : {&out.h, &out.hc}) {
        const double v = at(*f, i, j);
        asym = std::max({asym, std::fabs(v - at(*f, n - 1 - i, j)), std::fabs(v - at(*f, i, n - 1 - j)),
                         std::fabs(v - at(*f, j, i))});
      }
      asym = std::max({asym, std::fabs(at(out.qx, i, j) + at(out.qx, n - 1 - i, j)),
                       std::fabs(at(out.qx, i, j) - at(out.qy, j, i))});
    }
  CaseResult r{sim::name_of(sim::AnalyticCase::water_column), grid_label(n, n), {}, ""};
  r.norms.push_back({"rel_water_mass_change", std::fabs(t1.water - t0.water) / t0.water, kMass.of(opt.precision)});
  r.norms.push_back({"rel_pollutant_mass_change", std::fabs(t1.pollutant - t0.pollutant) / t0.pollutant,
                     kMass.of(opt.precision)});
  r.norms.push_back({"max_asymmetry_rel", asym / hmax, kSymmetry.of(opt.precision)});
  r.note = std::to_string(solver->steps()) + " steps to t = 1 s";
  return {r};
}

}  // namespace ria::validate
