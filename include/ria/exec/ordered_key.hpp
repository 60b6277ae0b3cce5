// Floating-point values as unsigned keys that order like the values, so that a minimum can be
// taken by an integer atomic min (exec/cuda/two_phase_reduce.cuh atomic_min_key) and read back
// bit for bit. For the non-NaN values the order is the total one, -0 below +0: a value >= +0 has
// its sign bit set in the key, a value <= -0 has all its bits flipped. A float's key is its
// 32-bit key widened, so both types use one 64-bit atomic (the keys of one minimum must all be
// of one type: a float's key and a double's key of the same value differ).
#pragma once

#include <cstring>

#include "ria/config.hpp"

namespace ria::exec {

template <class T>
RIA_HD inline unsigned long long ordered_key(T v) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "float or double");
  if constexpr (sizeof(T) == 4) {
    unsigned u;
    memcpy(&u, &v, 4);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
  } else {
    unsigned long long u;
    memcpy(&u, &v, 8);
    return (u >> 63) ? ~u : (u | (1ull << 63));
  }
}

/// The value whose ordered_key<T> is k.
template <class T>
RIA_HD inline T from_ordered_key(unsigned long long k) {
  T v;
  if constexpr (sizeof(T) == 4) {
    const unsigned k32 = static_cast<unsigned>(k);
    const unsigned u = (k32 & 0x80000000u) ? (k32 & 0x7fffffffu) : ~k32;
    memcpy(&v, &u, 4);
  } else {
    const unsigned long long u = (k >> 63) ? (k & ~(1ull << 63)) : ~k;
    memcpy(&v, &u, 8);
  }
  return v;
}

}  // namespace ria::exec
