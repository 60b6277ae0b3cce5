// thacker: planar oscillation in a paraboloid bowl (analytic/thacker.hpp) on [0, 4]^2 with walls,
// one period; relative L1 error of h at N/2, N, 2N (default 100, 200, 400).
#include "validate/cases.hpp"
#include "validate/common.hpp"
#include "validate/problems.hpp"
#include "validate/tolerances.hpp"

namespace ria::validate {
namespace {

double thacker_error(int n, const Options& opt) {
  const Problem p = make_problem(sim::AnalyticCase::thacker, n, opt);
  return exact_depth_error(p, run_to(p.setup, p.init, p.duration).h, p.duration);
}

}  // namespace

std::vector<CaseResult> case_thacker(const Options& opt) {
  const int n = opt.resolution > 0 ? opt.resolution : 200;
  const double e_coarse = thacker_error(n / 2, opt), e = thacker_error(n, opt), e_fine = thacker_error(2 * n, opt);
  const std::string resolutions = std::to_string(n / 2) + "," + std::to_string(n) + "," + std::to_string(2 * n);
  CaseResult r{sim::name_of(sim::AnalyticCase::thacker), resolutions, {}, ""};
  r.norms.push_back({"rel_L1_h_" + std::to_string(n), e, kThackerL1.of(opt.precision)});
  // The error must fall each time the resolution doubles: ratio coarse/fine > 1.
  r.norms.push_back({"err_ratio_" + std::to_string(n / 2) + "/" + std::to_string(n), e_coarse / e, 1.0, true});
  r.norms.push_back({"err_ratio_" + std::to_string(n) + "/" + std::to_string(2 * n), e / e_fine, 1.0, true});
  r.note = "rel_L1_h: " + std::to_string(e_coarse) + ", " + std::to_string(e) + ", " + std::to_string(e_fine) +
           "; order " + std::to_string(observed_order(e_coarse, e_fine, n / 2, 2 * n));
  return {r};
}

}  // namespace ria::validate
