// Local time step of a cell (CFL condition, Viñas et al. 2012 eq. 16).
//
// Eq. 16 reads dt = min_i 2 gamma |V_i| / sum_j |E_ij| ||D_ij||_inf. On a Cartesian cell
// (|V| = dx dy, two edges of length dy and two of length dx) with the edge spectral radius bounded
// by the cell's own (|u| + c, |v| + c), c = sqrt(g h), this is
//   dt_i = 1 / ((|u| + c)/dx + (|v| + c)/dy),   dt = gamma min_i dt_i.
// Evaluating it per cell (not per edge) lets the step compute the next dt while writing the new
// state, the basis of the device-resident dt of the fused GPU kernel; all backends use this rule.
// Diffusion adds dt <= min(dx, dy)^2 / (4 K) (explicit five-point stencil).
// A grid without a wet cell has no wave to limit the step; water entering it does (DtRule::dry_step).
#pragma once

#include <cmath>

#include "ria/config.hpp"
#include "ria/quotient.hpp"
#include "ria/swe/state.hpp"
#include "ria/swe/wet_dry.hpp"

namespace ria::swe {

/// The local step of a dry cell: no wave in it limits the step.
constexpr double kDryLocalDt = 1e30;

/// Local stable step of one cell without the gamma factor; kDryLocalDt for dry cells and -1 for a
/// state that is not physical (NaN anywhere, or a depth below -h_dry), so that the minimum over
/// the grid exposes it and the run stops (solver.hpp, NumericalError).
template <class T>
RIA_HD inline T local_dt(const Conserved<T>& w, T inv_dx, T inv_dy, const Physics<T>& p) {
  if (!(w.h >= -p.h_dry) || w.qx != w.qx || w.qy != w.qy || w.hc != w.hc) return T(-1);
  if (!is_wet(w.h, p.h_dry)) return T(kDryLocalDt);
  const T c = sqrt(p.g * w.h);
  const T inv_h = reciprocal(w.h);
  const T u = fabs(w.qx * inv_h), v = fabs(w.qy * inv_h);
  const T dt = reciprocal((u + c) * inv_dx + (v + c) * inv_dy);
  return dt > T(0) ? dt : T(-1);
}

/// What the global step depends on besides the state, one value each: the CFL number gamma of
/// eq. 16 in (0, 1], the diffusivity K [m^2/s] and the cell size [m]. Passed by value to the GPU's
/// device clock as to the host loop, so both take their steps by the same rule.
/// dry_step: the longest step while no cell is wet, from the water that may enter (inflow_step,
/// source_step; the simulation layer takes the least over the run's boundaries and releases).
struct DtRule {
  double cfl = 0.9;
  double diffusivity = 0;
  double dx = 1, dy = 1;
  double dry_step = INFINITY;
};

/// Whether a reduced minimum of local_dt found no wet cell (kDryLocalDt, in float or in double).
RIA_HD inline bool no_wet_cell(double min_local) { return min_local >= 0.5 * kDryLocalDt; }

/// Global step from the reduced minimum of local_dt: gamma times it, limited by diffusion and by
/// the time left to the next stop (output, end), which is never overshot. With no wet cell,
/// rule.dry_step bounds it: otherwise a grid that is dry everywhere would take the whole interval
/// to its next stop in one step, and water entering it (a level boundary above dry land, a river,
/// a release) would arrive as one step's flux, piled into the first cells.
RIA_HD inline double global_dt(const DtRule& rule, double min_local, double time_left) {
  double dt = rule.cfl * min_local;
  if (no_wet_cell(min_local) && rule.dry_step < dt) dt = rule.dry_step;
  if (rule.diffusivity > 0) {
    const double d = rule.dx < rule.dy ? rule.dx : rule.dy;
    const double dt_diff = 0.25 * d * d / rule.diffusivity;
    if (dt_diff < dt) dt = dt_diff;
  }
  return dt < time_left ? dt : time_left;
}

/// The CFL step of water entering a dry cell through an edge with the depth h [m] of the
/// state outside (a level boundary's eta + H, a discharge boundary's critical depth): the wet
/// front of a dam break onto a dry bed moves at 2 sqrt(g h), the fastest speed the inflow brings,
/// taken along both axes as local_dt takes |u| + c: gamma / (2 sqrt(g h) (1/dx + 1/dy)).
/// Infinite for h <= 0.
inline double inflow_step(double cfl, double g, double h, double dx, double dy) {
  if (!(h > 0)) return INFINITY;
  return cfl / (2 * std::sqrt(g * h) * (1 / dx + 1 / dy));
}

/// The CFL step of a source raising a dry cell's depth at `rate` [m/s]: after dt the depth is
/// h = rate dt and its wave speed sqrt(g h), so dt sqrt(g rate dt) (1/dx + 1/dy) <= gamma gives
/// dt = (gamma / (sqrt(g rate) (1/dx + 1/dy)))^(2/3). Infinite for rate <= 0.
inline double source_step(double cfl, double g, double rate, double dx, double dy) {
  if (!(rate > 0)) return INFINITY;
  return std::cbrt(std::pow(cfl / (std::sqrt(g * rate) * (1 / dx + 1 / dy)), 2.0));
}

/// Time after a step of dt from t towards t_stop: exactly t_stop when dt was clamped to the time
/// left (t + (t_stop - t) need not round to t_stop), so stops land on their scheduled times.
RIA_HD inline double advance_time(double t, double dt, double t_stop) {
  return dt == t_stop - t ? t_stop : t + dt;
}

/// Whether a step of dt from t towards t_stop would end at or after t_hold: the hold of
/// Solver::advance (a gauge time the caller wants to bracket), judged on the end time as
/// advance_time computes it. Holding never changes dt.
RIA_HD inline bool held(double t, double dt, double t_stop, double t_hold) {
  return advance_time(t, dt, t_stop) >= t_hold;
}

}  // namespace ria::swe
