// Harness around the pure physics: gathers the states of an edge's two cells from row-major
// arrays (or builds the ghost state at a domain boundary) and calls edge_flux. Used unchanged by
// the CPU backends and the CUDA kernels. Rows are global indices; `row0` is the global row of the
// first stored row (row-block storage, grid/grid.hpp).
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "ria/config.hpp"
#include "ria/swe/balance.hpp"
#include "ria/swe/boundary.hpp"
#include "ria/swe/cell_update.hpp"
#include "ria/swe/mixed_state.hpp"
#include "ria/swe/extremes.hpp"
#include "ria/swe/release.hpp"
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

/// Manning's n as a sweep reads it: one value per stored cell (row-major, nx per stored row) where
/// the bed has a Manning raster, else the uniform value.
template <class T>
struct ManningField {
  T uniform = 0;
  const T* per_cell = nullptr;  // owned by the solver, in its precision and memory
  RIA_HD T at(std::size_t k) const { return per_cell ? per_cell[k] : uniform; }
};

/// Everything a sweep needs besides the state and bed arrays, passed by value to kernels.
template <class T>
struct SweepSetup {
  int nx = 0, ny = 0;  // global grid size
  int row0 = 0;        // global row of stored row 0
  T inv_dx = 1, inv_dy = 1;
  double dx = 1, dy = 1;  // edge lengths for the boundary balance
  Physics<T> physics;
  ManningField<T> manning;
  Boundaries bc;
  Releases rel;
  bool dry_skip = true;  // skip the flux of interior edges between two dry cells (dry_edge): same results
  // 1/dx, 1/dy and the decay rate in double, for the double update of a state read by T fluxes
  // (Precision::mixed): the update then divides by the same dx, dy as the totals and the balance.
  double inv_dx_wide = 1, inv_dy_wide = 1, decay_rate_wide = 0;
};

/// The constants of a cell's update in the state's precision S: the T values of the sweep when
/// S = T, else their double values.
template <class S>
struct UpdateConstants {
  S inv_dx, inv_dy, decay_rate;
};
template <class S, class T>
RIA_HD inline UpdateConstants<S> update_constants(const SweepSetup<T>& s) {
  if constexpr (std::is_same<S, T>::value) return {s.inv_dx, s.inv_dy, s.physics.decay_rate};
  else return {static_cast<S>(s.inv_dx_wide), static_cast<S>(s.inv_dy_wide), static_cast<S>(s.decay_rate_wide)};
}

template <class T>
RIA_HD inline Conserved<T> load(const ConstFields<T>& f, std::size_t k) {
  return {f.h[k], f.qx[k], f.qy[k], f.hc[k]};
}

/// Cell k's depth.
template <class T>
RIA_HD inline T depth_at(const ConstFields<T>& f, std::size_t k) { return f.h[k]; }

/// Cell k as record_extremes reads it under rule r: the whole state, or without qx and qy (left
/// 0, not read) when r records the concentration only.
template <class T, class R>
RIA_HD inline Conserved<T> extremes_input(const ConstFields<T>& f, std::size_t k, const ExtremesRule<R>& r) {
  if (r.depth_and_speed) return load(f, k);
  return {f.h[k], T(0), T(0), f.hc[k]};
}

template <class T>
RIA_HD inline void store(const Fields<T>& f, std::size_t k, const Conserved<T>& w) {
  f.h[k] = w.h;
  f.qx[k] = w.qx;
  f.qy[k] = w.qy;
  f.hc[k] = w.hc;
}

/// Boundary edge: zero mass and pollutant flux through walls exactly (not just to round-off); a
/// discharge side's mass flux is its inflow exactly, with the side's C and no tangential momentum
/// (boundary.hpp), its momentum flux the Riemann problem's with the ghost state.
/// st: the step's time (StepTime or the device clock): its level is read only for a level side.
template <class T, class Time>
RIA_HD inline EdgeFlux<T> boundary_edge(const BoundarySide& b, int along, const EdgeState<T>& in, T H,
                                        bool interior_is_right, const Time& st, Side side, const Physics<T>& p) {
  const BoundaryKind kind = kind_at(b, along);
  const double eta = kind == BoundaryKind::level ? st.level(side) : 0.0;
  const T inward = interior_is_right ? T(1) : T(-1);
  const EdgeState<T> g = ghost_state(b, kind, in, H, st.time(), eta, inward, p.g, p.h_dry);
  EdgeFlux<T> f = interior_is_right ? edge_flux(g, H, in, H, p.g, p.h_dry) : edge_flux(in, H, g, H, p.g, p.h_dry);
  if (kind == BoundaryKind::wall) f.h = f.qt = f.hc = T(0);
  if (kind == BoundaryKind::discharge) {
    f.h = inward * inflow<T>(b, st.time());
    f.qt = T(0);
    f.hc = f.h * T(b.concentration);
  }
  return f;
}

/// The interior edge's flux with the diffusion of the pollutant (d = cell size across the edge)
/// added to the advective flux f.
template <class T>
RIA_HD inline EdgeFlux<T> with_diffusion(EdgeFlux<T> f, const EdgeState<T>& l, const EdgeState<T>& r, T inv_d,
                                         const Physics<T>& p) {
  if (p.diffusivity > T(0)) f.hc -= diffusive_flux(l.h, l.hc, r.h, r.hc, p.diffusivity, T(1) / inv_d, p.h_dry);
  return f;
}

/// Interior edge between cells kl and kr, d = cell size across the edge (for diffusion).
template <class T>
RIA_HD inline EdgeFlux<T> interior_edge(const EdgeState<T>& l, T Hl, const EdgeState<T>& r, T Hr, T inv_d,
                                        const Physics<T>& p) {
  return with_diffusion(edge_flux(l, Hl, r, Hr, p.g, p.h_dry), l, r, inv_d, p);
}

/// Whether a state source holds each cell's factor inverse_depth(h, h_dry) (its inverse_depth(i, j)),
/// computed once for the cell's several edges; otherwise each edge computes it.
template <class Src, class = void>
struct HoldsInverseDepths : std::false_type {};
template <class Src>
struct HoldsInverseDepths<Src, std::void_t<decltype(std::declval<const Src&>().inverse_depth(0, 0))>>
    : std::true_type {};

/// Interior edge between cells (a, b) and (c, d) of src, an x-edge (to_x_edge) or a y-edge
/// (kYEdge: to_y_edge); inv_d as for interior_edge.
template <bool kYEdge, class T, class Src>
RIA_HD inline EdgeFlux<T> interior_edge_of(const Src& src, int a, int b, int c, int d, T inv_d, const Physics<T>& p) {
  const Conserved<T> wl = src.state(a, b), wr = src.state(c, d);
  const EdgeState<T> l = kYEdge ? to_y_edge(wl) : to_x_edge(wl), r = kYEdge ? to_y_edge(wr) : to_x_edge(wr);
  if constexpr (HoldsInverseDepths<Src>::value)
    return with_diffusion(edge_flux(l, src.inverse_depth(a, b), src.bed(a, b), r, src.inverse_depth(c, d),
                                    src.bed(c, d), p.g, p.h_dry),
                          l, r, inv_d, p);
  else
    return interior_edge(l, src.bed(a, b), r, src.bed(c, d), inv_d, p);
}

/// Whether the interior edge between two cells of depths hl and hr has zero flux without evaluating
/// it: both depths <= 0. Then both reconstructed depths max(0, (h - H) + min(H_L, H_R)) are 0
/// (h - H <= -H and rounding is monotone, so (h - H) + H* <= -H + H* <= 0 in floating point too),
/// edge_flux returns exactly zero and diffusion adds none (it needs min(h) > eps). Skipping the
/// states' loads and the flux is therefore bitwise the same result. The CPU backends check every
/// edge when SweepSetup::dry_skip is set; the GPU solvers clear it (cuda_solver_cuda.cu says why).
/// A NaN depth compares false and takes the full path.
template <class T>
RIA_HD inline bool dry_edge(T hl, T hr) {
  return hl <= T(0) && hr <= T(0);
}

/// Reads cells of row-major arrays: the state source of the CPU backends and the plain GPU kernels.
/// A source provides state(i, j), depth(i, j) and bed(i, j) in the flux precision T for global cell
/// indices, and exact(i, j), the stored state in S, which the cell's own update starts from
/// (S = T, or S = double for Precision::mixed); GPU kernels supply others (texture fetches) with
/// the same functions.
template <class T, class S = T>
struct ArraySource {
  using Stored = S;       // what the arrays hold
  using Out = Fields<S>;  // where a GPU step writes the state
  ConstFields<S> f;
  const T* H;
  int nx, row0;
  RIA_HD std::size_t index(int i, int j) const { return static_cast<std::size_t>(j - row0) * nx + i; }
  RIA_HD Conserved<S> exact(int i, int j) const { return load(f, index(i, j)); }
  RIA_HD Conserved<T> state(int i, int j) const { return narrow<T>(exact(i, j)); }
  /// Cell (i, j)'s exact state from its state as read (the GPU's OwnCellSource).
  RIA_HD Conserved<S> exact_of(const Conserved<T>& seen, int i, int j) const {
    if constexpr (std::is_same<S, T>::value) return seen;
    else return exact(i, j);
  }
  RIA_HD T depth(int i, int j) const { return static_cast<T>(f.h[index(i, j)]); }
  RIA_HD T bed(int i, int j) const { return H[index(i, j)]; }
};

/// Flux through the x-edge on the west side of cell (i, j), i in [0, nx], in the step starting at
/// st (step_time of the sweep's boundaries). check_dry: an interior edge between two dry cells
/// (dry_edge) returns the zero flux without loading the states.
template <class T, class Src, class Time>
RIA_HD inline EdgeFlux<T> x_edge_flux(const Src& src, const SweepSetup<T>& s, const Time& st, int i, int j,
                                      bool check_dry) {
  if (i == 0)
    return boundary_edge(s.bc.side[west], j, to_x_edge(src.state(0, j)), src.bed(0, j), true, st, west, s.physics);
  if (i == s.nx)
    return boundary_edge(s.bc.side[east], j, to_x_edge(src.state(i - 1, j)), src.bed(i - 1, j), false, st, east,
                         s.physics);
  if (check_dry && dry_edge(src.depth(i - 1, j), src.depth(i, j))) return {T(0), T(0), T(0), T(0), T(0)};
  return interior_edge_of<false>(src, i - 1, j, i, j, s.inv_dx, s.physics);
}

/// Flux through the y-edge on the south side of cell (i, j), j in [0, ny] (global rows); check_dry
/// as for x_edge_flux.
template <class T, class Src, class Time>
RIA_HD inline EdgeFlux<T> y_edge_flux(const Src& src, const SweepSetup<T>& s, const Time& st, int i, int j,
                                      bool check_dry) {
  if (j == 0)
    return boundary_edge(s.bc.side[south], i, to_y_edge(src.state(i, 0)), src.bed(i, 0), true, st, south, s.physics);
  if (j == s.ny)
    return boundary_edge(s.bc.side[north], i, to_y_edge(src.state(i, j - 1)), src.bed(i, j - 1), false, st, north,
                         s.physics);
  if (check_dry && dry_edge(src.depth(i, j - 1), src.depth(i, j))) return {T(0), T(0), T(0), T(0), T(0)};
  return interior_edge_of<true>(src, i, j - 1, i, j, s.inv_dy, s.physics);
}

/// The decay of the sweep's steps, computed by each cell (sources.hpp DecayOfRate).
template <class S, class T>
RIA_HD inline DecayOfRate<S> cell_decay(const SweepSetup<T>& s) {
  return {update_constants<S>(s).decay_rate};
}

/// New state of cell (i, j) from its state w (in S) and its four edge fluxes (in T): the flux update
/// with the sources of the cell (its Manning n; the step's decay: cell_decay, or the step's factor
/// computed once), then the releases into it.
template <class S, class T, class Decay>
RIA_HD inline Conserved<S> update_from_edge_fluxes(const Conserved<S>& w, const EdgeFlux<T>& west,
                                                   const EdgeFlux<T>& east, const EdgeFlux<T>& south,
                                                   const EdgeFlux<T>& north, const SweepSetup<T>& s, double t, S dt,
                                                   const Decay& decay, int i, int j) {
  const T n = s.manning.at(static_cast<std::size_t>(j - s.row0) * s.nx + i);
  const UpdateConstants<S> c = update_constants<S>(s);
  Conserved<S> r = flux_and_source_update(w, west, east, south, north, dt, c.inv_dx, c.inv_dy, n, s.physics, decay);
  apply_releases(r, s.rel, t, dt, i, j);
  return r;
}

/// New state of cell (i, j) after one step of length dt: the fluxes through its four edges from
/// its neighbours' states (or the boundary's ghost states), then update_from_edge_fluxes.
template <class T, class Src, class S, class Time>
RIA_HD inline Conserved<S> update_from_neighbours(const Src& src, const SweepSetup<T>& s, const Time& st, S dt,
                                                  int i, int j) {
  const bool d = s.dry_skip;
  const EdgeFlux<T> w = x_edge_flux(src, s, st, i, j, d), e = x_edge_flux(src, s, st, i + 1, j, d);
  const EdgeFlux<T> so = y_edge_flux(src, s, st, i, j, d), n = y_edge_flux(src, s, st, i, j + 1, d);
  return update_from_edge_fluxes(src.exact(i, j), w, e, so, n, s, st.time(), dt, cell_decay<S>(s), i, j);
}

/// Number of boundary edges: west and east (one per row), south and north (one per column).
template <class T>
RIA_HD inline int perimeter_edges(const SweepSetup<T>& s) { return 2 * (s.nx + s.ny); }

/// Perimeter edges are numbered e in [0, perimeter_edges): west edges of rows 0..ny-1, east edges,
/// south edges of columns 0..nx-1, north edges. The numbers of the x-edge at column i (0 or nx)
/// of row j and of the y-edge at row j (0 or ny) of column i; -1 for an interior edge.
template <class T>
RIA_HD inline int perimeter_x_edge(const SweepSetup<T>& s, int i, int j) {
  return i == 0 ? j : i == s.nx ? s.ny + j : -1;
}
template <class T>
RIA_HD inline int perimeter_y_edge(const SweepSetup<T>& s, int i, int j) {
  return j == 0 ? 2 * s.ny + i : j == s.ny ? 2 * s.ny + s.nx + i : -1;
}

/// Inflow and outflow rates through perimeter edge e whose mass and pollutant fluxes per unit
/// length are flux_h and flux_hc (positive along +x or +y): flux times edge length, signed inward.
template <class T>
RIA_HD inline BoundaryRates perimeter_rates_of(const SweepSetup<T>& s, int e, double flux_h, double flux_hc) {
  const bool x_edge = e < 2 * s.ny;
  const double len = x_edge ? s.dy : s.dx;
  const double inward = (x_edge ? e < s.ny : e < 2 * s.ny + s.nx) ? 1.0 : -1.0;
  const double w = inward * flux_h * len, c = inward * flux_hc * len;
  return {fmax(w, 0.0), fmax(-w, 0.0), fmax(c, 0.0), fmax(-c, 0.0)};
}

/// Inflow and outflow rates through perimeter edge e of the state of src at the step start st.
template <class T, class Src, class Time>
RIA_HD inline BoundaryRates perimeter_edge_rates(const Src& src, const SweepSetup<T>& s, const Time& st, int e) {
  EdgeFlux<T> f;
  if (e < s.ny) {
    f = x_edge_flux(src, s, st, 0, e, false);
  } else if (e < 2 * s.ny) {
    f = x_edge_flux(src, s, st, s.nx, e - s.ny, false);
  } else if (e < 2 * s.ny + s.nx) {
    f = y_edge_flux(src, s, st, e - 2 * s.ny, 0, false);
  } else {
    f = y_edge_flux(src, s, st, e - 2 * s.ny - s.nx, s.ny, false);
  }
  return perimeter_rates_of(s, e, static_cast<double>(f.h), static_cast<double>(f.hc));
}

}  // namespace ria::swe
