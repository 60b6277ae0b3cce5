// Output diagnostics (include/ria/sim/diagnostics.hpp): primitive values of wet and dry cells, and
// the per-step extremes record (include/ria/swe/extremes.hpp), on values exact in binary so every
// expectation is exact.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "swe/extremes_store.hpp"
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

TEST(Extremes, KeepMaximaTheFirstWetTimeAndTheFirstArrival) {
  const swe::ExtremesRule<double> rule{0.01, 0.25};  // h_dry, arrival threshold
  swe::ExtremesStore<double> e(2);
  EXPECT_TRUE(std::isnan(e.arrival[0]) && std::isnan(e.first_wet[0]));
  auto record = [&](double t, std::size_t k, swe::Conserved<double> w) { swe::record_extremes(e.fields(), k, w, t, rule); };
  record(10, 0, {1.0, 0.6, -0.8, 0.125});  // wet, C = 0.125 below the threshold, speed |(0.6, -0.8)| = 1
  record(10, 1, {0.005, 0.0, 0.0, 0.1});   // dry: its concentration 20 is no concentration
  EXPECT_EQ(e.max_conc[0], 0.125);
  EXPECT_EQ(e.max_speed[0], 1.0);
  EXPECT_EQ(e.first_wet[0], 10.0);
  EXPECT_TRUE(std::isnan(e.arrival[0]));
  EXPECT_EQ(e.max_depth[1], 0.005);
  EXPECT_EQ(e.max_conc[1], 0.0);
  EXPECT_TRUE(std::isnan(e.first_wet[1]));
  record(20, 0, {1.0, 0.0, 0.0, 0.5});       // C = 0.5 arrives at t = 20
  record(25, 0, {1.0, 0.0, 0.0, 0.25});      // C = threshold: not above it, the arrival stays
  record(30, 0, {0.5, 0.0, 0.0, 0.375});     // C = 0.75 later, shallower
  record(35, 0, {std::nan(""), 0.0, 0.0, 1.0});  // a NaN state records nothing
  EXPECT_EQ(e.arrival[0], 20.0);
  EXPECT_EQ(e.first_wet[0], 10.0);
  EXPECT_EQ(e.max_conc[0], 0.75);
  EXPECT_EQ(e.max_depth[0], 1.0);
  EXPECT_EQ(e.max_speed[0], 1.0);
  EXPECT_EQ(e.flags[0], swe::kSeenWet | swe::kArrived);
  EXPECT_EQ(e.flags[1], 0);

  // A restarted run continues the records: through the double HostExtremes of the Solver
  // interface, with the flags rebuilt from the times.
  swe::HostExtremes h;
  h.reset(2);
  std::vector<double> rows(10);
  e.to_rows(0, 2, rows.data());
  swe::place_extremes_rows(rows.data(), 2, 0, h);
  swe::ExtremesStore<float> r(2);
  r.from_host(h, 0, 2);
  EXPECT_EQ(r.flags[0], swe::kSeenWet | swe::kArrived);
  EXPECT_EQ(r.flags[1], 0);
  swe::record_extremes(r.fields(), 0, swe::Conserved<float>{2.0f, 0.0f, 0.0f, 2.0f}, 40, swe::ExtremesRule<float>{0.01f, 0.25f});
  EXPECT_EQ(r.arrival[0], 20.0);
  EXPECT_EQ(r.max_depth[0], 2.0f);
  EXPECT_EQ(r.max_conc[0], 1.0f);
  h.arrival_time.pop_back();
  EXPECT_THROW(r.from_host(h, 0, 2), std::invalid_argument);
}

// The concentration's records only (an ensemble member's rule): max_conc, first_wet and arrival
// as under the full rule, max_depth and max_speed never raised; only wet cells record anything.
TEST(Extremes, ConcentrationOnlyRuleKeepsTheConcentrationRecords) {
  const swe::ExtremesRule<double> all{0.01, 0.25};
  const swe::ExtremesRule<double> conc{0.01, 0.25, false};
  EXPECT_TRUE(all.records(0.005));
  EXPECT_FALSE(conc.records(0.005));
  EXPECT_TRUE(conc.records(0.02));
  EXPECT_FALSE(conc.records(std::nan("")));
  EXPECT_FALSE(all.records(0.0));
  swe::ExtremesStore<double> a(2), c(2);
  const double t[] = {10, 20, 30, 35};
  const swe::Conserved<double> w[][2] = {{{1.0, 0.6, -0.8, 0.125}, {0.005, 0.1, 0.0, 0.1}},
                                         {{1.0, 0.0, 0.0, 0.5}, {0.5, 0.0, 0.0, 0.0}},
                                         {{0.5, 0.0, 0.0, 0.375}, {0.004, 0.0, 0.0, 0.0}},
                                         {{std::nan(""), 0.0, 0.0, 1.0}, {0.3, 0.0, 0.0, 0.3}}};
  for (int n = 0; n < 4; ++n)
    for (std::size_t k = 0; k < 2; ++k) {
      swe::record_extremes(a.fields(), k, w[n][k], t[n], all);
      swe::record_extremes(c.fields(), k, w[n][k], t[n], conc);
    }
  for (std::size_t k = 0; k < 2; ++k) {
    EXPECT_EQ(c.max_conc[k], a.max_conc[k]) << k;
    EXPECT_EQ(c.first_wet[k], a.first_wet[k]) << k;
    EXPECT_TRUE(c.arrival[k] == a.arrival[k] || (std::isnan(c.arrival[k]) && std::isnan(a.arrival[k]))) << k;
    EXPECT_EQ(c.flags[k], a.flags[k]) << k;
    EXPECT_EQ(c.max_depth[k], 0.0) << k;
    EXPECT_EQ(c.max_speed[k], 0.0) << k;
  }
  EXPECT_EQ(a.max_conc[0], 0.75);
  EXPECT_EQ(a.arrival[0], 20.0);
  EXPECT_EQ(a.first_wet[1], 20.0);
  EXPECT_EQ(a.arrival[1], 35.0);
  EXPECT_EQ(a.max_depth[1], 0.5);
}
