// Every bound of `ria validate`, in one place, with the reason it is the right one.
#pragma once

#include "ria/config.hpp"

namespace ria::validate {

/// A bound per precision. Precision::mixed computes the fluxes in float, so it is held to the float
/// bound, except where a bound says otherwise (conservation, which mixed keeps in double).
struct Bound {
  double f64, f32;
  double mixed = -1;  // < 0: the float bound
  double of(Precision p) const {
    if (p == Precision::f64) return f64;
    return p == Precision::mixed && mixed >= 0 ? mixed : f32;
  }
};

// Lake at rest: the hydrostatic reconstruction makes every flux exactly zero except for the
// rounding of eta = h - H (1 ulp of h); over 1000 steps that leaves |q| and |eta - eta0| at a few
// ulps of the depth: 1e-12 m in double (1e4 ulps of 1 m) and 1e-5 m in float (~100 ulps).
inline constexpr Bound kLakeAtRest{1e-12, 1e-5};
// Dam breaks: first-order schemes smear the rarefaction corners and the front over a few cells;
// at 800 cells that is < 1% of the wave's extent each, and the relative L1 error of h stays below
// 3% (the bound). Convergence in L1 for solutions with a front or a corner is between 1/2
// and 1 for first-order schemes; 0.6 excludes a stalled scheme without demanding more than theory.
inline constexpr Bound kDamBreakL1{0.03, 0.03};
inline constexpr Bound kDamBreakOrder{0.6, 0.6};
// x/y reflection: the sweep is written once for both directions with the x <-> y swap and sums
// the two directions symmetrically, so the same problem along y equals the one along x bit for
// bit; we allow round-off only.
inline constexpr Bound kReflection{1e-12, 1e-5};
// Thacker: one period of a moving shoreline. The issue asks for 5% at 200x200 or, where a
// first-order scheme honestly cannot, the errors at 100/200/400 and why. Ours cannot: numerical
// viscosity ~ dx |lambda| / 2 damps the oscillation over the period and smears the shoreline,
// giving 22.6%, 12.0%, 6.2% (order 0.93, measured 2026-11-23); 5% needs ~500x500. The bound is
// therefore 15% at 200x200 (first-order error plus margin), and the case also requires the error
// to fall with every doubling (err_ratio >= 1), which a broken wet/dry front would not.
inline constexpr Bound kThackerL1{0.15, 0.15};
// Conservation: fluxes are added to one cell and subtracted from its neighbour, walls carry zero
// flux exactly, so totals change by accumulated rounding only: ~n_steps * 1e-16 relative in
// double (1e-12 leaves 4 orders of margin at 1e3 steps), ~n_steps * 1e-7 / sqrt(n) in float.
// Mixed: each float flux is widened and added to one double cell and subtracted from its
// neighbour, so the totals keep the double bound.
inline constexpr Bound kMass{1e-12, 1e-5, 1e-12};
// A uniform concentration is carried with flux F_h * C and divided by the new depth: a few ulps.
inline constexpr Bound kUniformC{1e-12, 1e-5};
// Maximum principle: C stays in [0, C_max]; allow one rounding of the ratio hc/h.
inline constexpr Bound kExtremaOvershoot{1e-12, 1e-5};
// Four-fold symmetry of the water column: mirrored arithmetic is exact, allow round-off only.
inline constexpr Bound kSymmetry{1e-12, 1e-5};
// Bump: the steady first-order solution differs from Bernoulli's by O(dx) near the bump crest;
// at 400 cells (dx = 6.25 cm) the relative L1 error of the depth is well under the 1%.
inline constexpr Bound kBumpL1{0.01, 0.01};

}  // namespace ria::validate
