// tracer (a blob carried by a uniform current: conservation, maximum principle, uniform C) and
// bump (steady subcritical flow over a bump against Bernoulli, analytic/bump.hpp).
#include <algorithm>
#include <cmath>

#include "ria/analytic/bump.hpp"
#include "validate/cases.hpp"
#include "validate/common.hpp"
#include "validate/tolerances.hpp"

namespace ria::validate {
namespace {

/// Channel 100 m x 20 m, depth 1 m, u = 1 m/s from the west (discharge inflow, C_in = c_in),
/// open east, walls north and south. C(x, y, 0) given by `conc`.
swe::SolverSetup channel(int n, const Options& opt, double c_in, swe::HostState& init,
                         double (*conc)(double, double)) {
  Grid g{n, n / 5, 100.0 / n, 100.0 / n, 0.0, 0.0};
  swe::SolverSetup s = base_setup(g, opt);
  fill_bed(s, [](double, double) { return 1.0; });
  s.bc.side[swe::west].kind = swe::BoundaryKind::discharge;
  s.bc.side[swe::west].discharge = 1.0;
  s.bc.side[swe::west].concentration = c_in;
  s.bc.side[swe::east].kind = swe::BoundaryKind::open;
  init.resize(g.cells());
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * g.nx + i;
      init.h[k] = 1.0;
      init.qx[k] = 1.0;
      init.hc[k] = conc(g.x_centre(i), g.y_centre(j));
    }
  return s;
}

double blob(double x, double y) {
  const double r = std::sqrt((x - 25) * (x - 25) + (y - 10) * (y - 10)) / 8.0;
  return r < 1 ? std::pow(std::cos(0.5 * M_PI * r), 2) : 0.0;
}
double uniform(double, double) { return 1.0; }

}  // namespace

std::vector<CaseResult> case_tracer(const Options& opt) {
  const int n = opt.resolution > 0 ? opt.resolution : 200;
  swe::HostState init;
  const swe::SolverSetup s = channel(n, opt, 0.0, init, blob);
  auto solver = swe::make_solver(s);
  solver->set_state(init);
  const double m0 = solver->totals().pollutant;
  solver->advance(30.0, 1L << 40);
  const double m1 = solver->totals().pollutant;
  swe::HostState out;
  solver->get_state(out);
  double cmin = 0, cmax = 0;
  for (std::size_t k = 0; k < out.h.size(); ++k) {
    const double c = out.hc[k] / out.h[k];
    cmin = std::min(cmin, c);
    cmax = std::max(cmax, c);
  }
  swe::HostState uinit;
  const swe::SolverSetup su = channel(n, opt, 1.0, uinit, uniform);
  const swe::HostState uout = run_to(su, uinit, 30.0);
  double cdev = 0;
  for (std::size_t k = 0; k < uout.h.size(); ++k) cdev = std::max(cdev, std::fabs(uout.hc[k] / uout.h[k] - 1.0));

  CaseResult r{"tracer", grid_label(n, n / 5), {}, ""};
  const Precision p = opt.precision;
  r.norms.push_back({"rel_pollutant_mass_change", std::fabs(m1 - m0) / m0, kMass.of(p)});
  r.norms.push_back({"undershoot_below_0", -cmin, kExtremaOvershoot.of(p)});
  r.norms.push_back({"overshoot_above_Cmax", cmax - 1.0, kExtremaOvershoot.of(p)});
  r.norms.push_back({"uniform_C_max_dev", cdev, kUniformC.of(p)});
  r.note = "blob peak after 30 s: " + std::to_string(cmax) + " (initial 1)";
  return {r};
}

std::vector<CaseResult> case_bump(const Options& opt) {
  const int n = opt.resolution > 0 ? opt.resolution : 400;
  const analytic::Bump bump;
  Grid g{n, 4, bump.length / n, bump.length / n, 0.0, 0.0};
  swe::SolverSetup s = base_setup(g, opt);
  fill_bed(s, [&](double x, double) { return -bump.bed_elevation(x); });
  s.bc.side[swe::west].kind = swe::BoundaryKind::discharge;
  s.bc.side[swe::west].discharge = bump.q;
  s.bc.side[swe::east].kind = swe::BoundaryKind::level;
  s.bc.side[swe::east].level.mean = bump.h_out;
  swe::HostState init;
  init.resize(g.cells());
  std::vector<double> exact(g.cells());
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < n; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * n + i;
      init.h[k] = bump.h_out + s.H[k];
      init.qx[k] = bump.q;
      exact[k] = bump.depth(g.x_centre(i));
    }
  const swe::HostState out = run_to(s, init, 200.0);
  double qdev = 0;
  for (double q : out.qx) qdev = std::max(qdev, std::fabs(q - bump.q) / bump.q);
  CaseResult r{"bump", grid_label(n, 4), {}, ""};
  r.norms.push_back({"rel_L1_h", relative_l1(out.h, exact), kBumpL1.of(opt.precision)});
  r.norms.push_back({"max_rel_discharge_dev", qdev, kBumpL1.of(opt.precision)});
  r.note = "t = 200 s (steady)";
  return {r};
}

}  // namespace ria::validate
