// Precision::mixed (ria/config.hpp, swe/mixed_state.hpp): water and pollutant updated in double
// from float edge fluxes and kept to 48 bits, momentum in float. It must keep
// the water and pollutant balance to double round-off, where a float state loses it at the 1e-7
// level, and follow the double solution as closely as float does.
#include <gtest/gtest.h>

#include <cmath>

#include "ria/swe/mixed_state.hpp"
#include "ria/swe/solver.hpp"
#include "run_fixture.hpp"
#include "swe/state_image.hpp"

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

TEST(MixedPrecision, KeepsWaterAndPollutantAsFloatPairsAndMomentumInFloat) {
  // mixed_state.hpp: hi = fl(v), lo = fl(v - hi), so hi + lo is v to 48 bits; momentum in float.
  const double v = 1.0 + std::ldexp(1.0, -25) + std::ldexp(1.0, -52);  // v - fl(v) needs 28 bits
  const swe::FloatPair p = swe::split_pair(v);
  EXPECT_EQ(p.hi, 1.0f);
  EXPECT_EQ(p.lo, std::ldexp(1.0f, -25));
  for (double x : {v, 0.1, -3.7e-3, 123.456789012345, 1e-9, 0.0}) {
    const double kept = swe::join_pair(swe::split_pair(x).hi, swe::split_pair(x).lo);
    EXPECT_LE(std::fabs(kept - x), std::ldexp(std::fabs(x), -48)) << x;
    EXPECT_EQ(swe::split_pair(kept).hi, static_cast<float>(x)) << x;  // the fluxes read fl(x)
    const swe::FloatPair again = swe::split_pair(kept);
    EXPECT_EQ(swe::join_pair(again.hi, again.lo), kept) << x;  // a kept value is kept exactly
  }
  // Every backend keeps that state: a set state comes back rounded so, a kept one unchanged.
  const sim::Scenario sc = test::forcing_scenario(600.0);
  sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  m.setup.precision = Precision::mixed;
  for (exec::Backend b : {exec::Backend::serial, exec::Backend::cuda}) {
    if (b == exec::Backend::cuda && !exec::cuda_device_available()) continue;
    m.setup.backend = b;
    auto solver = swe::make_solver(m.setup);
    swe::HostState s;
    s.resize(m.setup.grid.cells());
    s.h[5] = v, s.qx[5] = 0.1, s.qy[5] = -v, s.hc[5] = 3 * v;
    solver->set_state(s);
    swe::HostState back;
    solver->get_state(back);
    EXPECT_EQ(back.h[5], 1.0 + std::ldexp(1.0, -25)) << solver->description();
    EXPECT_EQ(back.qx[5], static_cast<double>(0.1f)) << solver->description();
    EXPECT_EQ(back.qy[5], -1.0) << solver->description();
    const swe::FloatPair hc = swe::split_pair(3 * v);
    EXPECT_EQ(back.hc[5], swe::join_pair(hc.hi, hc.lo)) << solver->description();
    EXPECT_EQ(solver->probe({5})[0].h, back.h[5]) << solver->description();
    EXPECT_EQ(solver->totals().water, back.h[5] * m.setup.grid.area()) << solver->description();
    solver->set_state(back);
    swe::HostState twice;
    solver->get_state(twice);
    EXPECT_EQ(twice.h, back.h) << solver->description();
    EXPECT_EQ(twice.qx, back.qx) << solver->description();
    EXPECT_EQ(twice.hc, back.hc) << solver->description();
  }
}

TEST(StateImage, HoldsTheStateAsEachPrecisionKeepsIt) {
  // The host image of a CUDA state buffer (swe/state_image.hpp): a state goes in and comes back as
  // its precision keeps it: rounded to float, exact in double, mixed_kept for mixed's six floats.
  swe::HostState s;
  s.resize(3);
  const double v = 1.0 + std::ldexp(1.0, -25) + std::ldexp(1.0, -52);
  s.h = {v, 0.0, 2.5e-3 + 1e-13};
  s.qx = {0.1, -0.0, 1e-9};
  s.qy = {-v, 3.0, 0.0};
  s.hc = {3 * v, 0.0, 7.25e-11};
  swe::HostState f, d, m;
  swe::state_of_image<float, 4>(swe::state_image<float, 4>(s, 3), 3, f);
  swe::state_of_image<double, 4>(swe::state_image<double, 4>(s, 3), 3, d);
  const std::vector<float> mixed_image = swe::state_image<float, 6>(s, 3);
  swe::state_of_image<float, 6>(mixed_image, 3, m);
  for (std::size_t k = 0; k < 3; ++k) {
    const swe::Conserved<double> w{s.h[k], s.qx[k], s.qy[k], s.hc[k]}, kept = swe::mixed_kept(w);
    EXPECT_EQ(f.h[k], double(float(w.h)));
    EXPECT_EQ(f.qy[k], double(float(w.qy)));
    EXPECT_EQ(d.h[k], w.h);
    EXPECT_EQ(d.hc[k], w.hc);
    EXPECT_EQ(m.h[k], kept.h) << k;
    EXPECT_EQ(m.qx[k], kept.qx) << k;
    EXPECT_EQ(m.qy[k], kept.qy) << k;
    EXPECT_EQ(m.hc[k], kept.hc) << k;
    const float cell[6] = {mixed_image[k], mixed_image[3 + k], mixed_image[6 + k],
                           mixed_image[9 + k], mixed_image[12 + k], mixed_image[15 + k]};
    EXPECT_EQ((swe::image_cell<float, 6>(cell, 1).hc), kept.hc) << k;  // one cell's values, as probe reads them
  }
  EXPECT_NE(m.h[0], v);  // the pair rounds what needs more than 48 bits
  s.qx.pop_back();
  EXPECT_THROW((swe::state_image<float, 6>(s, 3)), std::invalid_argument);
}
