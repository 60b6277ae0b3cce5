// The validation problems (problems.hpp); the bounds and scores are in the case_*.cpp files.
#include "validate/problems.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "ria/analytic/bump.hpp"
#include "ria/analytic/dam_break.hpp"
#include "ria/analytic/thacker.hpp"
#include "validate/common.hpp"

namespace ria::validate {
namespace {

constexpr double kDamLength = 100.0, kDam = 50.0, kDamTime = 6.0;

int or_default(int cells, int def) { return cells > 0 ? cells : def; }

/// Bed depth 0.5 m with two bumps whose tops (H = -0.3, -0.05) stand above the water (eta0 = 0.1):
/// dry islands ringed by shorelines, and a third bump that stays submerged. Still water stays still.
Problem lake_at_rest(int n, const Options& opt) {
  const double eta0 = 0.1;
  Problem p;
  p.setup = base_setup(Grid{n, n, 1.0 / n, 1.0 / n, 0.0, 0.0}, opt);
  const auto H = [](double x, double y) {
    auto bump = [&](double xc, double yc, double w) { return std::exp(-((x - xc) * (x - xc) + (y - yc) * (y - yc)) / w); };
    return 0.5 - 0.8 * bump(0.3, 0.35, 0.01) - 0.55 * bump(0.7, 0.65, 0.02) - 0.3 * bump(0.7, 0.2, 0.005);
  };
  fill_bed(p.setup, H);
  p.init.resize(p.setup.grid.cells());
  for (std::size_t k = 0; k < p.init.h.size(); ++k) p.init.h[k] = std::max(0.0, eta0 + p.setup.H[k]);
  p.duration = 2.0;
  p.exact_depth = [H, eta0](double x, double y, double) { return std::max(0.0, eta0 + H(x, y)); };
  return p;
}

/// Thacker's planar oscillation in a paraboloid bowl on [0, 4]^2, one period.
Problem thacker(int n, const Options& opt) {
  const analytic::Thacker th;
  const double d = 4.0 / n;
  Problem p;
  p.setup = base_setup(Grid{n, n, d, d, 0.0, 0.0}, opt);
  fill_bed(p.setup, [&](double x, double y) { return th.bed_depth(x, y); });
  const Grid& g = p.setup.grid;
  p.init.resize(g.cells());
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * n + i;
      p.init.h[k] = th.depth(g.x_centre(i), g.y_centre(j), 0.0);
      p.init.qx[k] = p.init.h[k] * th.u(0.0);
      p.init.qy[k] = p.init.h[k] * th.v(0.0);
    }
  p.duration = th.period();
  p.exact_depth = [th](double x, double y, double t) { return th.depth(x, y, t); };
  return p;
}

/// Steady subcritical flow over a bump: discharge in from the west, level out at the east.
Problem bump(int n, const Options& opt) {
  const analytic::Bump b;
  Problem p;
  p.setup = base_setup(Grid{n, 4, b.length / n, b.length / n, 0.0, 0.0}, opt);
  fill_bed(p.setup, [&](double x, double) { return -b.bed_elevation(x); });
  swe::SolverSetup& s = p.setup;
  s.bc.side[swe::west].kind = swe::BoundaryKind::discharge;
  s.bc.side[swe::west].discharge = b.q;
  s.bc.side[swe::east].kind = swe::BoundaryKind::level;
  s.bc.side[swe::east].level.mean = b.h_out;
  p.init.resize(s.grid.cells());
  for (std::size_t k = 0; k < p.init.h.size(); ++k) p.init.h[k] = b.h_out + s.H[k], p.init.qx[k] = b.q;
  p.duration = 200.0;  // steady by then
  p.exact_depth = [b](double x, double, double) { return b.depth(x); };
  return p;
}

Problem water_column(int n, const Options& opt) {
  Problem p;
  p.setup = water_column_setup(n, opt, p.init);
  p.duration = 1.0;
  return p;
}

double blob(double x, double y) {
  const double r = std::sqrt((x - 25) * (x - 25) + (y - 10) * (y - 10)) / 8.0;
  return r < 1 ? std::pow(std::cos(0.5 * M_PI * r), 2) : 0.0;
}

}  // namespace

Problem dam_break_problem(double h_left, double h_right, int n, bool along_y, const Options& opt) {
  const analytic::DamBreak dam{h_left, h_right, kDam, 9.81};
  const double d = kDamLength / n;
  constexpr int kAcross = 4;
  Problem p;
  p.setup = base_setup(Grid{along_y ? kAcross : n, along_y ? n : kAcross, d, d, 0.0, 0.0}, opt);
  const Grid& g = p.setup.grid;
  p.init.resize(g.cells());
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const double x = along_y ? g.y_centre(j) : g.x_centre(i);
      p.init.h[static_cast<std::size_t>(j) * g.nx + i] = x < kDam ? dam.h_left : dam.h_right;
    }
  p.duration = kDamTime;
  p.exact_depth = [dam, along_y](double x, double y, double t) { return dam.depth(along_y ? y : x, t); };
  return p;
}

/// Channel 100 m x 20 m, depth 1 m, u = 1 m/s from the west (discharge inflow, C_in = c_in),
/// open east, walls north and south; exact depth 1 m throughout.
Problem tracer_problem(int n, const Options& opt, double c_in, double (*conc)(double, double)) {
  Problem p;
  p.setup = base_setup(Grid{n, n / 5, 100.0 / n, 100.0 / n, 0.0, 0.0}, opt);
  swe::SolverSetup& s = p.setup;
  fill_bed(s, [](double, double) { return 1.0; });
  s.bc.side[swe::west].kind = swe::BoundaryKind::discharge;
  s.bc.side[swe::west].discharge = 1.0;
  s.bc.side[swe::west].concentration = c_in;
  s.bc.side[swe::east].kind = swe::BoundaryKind::open;
  const Grid& g = s.grid;
  p.init.resize(g.cells());
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * g.nx + i;
      p.init.h[k] = 1.0, p.init.qx[k] = 1.0, p.init.hc[k] = conc(g.x_centre(i), g.y_centre(j));
    }
  p.duration = 30.0;
  p.exact_depth = [](double, double, double) { return 1.0; };
  return p;
}

double problem_cells(sim::AnalyticCase c, int cells) {
  using sim::AnalyticCase;
  const double n = cells > 0 ? cells : 800;  // an upper bound of every default
  switch (c) {
    case AnalyticCase::ritter:
    case AnalyticCase::stoker:
    case AnalyticCase::bump: return 4 * n;
    case AnalyticCase::tracer: return n * std::floor(n / 5);
    case AnalyticCase::lake_at_rest:
    case AnalyticCase::thacker:
    case AnalyticCase::water_column: return n * n;
  }
  throw std::logic_error("problem_cells: not an analytic case");
}

Problem make_problem(sim::AnalyticCase c, int cells, const Options& opt) {
  using sim::AnalyticCase;
  switch (c) {
    case AnalyticCase::lake_at_rest: return lake_at_rest(or_default(cells, 100), opt);
    case AnalyticCase::ritter: return dam_break_problem(1.0, 0.0, or_default(cells, 800), false, opt);
    case AnalyticCase::stoker: return dam_break_problem(1.0, 0.1, or_default(cells, 800), false, opt);
    case AnalyticCase::thacker: return thacker(or_default(cells, 200), opt);
    case AnalyticCase::tracer: return tracer_problem(or_default(cells, 200), opt, 0.0, blob);
    case AnalyticCase::water_column: return water_column(or_default(cells, 100), opt);
    case AnalyticCase::bump: return bump(or_default(cells, 400), opt);
  }
  throw std::logic_error("make_problem: not an analytic case");
}

double exact_depth_error(const Problem& p, const std::vector<double>& h, double t) {
  const Grid& g = p.setup.grid;
  std::vector<double> exact(g.cells());
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i)
      exact[static_cast<std::size_t>(j) * g.nx + i] = p.exact_depth(g.x_centre(i), g.y_centre(j), t);
  return relative_l1(h, exact);
}

}  // namespace ria::validate
