// The list search (sph/neighbour_list.hpp) on the GPU: where it must sort and search again (a step
// that outruns the skin, a particle with more masks than the list holds) and where it must not
// miss a pair (one that closes to within 2h between the two evaluations). Its comparisons with the
// CPU and the other searches on dam breaks are in test_cuda_sph.cpp and test_cuda_sph_mixed.cpp.
// Skipped without a device.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "sph/cell_list.hpp"
#include "sph/neighbour_list.hpp"
#include "sph_cases.hpp"
#include "sph_compare.hpp"

using namespace ria;

namespace {

/// Pairs of one fluid particle with x < x_split and one with x >= x_split that lie within the
/// support 2h after the particles have moved for t at their velocities.
long pairs_across(const sph::Particles& p, double x_split, double support, double t) {
  long n = 0;
  for (std::size_t a = 0; a < p.size(); ++a)
    for (std::size_t b = 0; b < p.size(); ++b) {
      if (!(p.r[0][a] < x_split && p.r[0][b] >= x_split)) continue;
      double r2 = 0;
      for (int d = 0; d < p.dim; ++d) {
        const double dx = (p.r[d][a] + t * p.v[d][a]) - (p.r[d][b] + t * p.v[d][b]);
        r2 += dx * dx;
      }
      n += r2 < support * support;
    }
  return n;
}

/// The set-up in `precision` on the GPU's cell-range and list searches, each advanced `steps` steps.
struct BothSearches {
  std::unique_ptr<sph::Solver> ranges, list;
};
BothSearches both_searches(sph::Setup s, Precision precision, long steps) {
  s.precision = precision;
  BothSearches b{test::solver_for(s, exec::Backend::cuda, sph::Search::cell_range),
                 test::solver_for(s, exec::Backend::cuda, sph::Search::list)};
  EXPECT_EQ(b.ranges->advance(1e30, steps), steps);
  EXPECT_EQ(b.list->advance(1e30, steps), steps);
  return b;
}

}  // namespace

TEST(SphCuda, ListSearchesAgainWhenAStepOutrunsTheSkin) {
  // A block thrown at c0 / 2: a step of CFL h / c0 moves it 0.1 h, more than the list's skin lets
  // a step use (neighbour_list.hpp, list_holds: 0.04 h), so every step sorts and searches again,
  // and the list search is then the cell-range search bit for bit, in the same storage order. Its
  // domain spans 20.02 R x 22.02 R (R the list radius): 20 x 22 cells of 2h, as large as R
  // already, so the list's cells are cell-range's (list_cells). In mixed precision the bits are
  // the same too because no row of the 2-D block holds more than 32 slots: the list's first
  // evaluation trims rows to R, cell-range to 2h, and a longer row's runs of 32 (the float run
  // sums) would start at other slots.
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const double dp = 0.005, R = sph::list_radius(2 * sph::Scenario{}.h_over_dp * dp);
  sph::Scenario sc = test::thrown_block_scenario(dp, {0, 0, 0}, {-0.05, -0.05, 0}, {-0.05 + 20.02 * R, -0.05 + 22.02 * R, 0});
  sc.fluid[0].velocity = {0.5 * sph::sound_speed(sc), 0, 0};
  const sph::Setup s = test::make_test_setup(sc);
  const Grid list_grid = sph::list_cells(s.cells, 2, R);
  ASSERT_EQ(list_grid.nx, s.cells.nx);
  ASSERT_EQ(list_grid.ny, s.cells.ny);
  for (Precision p : {Precision::f64, Precision::mixed}) {
    const auto [ranges, list] = both_searches(s, p, 30);
    EXPECT_EQ(list->list_use().reused, 0) << precision_name(p);
    EXPECT_EQ(list->list_use().searched, 30) << precision_name(p);
    test::expect_bitwise_equal(ranges->particles(), list->particles());
    EXPECT_EQ(ranges->time(), list->time());
    EXPECT_EQ(ranges->pair_interactions(), list->pair_interactions());
    EXPECT_NE(list->description().find("read by 0 of 30"), std::string::npos) << list->description();
  }
}

TEST(SphCuda, ListSearchRefusesTheSpsClosure) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  sph::Scenario sc = test::dam_break_scenario(2, 0.01);
  sc.alpha = 0, sc.kinematic_viscosity = 1e-6, sc.sps = true;
  try {
    test::solver_for(test::make_test_setup(sc), exec::Backend::cuda, sph::Search::list);
    ADD_FAILURE() << "the list search ran with SPS";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("SPS"), std::string::npos) << e.what();
  }
  EXPECT_THROW(sph::check_set_up_limits(sc, sph::Search::list), std::invalid_argument);
  EXPECT_NO_THROW(sph::check_set_up_limits(sc, sph::Search::cell_range));
}

TEST(SphCudaList, PairClosingToTheSupportBetweenTheEvaluationsIsFound) {
  // Two 2-D blocks of 10 x 20 particles flying at each other, their facing columns 2h + 0.015 h
  // apart: outside the support at the step's start, inside it (2h - 0.015 h) at the half step,
  // where each has moved dt v / 2, with v = 0.03 h / dt. dt v = 0.03 h is within the skin the
  // list lets a step use (0.04 h), so the second evaluation reads the list of the first; it must
  // hold the 20 pairs across the gap, which lie between 2h and R = 2.08 h at the start. The pair
  // counts of that evaluation must be cell-range's (which sorts and searches again at the half
  // step), and the states must stay within round-off of cell-range's while the blocks collide.
  // h = 1.3 dp puts no lattice distance at 2h, so no pair's count hangs on the last bit of r^2.
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const double dp = 0.005;
  sph::Scenario sc = test::thrown_block_scenario(dp, {0, 0, 0}, {-0.05, -0.05, 0}, {0.4, 0.2, 0});
  sc.h_over_dp = 1.3;
  sph::Setup s = test::make_test_setup(sc);
  const double h = s.physics.h, c0 = s.physics.c0, support = 2 * h;
  const double gap = support + 0.015 * h, shift = gap - dp, x_split = 0.05;
  sph::Particles& p = s.particles;
  for (std::size_t k = 0; k < p.size(); ++k)
    if (p.r[0][k] > x_split) p.r[0][k] += shift;
  // The first step's dt: the sound speed's CFL h / c_a, as no pair moves relative to another
  // (the blocks move rigidly and are apart), so the velocities chosen below do not change it.
  auto pilot = test::solver_for(s, exec::Backend::cuda, sph::Search::cell_range);
  ASSERT_EQ(pilot->advance(1e30, 1), 1);
  const double dt = pilot->time(), v = 0.03 * h / dt;
  for (std::size_t k = 0; k < p.size(); ++k) p.v[0][k] = p.r[0][k] > x_split ? -v : v;
  ASSERT_EQ(pairs_across(p, x_split, support, 0), 0) << "the blocks touch at the start";
  ASSERT_EQ(pairs_across(p, x_split, sph::list_radius(support), 0), 20) << "the facing columns are not within R";
  ASSERT_EQ(pairs_across(p, x_split, support, dt / 2), 20) << "the facing columns do not close within 2h at the half step";
  ASSERT_TRUE(sph::list_holds(dt, v, support));

  for (Precision prec : {Precision::f64, Precision::mixed}) {
    const auto [ranges, list] = both_searches(s, prec, 1);
    EXPECT_NEAR(list->time(), dt, 1e-6 * dt) << precision_name(prec) << ": the velocities changed the first step";
    EXPECT_EQ(list->list_use().reused, 1) << precision_name(prec) << ": the list was not read";
    const std::vector<std::uint32_t> c_list = test::counts_by_id(*list), c_ranges = test::counts_by_id(*ranges);
    EXPECT_TRUE(c_list == c_ranges) << precision_name(prec) << ": the list's second evaluation found other neighbours";
    // The facing particles have one neighbour more each than the same blocks far apart: the
    // particle across the gap.
    long sum = 0;
    for (std::uint32_t c : c_list) sum += c;
    long sum_apart = 0;
    {
      sph::Setup far = s;  // the same blocks 0.1 m further apart, at rest: no pair across
      far.precision = prec;
      for (std::size_t k = 0; k < far.particles.size(); ++k) {
        if (far.particles.r[0][k] > x_split) far.particles.r[0][k] += 0.1;
        far.particles.v[0][k] = 0;
      }
      auto alone = test::solver_for(far, exec::Backend::cuda, sph::Search::list);
      ASSERT_EQ(alone->advance(1e30, 1), 1);
      for (std::uint32_t c : alone->pair_counts()) sum_apart += c;
    }
    EXPECT_EQ(sum - sum_apart, 2 * 20) << precision_name(prec) << ": pairs across the gap, counted from both ends";

    ASSERT_EQ(ranges->advance(1e30, 19), 19);
    ASSERT_EQ(list->advance(1e30, 19), 19);
    EXPECT_GE(list->list_use().reused, 10) << precision_name(prec);
    const test::Deviation dev = test::deviation(ranges->particles(), list->particles());
    std::printf("  closing blocks, %s: list read in %ld of 20 steps; list - cell-range |dr| %.3e dp, |dv| %.3e c0\n",
                precision_name(prec), list->list_use().reused, dev.r / dp, dev.v / c0);
    const double bound = prec == Precision::f64 ? 1e-9 : 1e-5;  // round-off (sph_compare.hpp); float's 1e-7 of a cell
    test::expect_within(dev, bound, s, precision_name(prec));
  }
}

TEST(SphCudaList, ParticleWithMoreMasksThanTheListHoldsSearchesAgain) {
  // A 2-D block of 20 x 20 particles squeezed to a quarter of its spacing (dp / 4), closing in
  // on its centre at up to 1e-3 c0. A particle inside it has ~16 times the neighbours of the
  // lattice the list was sized for (list_capacity: 8 masks a particle in 2-D at h = 1.3 dp), so
  // its masks overflow and the step must sort and search again, although it is short enough for
  // the skin. The same block at its own spacing reads the list. Either way the states must be
  // cell-range's: in double within round-off; in mixed as close to double cell-range as mixed
  // cell-range is (the squeezed block's stiff pressures carry float's round-off to ~1e-4 c0 in 10
  // steps, beyond the 1e-5 c0 of milder cases). (h = 1.3 dp: no lattice distance at 2h.)
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const double dp = 0.005;
  sph::Scenario sc = test::thrown_block_scenario(dp, {0, 0, 0}, {-0.05, -0.05, 0}, {0.15, 0.15, 0});
  sc.h_over_dp = 1.3;
  const sph::Setup base = test::make_test_setup(sc);
  const double c0 = base.physics.c0, centre = 0.05;
  ASSERT_EQ(sph::list_capacity(2, sc.h_over_dp), 8u);
  for (const double squeeze : {1.0, 0.25}) {
    sph::Setup s = base;
    sph::Particles& p = s.particles;
    const double rate = 1e-3 * c0 / (squeeze * 0.05 * std::sqrt(2.0));  // 1e-3 c0 at the corners
    for (std::size_t k = 0; k < p.size(); ++k)
      for (int d = 0; d < 2; ++d) {
        p.r[d][k] = centre + squeeze * (p.r[d][k] - centre);
        p.v[d][k] = -rate * (p.r[d][k] - centre);
      }
    auto reference = test::solver_for(s, exec::Backend::cuda, sph::Search::cell_range);  // double
    ASSERT_EQ(reference->advance(1e30, 10), 10);
    for (Precision prec : {Precision::f64, Precision::mixed}) {
      const std::string name = std::string(precision_name(prec)) + (squeeze < 1 ? ", squeezed" : ", lattice");
      const auto [ranges, list] = both_searches(s, prec, 1);
      ASSERT_TRUE(sph::list_holds(list->time(), 1e-3 * c0, 2 * s.physics.h)) << name;
      EXPECT_EQ(list->list_use().reused, squeeze < 1 ? 0 : 1) << name;
      EXPECT_EQ(list->list_use().searched, squeeze < 1 ? 1 : 0) << name;
      EXPECT_TRUE(test::counts_by_id(*list) == test::counts_by_id(*ranges)) << name << ": other neighbours";
      ASSERT_EQ(ranges->advance(1e30, 9), 9);
      ASSERT_EQ(list->advance(1e30, 9), 9);
      if (squeeze < 1) {
        EXPECT_EQ(list->list_use().searched, 10) << name << ": the squeezed block stopped overflowing";
      }
      const test::Deviation dev = test::deviation(ranges->particles(), list->particles());
      const test::Deviation own = test::deviation(reference->particles(), ranges->particles());
      const test::Deviation mine = test::deviation(reference->particles(), list->particles());
      std::printf("  %s block: the list read in %ld of 10 steps; list - cell-range |dr| %.3e dp, |dv| %.3e c0; "
                  "against double cell-range: cell-range |dv| %.3e c0, list %.3e c0\n",
                  name.c_str(), list->list_use().reused, dev.r / dp, dev.v / c0, own.v / c0, mine.v / c0);
      if (prec == Precision::f64) {
        test::expect_within(dev, 1e-9, s, name);
      } else {  // 3x: the two mixed runs' round-off differs (other cells, other float coordinates)
        EXPECT_LE(mine.r, 3 * own.r + 1e-9 * dp) << name;
        EXPECT_LE(mine.v, 3 * own.v + 1e-9 * c0) << name;
      }
    }
  }
}
