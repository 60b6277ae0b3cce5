// tracer (a blob carried by a uniform current: conservation, maximum principle, uniform C) and
// bump (steady subcritical flow over a bump against Bernoulli, analytic/bump.hpp).
#include <algorithm>
#include <cmath>

#include "validate/cases.hpp"
#include "validate/common.hpp"
#include "validate/problems.hpp"
#include "validate/tolerances.hpp"

namespace ria::validate {
namespace {

double uniform(double, double) { return 1.0; }

}  // namespace

std::vector<CaseResult> case_tracer(const Options& opt) {
  const int n = opt.resolution > 0 ? opt.resolution : 200;
  const Problem p = make_problem(sim::AnalyticCase::tracer, n, opt);
  auto solver = swe::make_solver(p.setup);
  solver->set_state(p.init);
  const double m0 = solver->totals().pollutant;
  solver->advance(p.duration, 1L << 40);
  const double m1 = solver->totals().pollutant;
  swe::HostState out;
  solver->get_state(out);
  double cmin = 0, cmax = 0;
  for (std::size_t k = 0; k < out.h.size(); ++k) {
    const double c = out.hc[k] / out.h[k];
    cmin = std::min(cmin, c);
    cmax = std::max(cmax, c);
  }
  const Problem u = tracer_problem(n, opt, 1.0, uniform);
  const swe::HostState uout = run_to(u.setup, u.init, u.duration);
  double cdev = 0;
  for (std::size_t k = 0; k < uout.h.size(); ++k) cdev = std::max(cdev, std::fabs(uout.hc[k] / uout.h[k] - 1.0));

  CaseResult r{sim::name_of(sim::AnalyticCase::tracer), grid_label(n, n / 5), {}, ""};
  const Precision prec = opt.precision;
  r.norms.push_back({"rel_pollutant_mass_change", std::fabs(m1 - m0) / m0, kMass.of(prec)});
  r.norms.push_back({"undershoot_below_0", -cmin, kExtremaOvershoot.of(prec)});
  r.norms.push_back({"overshoot_above_Cmax", cmax - 1.0, kExtremaOvershoot.of(prec)});
  r.norms.push_back({"uniform_C_max_dev", cdev, kUniformC.of(prec)});
  r.note = "blob peak after 30 s: " + std::to_string(cmax) + " (initial 1)";
  return {r};
}

std::vector<CaseResult> case_bump(const Options& opt) {
  const Problem p = make_problem(sim::AnalyticCase::bump, opt.resolution, opt);
  const double q = p.setup.bc.side[swe::west].discharge;
  const swe::HostState out = run_to(p.setup, p.init, p.duration);
  double qdev = 0;
  for (double qx : out.qx) qdev = std::max(qdev, std::fabs(qx - q) / q);
  CaseResult r{sim::name_of(sim::AnalyticCase::bump), grid_label(p.setup.grid.nx, p.setup.grid.ny), {}, ""};
  r.norms.push_back({"rel_L1_h", exact_depth_error(p, out.h, p.duration), kBumpL1.of(opt.precision)});
  r.norms.push_back({"max_rel_discharge_dev", qdev, kBumpL1.of(opt.precision)});
  r.note = "t = 200 s (steady)";
  return {r};
}

}  // namespace ria::validate
