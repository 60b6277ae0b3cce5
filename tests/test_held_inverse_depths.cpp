// A state source that holds its cells' factors 1/h (HoldsInverseDepths, swe/stencil.hpp: the GPU's
// column strips) gets from x_edge_flux and y_edge_flux the same fluxes, bit for bit, as one whose
// edges compute the factors, and the fluxes are computed from the factors it holds.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "swe/stencil.hpp"

using namespace ria;

namespace {

constexpr int kNx = 5, kNy = 4;
constexpr double kHDry = 1e-3;

/// ArraySource with each cell's factor inverse_depth(h, h_dry) given by the source, times `scale`
/// (1: the factor the edges would compute).
struct HoldingSource : swe::ArraySource<double> {
  double eps = kHDry, scale = 1;
  double inverse_depth(int i, int j) const { return scale * swe::inverse_depth(depth(i, j), eps); }
};

static_assert(swe::HoldsInverseDepths<HoldingSource>::value, "a source with inverse_depth(i, j) holds its factors");
static_assert(!swe::HoldsInverseDepths<swe::ArraySource<double>>::value, "ArraySource does not");

bool same_bits(const swe::EdgeFlux<double>& a, const swe::EdgeFlux<double>& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

struct Grid {
  std::vector<double> f = std::vector<double>(4 * kNx * kNy), H = std::vector<double>(kNx * kNy);
  swe::SweepSetup<double> s;
  Grid() {
    const int n = kNx * kNy;
    for (int k = 0; k < n; ++k) {
      // Wet cells of several depths, one thin (below h_dry: the desingularised factor), one dry.
      const double h = k == 7 ? 0.4 * kHDry : k == 12 ? 0.0 : 0.5 + 0.13 * (k % 7);
      f[k] = h;
      f[n + k] = h > 0 ? h * (0.3 - 0.05 * (k % 5)) : 0.0;
      f[2 * n + k] = h > 0 ? h * (-0.2 + 0.07 * (k % 3)) : 0.0;
      f[3 * n + k] = h * 0.1 * (k % 4);
      H[k] = 1.0 + 0.2 * (k % 3);
    }
    s.nx = kNx, s.ny = kNy;
    s.physics.h_dry = kHDry;
    s.physics.diffusivity = 0.5;  // the diffusive term goes with the held factors' flux too
  }
  swe::ConstFields<double> fields() const {
    const int n = kNx * kNy;
    return {f.data(), f.data() + n, f.data() + 2 * n, f.data() + 3 * n};
  }
};

}  // namespace

TEST(HeldInverseDepths, InteriorEdgesEqualThoseComputingTheFactorsBitwise) {
  const Grid g;
  const swe::ArraySource<double> plain{g.fields(), g.H.data(), kNx, 0};
  HoldingSource held;
  static_cast<swe::ArraySource<double>&>(held) = plain;
  const swe::StepTime st = swe::step_time(g.s.bc, 0.0);
  int edges = 0;
  for (int j = 0; j < kNy; ++j)
    for (int i = 1; i < kNx; ++i, ++edges)
      ASSERT_TRUE(same_bits(swe::x_edge_flux(held, g.s, st, i, j, false), swe::x_edge_flux(plain, g.s, st, i, j, false)))
          << "x-edge " << i << "," << j;
  for (int j = 1; j < kNy; ++j)
    for (int i = 0; i < kNx; ++i, ++edges)
      ASSERT_TRUE(same_bits(swe::y_edge_flux(held, g.s, st, i, j, false), swe::y_edge_flux(plain, g.s, st, i, j, false)))
          << "y-edge " << i << "," << j;
  EXPECT_EQ(edges, (kNx - 1) * kNy + kNx * (kNy - 1));
}

TEST(HeldInverseDepths, TheFluxUsesTheFactorsTheSourceHolds) {
  // Factors twice the true ones double every velocity and concentration the flux reads: a wet
  // interior edge with moving water then has another flux, which it would not if the edges
  // computed the factors themselves.
  const Grid g;
  const swe::ArraySource<double> plain{g.fields(), g.H.data(), kNx, 0};
  HoldingSource wrong;
  static_cast<swe::ArraySource<double>&>(wrong) = plain;
  wrong.scale = 2;
  const swe::StepTime st = swe::step_time(g.s.bc, 0.0);
  EXPECT_FALSE(same_bits(swe::x_edge_flux(wrong, g.s, st, 2, 0, false), swe::x_edge_flux(plain, g.s, st, 2, 0, false)));
  EXPECT_FALSE(same_bits(swe::y_edge_flux(wrong, g.s, st, 1, 3, false), swe::y_edge_flux(plain, g.s, st, 1, 3, false)));
}
