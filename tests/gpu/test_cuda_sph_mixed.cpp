// The SPH CUDA backend's mixed precision (docs/sph.md, "Mixed precision": the pair terms computed
// in float from float copies of the particles, positions relative to their search cell; sums,
// time step and integration in double) against its double precision, and the hydrostatic and
// Martin & Moyce validations (sph_validation_checks.hpp) run in mixed precision.
//
// Bounds of mixed against double over 50 steps: each pair term carries a relative error of a few
// float roundings, ~1e-7; summed over ~50-300 neighbours (random signs) and carried by the
// acoustic dynamics of 50 steps (as in sph_compare.hpp, without exponential growth), the states
// differ by ~1e-7 of the natural scales (dp, c0, rho0). The bounds are 1e-5 of those scales: a
// hundred times that, and a hundred below what one missed or misplaced neighbour does (a density
// moved by ~1e-3 rho0 in one step; a cell offset lost from r_ab moves a pair by a whole cell).
#include <gtest/gtest.h>

#include <cstdio>

#include "sph_cases.hpp"
#include "sph_compare.hpp"
#include "sph_validation_checks.hpp"

using namespace ria;

namespace {

void check_mixed_against_double(sph::Setup s, long steps, const char* name) {
  auto dbl = test::solver_for(s, exec::Backend::cuda, sph::Search::cell_range);
  s.precision = Precision::mixed;
  auto ranges = test::solver_for(s, exec::Backend::cuda, sph::Search::cell_range);
  auto tiles = test::solver_for(s, exec::Backend::cuda, sph::Search::tiles);
  // The list search (not with SPS, which it refuses) in mixed: its second evaluations read the
  // list, positions relative to the first sort's cells.
  const bool with_list = s.physics.sps_filter == 0;
  auto list = with_list ? test::solver_for(s, exec::Backend::cuda, sph::Search::list) : nullptr;
  EXPECT_NE(ranges->description().find("mixed"), std::string::npos) << ranges->description();
  for (auto* sv : {dbl.get(), ranges.get(), tiles.get()}) ASSERT_EQ(sv->advance(1e30, steps), steps);
  if (with_list) {
    ASSERT_EQ(list->advance(1e30, steps), steps);
  }
  const double t = dbl->time();
  const test::Deviation dev = test::deviation(dbl->particles(), ranges->particles());
  const double c0 = s.physics.c0, rho0 = s.physics.rho0;
  std::printf("  %s: %zu particles, %ld steps to t = %.6g s; mixed - double: |dr| %.3e dp, |dv| %.3e c0, |drho| %.3e rho0, "
              "|dt| %.3e t; pairs double %.0f mixed %.0f\n",
              name, s.particles.size(), steps, t, dev.r / s.dp, dev.v / c0, dev.rho / rho0,
              std::fabs(ranges->time() - t) / t, dbl->pair_interactions(), ranges->pair_interactions());
  test::expect_within(dev, 1e-5, s, name);
  EXPECT_NEAR(ranges->time(), t, 1e-5 * t) << name;
  // The pair counts are not compared: the lattice start puts many pairs at exactly 2h (h = 1.5 dp:
  // 3 dp apart, 30 of a particle's ~120 neighbours in 3-D), on one side of the support or the
  // other by the last bit of r^2, float or double. They add nothing (F = 0 at 2h).
  // The two searches of mixed precision: positions relative to cells of h and of 2h, rounded to
  // float apart, and the sums in other orders: within the same float round-off bounds.
  const test::Deviation sd = test::deviation(ranges->particles(), tiles->particles());
  std::printf("  %s: mixed tiles - cell-range: |dr| %.3e dp, |dv| %.3e c0, |drho| %.3e rho0\n", name, sd.r / s.dp, sd.v / c0,
              sd.rho / rho0);
  test::expect_within(sd, 1e-5, s, name);
  if (with_list) {
    const test::Deviation ld = test::deviation(dbl->particles(), list->particles());
    std::printf("  %s: mixed list - double cell-range: |dr| %.3e dp, |dv| %.3e c0, |drho| %.3e rho0; the list read in %ld "
                "of %ld steps\n",
                name, ld.r / s.dp, ld.v / c0, ld.rho / rho0, list->list_use().reused,
                list->list_use().reused + list->list_use().searched);
    test::expect_within(ld, 1e-5, s, name);
    EXPECT_EQ(list->list_use().reused, steps) << name;
  }
}

}  // namespace

TEST(SphCudaMixed, DamBreak3dStaysWithinFloatRoundOffOfDoubleOverFiftySteps) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  check_mixed_against_double(test::make_test_setup(test::dam_break_scenario(3, 0.01)), 50, "3-D dam break");
}

TEST(SphCudaMixed, DamBreak2dStaysWithinFloatRoundOffOfDoubleOverFiftySteps) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  check_mixed_against_double(test::make_test_setup(test::dam_break_scenario(2, 0.005)), 50, "2-D dam break");
}

TEST(SphCudaMixed, LaminarSpsStaysWithinFloatRoundOffOfDoubleOverFiftySteps) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  sph::Scenario sc = test::dam_break_scenario(3, 0.01);
  sc.alpha = 0, sc.kinematic_viscosity = 1e-6, sc.sps = true;  // as SphCuda.LaminarSps...
  check_mixed_against_double(test::make_test_setup(sc), 50, "3-D dam break, laminar + SPS");
}

TEST(SphCudaMixed, HydrostaticTank) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  test::check_hydrostatic_tank({exec::Backend::cuda, Precision::mixed});
}

TEST(SphCudaMixed, MartinMoyceCollapseAtA30) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  test::check_martin_moyce(30, {exec::Backend::cuda, Precision::mixed});
}
