// Harness around the pure physics: gathers the states of an edge's two cells from row-major
// arrays (or builds the ghost state at a domain boundary) and calls edge_flux. Used unchanged by
// the CPU backends and the CUDA kernels. Rows are global indices; `row0` is the global row of the
// first stored row (row-block storage, grid/grid.hpp).
#pragma once

#include <cstddef>

#include "ria/config.hpp"
#include "ria/swe/boundary.hpp"
#include "ria/swe/cell_update.hpp"
#include "ria/swe/roe_flux.hpp"
#include "ria/swe/sources.hpp"

namespace ria::swe {

template <class T>
struct Fields {
  T* h;
  T* qx;
  T* qy;
  T* hc;
};

template <class T>
struct ConstFields {
  const T* h;
  const T* qx;
  const T* qy;
  const T* hc;
};

/// Everything a sweep needs besides the arrays, passed by value to kernels.
template <class T>
struct SweepParams {
  int nx = 0, ny = 0;  // global grid size
  int row0 = 0;        // global row of stored row 0
  T inv_dx = 1, inv_dy = 1;
  SweParams<T> phys;
  Boundaries bc;
};

template <class T>
RIA_HD inline Conserved<T> load(const ConstFields<T>& f, std::size_t k) {
  return {f.h[k], f.qx[k], f.qy[k], f.hc[k]};
}

template <class T>
RIA_HD inline void store(const Fields<T>& f, std::size_t k, const Conserved<T>& w) {
  f.h[k] = w.h;
  f.qx[k] = w.qx;
  f.qy[k] = w.qy;
  f.hc[k] = w.hc;
}

/// Boundary edge: zero mass and pollutant flux through walls exactly (not just to round-off).
template <class T>
RIA_HD inline EdgeFlux<T> boundary_edge(const BoundarySide& b, int along, const EdgeState<T>& in, T H,
                                        bool interior_is_right, double t, const SweParams<T>& p) {
  const BoundaryKind kind = kind_at(b, along);
  const EdgeState<T> g = ghost_state(b, kind, in, H, t, interior_is_right ? T(1) : T(-1), p.g, p.h_dry);
  EdgeFlux<T> f = interior_is_right ? edge_flux(g, H, in, H, p.g, p.h_dry) : edge_flux(in, H, g, H, p.g, p.h_dry);
  if (kind == BoundaryKind::wall) f.h = f.qt = f.hc = T(0);
  return f;
}

/// Interior edge between cells kl and kr, d = cell size across the edge (for diffusion).
template <class T>
RIA_HD inline EdgeFlux<T> interior_edge(const EdgeState<T>& l, T Hl, const EdgeState<T>& r, T Hr, T inv_d,
                                        const SweParams<T>& p) {
  EdgeFlux<T> f = edge_flux(l, Hl, r, Hr, p.g, p.h_dry);
  if (p.diffusivity > T(0)) f.hc -= diffusive_flux(l.h, l.hc, r.h, r.hc, p.diffusivity, T(1) / inv_d, p.h_dry);
  return f;
}

/// Flux through the x-edge on the west side of cell (i, j), i in [0, nx].
template <class T>
RIA_HD inline EdgeFlux<T> x_edge_flux(const ConstFields<T>& f, const T* H, const SweepParams<T>& s, double t, int i,
                                      int j) {
  const std::size_t row = static_cast<std::size_t>(j - s.row0) * s.nx;
  if (i == 0) return boundary_edge(s.bc.side[west], j, to_x_edge(load(f, row)), H[row], true, t, s.phys);
  if (i == s.nx) {
    const std::size_t k = row + s.nx - 1;
    return boundary_edge(s.bc.side[east], j, to_x_edge(load(f, k)), H[k], false, t, s.phys);
  }
  const std::size_t kl = row + i - 1, kr = row + i;
  return interior_edge(to_x_edge(load(f, kl)), H[kl], to_x_edge(load(f, kr)), H[kr], s.inv_dx, s.phys);
}

/// Flux through the y-edge on the south side of cell (i, j), j in [0, ny] (global rows).
template <class T>
RIA_HD inline EdgeFlux<T> y_edge_flux(const ConstFields<T>& f, const T* H, const SweepParams<T>& s, double t, int i,
                                      int j) {
  const std::size_t nx = static_cast<std::size_t>(s.nx);
  if (j == 0) {
    const std::size_t k = static_cast<std::size_t>(0 - s.row0) * nx + i;
    return boundary_edge(s.bc.side[south], i, to_y_edge(load(f, k)), H[k], true, t, s.phys);
  }
  if (j == s.ny) {
    const std::size_t k = static_cast<std::size_t>(s.ny - 1 - s.row0) * nx + i;
    return boundary_edge(s.bc.side[north], i, to_y_edge(load(f, k)), H[k], false, t, s.phys);
  }
  const std::size_t kl = static_cast<std::size_t>(j - 1 - s.row0) * nx + i, kr = kl + nx;
  return interior_edge(to_y_edge(load(f, kl)), H[kl], to_y_edge(load(f, kr)), H[kr], s.inv_dy, s.phys);
}

/// New state of cell (i, j) after one step of length dt: four edges, then the update.
template <class T>
RIA_HD inline Conserved<T> step_cell(const ConstFields<T>& f, const T* H, const SweepParams<T>& s, double t, T dt,
                                     int i, int j) {
  const EdgeFlux<T> w = x_edge_flux(f, H, s, t, i, j), e = x_edge_flux(f, H, s, t, i + 1, j);
  const EdgeFlux<T> so = y_edge_flux(f, H, s, t, i, j), n = y_edge_flux(f, H, s, t, i, j + 1);
  const std::size_t k = static_cast<std::size_t>(j - s.row0) * s.nx + i;
  return update_cell(load(f, k), w, e, so, n, dt, s.inv_dx, s.inv_dy, s.phys);
}

}  // namespace ria::swe
