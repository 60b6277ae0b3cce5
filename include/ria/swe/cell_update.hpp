// The finite-volume update of one cell (Viñas et al. 2012, eq. 5):
//   W_i^{n+1} = W_i^n - dt/|V_i| sum_j |E_ij| F_ij,
// on a Cartesian cell: W - (dt/dx (F_east - F_west) + dt/dy (F_north - F_south)), where each
// edge flux is the one its cell sees (edge_flux returns the left/right normal-momentum fluxes
// that carry the bed source). x and y contributions are summed before subtracting so that the
// result is invariant (bit for bit) under the reflection x <-> y. Then the pointwise sources.
#pragma once

#include "ria/config.hpp"
#include "ria/swe/sources.hpp"
#include "ria/swe/state.hpp"

namespace ria::swe {

/// Eq. 5 alone: the cell's state after the four edge fluxes, dt_dx = dt/dx, dt_dy = dt/dy.
template <class T>
RIA_HD inline Conserved<T> flux_update(const Conserved<T>& w, const EdgeFlux<T>& west, const EdgeFlux<T>& east,
                                       const EdgeFlux<T>& south, const EdgeFlux<T>& north, T dt_dx, T dt_dy) {
  Conserved<T> r;
  r.h = w.h - (dt_dx * (east.h - west.h) + dt_dy * (north.h - south.h));
  r.qx = w.qx - (dt_dx * (east.qn_l - west.qn_r) + dt_dy * (north.qt - south.qt));
  r.qy = w.qy - (dt_dx * (east.qt - west.qt) + dt_dy * (north.qn_l - south.qn_r));
  r.hc = w.hc - (dt_dx * (east.hc - west.hc) + dt_dy * (north.hc - south.hc));
  return r;
}

/// The flux update followed by the pointwise sources: Manning friction with the cell's n and the
/// dry-cell policy, then decay (sources.hpp).
template <class T>
RIA_HD inline Conserved<T> flux_and_source_update(const Conserved<T>& w, const EdgeFlux<T>& west,
                                                  const EdgeFlux<T>& east, const EdgeFlux<T>& south,
                                                  const EdgeFlux<T>& north, T dt, T inv_dx, T inv_dy, T n,
                                                  const Physics<T>& p) {
  Conserved<T> r = flux_update(w, west, east, south, north, dt * inv_dx, dt * inv_dy);
  apply_friction_and_dry_policy(r, dt, n, p);
  apply_decay(r, dt, p.decay_rate);
  return r;
}

}  // namespace ria::swe
