// Small SPH set-ups for the tests: a dam break in a tank and a free block of fluid.
#pragma once

#include <vector>

#include "ria/sph/setup.hpp"

namespace ria::test {

/// A column 0.1 wide and 0.2 high (3-D: 0.1 deep) in an open tank 0.4 x 0.3 (x 0.1), at spacing dp.
inline sph::Scenario dam_break_scenario(int dim, double dp) {
  sph::Scenario sc;
  sc.name = sc.file = "test_dam_break";
  sc.dim = dim;
  sc.dp = dp;
  sc.duration = 1;
  sc.output_interval = 0.1;
  const int v = dim - 1;
  sph::FluidBox f;
  f.hi[0] = 0.1, f.hi[v] = 0.2;
  if (dim == 3) f.hi[1] = 0.1;
  sph::WallBox w;
  w.kind = sph::WallBox::Kind::tank;
  w.hi[0] = 0.4, w.hi[v] = 0.3;
  if (dim == 3) w.hi[1] = 0.1;
  sc.fluid = {f};
  sc.walls = {w};
  return sc;
}

/// A 0.1 x 0.1 block of water (2-D, no walls) thrown at `velocity` inside the domain [lo, hi]
/// (components (x, z)), at spacing dp.
inline sph::Scenario thrown_block_scenario(double dp, sph::Point velocity, sph::Point lo, sph::Point hi) {
  sph::Scenario sc;
  sc.name = sc.file = "test_thrown_block";
  sc.dim = 2;
  sc.dp = dp;
  sc.duration = 1;
  sc.output_interval = 0.01;
  sph::FluidBox f;
  f.hi = {0.1, 0.1, 0};
  f.velocity = velocity;
  sc.fluid = {f};
  sc.has_domain = true;
  sc.domain_lo = lo, sc.domain_hi = hi;
  return sc;
}

inline sph::Setup make_test_setup(const sph::Scenario& sc, exec::Backend backend = exec::Backend::serial) {
  std::vector<std::string> warnings;
  return sph::make_setup(sc, backend, warnings);
}

}  // namespace ria::test
