// The state Precision::mixed keeps (ria/config.hpp): the fluxes read each cell in float, the
// cell's update is computed in double (cell_update.hpp: each edge flux widened once, so it leaves
// one cell and enters its neighbour as the same double), and the result is kept as
//   h  = h_hi + h_lo,   hc = hc_hi + hc_lo,   h_hi = fl(h), h_lo = fl(h - h_hi)  (pairs of floats)
//   qx, qy = fl(qx), fl(qy)                                                       (floats)
// fl: rounding to the nearest float. The hi of a pair is the float the fluxes read (fl of the
// double), so a GPU stores six floats a cell and reads its neighbours as a float state, with no
// conversions; h - h_hi is a double exactly (|h - h_hi| <= half a float ulp of h), so a pair holds
// 48 significant bits: each update rounds h and hc by at most 2^-49 of their value, the balance's
// error grows as those roundings add up (tests/test_mixed_precision.cpp measures it), far below
// float's 2^-25 a step. The momentum, which no balance conserves (friction and the bed's pressure
// terms change it) and which the fluxes read in float, is kept in float and updated in float
// (MomentumOf), as Precision::f32 updates it.
// Every backend keeps this state: the CUDA fused kernels store the floats (swe/mixed_fields.hpp),
// the CPU keeps doubles rounded to the same values (mixed_kept).
#pragma once

#include <type_traits>

#include "ria/config.hpp"
#include "ria/swe/state.hpp"

namespace ria::swe {

/// Whether a state of values in S read by fluxes in T is Precision::mixed's (S = double, T = float).
template <class S, class T>
inline constexpr bool kMixed = sizeof(S) == 8 && sizeof(T) == 4;

/// The precision a state of values in S, read by fluxes in T, updates its momentum in: float for
/// Precision::mixed, which keeps it in float (cell_update.hpp flux_update, sources.hpp friction),
/// else S.
template <class S, class T>
using MomentumOf = std::conditional_t<kMixed<S, T>, T, S>;

/// v as a pair of floats: hi = fl(v), lo = fl(v - hi); hi + lo is v to 48 bits.
struct FloatPair {
  float hi, lo;
};
RIA_HD inline FloatPair split_pair(double v) {
  const float hi = static_cast<float>(v);
  return {hi, static_cast<float>(v - static_cast<double>(hi))};
}
RIA_HD inline double join_pair(float hi, float lo) { return static_cast<double>(hi) + static_cast<double>(lo); }

/// The value of w that Precision::mixed keeps: h and hc through their float pairs, qx and qy
/// rounded to float. Idempotent.
RIA_HD inline Conserved<double> mixed_kept(const Conserved<double>& w) {
  const FloatPair h = split_pair(w.h), hc = split_pair(w.hc);
  return {join_pair(h.hi, h.lo), static_cast<double>(static_cast<float>(w.qx)),
          static_cast<double>(static_cast<float>(w.qy)), join_pair(hc.hi, hc.lo)};
}

/// The state as a solver with state precision S and flux precision T keeps it: mixed_kept for
/// Precision::mixed, else w.
template <class S, class T>
RIA_HD inline Conserved<S> kept_state(const Conserved<S>& w) {
  if constexpr (kMixed<S, T>) return mixed_kept(w);
  else return w;
}

}  // namespace ria::swe
