// Precision::mixed's state in memory (ria/swe/mixed_state.hpp): six float arrays, the his of h,
// qx, qy, hc (the float state the fluxes read, laid out as a float solver's) and the los of h and
// hc. Loads return the double value the state stands for, stores split a double value; the same
// load as the ConstFields of a uniform precision (stencil.hpp), and keep_cell for either kind of
// fields, so the CUDA kernels take both. The extremes record the his and floats (the first four
// arrays, read as ConstFields<float>: extremes.hpp).
#pragma once

#include <cstddef>

#include "ria/config.hpp"
#include "ria/swe/mixed_state.hpp"
#include "ria/swe/state.hpp"
#include "swe/stencil.hpp"

namespace ria::swe {

struct MixedFields {
  float* h;
  float* qx;
  float* qy;
  float* hc;
  float* h_lo;
  float* hc_lo;
};

struct ConstMixedFields {
  const float* h;
  const float* qx;
  const float* qy;
  const float* hc;
  const float* h_lo;
  const float* hc_lo;
};

/// Cell k's value (mixed_state.hpp: the pairs joined).
RIA_HD inline Conserved<double> load(const ConstMixedFields& f, std::size_t k) {
  return {join_pair(f.h[k], f.h_lo[k]), f.qx[k], f.qy[k], join_pair(f.hc[k], f.hc_lo[k])};
}

/// A cell as a step leaves it: the value kept (mixed_kept of the update's result), and it as the
/// fluxes of the next step read it.
template <class S, class T>
struct KeptCell {
  Conserved<S> value;
  Conserved<T> seen;
};

/// Keeps w in cell k (mixed_kept's rounding); T, the fluxes' precision, is float.
template <class T>
RIA_HD inline KeptCell<double, float> keep_cell(const MixedFields& f, std::size_t k, const Conserved<double>& w) {
  static_assert(sizeof(T) == 4, "a mixed state is read by float fluxes");
  const FloatPair h = split_pair(w.h), hc = split_pair(w.hc);
  const Conserved<float> hi{h.hi, static_cast<float>(w.qx), static_cast<float>(w.qy), hc.hi};
  f.h[k] = hi.h;
  f.qx[k] = hi.qx;
  f.qy[k] = hi.qy;
  f.hc[k] = hi.hc;
  f.h_lo[k] = h.lo;
  f.hc_lo[k] = hc.lo;
  return {{join_pair(h.hi, h.lo), hi.qx, hi.qy, join_pair(hc.hi, hc.lo)}, hi};
}

/// The same for a uniform precision's fields (the state kept as computed).
template <class T, class S>
RIA_HD inline KeptCell<S, T> keep_cell(const Fields<S>& f, std::size_t k, const Conserved<S>& w) {
  store(f, k, w);
  return {w, narrow<T>(w)};
}

}  // namespace ria::swe
