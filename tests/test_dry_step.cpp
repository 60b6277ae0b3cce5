// The step while no cell is wet (swe/cfl.hpp DtRule::dry_step, sim/dry_step.cpp): water entering a
// grid that is dry everywhere takes steps bounded by its own CFL, not the interval to the next
// output. On a flat dry bed 5 m above the datum, 20 x 10 cells of 100 m:
//   - a level boundary 1 m above the bed floods the land from the west: the depth never exceeds
//     the 1 m outside by more than a few percent (a dam break onto a dry bed keeps h <= h_0), and
//     the state after an hour is the same whether outputs fall every hour or every minute;
//   - a release of 10 m^3/s spreads from its cell instead of piling an hour's 36 000 m^3 there.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "ria/swe/cfl.hpp"
#include "run_fixture.hpp"

using namespace ria;

namespace {

sim::Domain flat_dry_land() {
  sim::Domain d;
  d.grid = Grid{20, 10, 100.0, 100.0, 0.0, 0.0};
  d.bed_z.assign(d.grid.cells(), 5.0);
  return d;
}

sim::Scenario dry_scenario(double output_interval) {
  sim::Scenario sc;
  sc.file = "<test>";
  sc.time.duration = 3600;
  sc.time.output_interval = output_interval;
  sc.physics.manning = 0.025;
  sc.initial.level = 0;  // below the bed everywhere: dry
  sc.output.checkpoint_interval = 0;
  return sc;
}

struct Outcome {
  swe::HostState state;
  long steps = 0;
  double max_depth = 0;  // over every step (the extremes)
};

Outcome run(const sim::Scenario& sc) {
  sim::Model m = sim::build_model(sc, flat_dry_land());
  m.setup.extremes.track = true;
  auto solver = test::start_solver(m, exec::Backend::serial, "default", Precision::f64);
  test::RecordingObserver obs;
  sim::run(*solver, sc, m, obs, {});
  Outcome o;
  solver->get_state(o.state);
  o.steps = solver->steps();
  o.max_depth = *std::max_element(obs.final_extremes.max_depth.begin(), obs.final_extremes.max_depth.end());
  return o;
}

double rel_l1(const std::vector<double>& a, const std::vector<double>& b) {
  double d = 0, n = 0;
  for (std::size_t k = 0; k < a.size(); ++k) d += std::fabs(a[k] - b[k]), n += std::fabs(b[k]);
  return d / n;
}

/// The scenario run with outputs every hour and every minute, and what the two did, printed.
struct TwoRuns {
  Outcome hourly, minutely;
  double diff = 0;  // rel_l1 of the final depths
};
TwoRuns hourly_and_minutely(sim::Scenario sc, const char* what) {
  TwoRuns r;
  sc.time.output_interval = 3600;
  r.hourly = run(sc);
  sc.time.output_interval = 60;
  r.minutely = run(sc);
  r.diff = rel_l1(r.hourly.state.h, r.minutely.state.h);
  std::printf("  %s: %ld steps (hourly outputs), %ld (every minute); max depth %.3f / %.3f m; rel L1 %.2e\n", what,
              r.hourly.steps, r.minutely.steps, r.hourly.max_depth, r.minutely.max_depth, r.diff);
  return r;
}

}  // namespace

TEST(DryStep, InflowAndSourceStepsMeetTheirCfl) {
  const double cfl = 0.9, g = 9.81, dx = 100, dy = 50;
  // inflow_step: gamma / (2 sqrt(g h) (1/dx + 1/dy)).
  EXPECT_NEAR(swe::inflow_step(cfl, g, 1.0, dx, dy), cfl / (2 * std::sqrt(g) * (0.01 + 0.02)), 1e-12);
  EXPECT_TRUE(std::isinf(swe::inflow_step(cfl, g, 0.0, dx, dy)));
  EXPECT_TRUE(std::isinf(swe::inflow_step(cfl, g, -1.0, dx, dy)));
  // source_step: after dt the depth rate dt has a wave that meets the CFL with equality.
  const double rate = 1e-3, dt = swe::source_step(cfl, g, rate, dx, dy);
  EXPECT_NEAR(dt * std::sqrt(g * rate * dt) * (1 / dx + 1 / dy), cfl, 1e-12);
  EXPECT_TRUE(std::isinf(swe::source_step(cfl, g, 0.0, dx, dy)));
  // global_dt takes dry_step only when no cell is wet.
  swe::DtRule rule{cfl, 0, dx, dy, 7.0};
  EXPECT_EQ(swe::global_dt(rule, swe::kDryLocalDt, 3600), 7.0);
  EXPECT_EQ(swe::global_dt(rule, static_cast<float>(swe::kDryLocalDt), 3600), 7.0);
  EXPECT_EQ(swe::global_dt(rule, 100.0, 3600), cfl * 100.0);  // a wet cell's CFL, larger than dry_step
  EXPECT_EQ(swe::global_dt(rule, swe::kDryLocalDt, 3.0), 3.0);  // the next stop still comes first
}

TEST(DryStep, ALevelAboveDryLandFloodsItAlikeWhateverTheOutputInterval) {
  sim::Scenario sc = dry_scenario(3600);
  sim::BoundarySpec sea;
  sea.side = sim::BoundarySpec::Side::west;
  sea.kind = sim::BoundarySpec::Kind::level;
  sea.mean_level = 6.0;  // 1 m above the bed
  sc.boundaries = {sea};
  const sim::Model m = sim::build_model(sc, flat_dry_land());
  // The ghost depth 1 m: dry_step = 0.9 / (2 sqrt(9.81) (2 / 100 m)) = 7.18 s.
  EXPECT_NEAR(m.setup.dry_step, 0.9 / (2 * std::sqrt(9.81) * 0.02), 1e-12);
  const TwoRuns r = hourly_and_minutely(sc, "level");
  // Before dry_step an hourly run took one step and left 75 m of water in the west column.
  EXPECT_GT(r.hourly.steps, 100);
  EXPECT_LT(r.hourly.max_depth, 1.1) << "the inflow piled up: max depth " << r.hourly.max_depth << " m";
  EXPECT_LT(r.minutely.max_depth, 1.1);
  // The same flood: the minute stops only split some steps (1.4e-4 measured; before, O(1)).
  EXPECT_LT(r.diff, 0.02);
  // Water reached the east end (2 km at ~2 sqrt(g h) in an hour).
  EXPECT_GT(r.hourly.state.h[19], 0.0);
}

TEST(DryStep, AReleaseOnDryLandSpreadsFromItsCell) {
  sim::Scenario sc = dry_scenario(3600);
  sim::ReleaseSpec r;
  r.name = "spill", r.x = 1050, r.y = 550, r.discharge = 10, r.concentration = 1, r.start = 0, r.duration = 3600;
  sc.releases = {r};
  const TwoRuns t = hourly_and_minutely(sc, "release");
  // 36 000 m^3 in one 100 m cell would stand 3.6 m deep; spread, it stands far lower. (The first
  // step, source_step = 59 s, wets the cell; its CFL steps follow.)
  EXPECT_GT(t.hourly.steps, 50);
  EXPECT_LT(t.hourly.max_depth, 1.0) << "the release piled up: max depth " << t.hourly.max_depth << " m";
  const double volume = std::accumulate(t.hourly.state.h.begin(), t.hourly.state.h.end(), 0.0) * 100 * 100;
  EXPECT_NEAR(volume, 36000, 1e-6 * 36000);
  // First order in time: the minute stops (119 steps against 83) move the spreading sheet's edge
  // by part of a cell (1.2e-2 measured; before, the hourly run's one step left it all in one cell).
  EXPECT_LT(t.diff, 0.03);
}

TEST(DryStep, AWetGridKeepsItsSteps) {
  // With wet cells the step is the CFL's, whatever dry_step is (the estuary runs bit for bit as before).
  const sim::Scenario sc = test::forcing_scenario(600);
  sim::Model a = sim::build_model(sc, test::estuary_domain(32));
  sim::Model b = a;
  b.setup.dry_step = 1e-3;
  auto sa = test::start_solver(a, exec::Backend::serial, "default", Precision::f64);
  auto sb = test::start_solver(b, exec::Backend::serial, "default", Precision::f64);
  sa->advance(600, 1 << 30);
  sb->advance(600, 1 << 30);
  EXPECT_EQ(sa->steps(), sb->steps());
  swe::HostState x, y;
  sa->get_state(x);
  sb->get_state(y);
  EXPECT_EQ(x.h, y.h);
}
