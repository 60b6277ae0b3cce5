// The extremes recorded by the solver after every step (swe/extremes.hpp) and the gauges
// interpolated to their times (sim/gauge_times.hpp), through the driver on the forcing scenario
// (32 x 32 estuary: a tide rising to 0.8 m at 600 s and falling, a river, a spill patch, an
// outfall release).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "ria/sim/driver.hpp"
#include "ria/sim/gauge_times.hpp"
#include "ria/swe/wet_dry.hpp"
#include "extremes_case.hpp"
#include "run_fixture.hpp"

using namespace ria;

namespace {

/// x == y, or both NaN.
bool same(double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); }

::testing::AssertionResult same_fields(const std::vector<double>& a, const std::vector<double>& b, const char* what) {
  if (a.size() != b.size()) return ::testing::AssertionFailure() << what << ": sizes " << a.size() << " and " << b.size();
  for (std::size_t k = 0; k < a.size(); ++k)
    if (!same(a[k], b[k])) return ::testing::AssertionFailure() << what << " differs at cell " << k << ": " << a[k] << " vs " << b[k];
  return ::testing::AssertionSuccess();
}

void expect_same_extremes(const swe::HostExtremes& a, const swe::HostExtremes& b) {
  EXPECT_TRUE(same_fields(a.max_depth, b.max_depth, "max_depth"));
  EXPECT_TRUE(same_fields(a.max_speed, b.max_speed, "max_speed"));
  EXPECT_TRUE(same_fields(a.max_concentration, b.max_concentration, "max_concentration"));
  EXPECT_TRUE(same_fields(a.first_wet_time, b.first_wet_time, "first_wet_time"));
  EXPECT_TRUE(same_fields(a.arrival_time, b.arrival_time, "arrival_time"));
}

}  // namespace

TEST(Extremes, EveryStepIsRecordedExactlyWhereMapsMissThePeak) {
  const test::ExtremesCase c = test::extremes_case();
  const sim::Scenario& sc = c.sc;
  const sim::Model& m = c.m;
  ASSERT_TRUE(m.setup.extremes.track);
  const test::ExtremesRun maps = test::run_extremes(sc, m, exec::Backend::serial, "default", Precision::f64);
  ASSERT_EQ(maps.obs.extremes_time, 1800);
  ASSERT_EQ(maps.obs.output_times, (std::vector<double>{0, 1800}));

  // The same run with every cell reported at every step end: the same steps (gauges change none).
  const test::ExtremesRun steps = test::run_extremes(c.every, c.all, exec::Backend::serial, "default", Precision::f64);
  EXPECT_EQ(steps.steps, maps.steps);
  EXPECT_TRUE(same_fields(steps.state.h, maps.state.h, "final h"));
  ASSERT_EQ(steps.obs.gauge_times.size(), static_cast<std::size_t>(steps.steps) + 1);

  test::ReferenceExtremes exact{sc.physics.dry_depth, sc.output.arrival_threshold, {}};
  test::ReferenceExtremes sampled = exact;  // the old way: only at the map times
  for (std::size_t n = 0; n < steps.obs.gauge_times.size(); ++n) {
    const double t = steps.obs.gauge_times[n];
    exact.add(t, steps.obs.gauge_values[n]);
    if (t == 0 || t == 1800) sampled.add(t, steps.obs.gauge_values[n]);
  }
  expect_same_extremes(maps.obs.final_extremes, exact.e);

  // The maps alone miss the tide's peak (0.3 m above the level at either map) in the wet cells,
  // and date the cells that flooded between them to the next map.
  std::size_t missed = 0, wet_between = 0;
  for (std::size_t k = 0; k < exact.e.max_depth.size(); ++k) {
    if (exact.e.max_depth[k] > sampled.e.max_depth[k] + 0.2) ++missed;
    const double t = exact.e.first_wet_time[k];
    if (t > 0 && t < 1800) {
      ++wet_between;
      EXPECT_TRUE(std::isnan(sampled.e.first_wet_time[k]) || sampled.e.first_wet_time[k] == 1800) << "cell " << k;
    }
  }
  EXPECT_GT(missed, m.setup.grid.cells() / 4) << "cells whose peak depth the maps miss by more than 0.2 m";
  EXPECT_GT(wet_between, 0u) << "cells first wet between the maps";
  // Arrival times are step ends, not map times.
  std::size_t off_map = 0;
  for (double t : exact.e.arrival_time) off_map += !std::isnan(t) && t != 0 && t != 1800;
  EXPECT_GT(off_map, 0u);
}

// Precision::mixed records the float view of its state (extremes.hpp): the maxima are floats, the
// maximum depth the float rounding of the double state's (rounding is monotonic; within one float
// ulp where the kept pair is a tie that rounds away from the float the fluxes read), C the float
// quotient of the two roundings (within 3 half float ulps, 1.8e-7, of the double state's C; where
// hC is below float's normal range, the tails of diffusion, its rounding is absolute: 1e-36). The
// first-wet and arrival times are those of the float view judged in float: h > h_dry and
// hC / h > threshold, each rounded to float.
TEST(Extremes, MixedRecordsTheFloatStateItsFluxesRead) {
  const test::ExtremesCase c = test::extremes_case();
  const sim::Scenario& sc = c.sc;
  const test::ExtremesRun maps = test::run_extremes(sc, c.m, exec::Backend::serial, "default", Precision::mixed);
  const test::ExtremesRun steps =
      test::run_extremes(c.every, c.all, exec::Backend::serial, "default", Precision::mixed);
  ASSERT_EQ(steps.steps, maps.steps);
  test::ReferenceExtremes ref{sc.physics.dry_depth, sc.output.arrival_threshold, {}};
  ref.add_all(steps.obs);
  const swe::HostExtremes& e = maps.obs.final_extremes;
  std::size_t recorded = 0;
  for (std::size_t k = 0; k < e.max_depth.size(); ++k) {
    for (double v : {e.max_depth[k], e.max_speed[k], e.max_concentration[k]})
      ASSERT_EQ(static_cast<double>(static_cast<float>(v)), v) << "cell " << k << ": a record that is not a float";
    const double d = static_cast<float>(ref.e.max_depth[k]);
    EXPECT_LE(std::fabs(e.max_depth[k] - d), 1.2e-7 * d) << "cell " << k;
    const double conc = ref.e.max_concentration[k];
    EXPECT_LE(std::fabs(e.max_concentration[k] - conc), std::max(1.8e-7 * conc, 1e-36)) << "cell " << k;
    recorded += e.max_depth[k] > 0;
  }
  EXPECT_GT(recorded, e.max_depth.size() / 4);  // 492 of the 1024 cells hold water at some step

  const float h_dry = static_cast<float>(sc.physics.dry_depth);
  const float threshold = static_cast<float>(sc.output.arrival_threshold);
  std::vector<double> first_wet(e.max_depth.size(), NAN), arrival = first_wet;
  for (std::size_t n = 0; n < steps.obs.gauge_times.size(); ++n) {
    const double t = steps.obs.gauge_times[n];
    for (std::size_t k = 0; k < first_wet.size(); ++k) {
      const swe::Conserved<double>& w = steps.obs.gauge_values[n][k];
      const float h = static_cast<float>(w.h), hc = static_cast<float>(w.hc);
      if (!(h > h_dry)) continue;
      if (std::isnan(first_wet[k])) first_wet[k] = t;
      if (std::isnan(arrival[k]) && hc / h > threshold) arrival[k] = t;
    }
  }
  EXPECT_TRUE(same_fields(e.first_wet_time, first_wet, "first_wet_time"));
  EXPECT_TRUE(same_fields(e.arrival_time, arrival, "arrival_time"));
  EXPECT_GT(std::count_if(arrival.begin(), arrival.end(), [](double t) { return !std::isnan(t); }), 0);
}

TEST(Extremes, OpenmpIsBitwiseIdenticalToSerial) {
  const sim::Scenario sc = test::extremes_scenario();
  const sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  for (Precision p : {Precision::f64, Precision::f32, Precision::mixed}) {
    const test::ExtremesRun serial = test::run_extremes(sc, m, exec::Backend::serial, "default", p);
    const test::ExtremesRun omp = test::run_extremes(sc, m, exec::Backend::openmp, "default", p);
    expect_same_extremes(serial.obs.final_extremes, omp.obs.final_extremes);
    EXPECT_GT(*std::max_element(serial.obs.final_extremes.max_speed.begin(), serial.obs.final_extremes.max_speed.end()), 0);
  }
}

TEST(Extremes, RestartContinuesThemBitwise) {
  sim::Scenario sc = test::extremes_scenario();
  sc.output.checkpoint_interval = 600;  // before the tide's peak: the records go on after it
  sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  const test::ExtremesRun whole = test::run_extremes(sc, m, exec::Backend::serial, "default", Precision::f64);
  ASSERT_GE(whole.obs.checkpoint_times.size(), 2u);
  ASSERT_EQ(whole.obs.checkpoint_times[0], 600);
  test::RecordingObserver resumed;
  test::resume_run(m, sc, exec::Backend::serial, Precision::f64, whole.obs, 0, resumed);
  expect_same_extremes(resumed.final_extremes, whole.obs.final_extremes);
  // The gauges after the restart are those of the whole run, bit for bit.
  const auto& all = whole.obs.gauge_times;
  const std::size_t first = std::upper_bound(all.begin(), all.end(), 600.0) - all.begin();
  ASSERT_EQ(resumed.gauge_times, std::vector<double>(all.begin() + first, all.end()));
  for (std::size_t n = 0; n < resumed.gauge_values.size(); ++n)
    for (std::size_t g = 0; g < resumed.gauge_values[n].size(); ++g) {
      EXPECT_EQ(resumed.gauge_values[n][g].h, whole.obs.gauge_values[first + n][g].h);
      EXPECT_EQ(resumed.gauge_values[n][g].hc, whole.obs.gauge_values[first + n][g].hc);
    }
}

TEST(GaugeTimes, InterpolationIsLinearAndExactAtTheEnds) {
  const swe::Conserved<double> a{1.0, -2.0, 0.1, 0.3}, b{3.0, 2.0, 0.7, 0.3};
  const swe::Conserved<double> mid = sim::interpolate_in_time(a, 10, b, 12, 11);
  EXPECT_EQ(mid.h, 2.0);
  EXPECT_EQ(mid.qx, 0.0);
  EXPECT_EQ(mid.hc, 0.3);
  const swe::Conserved<double> end = sim::interpolate_in_time(a, 10, b, 12.1, 12.1);
  EXPECT_EQ(end.qy, 0.7);  // w = 1: b bit for bit (a + (b - a) need not be)
  const swe::Conserved<double> quarter = sim::interpolate_in_time(a, 0, b, 4, 1);
  EXPECT_EQ(quarter.h, 1.5);
  EXPECT_THROW(sim::interpolate_in_time(a, 10, b, 12, 10), std::logic_error);  // t = ta: not in (ta, tb]
  EXPECT_THROW(sim::interpolate_in_time(a, 10, b, 12, 12.5), std::logic_error);
  EXPECT_EQ(sim::next_gauge_time(0.1, 1.0, 0.95), 1.0);  // the end time is a gauge time
  EXPECT_EQ(sim::next_gauge_time(0.1, 1.0, 0.25), 0.30000000000000004);  // 3 * 0.1, as a loop k * interval gives
}

TEST(GaugeTimes, ChangeNoStepAndEndOnTheEndState) {
  sim::Scenario sc = test::forcing_scenario(1800);
  sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  sc.output.gauge_interval = 7.3;  // dense and not dividing the outputs: 247 gauge times
  const test::ExtremesRun gauged = test::run_extremes(sc, m, exec::Backend::serial, "default", Precision::f64);
  sim::Scenario bare = sc;
  bare.output.gauge_interval = 0;
  sim::Model none = m;
  none.gauges.clear();
  const test::ExtremesRun plain = test::run_extremes(bare, none, exec::Backend::serial, "default", Precision::f64);
  EXPECT_EQ(gauged.steps, plain.steps);
  EXPECT_TRUE(same_fields(gauged.state.h, plain.state.h, "h"));
  EXPECT_TRUE(same_fields(gauged.state.hc, plain.state.hc, "hc"));
  const auto& t = gauged.obs.gauge_times;
  ASSERT_EQ(t.size(), 1u + 246 + 1);  // t = 0, 7.3 k for k = 1..246 (< 1800), the end
  EXPECT_EQ(t[1], 7.3);
  EXPECT_EQ(t.back(), 1800);
  const std::size_t site = m.gauges[1].cell;
  EXPECT_EQ(gauged.obs.gauge_values.back()[1].h, gauged.state.h[site]);  // w = 1 at the end
  // The same gauge times clamped as stops (maps every 7.3 s) take a step more per gauge time.
  sim::Scenario clamped = sc;
  clamped.time.output_interval = 7.3;
  const test::ExtremesRun c = test::run_extremes(clamped, m, exec::Backend::serial, "default", Precision::f64);
  EXPECT_GT(c.steps, gauged.steps);
  std::printf("forcing scenario, gauges every 7.3 s: %ld steps interpolated, %ld clamped\n", gauged.steps, c.steps);
}

// A gauge interpolated between step ends against the same gauge time made a stop (the step
// clamped to it, the old way). The two runs take different steps, so they differ by the
// first-order scheme's dependence on its steps, O(dt), besides the interpolation's O(dt^2): the
// bound is the largest change of that value over one step of the run, max_n |W_{n+1} - W_n|, which
// is dt |dW/dt| to first order; halving the CFL number (and so dt) must shrink the difference.
TEST(GaugeTimes, InterpolatedAgreeWithClampedStepsToFirstOrderInDt) {
  double worst_ratio[2] = {0, 0};
  double diff_h[2] = {0, 0};
  int pass = 0;
  for (double cfl : {0.9, 0.45}) {
    sim::Scenario sc = test::forcing_scenario(1800);  // gauges every 112.5 s, maps every 450 s
    sc.time.cfl = cfl;
    sim::Model m = sim::build_model(sc, test::estuary_domain(32));
    const test::ExtremesRun interp = test::run_extremes(sc, m, exec::Backend::serial, "default", Precision::f64);
    sim::Scenario stops = sc;
    stops.time.output_interval = sc.output.gauge_interval;  // every gauge time a stop
    const test::ExtremesRun clamped = test::run_extremes(stops, m, exec::Backend::serial, "default", Precision::f64);
    ASSERT_EQ(interp.obs.gauge_times, clamped.obs.gauge_times);
    // The largest change over one step of each gauge's values, from a run reporting every step.
    sim::Scenario every = sc;
    every.output.gauge_interval = 0;
    const test::ExtremesRun steps = test::run_extremes(every, m, exec::Backend::serial, "default", Precision::f64);
    std::vector<swe::Conserved<double>> jump(m.gauges.size(), {0, 0, 0, 0});
    for (std::size_t n = 1; n < steps.obs.gauge_values.size(); ++n)
      for (std::size_t g = 0; g < m.gauges.size(); ++g) {
        const auto& a = steps.obs.gauge_values[n - 1][g];
        const auto& b = steps.obs.gauge_values[n][g];
        jump[g].h = std::max(jump[g].h, std::fabs(b.h - a.h));
        jump[g].qx = std::max(jump[g].qx, std::fabs(b.qx - a.qx));
        jump[g].qy = std::max(jump[g].qy, std::fabs(b.qy - a.qy));
        jump[g].hc = std::max(jump[g].hc, std::fabs(b.hc - a.hc));
      }
    for (std::size_t n = 0; n < interp.obs.gauge_times.size(); ++n)
      for (std::size_t g = 0; g < m.gauges.size(); ++g) {
        const auto& u = interp.obs.gauge_values[n][g];
        const auto& c = clamped.obs.gauge_values[n][g];
        const double d[4] = {std::fabs(u.h - c.h), std::fabs(u.qx - c.qx), std::fabs(u.qy - c.qy), std::fabs(u.hc - c.hc)};
        const double j[4] = {jump[g].h, jump[g].qx, jump[g].qy, jump[g].hc};
        diff_h[pass] = std::max(diff_h[pass], d[0]);
        for (int q = 0; q < 4; ++q) {
          EXPECT_LE(d[q], j[q]) << "cfl " << cfl << ", gauge " << g << ", t = " << interp.obs.gauge_times[n]
                                << ", value " << q;
          if (j[q] > 0) worst_ratio[pass] = std::max(worst_ratio[pass], d[q] / j[q]);
        }
      }
    std::printf("cfl %.2f: %ld steps; largest |interpolated - clamped| of h %.3e m, worst ratio to one step's change %.3f\n",
                cfl, interp.steps, diff_h[pass], worst_ratio[pass]);
    ++pass;
  }
  EXPECT_LT(diff_h[1], 0.75 * diff_h[0]) << "the difference does not shrink with dt";
}
