// The CPU's runs of edges as vector lanes (src/swe/edge_runs.hpp) against the scalar interior_edge
// every backend calls, bit for bit, on states drawn to reach the branches of edge_flux: wet pairs
// (Roe; some supercritical, so that transonic waves meet the entropy fix), a dry or thinner than
// dry side (HLLE), both sides dry, negative zeros, beds above the datum, and diffusion on and off.
// The test runs the clone the processor selects (AVX-512, AVX2 or baseline x86-64), not the others.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "swe/edge_runs.hpp"
#include "swe/stencil.hpp"

using namespace ria::swe;

namespace {

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

/// Left and right cells of n edges in S, beds in T, drawn so that every branch occurs.
template <class S, class T>
struct Cells {
  std::vector<S> h, qn, qt, hc;
  std::vector<T> H;
  EdgeSide<S, T> side() const { return {h.data(), qn.data(), qt.data(), hc.data(), H.data()}; }
  EdgeState<T> at(int k) const {
    return {static_cast<T>(h[k]), static_cast<T>(qn[k]), static_cast<T>(qt[k]), static_cast<T>(hc[k])};
  }
};

template <class S, class T>
Cells<S, T> draw(int n, std::mt19937& rng, double eps) {
  std::uniform_real_distribution<double> u(0, 1);
  Cells<S, T> c;
  for (int k = 0; k < n; ++k) {
    const double kind = u(rng);
    double h = 0.1 + 5 * u(rng);                       // wet
    if (kind < 0.15) h = 0;                            // dry
    else if (kind < 0.25) h = eps * u(rng);            // thinner than the dry tolerance
    else if (kind < 0.3) h = -0.0;                     // a negative zero
    const double speed = kind > 0.9 ? 12 * (u(rng) - 0.5) : 2 * (u(rng) - 0.5);  // some supercritical
    c.h.push_back(static_cast<S>(h));
    c.qn.push_back(static_cast<S>(h * speed));
    c.qt.push_back(static_cast<S>(h * (u(rng) - 0.5)));
    c.hc.push_back(static_cast<S>(h * u(rng)));
    c.H.push_back(static_cast<T>(u(rng) < 0.2 ? -1 - u(rng) : 2 + 3 * u(rng)));  // some beds above the datum
  }
  return c;
}

template <class S, class T>
void expect_runs_equal_scalar(double diffusivity) {
  const int n = 1001;  // not a multiple of any vector width: the loop's last partial vector runs too
  std::mt19937 rng(7);
  Physics<T> p;
  p.h_dry = T(1e-5);
  p.diffusivity = T(diffusivity);
  const Cells<S, T> l = draw<S, T>(n, rng, 1e-5), r = draw<S, T>(n, rng, 1e-5);
  const T inv_d = T(1) / T(20);
  FluxRow<T> row(n);
  const EdgeFluxes<T> out = row.fluxes();
  interior_edge_run(l.side(), r.side(), n, inv_d, p, out);
  int mismatches = 0, roe = 0, zero = 0, dry_wet = 0, thin = 0;
  for (int k = 0; k < n; ++k) {
    const EdgeFlux<T> f = interior_edge(l.at(k), l.H[k], r.at(k), r.H[k], inv_d, p);
    const EdgeFlux<T> v = out.at(k);
    const bool same = same_bits(f.h, v.h) && same_bits(f.qn_l, v.qn_l) && same_bits(f.qn_r, v.qn_r) &&
                      same_bits(f.qt, v.qt) && same_bits(f.hc, v.hc);
    if (!same && ++mismatches <= 3)
      ADD_FAILURE() << "edge " << k << ": run (" << v.h << ", " << v.qn_l << ", " << v.qn_r << ", " << v.qt << ", "
                    << v.hc << ") scalar (" << f.h << ", " << f.qn_l << ", " << f.qn_r << ", " << f.qt << ", " << f.hc
                    << ")";
    roe += l.h[k] > S(0.1) && r.h[k] > S(0.1);
    dry_wet += (l.h[k] == S(0)) != (r.h[k] == S(0));
    thin += (l.h[k] > S(0) && l.h[k] < S(1e-5)) || (r.h[k] > S(0) && r.h[k] < S(1e-5));
    zero += f.h == T(0) && f.qn_l == T(0);
  }
  EXPECT_EQ(mismatches, 0);
  // The draw reaches each kind of pair.
  EXPECT_GT(roe, n / 3);
  EXPECT_GT(dry_wet, n / 10);
  EXPECT_GT(thin, n / 10);
  EXPECT_GT(zero, n / 50);
}

}  // namespace

TEST(EdgeRuns, FloatRunsEqualTheScalarFluxBitwise) { expect_runs_equal_scalar<float, float>(0); }
TEST(EdgeRuns, DoubleRunsEqualTheScalarFluxBitwise) { expect_runs_equal_scalar<double, double>(0); }
TEST(EdgeRuns, MixedRunsEqualTheScalarFluxBitwise) { expect_runs_equal_scalar<double, float>(0); }
TEST(EdgeRuns, RunsWithDiffusionEqualTheScalarFluxBitwise) {
  expect_runs_equal_scalar<float, float>(2.5);
  expect_runs_equal_scalar<double, double>(2.5);
}
