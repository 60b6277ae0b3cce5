// Output diagnostics (include/ria/sim/diagnostics.hpp): primitive values of wet and dry cells and
// the running extremes, on values exact in binary so every expectation is exact.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "ria/sim/diagnostics.hpp"

using namespace ria;

TEST(Diagnostics, PrimitiveOfAWetCellIsExactAndOfADryCellNaN) {
  const double h_dry = 1.0 / 1024;
  const sim::Primitive p = sim::primitive({2.0, 1.0, -0.5, 0.375}, 1.5, h_dry);
  EXPECT_EQ(p.h, 2.0);
  EXPECT_EQ(p.eta, 0.5);
  EXPECT_EQ(p.u, 0.5);
  EXPECT_EQ(p.v, -0.25);
  EXPECT_EQ(p.c, 0.1875);
  EXPECT_EQ(sim::primitive({3.0, 1.0, 0.0, 0.0}, 0.0, h_dry).u, 1.0 / 3.0);  // the correctly rounded q/h
  for (double h : {h_dry, h_dry / 2, 0.0}) {  // wet only above the tolerance (wet_dry.hpp)
    const sim::Primitive d = sim::primitive({h, 1e-6, 1e-6, 1e-6}, 1.0, h_dry);
    EXPECT_EQ(d.h, h);
    EXPECT_TRUE(std::isnan(d.eta) && std::isnan(d.u) && std::isnan(d.v) && std::isnan(d.c)) << "h = " << h;
  }
}

TEST(Diagnostics, MapsAreThePrimitivesOfEachCell) {
  swe::HostState s;
  s.h = {4.0, 0.0, 0.5};
  s.qx = {2.0, 0.0, -0.25};
  s.qy = {1.0, 0.0, 0.125};
  s.hc = {1.0, 0.0, 0.5};
  const std::vector<double> H = {3.0, -1.0, 0.25};
  const double h_dry = 1e-3;
  const sim::PrimitiveMaps m = sim::primitive_maps(s, H, h_dry);
  for (std::size_t k = 0; k < 3; ++k) {
    const sim::Primitive p = sim::primitive({s.h[k], s.qx[k], s.qy[k], s.hc[k]}, H[k], h_dry);
    for (const auto& [map, value] : {std::pair{m.eta[k], p.eta}, {m.u[k], p.u}, {m.v[k], p.v}, {m.c[k], p.c}})
      EXPECT_TRUE(map == value || (std::isnan(map) && std::isnan(value))) << "cell " << k;
  }
  EXPECT_EQ(m.c[2], 1.0);
  const std::vector<double> h = sim::wet_depth(s, h_dry);
  EXPECT_EQ(h[0], 4.0);
  EXPECT_TRUE(std::isnan(h[1]));
  EXPECT_EQ(h[2], 0.5);
}

TEST(Diagnostics, ExtremesKeepMaximaAndTheFirstArrival) {
  const double h_dry = 0.01, threshold = 0.25;
  sim::Extremes e(2, h_dry, threshold);
  EXPECT_TRUE(std::isnan(e.arrival_time()[0]));
  swe::HostState s;
  s.h = {1.0, 0.005};  // cell 1 is dry: its concentration 20 is no concentration
  s.qx = s.qy = {0.0, 0.0};
  s.hc = {0.125, 0.1};
  e.update(10, s);  // C = 0.125 below the threshold
  EXPECT_EQ(e.max_concentration()[0], 0.125);
  EXPECT_TRUE(std::isnan(e.arrival_time()[0]));
  EXPECT_EQ(e.max_depth()[1], 0.005);
  EXPECT_EQ(e.max_concentration()[1], 0.0);
  s.hc[0] = 0.5;  // C = 0.5 arrives at t = 20
  e.update(20, s);
  s.h[0] = 0.5, s.hc[0] = 0.375;  // C = 0.75 later, shallower
  e.update(30, s);
  EXPECT_EQ(e.arrival_time()[0], 20.0);
  EXPECT_EQ(e.max_concentration()[0], 0.75);
  EXPECT_EQ(e.max_depth()[0], 1.0);
  EXPECT_TRUE(std::isnan(e.arrival_time()[1]));

  sim::Extremes r(2, h_dry, threshold);  // a restarted run continues the recorded extremes
  r.resume(e.max_depth(), e.max_concentration(), e.arrival_time());
  r.update(40, s);
  EXPECT_EQ(r.arrival_time()[0], 20.0);
  EXPECT_EQ(r.max_depth()[0], 1.0);
  EXPECT_THROW(r.resume({1.0}, {1.0}, {1.0}), std::logic_error);
}
