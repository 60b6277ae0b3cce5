// The synthetic estuary generator (bathymetry/synthetic_estuary.hpp) has the features it promises.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "synthetic_estuary.hpp"

using namespace ria::bathymetry;

TEST(SyntheticEstuary, HasSeaLandChannelFlatsIslandAndRiver) {
  const EstuaryShape s;
  const Estuary e = make_estuary(200, 200, s);
  EXPECT_GT(-estuary_elevation(s, 10000, 100), 19.0);  // open sea, ~20 m deep
  EXPECT_GT(estuary_elevation(s, 500, 15000), 1.0);    // land beside the funnel
  const double yc = 12000, xc = estuary_centre_x(s, yc);
  EXPECT_LT(estuary_elevation(s, xc, yc), -3.0);       // main channel
  double zmax_flat = -1e9, zmin_flat = 1e9;            // flats between the channel and the bank
  const double b = s.b_head + (s.b_mouth - s.b_head) * std::exp(-(yc - s.y_mouth) / s.funnel_length);
  for (double f = 0.45; f < 0.95; f += 0.05) {
    const double z = estuary_elevation(s, xc - f * b, yc);
    zmax_flat = std::max(zmax_flat, z);
    zmin_flat = std::min(zmin_flat, z);
  }
  EXPECT_LT(zmin_flat, 0.0);  // flooded at high water (+1 m) ...
  EXPECT_GT(zmax_flat, 0.0);  // ... and partly dry at low water (-1 m)
  EXPECT_GT(estuary_elevation(s, estuary_centre_x(s, s.island_y) + s.island_x_offset, s.island_y), 1.5);
  EXPECT_GT(e.river_end, e.river_begin);
  EXPECT_LT(e.river_end - e.river_begin, 40);
}
