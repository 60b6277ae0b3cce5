// The wet/dry policy, in one place (ARCHITECTURE.md principle 6).
//
// A cell is wet when h > h_dry. Velocities and concentrations are ratios q/h that are singular in
// thin layers; they are desingularised as in Kurganov & Petrova (2007, eq. 2.17):
//   u = sqrt(2) h q / sqrt(h^4 + max(h^4, eps^4)),
// which equals q/h for h >= eps and tends to 0 with h. It is evaluated as q * (1/h) so a state
// needs one division for all its ratios; a uniform C or velocity is reproduced to one rounding.
#pragma once

#include <cmath>

#include "ria/config.hpp"
#include "ria/quotient.hpp"

namespace ria::swe {

/// The factor 1/h of the desingularised ratio: 1/h for h >= eps, sqrt(2) h / sqrt(h^4 + eps^4)
/// below (Kurganov & Petrova eq. 2.17 with max(h^4, eps^4) = eps^4 there), 0 for h <= 0.
/// One division per cell state; every ratio q/h of that state is q times this factor.
template <class T>
RIA_HD inline T inverse_depth(T h, T eps) {
#if defined(__CUDA_ARCH__)
  if (h >= eps) return reciprocal(h);  // in double without the IEEE division's range check
#else
  // The value of reciprocal(h) on the host, written out: through the call GCC orders the CPU's
  // vector loop of edges (edge_runs.cpp) otherwise, and in double it ran 10% slower with the same
  // instructions (2-core AMD EPYC, 2026-11-27, docs/performance.md).
  if (h >= eps) return T(1) / h;
#endif
  if (h <= T(0)) return T(0);
  const T h2 = h * h, e2 = eps * eps;
  return T(1.4142135623730951) * h / static_cast<T>(sqrt(h2 * h2 + e2 * e2));  // in T on the host too
}

/// The concentration hc/h of a cell thinner than eps (where inverse_depth is not 1/h): what water
/// leaving such a cell carries (roe_flux.hpp), so that C keeps its bounds. Written as hc (1/h) with
/// the 1/h of inverse_depth's host branch, which the CPU's vector lanes compute for every edge and
/// so share; on the GPU the IEEE reciprocal, not reciprocal() (the branch is taken only at fronts).
/// 0 at depths of 1e-30 m or less, where 1/h could overflow (a subnormal depth) and no water moves.
template <class T>
RIA_HD inline T concentration_below_eps(T hc, T h) {
  return h > T(1e-30) ? hc * (T(1) / h) : T(0);
}

/// q/h, desingularised below eps (eps = h_dry). Returns 0 for h <= 0.
template <class T>
RIA_HD inline T ratio(T q, T h, T eps) {
  return q * inverse_depth(h, eps);
}

template <class T>
RIA_HD inline bool is_wet(T h, T h_dry) { return h > h_dry; }

}  // namespace ria::swe
