// A small fixed-size vector for the SPH physics: D = 2 (the vertical x-z plane, stored as
// components (x, z)) or D = 3 (x, y, z). The last component is always the vertical one, the
// direction gravity acts against. Its components are doubles, or floats in the pair arithmetic of
// the GPU's mixed precision (pair.hpp).
#pragma once

#include "ria/config.hpp"

namespace ria::sph {

template <int D, class T = double>
struct Vec {
  static_assert(D == 2 || D == 3, "SPH runs in 2 or 3 dimensions");
  using value_type = T;
  T c[D];

  RIA_HD T& operator[](int i) { return c[i]; }
  RIA_HD T operator[](int i) const { return c[i]; }
  RIA_HD static Vec zero() {
    Vec v;
    for (int i = 0; i < D; ++i) v.c[i] = T(0);
    return v;
  }
};

template <int D, class T>
RIA_HD inline Vec<D, T> operator+(const Vec<D, T>& a, const Vec<D, T>& b) {
  Vec<D, T> r;
  for (int i = 0; i < D; ++i) r.c[i] = a.c[i] + b.c[i];
  return r;
}

template <int D, class T>
RIA_HD inline Vec<D, T> operator-(const Vec<D, T>& a, const Vec<D, T>& b) {
  Vec<D, T> r;
  for (int i = 0; i < D; ++i) r.c[i] = a.c[i] - b.c[i];
  return r;
}

template <int D, class T>
RIA_HD inline Vec<D, T> operator*(typename Vec<D, T>::value_type s, const Vec<D, T>& a) {
  Vec<D, T> r;
  for (int i = 0; i < D; ++i) r.c[i] = s * a.c[i];
  return r;
}

template <int D, class T>
RIA_HD inline T dot(const Vec<D, T>& a, const Vec<D, T>& b) {
  T s = T(0);
  for (int i = 0; i < D; ++i) s += a.c[i] * b.c[i];
  return s;
}

}  // namespace ria::sph
