// The finite-volume update of one cell (Viñas et al. 2012, eq. 5):
//   W_i^{n+1} = W_i^n - dt/|V_i| sum_j |E_ij| F_ij,
// on a Cartesian cell: W - (dt/dx (F_east - F_west) + dt/dy (F_north - F_south)), where each
// edge flux is the one its cell sees (edge_flux returns the left/right normal-momentum fluxes
// that carry the bed source). x and y contributions are summed before subtracting so that the
// result is invariant (bit for bit) under the reflection x <-> y. Then the pointwise sources.
#pragma once

#include "ria/config.hpp"
#include "ria/swe/mixed_state.hpp"
#include "ria/swe/sources.hpp"
#include "ria/swe/state.hpp"

namespace ria::swe {

/// Eq. 5 alone: the cell's state after the four edge fluxes, dt_dx = dt/dx, dt_dy = dt/dy. The
/// state and the step are in S, the fluxes in T (S = T, or S = double and T = float for
/// Precision::mixed): each water and pollutant flux is widened to S before it is added, so one
/// edge's flux leaves one cell and enters its neighbour as the same S value and the sum over the
/// cells telescopes to S round-off; the momentum is updated in MomentumOf<S, T> (mixed: float).
template <class S, class T>
RIA_HD inline Conserved<S> flux_update(const Conserved<S>& w, const EdgeFlux<T>& west, const EdgeFlux<T>& east,
                                       const EdgeFlux<T>& south, const EdgeFlux<T>& north, S dt_dx, S dt_dy) {
  using M = MomentumOf<S, T>;  // the momentum's precision (mixed_state.hpp)
  const M mx = static_cast<M>(dt_dx), my = static_cast<M>(dt_dy);
  Conserved<S> r;
  r.h = w.h - (dt_dx * (S(east.h) - S(west.h)) + dt_dy * (S(north.h) - S(south.h)));
  r.qx = S(M(w.qx) - (mx * (M(east.qn_l) - M(west.qn_r)) + my * (M(north.qt) - M(south.qt))));
  r.qy = S(M(w.qy) - (mx * (M(east.qt) - M(west.qt)) + my * (M(north.qn_l) - M(south.qn_r))));
  r.hc = w.hc - (dt_dx * (S(east.hc) - S(west.hc)) + dt_dy * (S(north.hc) - S(south.hc)));
  return r;
}

/// The flux update followed by the pointwise sources: Manning friction with the cell's n and the
/// dry-cell policy, then the step's decay, decay.apply (sources.hpp DecayOfRate, DecayOfStep; the
/// fused CUDA step's ClockDecay; computed or read here, where it is applied, not held across the
/// update).
/// inv_dx and inv_dy are the S values of SweepSetup (update_constants in stencil.hpp).
template <class S, class T, class Decay>
RIA_HD inline Conserved<S> flux_and_source_update(const Conserved<S>& w, const EdgeFlux<T>& west,
                                                  const EdgeFlux<T>& east, const EdgeFlux<T>& south,
                                                  const EdgeFlux<T>& north, S dt, S inv_dx, S inv_dy, T n,
                                                  const Physics<T>& p, const Decay& decay) {
  Conserved<S> r = flux_update(w, west, east, south, north, dt * inv_dx, dt * inv_dy);
  apply_friction_and_dry_policy(r, dt, n, p);
  decay.apply(r, dt);
  return r;
}

}  // namespace ria::swe
