// Boundary conditions as ghost states built on the fly at the domain edges (no ghost cells stored).
//
// For an edge on the domain boundary the outside (ghost) state has the interior cell's bed H and:
//   wall       (h, -qn, qt, hc)                       reflection: zero normal mass flux
//   open       (h, qn, qt, hc)                        transmissive (zero gradient)
//   level      h_g = max(0, eta(t) + H), velocity and C_bc: prescribed free surface eta(t) (tide.hpp)
//   level, radiating: the characteristic (Riemann-invariant) ghost state of a subcritical edge, with
//              u_n the velocity into the domain and c = sqrt(g h): the outgoing invariant
//              u_n - 2 c_i from the interior, the incoming 0 + 2 c_e from water at rest at the
//              level outside (c_e = sqrt(g (eta(t) + H))); so c_g = (c_i + c_e)/2 - u_n/4,
//              u_g = c_e - c_i + u_n/2, h_g = h + (c_g - c_i)(c_g + c_i)/g (= h exactly at rest).
//              Waves from inside leave (Flather-like) while the tide enters.
//   discharge  qn_g = q_in (into the domain), qt_g = 0, h_g = max(h, h_crit), C = C_bc, where
//              h_crit = (q_in^2 / g)^(1/3) lets a river enter a dry channel. The ghost state gives
//              the edge its momentum flux; the mass flux is q_in itself, carrying C_bc and no
//              tangential momentum (stencil.hpp boundary_edge): Roe's flux between the ghost and
//              the interior cell passes about the mean of q_in and the interior's discharge (a
//              river 6-10% above its figure on the estuary), not the prescribed inflow.
// The pollutant of the ghost state is used only for inflow (upwind flux), so an outflowing boundary
// carries the interior C out.
#pragma once

#include <cmath>

#include "ria/config.hpp"
#include "ria/swe/state.hpp"
#include "ria/swe/tide.hpp"
#include "ria/swe/wet_dry.hpp"

namespace ria::swe {

enum class BoundaryKind : int { wall = 0, open = 1, level = 2, discharge = 3 };

/// Sides of the rectangle, in the order used everywhere: x = x0, x = x1, y = y0, y = y1.
enum Side : int { west = 0, east = 1, south = 2, north = 3 };

/// The condition of one side; it acts on the cells [begin, end) along the side (a segment, e.g. a
/// river mouth) and the rest of the side is a wall.
struct BoundarySide {
  BoundaryKind kind = BoundaryKind::wall;
  int begin = 0, end = 1 << 30;  // cell range along the side (column i for south/north, row j for west/east)
  Tide level;               // for kind == level
  bool radiating = false;   // for kind == level: outgoing waves leave (characteristic ghost state)
  double discharge = 0;     // for kind == discharge: inflow per unit width [m^2/s], > 0 enters,
  double discharge_slope = 0, discharge_t_ref = 0;  //   as discharge + discharge_slope (t - discharge_t_ref)
  double concentration = 0; // C of water entering through this side
};

struct Boundaries {
  BoundarySide side[4];
};
// Every kernel takes Boundaries by value among its parameters (tide.hpp, kMaxConstituents).
static_assert(sizeof(Boundaries) <= 4096, "Boundaries is a kernel parameter: keep it within 4 KB");

/// Kind acting at cell `along` of a side: the side's kind inside its segment, wall outside.
RIA_HD inline BoundaryKind kind_at(const BoundarySide& b, int along) {
  return (along >= b.begin && along < b.end) ? b.kind : BoundaryKind::wall;
}

/// The time a step starts at, and the free surface eta(t) each level side imposes then (tide.hpp),
/// evaluated once per step: a station's tide is a sum of up to 37 cosines, which every boundary
/// edge of every step would otherwise evaluate again.
/// The stencil reads a step's time through time() and level(side): this host value, or the GPU's
/// device clock (swe_kernels_cuda.cuh ClockTime), whose levels phase 2 sets once per step.
struct StepTime {
  double t = 0;
  double levels[4] = {0, 0, 0, 0};  // by Side; 0 on sides that are not level boundaries
  RIA_HD double time() const { return t; }
  RIA_HD double level(int side) const { return levels[side]; }
};
RIA_HD inline StepTime step_time(const Boundaries& bc, double t) {
  StepTime s;
  s.t = t;
  for (int k = 0; k < 4; ++k)
    if (bc.side[k].kind == BoundaryKind::level) s.levels[k] = bc.side[k].level.at(t);
  return s;
}

/// A discharge side's inflow per unit width at time t [m^2/s]: >= 0 (the scenario's values are;
/// a piece falling to 0 may round below it for a step that starts just before its end).
template <class T>
RIA_HD inline T inflow(const BoundarySide& b, double t) {
  return T(fmax(0.0, b.discharge + b.discharge_slope * (t - b.discharge_t_ref)));
}

/// Ghost state for `interior` (edge frame of the boundary edge), interior bed H, at time t, where
/// the side's level (for kind == level) is eta = b.level.at(t) (StepTime).
/// inward = +1 where the edge normal points into the domain (west, south), -1 otherwise.
template <class T>
RIA_HD inline EdgeState<T> ghost_state(const BoundarySide& b, BoundaryKind kind, const EdgeState<T>& in, T H,
                                       double t, double eta, T inward, T g, T eps) {
  switch (kind) {
    case BoundaryKind::wall: return {in.h, -in.qn, in.qt, in.hc};
    case BoundaryKind::level: {
      if (b.radiating) {
        const T un = inward * ratio(in.qn, in.h, eps);
        const T ci = sqrt(g * in.h), ce = sqrt(g * fmax(T(0), T(eta) + H));
        if (un <= -ci) return in;  // supercritical outflow: both characteristics leave
        const T cg = (ci + ce) / 2 - un / 4, ug = ce - ci + un / 2;
        const T hg = fmax(T(0), in.h + (cg - ci) * (cg + ci) / g);
        return {hg, inward * hg * ug, hg * ratio(in.qt, in.h, eps), hg * T(b.concentration)};
      }
      const T hg = fmax(T(0), T(eta) + H);
      const T u = ratio(in.qn, in.h, eps), v = ratio(in.qt, in.h, eps);
      return {hg, hg * u, hg * v, hg * T(b.concentration)};
    }
    case BoundaryKind::discharge: {
      const T q = inflow<T>(b, t);
      const T hg = fmax(in.h, cbrt(q * q / g));
      return {hg, inward * q, T(0), hg * T(b.concentration)};
    }
    case BoundaryKind::open:
    default: return in;
  }
}

}  // namespace ria::swe
