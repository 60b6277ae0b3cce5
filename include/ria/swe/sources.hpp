// Pointwise source steps applied after the flux update (ARCHITECTURE.md principle 5).
#pragma once

#include <cmath>

#include "ria/config.hpp"
#include "ria/minmax.hpp"
#include "ria/quotient.hpp"
#include "ria/swe/mixed_state.hpp"
#include "ria/swe/state.hpp"
#include "ria/swe/wet_dry.hpp"

namespace ria::swe {

/// Semi-implicit Manning friction: dq/dt = -g n^2 |u| q / h^(4/3), discretised with q at the new
/// level and |u|, h from the flux-updated state (Brufau et al. 2004-style):
///   q^{n+1} = q* / (1 + dt g n^2 |u*| / h^{4/3}),   evaluated as  q* (1 / (1 + dt g n^2 |q*| / (h^2 cbrt(h))))
/// (|u| / h^{4/3} = |q| / h^{7/3}: one division for the factor and one reciprocal for both
/// components; a cube root, not pow: on the GPU powf is about four times cbrtf's instructions).
/// Unconditionally stable, never reverses the flow. Dry cells (wet_dry.hpp) get q = 0.
/// n: the cell's Manning coefficient [s/m^(1/3)], >= 0. The state is in S, the physics in T
/// (S = T, or double values with float physics, Precision::mixed): wet/dry and the factor are
/// judged in T, as the fluxes see the state, and the momentum multiplied by the factor's reciprocal
/// in its own precision (MomentumOf, mixed_state.hpp: S, or float for Precision::mixed). The
/// depths it divides by are at least h_dry >= 1e-9 m, so h^2 cbrt(h) >= 1e-21 stays a normal float.
template <class S, class T>
RIA_HD inline void apply_friction_and_dry_policy(Conserved<S>& w, S dt, T n, const Physics<T>& p) {
  using M = MomentumOf<S, T>;
  const T h = static_cast<T>(w.h);
  // The momentum in M (exact: it is kept in M), set back once: a mixed state's momentum stays in
  // float from the flux update to the store.
  M qx = static_cast<M>(w.qx), qy = static_cast<M>(w.qy);
  if (!is_wet(h, p.h_dry)) {
    qx = M(0);
    qy = M(0);
  } else if (n > T(0)) {
    const T qx_t = static_cast<T>(qx), qy_t = static_cast<T>(qy);
    // The root and cube root in T (on the host the unqualified functions of a float are double).
    const T q_abs = static_cast<T>(sqrt(qx_t * qx_t + qy_t * qy_t)), h73 = h * h * static_cast<T>(cbrt(h));
    const T factor = T(1) + quotient(static_cast<T>(dt) * p.g * n * n * q_abs, h73);
    const M inv = reciprocal(static_cast<M>(factor));
    qx *= inv;
    qy *= inv;
  }
  w.qx = static_cast<S>(qx);
  w.qy = static_cast<S>(qy);
}

/// First-order decay dC/dt = -lambda C, exact over a step of length dt: the factor exp(-lambda dt)
/// the step multiplies hC by, in the state's precision S; 1 without decay (lambda = 0). A step
/// computes it once (the CPU sweep; the fused CUDA step's clock in double) or each cell does: the
/// same function of the same S values (DecayOfRate, DecayOfStep). The balance decays its expected
/// pollutant by the same factor in double (balance.hpp).
template <class S>
RIA_HD inline S decay_factor(S decay_rate, S dt) {
  return decay_rate > S(0) ? static_cast<S>(exp(-decay_rate * dt)) : S(1);
}

/// hC times the step's decay factor (decay_factor); on the host a factor of 1 leaves hC as it is,
/// bit for bit (DecayOfStep; a GPU float product would flush a subnormal hC, so the GPU's float
/// cells branch past the decay where there is none, DecayOfRate).
template <class S>
RIA_HD inline void apply_decay(Conserved<S>& w, S factor) {
  w.hc *= factor;
}

/// A step's decay as the update applies it to a cell after its step of length dt (cell_update.hpp
/// flux_and_source_update): decay_factor of the rate, computed by the cell where there is decay...
template <class S>
struct DecayOfRate {
  S rate;  // lambda [1/s]
  RIA_HD void apply(Conserved<S>& w, S dt) const {
    if (rate > S(0)) apply_decay(w, decay_factor(rate, dt));
  }
};
/// ...or the step's factor, computed once (decay_factor of the same rate and dt: the same value).
template <class S>
struct DecayOfStep {
  S factor;
  RIA_HD void apply(Conserved<S>& w, S) const { apply_decay(w, factor); }
};

/// Diffusive pollutant flux across an edge, K h_e (C_R - C_L) / d with h_e = min(h_L, h_R):
/// conservative, zero where either side is dry, and with dt <= d^2 / (4 K) a convex update.
template <class T>
RIA_HD inline T diffusive_flux(T hl, T hcl, T hr, T hcr, T K, T d, T eps) {
  const T he = min_of(hl, hr);
  if (he <= eps) return T(0);
  return quotient(K * he * (ratio(hcr, hr, eps) - ratio(hcl, hl, eps)), d);
}

}  // namespace ria::swe
