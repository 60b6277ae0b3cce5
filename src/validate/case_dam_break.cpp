// ritter and stoker: 1-D dam breaks on a flat bed inside a 2-D grid (4 cells across), along x and
// along y, against analytic/dam_break.hpp; L1 convergence order from N/2 to 2N.
#include <algorithm>

#include "ria/analytic/dam_break.hpp"
#include "validate/cases.hpp"
#include "validate/common.hpp"
#include "validate/problems.hpp"
#include "validate/tolerances.hpp"

namespace ria::validate {
namespace {

constexpr int kAcross = 4;

struct Run {
  double error;
  std::vector<double> h;  // in along-axis order, row by row
};

Run run_dam_break(const analytic::DamBreak& dam, int n, bool along_y, const Options& opt) {
  const Problem p = dam_break_problem(dam.h_left, dam.h_right, n, along_y, opt);
  const Grid& g = p.setup.grid;
  const swe::HostState out = run_to(p.setup, p.init, p.duration);
  Run r{exact_depth_error(p, out.h, p.duration), {}};
  // Reorder to (along, across) so the x and y runs can be compared cell by cell.
  r.h.resize(g.cells());
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const int along = along_y ? j : i, across = along_y ? i : j;
      r.h[static_cast<std::size_t>(across) * n + along] = out.h[static_cast<std::size_t>(j) * g.nx + i];
    }
  return r;
}

std::vector<CaseResult> dam_break_case(const std::string& name, const analytic::DamBreak& dam, const Options& opt) {
  const int n = opt.resolution > 0 ? opt.resolution : 800;
  const Precision p = opt.precision;
  const Run x = run_dam_break(dam, n, false, opt);
  const Run y = run_dam_break(dam, n, true, opt);
  const Run coarse = run_dam_break(dam, n / 2, false, opt);
  const Run fine = run_dam_break(dam, n * 2, false, opt);
  double asym = 0;
  for (std::size_t k = 0; k < x.h.size(); ++k) asym = std::max(asym, std::fabs(x.h[k] - y.h[k]));

  CaseResult rx{name + "/x", grid_label(n, kAcross), {}, ""};
  rx.norms.push_back({"rel_L1_h", x.error, kDamBreakL1.of(p)});
  rx.norms.push_back({"order_L1_" + std::to_string(n / 2) + "_" + std::to_string(2 * n),
                      observed_order(coarse.error, fine.error, n / 2, 2 * n), kDamBreakOrder.of(p), true});
  rx.note = "rel_L1_h at " + std::to_string(n / 2) + ": " + std::to_string(coarse.error) + ", at " +
            std::to_string(2 * n) + ": " + std::to_string(fine.error);
  CaseResult ry{name + "/y", grid_label(kAcross, n), {}, "same problem along y"};
  ry.norms.push_back({"rel_L1_h", y.error, kDamBreakL1.of(p)});
  ry.norms.push_back({"max_abs_h_y_minus_x", asym, kReflection.of(p)});
  return {rx, ry};
}

}  // namespace

std::vector<CaseResult> case_ritter(const Options& opt) {
  return dam_break_case(sim::name_of(sim::AnalyticCase::ritter), analytic::DamBreak{1.0, 0.0, 50.0, 9.81},
                        opt);
}

std::vector<CaseResult> case_stoker(const Options& opt) {
  return dam_break_case(sim::name_of(sim::AnalyticCase::stoker), analytic::DamBreak{1.0, 0.1, 50.0, 9.81},
                        opt);
}

}  // namespace ria::validate
