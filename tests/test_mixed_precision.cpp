// Precision::mixed (ria/config.hpp): a double state updated from float edge fluxes. It must keep
// the water and pollutant balance to double round-off, where a float state loses it at the 1e-7
// level, and follow the double solution as closely as float does.
#include <gtest/gtest.h>

#include <cmath>

#include "ria/swe/solver.hpp"
#include "run_fixture.hpp"

using namespace ria;

namespace {

struct Outcome {
  swe::HostState state;
  double water_error = 0, pollutant_error = 0;  // (stored - expected) / stored at the end
};

/// The forcing scenario of run_fixture.hpp (tide, river, release, patch, friction, wet/dry flats,
/// diffusion and decay) on the 64 x 64 estuary for `duration` seconds through the driver.
Outcome busy_estuary(exec::Backend b, Precision p, double duration) {
  const sim::Scenario sc = test::forcing_scenario(duration);
  sim::Model m = sim::build_model(sc, test::estuary_domain(64));
  auto solver = test::start_solver(m, b, "default", p);
  test::RecordingObserver obs;
  EXPECT_EQ(sim::run(*solver, sc, m, obs, {}), sim::RunEnd::finished);
  Outcome o;
  solver->get_state(o.state);
  const swe::Totals t = solver->totals();
  const swe::Balance bal = solver->balance();
  o.water_error = (t.water - bal.water_expected) / t.water;
  o.pollutant_error = (t.pollutant - bal.pollutant_expected) / t.pollutant;
  return o;
}

double rel_l1_depth(const swe::HostState& a, const swe::HostState& b) {
  double diff = 0, norm = 0;
  for (std::size_t k = 0; k < a.h.size(); ++k) {
    diff += std::fabs(a.h[k] - b.h[k]);
    norm += std::fabs(a.h[k]);
  }
  return diff / norm;
}

}  // namespace

TEST(MixedPrecision, KeepsTheBalanceToDoubleRoundOffWhereFloatLosesIt) {
  const double duration = 2 * 3600.0;  // about 900 steps
  const Outcome mixed = busy_estuary(exec::Backend::serial, Precision::mixed, duration);
  const Outcome dbl = busy_estuary(exec::Backend::serial, Precision::f64, duration);
  const Outcome flt = busy_estuary(exec::Backend::serial, Precision::f32, duration);
  // Double round-off: each step adds ~1e-16 relative per cell update; 1e-12 leaves three orders of
  // margin at ~1e3 steps. The float state rounds each update to 24 bits and is far above it.
  EXPECT_LT(std::fabs(mixed.water_error), 1e-12);
  EXPECT_LT(std::fabs(mixed.pollutant_error), 1e-12);
  EXPECT_LT(std::fabs(dbl.water_error), 1e-12);
  EXPECT_LT(std::fabs(dbl.pollutant_error), 1e-12);
  EXPECT_GT(std::fabs(flt.water_error) + std::fabs(flt.pollutant_error), 1e-10);
  std::printf("balance error, water / pollutant: mixed %.2e / %.2e, double %.2e / %.2e, float %.2e / %.2e\n",
              mixed.water_error, mixed.pollutant_error, dbl.water_error, dbl.pollutant_error, flt.water_error,
              flt.pollutant_error);
}

TEST(MixedPrecision, FollowsDoubleAsFloatDoes) {
  const Outcome mixed = busy_estuary(exec::Backend::serial, Precision::mixed, 3600.0);
  const Outcome dbl = busy_estuary(exec::Backend::serial, Precision::f64, 3600.0);
  const double d = rel_l1_depth(mixed.state, dbl.state);
  // The bound of Solver.FloatFollowsDouble: float round-off in the fluxes amplified by ~500 steps of
  // a wet/dry flow. Not zero: the fluxes are computed in float, not double.
  EXPECT_LT(d, 1e-4);
  EXPECT_GT(d, 0.0);
}

TEST(MixedPrecision, OpenmpIsBitwiseIdenticalToSerial) {
  if (!exec::built_with_openmp()) GTEST_SKIP() << "not built with OpenMP";
  const Outcome x = busy_estuary(exec::Backend::serial, Precision::mixed, 1800.0);
  const Outcome y = busy_estuary(exec::Backend::openmp, Precision::mixed, 1800.0);
  for (std::size_t k = 0; k < x.state.h.size(); ++k) {
    ASSERT_EQ(x.state.h[k], y.state.h[k]) << "cell " << k;
    ASSERT_EQ(x.state.qx[k], y.state.qx[k]) << "cell " << k;
    ASSERT_EQ(x.state.qy[k], y.state.qy[k]) << "cell " << k;
    ASSERT_EQ(x.state.hc[k], y.state.hc[k]) << "cell " << k;
  }
}

TEST(MixedPrecision, NamesItselfAndIsRefusedByTheHostDrivenCudaKernels) {
  const sim::Scenario sc = test::forcing_scenario(600.0);
  sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  m.setup.backend = exec::Backend::serial, m.setup.precision = Precision::mixed;
  EXPECT_EQ(swe::make_solver(m.setup)->description(), "serial/mixed");
  if (!exec::cuda_device_available()) return;
  m.setup.backend = exec::Backend::cuda, m.setup.kernel = "optimized";
  try {
    swe::make_solver(m.setup);
    FAIL() << "kernel 'optimized' accepted --precision mixed";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("fused"), std::string::npos) << e.what();
  }
}
