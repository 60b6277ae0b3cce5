// A small fixed-size vector of doubles for the SPH physics: D = 2 (the vertical x-z plane, stored
// as components (x, z)) or D = 3 (x, y, z). The last component is always the vertical one, the
// direction gravity acts against.
#pragma once

#include "ria/config.hpp"

namespace ria::sph {

template <int D>
struct Vec {
  static_assert(D == 2 || D == 3, "SPH runs in 2 or 3 dimensions");
  double c[D];

  RIA_HD double& operator[](int i) { return c[i]; }
  RIA_HD double operator[](int i) const { return c[i]; }
  RIA_HD static Vec zero() {
    Vec v;
    for (int i = 0; i < D; ++i) v.c[i] = 0.0;
    return v;
  }
};

template <int D>
RIA_HD inline Vec<D> operator+(const Vec<D>& a, const Vec<D>& b) {
  Vec<D> r;
  for (int i = 0; i < D; ++i) r.c[i] = a.c[i] + b.c[i];
  return r;
}

template <int D>
RIA_HD inline Vec<D> operator-(const Vec<D>& a, const Vec<D>& b) {
  Vec<D> r;
  for (int i = 0; i < D; ++i) r.c[i] = a.c[i] - b.c[i];
  return r;
}

template <int D>
RIA_HD inline Vec<D> operator*(double s, const Vec<D>& a) {
  Vec<D> r;
  for (int i = 0; i < D; ++i) r.c[i] = s * a.c[i];
  return r;
}

template <int D>
RIA_HD inline double dot(const Vec<D>& a, const Vec<D>& b) {
  double s = 0.0;
  for (int i = 0; i < D; ++i) s += a.c[i] * b.c[i];
  return s;
}

}  // namespace ria::sph
