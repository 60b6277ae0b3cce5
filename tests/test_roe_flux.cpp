// Unit tests of the pure edge flux (include/ria/swe/roe_flux.hpp).
#include <gtest/gtest.h>

#include <cmath>

#include "ria/swe/roe_flux.hpp"

using namespace ria::swe;

namespace {
constexpr double g = 9.81, eps = 1e-6;

EdgeFlux<double> flux(EdgeState<double> l, double Hl, EdgeState<double> r, double Hr) {
  return edge_flux(l, Hl, r, Hr, g, eps);
}
}  // namespace

TEST(RoeFlux, ConsistentWithPhysicalFluxForEqualStates) {
  // F(W, W) on a flat bed = (q, q^2/h + g h^2/2, q v, q C); the returned momentum excludes g h^2/2.
  const double h = 2.0, u = 1.5, v = -0.3, c = 0.7;
  const EdgeState<double> w{h, h * u, h * v, h * c};
  const EdgeFlux<double> f = flux(w, 3.0, w, 3.0);
  EXPECT_NEAR(f.h, h * u, 1e-14);
  EXPECT_NEAR(f.qn_l, h * u * u, 1e-13);
  EXPECT_NEAR(f.qn_r, h * u * u, 1e-13);
  EXPECT_NEAR(f.qt, h * u * v, 1e-14);
  EXPECT_NEAR(f.hc, h * u * c, 1e-14);
}

TEST(RoeFlux, LakeAtRestGivesExactlyZero) {
  // Depths and beds exact in binary: eta = h - H is exact on both sides and every flux is zero.
  const EdgeFlux<double> f = flux({0.125 + 1.25, 0, 0, 0}, 1.25, {0.125 + 0.375, 0, 0, 0}, 0.375);
  EXPECT_EQ(f.h, 0.0);
  EXPECT_EQ(f.qn_l, 0.0);
  EXPECT_EQ(f.qn_r, 0.0);
  // Otherwise eta carries one rounding of h - H, and the fluxes stay at that level (~1e-16).
  const EdgeFlux<double> r = flux({0.1 + 1.3, 0, 0, 0}, 1.3, {0.1 + 0.4, 0, 0, 0}, 0.4);
  EXPECT_LE(std::fabs(r.h), 1e-15);
  EXPECT_LE(std::fabs(r.qn_l), 1e-14);
}

TEST(RoeFlux, EmergedIslandAgainstStillWaterIsExactlyZero) {
  // Right cell is dry with its bed 0.5 m above the water: nothing moves.
  const EdgeFlux<double> f = flux({1.0, 0, 0, 0}, 0.9, {0.0, 0, 0, 0}, -0.5);
  EXPECT_EQ(f.h, 0.0);
  EXPECT_EQ(f.qn_l, 0.0);
  EXPECT_EQ(f.qn_r, 0.0);
}

TEST(RoeFlux, MirrorSymmetry) {
  // Swapping the sides and reversing the normal velocity reverses the flux exactly.
  const EdgeState<double> l{1.2, 0.4, 0.1, 0.3}, r{0.7, -0.2, 0.05, 0.0};
  const EdgeFlux<double> a = flux(l, 1.0, r, 0.8);
  const EdgeFlux<double> b = flux({r.h, -r.qn, r.qt, r.hc}, 0.8, {l.h, -l.qn, l.qt, l.hc}, 1.0);
  EXPECT_DOUBLE_EQ(a.h, -b.h);
  EXPECT_DOUBLE_EQ(a.qn_l, b.qn_r);
  EXPECT_DOUBLE_EQ(a.qn_r, b.qn_l);
}

TEST(RoeFlux, DryBedDamBreakFluxIsPositiveAndFinite) {
  const EdgeFlux<double> f = flux({1.0, 0, 0, 0.5}, 1.0, {0.0, 0, 0, 0}, 1.0);
  EXPECT_GT(f.h, 0.0);
  EXPECT_TRUE(std::isfinite(f.qn_l));
  EXPECT_NEAR(f.hc, 0.5 * f.h, 1e-15);  // pollutant carried with C of the upwind side
}

// Beside a dry cell the flux is the exact Riemann solution at x/t = 0 (Ritter's rarefaction):
// from water at rest h* = 4h/9, u* = 2c/3, so mass (8/27) c h and momentum h* u*^2 + g h*^2 / 2
// = (8/27) g h^2; mirrored for a dry left side; a water body flowing away from the dry side at
// more than 2c sends nothing, one flowing towards it faster than c sends its own flux.
TEST(RoeFlux, BesideADryCellTheFluxIsTheExactDryBedOne) {
  const double h = 2.0, c = std::sqrt(g * h);
  const EdgeFlux<double> f = flux({h, 0, 0, 0.5 * h}, 1.0, {0.0, 0, 0, 0}, 1.0);
  EXPECT_NEAR(f.h, 8.0 / 27.0 * c * h, 1e-14);
  EXPECT_NEAR(f.qn_r, 8.0 / 27.0 * g * h * h, 1e-13);
  EXPECT_NEAR(f.qn_l, 8.0 / 27.0 * g * h * h - 0.5 * g * h * h, 1e-13);
  EXPECT_NEAR(f.hc, 0.5 * f.h, 1e-15);
  const EdgeFlux<double> m = flux({0.0, 0, 0, 0}, 1.0, {h, 0, 0, 0}, 1.0);
  EXPECT_NEAR(m.h, -f.h, 1e-14);
  EXPECT_NEAR(m.qn_l, f.qn_r, 1e-13);
  EXPECT_EQ(flux({h, -2.5 * c * h, 0, 0}, 1.0, {0.0, 0, 0, 0}, 1.0).h, 0.0);
  EXPECT_NEAR(flux({h, 1.5 * c * h, 0, 0}, 1.0, {0.0, 0, 0, 0}, 1.0).h, 1.5 * c * h, 1e-13);
  // A thin cell (below eps) sends nothing to a wet one; two equal thin films at rest exchange
  // nothing; a thin film flowing away from a dry cell takes nothing from it.
  EXPECT_LE(flux({0.5 * eps, 0.5 * eps * 3.0, 0, 0}, 1.0, {h, 0, 0, 0}, 1.0).h, 0.0);
  EXPECT_EQ(flux({0.5 * eps, 0, 0, 0}, 1.0, {0.5 * eps, 0, 0, 0}, 1.0).h, 0.0);
  EXPECT_GE(flux({0.5 * eps, -0.5 * eps * 0.01, 0, 0}, 1.0, {0.0, 0, 0, 0}, 1.0).h, 0.0);
}

TEST(RoeFlux, HartenHymanSplitsOnlyTransonicWaves) {
  EXPECT_EQ(entropy_fixed_abs(0.0, -1.0, 1.0), 1.0);    // a symmetric sonic wave: lambda^+ - lambda^- = 1
  EXPECT_EQ(entropy_fixed_abs(-3.0, -3.5, -2.5), 3.0);  // no change away from sonic points
  EXPECT_EQ(entropy_fixed_abs(2.0, 1.5, 2.5), 2.0);
}

TEST(RoeFlux, FloatAndDoubleAgree) {
  const EdgeFlux<double> d = flux({1.2, 0.4, 0.1, 0.3}, 1.0, {0.7, -0.2, 0.05, 0.0}, 0.8);
  const EdgeFlux<float> f = edge_flux<float>({1.2f, 0.4f, 0.1f, 0.3f}, 1.0f, {0.7f, -0.2f, 0.05f, 0.0f}, 0.8f, 9.81f, 1e-6f);
  EXPECT_NEAR(f.h, d.h, 1e-6);
  EXPECT_NEAR(f.qn_l, d.qn_l, 1e-5);
}
