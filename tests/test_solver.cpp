// Solver-level tests: backend equivalence, conservation, precision agreement, failure handling.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

#include "ria/swe/solver.hpp"
#include "run_fixture.hpp"
#include "swe/solver_common.hpp"
#include "validate/common.hpp"

using namespace ria;

namespace {

swe::HostState run(swe::SolverSetup s, const swe::HostState& init, double t_end) {
  auto solver = swe::make_solver(s);
  solver->set_state(init);
  solver->advance(t_end, 1L << 40);
  swe::HostState out;
  solver->get_state(out);
  return out;
}

/// The forcing scenario of run_fixture.hpp on the 64 x 64 estuary, run by the driver for `duration`
/// seconds: tide series, river, release, patch, friction, wet/dry flats, diffusion and decay, every
/// code path at once. `edit` changes the model before the solver is built.
swe::HostState busy_estuary(exec::Backend b, Precision p, double duration,
                            const std::function<void(sim::Model&)>& edit = nullptr) {
  const sim::Scenario sc = test::forcing_scenario(duration);
  sim::Model m = sim::build_model(sc, test::estuary_domain(64));
  if (edit) edit(m);
  auto solver = test::start_solver(m, b, "default", p);
  test::RecordingObserver obs;
  EXPECT_EQ(sim::run(*solver, sc, m, obs, {}), sim::RunEnd::finished);
  swe::HostState out;
  solver->get_state(out);
  return out;
}

/// One serial step of the CPU solver from `state` against the per-cell stencil over the same state
/// (update_from_neighbours: each edge evaluated from both of its cells): equal bit for bit.
template <class S, class T>
void expect_one_step_equals_stencil(sim::Model m, const swe::HostState& state, Precision p) {
  m.setup.backend = exec::Backend::serial, m.setup.kernel = "default", m.setup.precision = p;
  auto solver = swe::make_solver(m.setup);
  solver->set_state(state);
  ASSERT_EQ(solver->advance(1e9, 1), 1);
  const double dt = solver->time();
  swe::HostState got;
  solver->get_state(got);

  const std::size_t n = m.setup.grid.cells();
  std::vector<S> f(4 * n);
  const std::vector<double>* in[4] = {&state.h, &state.qx, &state.qy, &state.hc};
  for (int c = 0; c < 4; ++c)
    for (std::size_t k = 0; k < n; ++k) f[c * n + k] = static_cast<S>((*in[c])[k]);
  // The state as the precision keeps it (mixed_state.hpp: the solver rounds a set state so).
  for (std::size_t k = 0; k < n; ++k) {
    const swe::Conserved<S> w = swe::kept_state<S, T>(swe::Conserved<S>{f[k], f[n + k], f[2 * n + k], f[3 * n + k]});
    f[k] = w.h, f[n + k] = w.qx, f[2 * n + k] = w.qy, f[3 * n + k] = w.hc;
  }
  const std::vector<T> H(m.setup.H.begin(), m.setup.H.end());
  const swe::SweepSetup<T> sw = swe::make_sweep_setup<T>(m.setup);
  const swe::ArraySource<T, S> src{{f.data(), f.data() + n, f.data() + 2 * n, f.data() + 3 * n}, H.data(), sw.nx, 0};
  long dry_neighbours = 0;
  for (int j = 0; j < sw.ny; ++j)
    for (int i = 0; i < sw.nx; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * sw.nx + i;
      const swe::Conserved<S> w =
          swe::kept_state<S, T>(swe::update_from_neighbours(src, sw, swe::step_time(sw.bc, 0.0), static_cast<S>(dt), i, j));
      ASSERT_EQ(static_cast<double>(w.h), got.h[k]) << precision_name(p) << " cell " << i << "," << j;
      ASSERT_EQ(static_cast<double>(w.qx), got.qx[k]) << precision_name(p) << " cell " << i << "," << j;
      ASSERT_EQ(static_cast<double>(w.qy), got.qy[k]) << precision_name(p) << " cell " << i << "," << j;
      ASSERT_EQ(static_cast<double>(w.hc), got.hc[k]) << precision_name(p) << " cell " << i << "," << j;
      dry_neighbours += state.h[k] <= 0;
    }
  EXPECT_GT(dry_neighbours, 0);  // the state has dry land, so the dry-edge skip is exercised too
}

}  // namespace

// The CPU sweep evaluates each edge once (cpu_solver.cpp) and hands a cell the same four values as
// the per-cell stencil, which evaluates every edge from both sides: one step from a state with
// fronts, a river, a release and diffusion is the same to the bit in every precision.
TEST(Solver, EdgeOnceSweepEqualsThePerCellStencilBitwise) {
  const sim::Scenario sc = test::forcing_scenario(1800.0);
  const sim::Model m = sim::build_model(sc, test::estuary_domain(64));
  const swe::HostState state = busy_estuary(exec::Backend::serial, Precision::f64, 1800.0);
  expect_one_step_equals_stencil<double, double>(m, state, Precision::f64);
  expect_one_step_equals_stencil<float, float>(m, state, Precision::f32);
  expect_one_step_equals_stencil<double, float>(m, state, Precision::mixed);
}

TEST(Solver, OpenmpIsBitwiseIdenticalToSerial) {
  if (!exec::built_with_openmp()) GTEST_SKIP() << "not built with OpenMP";
  const swe::HostState x = busy_estuary(exec::Backend::serial, Precision::f64, 3 * 3600.0);
  const swe::HostState y = busy_estuary(exec::Backend::openmp, Precision::f64, 3 * 3600.0);
  for (std::size_t k = 0; k < x.h.size(); ++k) {
    ASSERT_EQ(x.h[k], y.h[k]) << "cell " << k;
    ASSERT_EQ(x.qx[k], y.qx[k]) << "cell " << k;
    ASSERT_EQ(x.qy[k], y.qy[k]) << "cell " << k;
    ASSERT_EQ(x.hc[k], y.hc[k]) << "cell " << k;
  }
}

TEST(Solver, FloatFollowsDouble) {
  const swe::HostState x = busy_estuary(exec::Backend::serial, Precision::f64, 3600.0);
  const swe::HostState y = busy_estuary(exec::Backend::serial, Precision::f32, 3600.0);
  double diff = 0, norm = 0;
  for (std::size_t k = 0; k < x.h.size(); ++k) {
    diff += std::fabs(x.h[k] - y.h[k]);
    norm += std::fabs(x.h[k]);
  }
  EXPECT_LT(diff / norm, 1e-4);  // float round-off amplified by ~1e3 steps of a wet/dry flow
}

TEST(Solver, ClosedBasinConservesWaterAndPollutantWithDiffusionAndFriction) {
  validate::Options opt;
  swe::HostState init;
  swe::SolverSetup s = validate::water_column_setup(60, opt, init);
  s.physics.diffusivity = 0.01;
  s.manning.uniform = 0.03;
  auto solver = swe::make_solver(s);
  solver->set_state(init);
  const swe::Totals a = solver->totals();
  solver->advance(3.0, 1L << 40);
  const swe::Totals b = solver->totals();
  EXPECT_LT(std::fabs(b.water - a.water) / a.water, 1e-13);
  EXPECT_LT(std::fabs(b.pollutant - a.pollutant) / a.pollutant, 1e-13);
  EXPECT_EQ(solver->time(), 3.0);  // the last step lands exactly on the stop time
}

// A discharge side passes its inflow exactly: the edge's mass flux is q_in (boundary.hpp), not
// Roe's flux between the ghost state and the cell, which passed about the mean of q_in and the
// cell's own discharge (half of q_in into water at rest, 6-10% above it on the estuary's river).
TEST(Solver, DischargeSideDeliversItsInflowExactly) {
  for (const Precision p : {Precision::f64, Precision::mixed}) {
    validate::Options opt;
    swe::HostState init;
    swe::SolverSetup s = validate::water_column_setup(60, opt, init);
    s.precision = p;
    s.track_balance = true;
    swe::BoundarySide& west = s.bc.side[swe::west];
    west.kind = swe::BoundaryKind::discharge;
    west.begin = 10, west.end = 30;  // 20 rows
    west.discharge = 0.5;            // m^2/s
    west.concentration = 2.0;
    auto solver = swe::make_solver(s);
    solver->set_state(init);
    const swe::Totals a = solver->totals();
    solver->advance(3.0, 1L << 40);
    const swe::Totals b = solver->totals();
    const double in = 0.5 * 20 * s.grid.dy * 3.0;  // q x segment width x time [m^3]
    EXPECT_NEAR(solver->balance().water_in, in, 1e-12 * in) << precision_name(p);
    EXPECT_NEAR(solver->balance().pollutant_in, 2.0 * in, 2e-12 * in) << precision_name(p);
    EXPECT_NEAR(b.water - a.water, in, 1e-12 * a.water) << precision_name(p);
    EXPECT_NEAR(b.pollutant - a.pollutant, 2.0 * in, 1e-12 * a.pollutant) << precision_name(p);
  }
}

// A tide over a beach where every drop of water has C = 1 (the sea's and the water at the start):
// C stays 1 through the wet/dry fronts. The upwind C was the desingularised ratio (wet_dry.hpp),
// smaller than hc/h below dry_depth: thin cells sending water out kept pollutant, and a sweep
// found C from 0.77 to 1.63 on such a beach, in water up to 0.3 m deep with dry_depth = 1e-2.
// Also in float and mixed, with the beach 10 m below the datum (larger beds, coarser rounding).
TEST(Solver, ConcentrationKeepsItsBoundsAtWetDryFronts) {
  struct Case {
    Precision p;
    double shift, dry, tolerance;  // the bed and the sea 'shift' m lower; |C - 1| allowed
  };
  // Double: round-off (measured 9e-16); float and mixed: 3e-7 and 7e-8 measured, 30 times that
  // allowed (the desingularised C of thin cells gave errors of 1e-2 to 0.6).
  for (const Case c : {Case{Precision::f64, 0, 1e-3, 1e-12}, Case{Precision::f64, 0, 1e-2, 1e-12},
                       Case{Precision::f32, 10, 1e-3, 1e-5}, Case{Precision::mixed, 10, 1e-3, 1e-5}}) {
    const double dry = c.dry;
    const int nx = 100, ny = 3;
    swe::SolverSetup s;
    s.grid = Grid{nx, ny, 10.0, 10.0, 0.0, 0.0};
    s.H.resize(s.grid.cells());
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i)  // bed -2 .. +1 m (and c.shift lower)
        s.H[static_cast<std::size_t>(j) * nx + i] = 2.0 - 0.003 * s.grid.x_centre(i) + c.shift;
    s.precision = c.p;
    s.physics.h_dry = dry;
    s.manning.uniform = 0.02;
    swe::BoundarySide& sea = s.bc.side[swe::west];
    sea.kind = swe::BoundaryKind::level;
    sea.level.mean = -c.shift;
    sea.level.count = 1;
    sea.level.amplitude[0] = 0.5;
    sea.level.omega[0] = 2 * M_PI / 3600;  // a 0.5 m tide of 1 h, high water at t = 0
    sea.concentration = 1.0;
    swe::HostState init;
    init.resize(s.grid.cells());
    for (std::size_t k = 0; k < init.h.size(); ++k) init.h[k] = init.hc[k] = std::max(0.0, 0.5 - c.shift + s.H[k]);
    auto solver = swe::make_solver(s);
    solver->set_state(init);
    solver->advance(5400.0, 1L << 40);  // to low water and halfway back
    swe::HostState out;
    solver->get_state(out);
    int wet = 0, thin = 0, dried = 0;
    double worst = 0;
    for (std::size_t k = 0; k < out.h.size(); ++k) {
      const std::string at = std::string(precision_name(c.p)) + ", dry_depth " + std::to_string(dry) + ", cell " + std::to_string(k);
      ASSERT_LE(out.hc[k], out.h[k] * (1 + c.tolerance)) << at;
      if (out.h[k] > dry) {
        EXPECT_NEAR(out.hc[k] / out.h[k], 1.0, c.tolerance) << at;
        worst = std::max(worst, std::fabs(out.hc[k] / out.h[k] - 1));
        ++wet;
      } else if (out.h[k] > 0) {
        ++thin;
      }
      dried += init.h[k] > 0 && out.h[k] <= dry;
    }
    EXPECT_GT(wet, 0);
    EXPECT_GT(thin + dried, 0) << "no front: the test would not see the thin cells";
    std::printf("%s, dry_depth %g, bed %g m lower: largest |C - 1| in wet cells %.3g\n", precision_name(c.p), dry, c.shift, worst);
  }
}

TEST(Solver, NanStateStopsWithNumericalError) {
  validate::Options opt;
  swe::HostState init;
  swe::SolverSetup s = validate::water_column_setup(20, opt, init);
  init.h[57] = std::nan("");
  auto solver = swe::make_solver(s);
  solver->set_state(init);
  EXPECT_THROW(solver->advance(1.0, 10), swe::NumericalError);
}

// A column of water at rest in a cell whose four neighbours are dry (a release on land, a puddle)
// sends each of them the exact dry-bed flux (8/27) c h (roe_flux.hpp, item 4): after the first
// step of dt = gamma dx / (2c) it holds h (1 - (16/27) gamma) exactly, non-negative for any CFL
// number gamma <= 1 (an HLLE flux sent 2/3 c h and left -0.2 h at the default 0.9); it then
// spreads without a negative depth, the water conserved.
TEST(Solver, AColumnAmongDryCellsKeepsItsDepthNonNegative) {
  for (const double gamma : {0.9, 1.0}) {
    validate::Options opt;
    swe::HostState init;
    swe::SolverSetup s = validate::water_column_setup(9, opt, init);
    s.cfl = gamma;
    std::fill(init.h.begin(), init.h.end(), 0.0);
    std::fill(init.hc.begin(), init.hc.end(), 0.0);
    const std::size_t centre = 4 * 9 + 4;
    init.h[centre] = 1.0, init.hc[centre] = 1.0;
    auto solver = swe::make_solver(s);
    solver->set_state(init);
    ASSERT_EQ(solver->advance(1e9, 1), 1);
    swe::HostState one;
    solver->get_state(one);
    EXPECT_NEAR(one.h[centre], 1.0 - 16.0 / 27.0 * gamma, 1e-14) << "cfl " << gamma;
    for (const std::size_t k : {centre - 1, centre + 1, centre - 9, centre + 9})
      EXPECT_NEAR(one.h[k], 4.0 / 27.0 * gamma, 1e-14) << "cfl " << gamma;
    solver->advance(1e9, 300);
    swe::HostState later;
    solver->get_state(later);
    EXPECT_GE(*std::min_element(later.h.begin(), later.h.end()), 0.0) << "cfl " << gamma;
    EXPECT_NEAR(solver->totals().water, s.grid.area(), 1e-12 * s.grid.area()) << "cfl " << gamma;
  }
}

TEST(Solver, BadRequestsAreClearErrors) {
  validate::Options opt;
  swe::HostState init;
  swe::SolverSetup s = validate::water_column_setup(8, opt, init);
  s.kernel = "fused";
  EXPECT_THROW(swe::make_solver(s), std::invalid_argument);
  s.kernel = "default";
  // What no reader produces is a programmer's error, not an input error.
  s.cfl = 1.5;
  EXPECT_THROW(swe::make_solver(s), std::logic_error);
  s.cfl = 0.9;
  s.manning.per_cell.assign(s.grid.cells() - 1, 0.03);
  EXPECT_THROW(swe::make_solver(s), std::logic_error);
  s.manning.per_cell.clear();
  s.H.pop_back();
  EXPECT_THROW(swe::make_solver(s), std::logic_error);
  if (!exec::built_with_cuda()) {
    s.H.push_back(1.0);
    s.backend = exec::Backend::cuda;
    EXPECT_THROW(swe::make_solver(s), swe::NotBuiltError);
  }
}

TEST(Solver, TransonicRarefactionHasNoExpansionShock) {
  // Left and right states on one 1-rarefaction curve (u + 2c constant) whose fan contains the sonic
  // point: the exact solution is the fan h = (u_l + 2 c_l - x/t)^2 / (9 g). Without an entropy fix
  // a Roe scheme keeps a stationary jump at x = 0; with it, the fan is resolved.
  const double g = 9.81, hl = 1.0, cl = std::sqrt(g * hl), ul = -0.5 * cl, inv = ul + 2 * cl;
  const double cr = 1.3, ur = inv - 2 * cr, hr = cr * cr / g;
  const int n = 400;
  validate::Options opt;
  Grid grid{n, 2, 20.0 / n, 20.0 / n, -10.0, 0.0};
  swe::SolverSetup s = validate::base_setup(grid, opt);
  s.bc.side[swe::west].kind = swe::BoundaryKind::open;
  s.bc.side[swe::east].kind = swe::BoundaryKind::open;
  swe::HostState init;
  init.resize(grid.cells());
  for (int j = 0; j < 2; ++j)
    for (int i = 0; i < n; ++i) {
      const bool left = grid.x_centre(i) < 0;
      init.h[j * n + i] = left ? hl : hr;
      init.qx[j * n + i] = left ? hl * ul : hr * ur;
    }
  const double t = 1.0;
  const swe::HostState out = run(s, init, t);
  double err = 0, jump = 0, norm = 0;
  for (int i = 0; i < n; ++i) {
    const double xi = grid.x_centre(i) / t;
    double h = xi < ul - cl ? hl : (xi > ur - cr ? hr : (inv - xi) * (inv - xi) / (9 * g));
    err += std::fabs(out.h[i] - h);
    norm += h;
    if (i > 0) jump = std::max(jump, std::fabs(out.h[i] - out.h[i - 1]));
  }
  EXPECT_LT(err / norm, 0.01);
  EXPECT_LT(jump, 0.02);  // the fan spans ~ 250 cells: no jump anywhere near hl - hr = 0.83
}

// A Manning raster: in a uniform flow over a flat bed the interior fluxes cancel exactly, so one
// step changes each interior cell's discharge only by its own friction factor (sources.hpp):
//   q1 = q0 / (1 + dt g n_k^2 |u| / h^(4/3)),
// and a field that is everywhere equal to the uniform n gives the uniform run bit for bit.
TEST(Solver, ManningFieldAppliesEachCellsOwnCoefficient) {
  swe::SolverSetup s;
  s.grid = Grid{12, 10, 5.0, 5.0, 0, 0};
  s.H.assign(s.grid.cells(), 2.0);
  s.manning.uniform = 0;
  s.manning.per_cell.resize(s.grid.cells());
  for (std::size_t k = 0; k < s.grid.cells(); ++k) s.manning.per_cell[k] = 0.01 * (k % 7);  // 0 .. 0.06
  swe::HostState init;
  init.resize(s.grid.cells());
  for (std::size_t k = 0; k < init.h.size(); ++k) init.h[k] = 2.0, init.qx[k] = 0.6, init.qy[k] = -0.2, init.hc[k] = 0;
  for (exec::Backend b : {exec::Backend::serial, exec::Backend::openmp}) {
    if (b == exec::Backend::openmp && !exec::built_with_openmp()) continue;
    s.backend = b;
    auto solver = swe::make_solver(s);
    solver->set_state(init);
    ASSERT_EQ(solver->advance(1e30, 1), 1);
    const double dt = solver->time(), speed = std::hypot(0.6, 0.2) / 2.0;
    swe::HostState out;
    solver->get_state(out);
    for (int j = 2; j < s.grid.ny - 2; ++j)
      for (int i = 2; i < s.grid.nx - 2; ++i) {
        const std::size_t k = static_cast<std::size_t>(j) * s.grid.nx + i;
        const double n = s.manning.per_cell[k];
        const double factor = 1 + dt * s.physics.g * n * n * speed / std::pow(2.0, 4.0 / 3.0);
        EXPECT_NEAR(out.qx[k], 0.6 / factor, 1e-15) << i << "," << j;
        EXPECT_NEAR(out.qy[k], -0.2 / factor, 1e-15) << i << "," << j;
        if (n == 0) {
          EXPECT_EQ(out.qx[k], 0.6);
        }
      }
  }
  // Constant field == uniform coefficient, bitwise, over many steps of a busy estuary.
  const swe::HostState uniform = busy_estuary(exec::Backend::serial, Precision::f64, 600);
  const swe::HostState field = busy_estuary(exec::Backend::serial, Precision::f64, 600, [](sim::Model& m) {
    m.setup.manning.per_cell.assign(m.setup.grid.cells(), m.setup.manning.uniform);
    m.setup.manning.uniform = 0.5;  // ignored where the field is given
  });
  EXPECT_TRUE(uniform.h == field.h && uniform.qx == field.qx && uniform.qy == field.qy && uniform.hc == field.hc);
}
