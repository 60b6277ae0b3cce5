// The extremes recorded on the GPU after every step (swe/extremes.hpp: inside the fused kernel, a
// side kernel after the host-driven variants) and the gauge holds of the fused kernel's device
// clock (Solver::advance with t_hold), on the forcing scenario of a 24 x 24 estuary.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "../extremes_case.hpp"
#include "ria/exec/backend.hpp"

using namespace ria;

namespace {

/// Largest |a - b| / max(|b|, floor) over the cells; NaN patterns must agree.
double worst_rel(const std::vector<double>& a, const std::vector<double>& b, double floor) {
  double worst = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (std::isnan(a[k]) || std::isnan(b[k])) {
      if (std::isnan(a[k]) != std::isnan(b[k])) return INFINITY;
      continue;
    }
    worst = std::max(worst, std::fabs(a[k] - b[k]) / std::max(std::fabs(b[k]), floor));
  }
  return worst;
}

}  // namespace

// Each kernel against its own states at every step end: the same steps (a gauge at every step
// takes single steps, the run with maps only takes graphs of steps on the fused kernel), the same
// values. Depth, concentration and the times are the same operations in the same precision on
// both sides, so they agree bit for bit in double; the speed may differ by the GPU's fused
// multiply-add in u^2 + v^2 (a few ulp). In float the records round C (half an ulp, 6e-8) and the
// speed (a few float ulp) in float. Mixed records its float view (extremes.hpp), the float
// roundings of the double state the gauges read: its maximum depth is the float rounding of the
// reference's (rounding is monotonic; one float ulp, 1.2e-7, where the kept pair is a tie that
// rounds away from the float its fluxes read), its C the GPU's float quotient (within an ulp, as
// float's bound says) of two roundings of half an ulp each: 2.4e-7.
TEST(CudaExtremes, EqualThoseOfEveryStepOnEveryKernel) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const test::ExtremesCase c = test::extremes_case();
  const sim::Scenario& sc = c.sc;
  for (Precision p : {Precision::f64, Precision::f32, Precision::mixed}) {
    for (const char* kernel : {"fused", "fused-16x16", "optimized", "decoupled", "naive"}) {
      if (p != Precision::f64 && std::string(kernel) != "fused") continue;
      const test::ExtremesRun maps = test::run_extremes(sc, c.m, exec::Backend::cuda, kernel, p);
      const test::ExtremesRun steps = test::run_extremes(c.every, c.all, exec::Backend::cuda, kernel, p);
      ASSERT_EQ(maps.steps, steps.steps) << kernel;
      test::ReferenceExtremes ref{sc.physics.dry_depth, sc.output.arrival_threshold, {}};
      ref.add_all(steps.obs);
      const swe::HostExtremes& r = ref.e;
      const swe::HostExtremes& e = maps.obs.final_extremes;
      const bool float_records = p != Precision::f64;
      const bool mixed = p == Precision::mixed;
      const double exact = p == Precision::f32 ? 1.2e-7 : mixed ? 2.4e-7 : 0.0;  // C, see above
      std::vector<double> depth = r.max_depth;
      if (mixed)
        for (double& d : depth) d = static_cast<float>(d);
      EXPECT_LE(worst_rel(e.max_depth, depth, 1e-30), mixed ? 1.2e-7 : 0.0) << kernel;
      EXPECT_LE(worst_rel(e.max_concentration, r.max_concentration, 1e-12), exact) << kernel;
      EXPECT_LE(worst_rel(e.max_speed, r.max_speed, 1e-12), float_records ? 5e-7 : 1e-15) << kernel;
      if (float_records) continue;  // h is compared with h_dry and C with the threshold in float
      EXPECT_EQ(worst_rel(e.first_wet_time, r.first_wet_time, 1.0), 0.0) << kernel;
      EXPECT_EQ(worst_rel(e.arrival_time, r.arrival_time, 1.0), 0.0) << kernel;
    }
  }
}

// A state set between advances is in the records before the next step changes it. On an estuary
// dry enough for the active tiles (as ActiveTiles' case), each step records the state it writes
// and an advance records the state it starts from only when a state, time or records were set
// since the last record (CudaSolver's recorded_): a cell deepened by 1 m between two advances keeps
// that depth as its maximum, which the one step after it lowers as the water spreads.
TEST(CudaExtremes, StateSetBetweenAdvancesIsRecorded) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const sim::Scenario sc = test::forcing_scenario(3600);
  for (Precision p : {Precision::f64, Precision::f32}) {
    sim::Model m = sim::build_model(sc, test::estuary_domain(512));
    auto s = test::start_solver(m, exec::Backend::cuda, "fused", p);
    s->advance(60.0, 1L << 40, INFINITY);
    swe::HostState st;
    s->get_state(st);
    const std::size_t k = static_cast<std::size_t>(std::max_element(st.h.begin(), st.h.end()) - st.h.begin());
    st.h[k] += 1.0;
    const double raised = p == Precision::f32 ? static_cast<float>(st.h[k]) : st.h[k];
    s->set_state(st);
    EXPECT_EQ(s->advance(120.0, 1, INFINITY), 1);
    swe::HostState after;
    s->get_state(after);
    EXPECT_LT(after.h[k], raised) << precision_name(p);
    swe::HostExtremes e;
    s->get_extremes(e);
    EXPECT_EQ(e.max_depth[k], raised) << precision_name(p);
  }
}

// The GPU against the serial CPU run: the states agree to 1e-12 (CudaRun), so the maxima do; a
// time can move by a step where a cell crosses h_dry or the threshold within round-off.
TEST(CudaExtremes, MatchSerial) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const sim::Scenario sc = test::extremes_scenario();
  const sim::Model m = sim::build_model(sc, test::estuary_domain(64));
  const test::ExtremesRun ref = test::run_extremes(sc, m, exec::Backend::serial, "default", Precision::f64);
  for (const char* kernel : {"fused", "optimized"}) {
    const test::ExtremesRun d = test::run_extremes(sc, m, exec::Backend::cuda, kernel, Precision::f64);
    const swe::HostExtremes& a = d.obs.final_extremes;
    const swe::HostExtremes& b = ref.obs.final_extremes;
    EXPECT_LT(worst_rel(a.max_depth, b.max_depth, 1e-3), 1e-10) << kernel;
    EXPECT_LT(worst_rel(a.max_speed, b.max_speed, 1e-3), 1e-8) << kernel;
    EXPECT_LT(worst_rel(a.max_concentration, b.max_concentration, 1e-3), 1e-8) << kernel;
    std::size_t moved = 0;
    const double dt = 2 * 1800.0 / ref.steps;
    for (std::size_t k = 0; k < a.first_wet_time.size(); ++k)
      for (const auto* f : {&a.first_wet_time, &a.arrival_time}) {
        const double x = (*f)[k], y = (f == &a.first_wet_time ? b.first_wet_time : b.arrival_time)[k];
        if (x == y || (std::isnan(x) && std::isnan(y))) continue;
        ++moved;
        EXPECT_LE(std::fabs(x - y), dt) << kernel << " cell " << k;
      }
    EXPECT_LE(moved, a.first_wet_time.size() / 100) << kernel;
  }
}

// Gauge times hold the fused kernel's device clock before the step that crosses them: the steps
// and the state are those of a run without gauges, bit for bit, and the gauge at the end is the
// end state.
TEST(CudaGauges, HoldsChangeNoStepOfTheFusedKernel) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  sim::Scenario sc = test::forcing_scenario(1800);
  sc.output.gauge_interval = 7.3;
  const sim::Model m = sim::build_model(sc, test::estuary_domain(64));
  sim::Scenario bare = sc;
  bare.output.gauge_interval = 0;
  sim::Model none = m;
  none.gauges.clear();
  for (const char* kernel : {"fused", "optimized"}) {
    const test::ExtremesRun g = test::run_extremes(sc, m, exec::Backend::cuda, kernel, Precision::f64);
    const test::ExtremesRun plain = test::run_extremes(bare, none, exec::Backend::cuda, kernel, Precision::f64);
    EXPECT_EQ(g.steps, plain.steps) << kernel;
    EXPECT_EQ(g.state.h, plain.state.h) << kernel;
    EXPECT_EQ(g.state.hc, plain.state.hc) << kernel;
    ASSERT_EQ(g.obs.gauge_times.size(), 1u + 246 + 1) << kernel;
    EXPECT_EQ(g.obs.gauge_values.back()[1].h, g.state.h[m.gauges[1].cell]) << kernel;
  }
}
