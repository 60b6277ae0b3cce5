#include "validate/common.hpp"

#include <sstream>

namespace ria::validate {

swe::SolverSetup base_setup(const Grid& g, const Options& opt) {
  swe::SolverSetup s;
  s.grid = g;
  s.H.assign(g.cells(), 0.0);
  s.backend = opt.backend;
  s.kernel = opt.kernel;
  s.precision = opt.precision;
  return s;
}

void fill_bed(swe::SolverSetup& s, const std::function<double(double, double)>& H) {
  const Grid& g = s.grid;
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) s.H[static_cast<std::size_t>(j) * g.nx + i] = H(g.x_centre(i), g.y_centre(j));
}

swe::HostState run_to(const swe::SolverSetup& s, const swe::HostState& init, double t_end, long* steps) {
  auto solver = swe::make_solver(s);
  solver->set_state(init);
  solver->advance(t_end, 1L << 40);
  if (steps) *steps = solver->steps();
  swe::HostState out;
  solver->get_state(out);
  return out;
}

double relative_l1(const std::vector<double>& a, const std::vector<double>& b) {
  double num = 0, den = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    num += std::fabs(a[k] - b[k]);
    den += std::fabs(b[k]);
  }
  return den > 0 ? num / den : num;
}

double observed_order(double e_coarse, double e_fine, double n_coarse, double n_fine) {
  return std::log(e_coarse / e_fine) / std::log(n_fine / n_coarse);
}

std::string grid_label(int nx, int ny) {
  std::ostringstream o;
  o << nx << "x" << ny;
  return o.str();
}

}  // namespace ria::validate
