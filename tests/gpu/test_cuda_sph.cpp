// The SPH CUDA backend against the CPU solver on a 3-D dam break built in code (no scenario file
// needed), its neighbour searches against each other, and its stops and state checks (the list
// search's own cases: test_cuda_sph_list.cpp).
// The shipped 2-D scenarios are compared in test_cuda_sph_scenarios.cpp. Skipped without a device.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "sph_cases.hpp"
#include "sph_compare.hpp"

using namespace ria;

TEST(SphCuda, DamBreak3dMatchesTheCpuOverFiftySteps) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const sph::Setup s = test::make_test_setup(test::dam_break_scenario(3, 0.01));
  test::check_gpu_against_cpu(s, 50, "3-D dam break, dp = 0.01 m", false);
}

TEST(SphCuda, DamBreak2dMatchesTheCpuOverFiftySteps) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const sph::Setup s = test::make_test_setup(test::dam_break_scenario(2, 0.005));
  test::check_gpu_against_cpu(s, 50, "2-D dam break, dp = 0.005 m", true);
}

TEST(SphCuda, LaminarViscosityMatchesTheCpuOverFiftySteps) {
  // Lo & Shao's laminar term in place of the artificial viscosity (pair.hpp), 3-D.
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  sph::Scenario sc = test::dam_break_scenario(3, 0.01);
  sc.alpha = 0, sc.kinematic_viscosity = 1e-3;
  const sph::Setup s = test::make_test_setup(sc);
  test::check_gpu_against_cpu(s, 50, "3-D dam break with laminar viscosity, dp = 0.01 m", false);
}

TEST(SphCuda, LaminarSpsMatchesTheCpuOverFiftySteps) {
  // The laminar + SPS model (sps.hpp): the stresses' own neighbour pass, then the pairs, 3-D.
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  sph::Scenario sc = test::dam_break_scenario(3, 0.01);
  sc.alpha = 0, sc.kinematic_viscosity = 1e-6, sc.sps = true;
  const sph::Setup s = test::make_test_setup(sc);
  test::check_gpu_against_cpu(s, 50, "3-D dam break with laminar + SPS, dp = 0.01 m", false);
}

TEST(SphCuda, StopsExactlyAtTheRequestedTime) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const sph::Setup s = test::make_test_setup(test::dam_break_scenario(2, 0.01));
  for (sph::Search search : sph::kSearches) {
    auto gpu = test::solver_for(s, exec::Backend::cuda, search);
    auto cpu = test::solver_for(s, test::fastest_cpu(), sph::Search::cell_range);
    gpu->advance(1e-3, 1L << 40);
    cpu->advance(1e-3, 1L << 40);
    EXPECT_EQ(gpu->time(), 1e-3);
    EXPECT_EQ(gpu->steps(), cpu->steps());  // dt agrees to round-off: the same steps to the stop
    EXPECT_GT(gpu->steps(), 1);
  }
}

TEST(SphCuda, NonFiniteStateIsANumericalErrorNamingAParticle) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  sph::Setup s = test::make_test_setup(test::dam_break_scenario(2, 0.01));
  for (std::size_t k = 0; k < s.particles.size(); ++k)
    if (s.particles.is_fluid(k)) {
      s.particles.v[0][k] = std::numeric_limits<double>::quiet_NaN();
      break;
    }
  for (sph::Search search : sph::kSearches) {
    auto gpu = test::solver_for(s, exec::Backend::cuda, search);
    try {
      gpu->advance(1e30, 3);
      ADD_FAILURE() << "no NumericalError";
    } catch (const sph::NumericalError& e) {
      EXPECT_NE(std::string(e.what()).find("particle"), std::string::npos) << e.what();
    }
  }
}

TEST(SphCuda, SetParticlesRestartsBitwiseLikeAnUninterruptedRun) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const sph::Setup s = test::make_test_setup(test::dam_break_scenario(2, 0.01));
  for (sph::Search search : sph::kSearches) {
    auto straight = test::solver_for(s, exec::Backend::cuda, search);
    straight->advance(1e30, 20);
    auto first = test::solver_for(s, exec::Backend::cuda, search);
    first->advance(1e30, 10);
    auto second = test::solver_for(s, exec::Backend::cuda, search);
    second->set_particles(first->particles());
    second->set_clock(first->time(), first->steps());
    second->advance(1e30, 10);
    test::expect_bitwise_equal(straight->particles(), second->particles());
    EXPECT_EQ(straight->time(), second->time());
  }
}

TEST(SphCuda, FluidLeavesTheDomainAsOnTheCpu) {
  // A block thrown at 2 m/s towards a face 2 mm beyond it: its front columns cross within the
  // first 60 steps and are taken out of the flow (particle_step.hpp), on both backends alike,
  // with both searches and in mixed precision (its bounds: test_cuda_sph_mixed.cpp).
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const sph::Setup s =
      test::make_test_setup(test::thrown_block_scenario(0.005, {2, 0, 0}, {-0.05, -0.05, 0}, {0.102, 0.3, 0}));
  auto cpu = test::solver_for(s, test::fastest_cpu(), sph::Search::cell_range);
  ASSERT_EQ(cpu->advance(1e30, 60), 60);
  const std::size_t out = cpu->particles().count(sph::Kind::out);
  EXPECT_GT(out, 0u);
  struct Variant {
    sph::Search search;
    Precision precision;
    double bound;  // of |dr| / dp, |dv| / c0 and |drho| / rho0 against the CPU (expect_within)
  };
  for (const Variant& v : {Variant{sph::Search::cell_range, Precision::f64, 1e-9}, Variant{sph::Search::tiles, Precision::f64, 1e-9},
                           Variant{sph::Search::list, Precision::f64, 1e-9}, Variant{sph::Search::cell_range, Precision::mixed, 1e-5},
                           Variant{sph::Search::list, Precision::mixed, 1e-5}}) {
    sph::Setup sv = s;
    sv.precision = v.precision;
    auto gpu = test::solver_for(sv, exec::Backend::cuda, v.search);
    ASSERT_EQ(gpu->advance(1e30, 60), 60);
    EXPECT_EQ(gpu->particles().count(sph::Kind::out), out);
    const test::Deviation dev = test::deviation(cpu->particles(), gpu->particles());  // kinds compared too
    std::printf("  thrown block, %s, %s: %zu of %zu particles out after 60 steps; GPU - CPU |dr| %.3e dp, |dv| %.3e c0\n",
                sph::search_name(v.search), precision_name(v.precision), out, s.particles.size(), dev.r / s.dp,
                dev.v / s.physics.c0);
    test::expect_within(dev, v.bound, s, std::string(sph::search_name(v.search)) + ", " + precision_name(v.precision));
    EXPECT_EQ(gpu->measure({}).out_particles, static_cast<long>(out));
  }
  // Out particles sort behind the others and are left there (cuda_solver_cuda.cu, shrink_live),
  // until every particle is out (one slot still swept, a no-op); the two backends stay together.
  auto gpu = test::solver_for(s, exec::Backend::cuda, sph::Search::cell_range);
  for (auto* sv : {cpu.get(), gpu.get()}) sv->advance(0.12, 1000000);
  EXPECT_EQ(cpu->steps(), gpu->steps());
  const std::size_t n_fluid = s.particles.count(sph::Kind::fluid);
  EXPECT_EQ(gpu->particles().count(sph::Kind::out), n_fluid) << "all the water has left by t = 0.12 s";
  const test::Deviation end = test::deviation(cpu->particles(), gpu->particles());
  test::expect_within(end, 1e-9, s, "all out");
  // The largest fluid speed after any step (the water has all left: only the record holds it).
  EXPECT_GT(cpu->largest_fluid_speed(), 2.0);
  EXPECT_NEAR(gpu->largest_fluid_speed(), cpu->largest_fluid_speed(), 1e-9 * s.physics.c0);
  ASSERT_EQ(gpu->advance(1.0, 10), 1);  // nothing limits the step: one step to the stop (particle_dt)
  EXPECT_EQ(gpu->time(), 1.0);
  const test::Deviation still = test::deviation(cpu->particles(), gpu->particles());
  EXPECT_EQ(still.r, end.r) << "an out particle moved";
  for (std::uint32_t c : gpu->pair_counts()) EXPECT_EQ(c, 0u);
}
