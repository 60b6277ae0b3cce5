// The per-cell extremes of a run, recorded after every step by every backend (the CPU sweep, the
// fused CUDA kernel, a side kernel of the other CUDA variants and of the MPI row blocks): one
// pure function of a cell's new state and the time its step ended, so that a map written at the
// end holds the exact extremes over all steps, not samples at the map times.
//
// For a cell with state W = (h, qx, qy, hC) at the end of a step at time t:
//   max_depth  = max over steps of h                       (every cell, wet or dry) [m]
//   max_speed  = max over wet steps of sqrt(u^2 + v^2)     u = qx/h, v = qy/h [m/s]
//   max_conc   = max over wet steps of C = hC/h            [pollutant units]
//   first_wet  = the first t with h > h_dry                (NaN: never) [s]
//   arrival    = the first t of a wet state with C > threshold (NaN: never) [s]
// Wet is the one wet/dry policy of wet_dry.hpp (is_wet: h > h_dry); a wet cell has h > h_dry >=
// the desingularisation depth, so the ratios are the plain quotients q/h. The records are of the
// state as the fluxes read it, in their precision T: the state itself in float or double, and for
// Precision::mixed its float view (mixed_state.hpp: the his of h and hC, qx and qy), whose maps
// need no more digits and whose records cost what float's do (a double record read and wrote 12
// bytes a cell more each step, and its speed took a double root). The maxima start at 0 and are
// kept in T (a maximum of T values is a T value); the times are doubles, as the clock. A
// non-finite state compares false everywhere and is not recorded.
// A rule that keeps the concentration's records only (ExtremesRule::depth_and_speed = false, what
// an ensemble member needs) leaves max_depth and max_speed at their start value 0 and does not
// read qx and qy; max_conc, first_wet and arrival are recorded as above, bit for bit.
#pragma once

#include <cmath>
#include <cstddef>

#include "ria/config.hpp"
#include "ria/quotient.hpp"
#include "ria/swe/state.hpp"
#include "ria/swe/wet_dry.hpp"

namespace ria::swe {

/// What the extremes are judged by: the dry tolerance h_dry [m] (Physics) and the concentration
/// that defines the first arrival (output.arrival_threshold).
template <class T>
struct ExtremesRule {
  T h_dry;
  T threshold;
  bool depth_and_speed = true;  // false: max_depth and max_speed are not recorded (see above)

  /// Whether a cell of depth h records anything: above 0 when the depth is recorded, else only
  /// when wet (false for NaN).
  RIA_HD bool records(T h) const { return depth_and_speed ? h > T(0) : is_wet(h, h_dry); }
};

/// Bits of a cell's flags: a time was recorded. The times' NaN says the same; the flags let a
/// step read one byte, not two doubles, to learn that nothing is left to record.
enum ExtremesFlag : unsigned char { kSeenWet = 1, kArrived = 2 };

/// The records of the cells, structure of arrays (one value per stored cell).
template <class T>
struct ExtremesFields {
  T* max_depth;
  T* max_speed;
  T* max_conc;
  double* first_wet;
  double* arrival;
  unsigned char* flags;
};

/// Speed |(u, v)| = sqrt((qx/h)^2 + (qy/h)^2) of a wet state [m/s].
template <class T>
RIA_HD inline T speed_of_wet(const Conserved<T>& w) {
  const T u = quotient(w.qx, w.h), v = quotient(w.qy, w.h);
  return sqrt(u * u + v * v);
}

/// Records the state w of cell k at the end of a step at time t (the definitions above). Writes
/// only what changes.
template <class T>
RIA_HD inline void record_extremes(const ExtremesFields<T>& e, std::size_t k, const Conserved<T>& w, double t,
                                   const ExtremesRule<T>& r) {
  if (r.depth_and_speed && w.h > e.max_depth[k]) e.max_depth[k] = w.h;
  if (!is_wet(w.h, r.h_dry)) return;
  if (r.depth_and_speed) {
    const T s = speed_of_wet(w);
    if (s > e.max_speed[k]) e.max_speed[k] = s;
  }
  const T c = quotient(w.hc, w.h);
  if (c > e.max_conc[k]) e.max_conc[k] = c;
  const unsigned char f0 = e.flags[k];
  unsigned char f = f0;
  if (!(f & kSeenWet)) e.first_wet[k] = t, f |= kSeenWet;
  if (!(f & kArrived) && c > r.threshold) e.arrival[k] = t, f |= kArrived;
  if (f != f0) e.flags[k] = f;
}

/// The flags of a record read back from its times (a checkpoint): set where a time is not NaN.
RIA_HD inline unsigned char extremes_flags(double first_wet, double arrival) {
  return static_cast<unsigned char>((first_wet == first_wet ? kSeenWet : 0) | (arrival == arrival ? kArrived : 0));
}

}  // namespace ria::swe
