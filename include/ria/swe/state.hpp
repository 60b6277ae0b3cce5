// Shallow-water state types (physics layer: values only, no storage).
//
// Unknowns per cell (Viñas et al. 2012, eq. 1): W = (h, qx, qy, hC)
//   h  water depth [m], qx = h u, qy = h v unit discharges [m^2/s], hc = h C pollutant load [m * conc].
// Bathymetry convention (fixed for the whole code): H = depth of the bed below the reference level
// [m], positive downwards (the paper's H), so the free surface is eta = h - H and the bed elevation
// is z = -H. File readers convert elevations to H once, at the I/O boundary.
#pragma once

#include "ria/config.hpp"

namespace ria::swe {

template <class T>
struct Conserved {
  T h, qx, qy, hc;
};

/// A state in the flux precision T (Precision::mixed: double values seen by float fluxes; the
/// identity when the state is already in T).
template <class T, class S>
RIA_HD inline Conserved<T> narrow(const Conserved<S>& w) {
  return {static_cast<T>(w.h), static_cast<T>(w.qx), static_cast<T>(w.qy), static_cast<T>(w.hc)};
}

/// A state seen from an edge: qn along the edge normal, qt along the edge. For x-edges
/// (qn, qt) = (qx, qy); for y-edges the axes are swapped, (qn, qt) = (qy, qx): the equations are
/// invariant under the reflection x <-> y, so one flux function serves both directions.
template <class T>
struct EdgeState {
  T h, qn, qt, hc;
};

/// What an edge contributes to its two cells, in the edge frame, per unit edge length.
/// Mass, tangential momentum and pollutant fluxes are conservative (same value for both cells);
/// the normal momentum differs between the left and right cell by the hydrostatic-reconstruction
/// pressure terms that carry the bed source (Audusse et al. 2004, eq. 2.9).
template <class T>
struct EdgeFlux {
  T h;       // mass flux [m^2/s]
  T qn_l;    // normal momentum flux seen by the left (lower-index) cell [m^3/s^2]
  T qn_r;    // normal momentum flux seen by the right (higher-index) cell
  T qt;      // tangential momentum flux
  T hc;      // pollutant flux
};

/// Physical constants of the update of a cell, passed by value to kernels. The bed's Manning n is
/// a field of its own (a value per cell or one for all: solver.hpp, stencil.hpp), and the CFL
/// number belongs to the time-step rule (cfl.hpp), not to the update of a cell.
template <class T>
struct Physics {
  T g = T(9.81);          // gravity [m/s^2]
  T h_dry = T(1e-5);      // dry tolerance [m]: below it a cell has no velocity (wet_dry.hpp)
  T diffusivity = T(0);   // horizontal pollutant diffusivity K [m^2/s]
  T decay_rate = T(0);    // first-order decay rate lambda = ln 2 / half-life [1/s]
};

template <class T>
RIA_HD inline EdgeState<T> to_x_edge(const Conserved<T>& w) { return {w.h, w.qx, w.qy, w.hc}; }
template <class T>
RIA_HD inline EdgeState<T> to_y_edge(const Conserved<T>& w) { return {w.h, w.qy, w.qx, w.hc}; }

}  // namespace ria::swe
