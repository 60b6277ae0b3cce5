// SPH set-ups (src/sph/setup.cpp): the particle lattices of tanks, blocks and fluid boxes, the
// overlap rule, the hydrostatic start, and fluid placed where the domain takes it out.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "ria/sph/eos.hpp"
#include "ria/sph/setup.hpp"
#include "sph_cases.hpp"

using namespace ria;
using namespace ria::sph;

TEST(SphSetup, TankAndBlockLatticesAndTheOverlapRule) {
  sph::Scenario sc = test::dam_break_scenario(2, 0.01);
  sc.h_over_dp = 1.5;  // 3 wall layers: ceil(2h / dp)
  sph::Setup s = test::make_test_setup(sc);
  // Fluid 10 x 20; tank shell (40 + 6) x (30 + 3) - 40 x 30 particles.
  EXPECT_EQ(s.particles.count(Kind::fluid), 200u);
  EXPECT_EQ(s.particles.count(Kind::boundary), 46u * 33u - 40u * 30u);
  EXPECT_EQ(s.physics.mass, 1000 * 0.01 * 0.01);
  EXPECT_NEAR(s.physics.c0, 20 * std::sqrt(9.81 * 0.2), 1e-12);
  // A block overlapping the fluid column removes the fluid particles inside it.
  sph::WallBox block;
  block.lo = {0.05, 0.0, 0.0}, block.hi = {0.15, 0.05, 0.0};
  sc.walls.push_back(block);
  s = test::make_test_setup(sc);
  EXPECT_EQ(s.particles.count(Kind::fluid), 200u - 5u * 5u);
  // Hydrostatic start: the bottom fluid particle (depth 0.195 m) has the Tait density of rho0 g d.
  double rho_bottom = 0;
  for (std::size_t k = 0; k < s.particles.size(); ++k)
    if (s.particles.is_fluid(k) && s.particles.r[0][k] < 0.01 && s.particles.r[1][k] < 0.01) rho_bottom = s.particles.rho[k];
  const Tait eos = Tait::make(1000, s.physics.c0, 7);
  EXPECT_NEAR(rho_bottom, eos.density(1000 * 9.81 * 0.195), 1e-9);
  // The neighbour cells are at least the kernel support.
  EXPECT_GE(s.cells.dx, 2 * s.physics.h);
  EXPECT_GE(s.cells.dy, 2 * s.physics.h);
}

TEST(SphSetup, StackedBoxesAndTheirWallsStartFromOneSurface) {
  // The column 0.1 x 0.2 m as one box, as two boxes stacked (0.1 + 0.1 m), and as one box 0.204 m
  // high (20.4 dp: its lattice fills 20 rows, to 0.2 m): the same particles at the same places with
  // the same hydrostatic densities, fluid and walls alike (up to the rounding of lo + (k + 1/2) dp
  // from another lo: 1e-12 m, and 1e-9 kg/m^3 of a density; the lower box's own top would put its
  // densities 1.25 kg/m^3 low, the unrounded 0.204 m the walls' 0.05 kg/m^3 high).
  const sph::Scenario one = test::dam_break_scenario(2, 0.01);
  sph::Scenario two = one, odd = one;
  two.fluid.push_back(one.fluid[0]);
  two.fluid[0].hi[1] = 0.1;
  two.fluid[1].lo[1] = 0.1;
  odd.fluid[0].hi[1] = 0.204;
  odd.depth = 0.2;  // c0 as for the others (it follows the boxes' height otherwise)
  auto states = [](const sph::Scenario& sc) {
    const Particles p = test::make_test_setup(sc).particles;
    std::vector<std::array<double, 4>> v;
    for (std::size_t k = 0; k < p.size(); ++k) v.push_back({double(p.kind[k]), p.r[0][k], p.r[1][k], p.rho[k]});
    std::sort(v.begin(), v.end());
    return v;
  };
  const auto a = states(one), b = states(two), c = states(odd);
  ASSERT_EQ(a.size(), b.size());
  ASSERT_EQ(a.size(), c.size());
  for (std::size_t k = 0; k < a.size(); ++k)
    for (const auto* other : {&b, &c}) {
      EXPECT_EQ(a[k][0], (*other)[k][0]);
      EXPECT_NEAR(a[k][1], (*other)[k][1], 1e-12);
      EXPECT_NEAR(a[k][2], (*other)[k][2], 1e-12);
      EXPECT_NEAR(a[k][3], (*other)[k][3], 1e-9) << "particle " << k << " at (" << a[k][1] << ", " << a[k][2] << ")";
    }
}

TEST(SphSetup, FluidBelowOrBesideTheDomainIsSaidToLeave) {
  // Half the block lies left of [domain]: those 200 particles leave in the first step, and the
  // set-up says so; fluid above the top is only binned there.
  std::vector<std::string> warnings;
  make_setup(test::thrown_block_scenario(0.005, {0, 0, 0}, {0.05, -0.05, 0}, {0.15, 0.3, 0}), exec::Backend::serial,
             warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("200 fluid particles lie below or beside [domain]"), std::string::npos) << warnings[0];
  warnings.clear();
  make_setup(test::thrown_block_scenario(0.005, {0, 0, 0}, {-0.05, -0.05, 0}, {0.15, 0.05, 0}), exec::Backend::serial,
             warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("200 particles lie outside [domain] (walls, or fluid above it)"), std::string::npos)
      << warnings[0];
}
