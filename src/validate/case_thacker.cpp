// thacker: planar oscillation in a paraboloid bowl (analytic/thacker.hpp) on [0, 4]^2 with walls,
// one period; relative L1 error of h at N/2, N, 2N (default 100, 200, 400).
#include "ria/analytic/thacker.hpp"
#include "validate/cases.hpp"
#include "validate/common.hpp"
#include "validate/tolerances.hpp"

namespace ria::validate {
namespace {

double thacker_error(int n, const Options& opt) {
  const analytic::Thacker th;
  const double d = 4.0 / n;
  Grid g{n, n, d, d, 0.0, 0.0};
  swe::SolverSetup s = base_setup(g, opt);
  fill_bed(s, [&](double x, double y) { return th.bed_depth(x, y); });
  swe::HostState init;
  init.resize(g.cells());
  std::vector<double> exact(g.cells());
  const double T = th.period();
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * n + i;
      const double x = g.x_centre(i), y = g.y_centre(j);
      init.h[k] = th.depth(x, y, 0.0);
      init.qx[k] = init.h[k] * th.u(0.0);
      init.qy[k] = init.h[k] * th.v(0.0);
      exact[k] = th.depth(x, y, T);
    }
  const swe::HostState out = run_to(s, init, T);
  return relative_l1(out.h, exact);
}

}  // namespace

std::vector<CaseResult> case_thacker(const Options& opt) {
  const int n = opt.resolution > 0 ? opt.resolution : 200;
  const double e_coarse = thacker_error(n / 2, opt), e = thacker_error(n, opt), e_fine = thacker_error(2 * n, opt);
  CaseResult r{"thacker", std::to_string(n / 2) + "," + std::to_string(n) + "," + std::to_string(2 * n), {}, ""};
  r.norms.push_back({"rel_L1_h_" + std::to_string(n), e, kThackerL1.of(opt.precision)});
  // The error must fall each time the resolution doubles: ratio coarse/fine > 1.
  r.norms.push_back({"err_ratio_" + std::to_string(n / 2) + "/" + std::to_string(n), e_coarse / e, 1.0, true});
  r.norms.push_back({"err_ratio_" + std::to_string(n) + "/" + std::to_string(2 * n), e / e_fine, 1.0, true});
  r.note = "rel_L1_h: " + std::to_string(e_coarse) + ", " + std::to_string(e) + ", " + std::to_string(e_fine) +
           "; order " + std::to_string(observed_order(e_coarse, e_fine, n / 2, 2 * n));
  return {r};
}

}  // namespace ria::validate
