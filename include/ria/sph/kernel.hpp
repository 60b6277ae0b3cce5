// The Wendland C2 smoothing kernel (Wendland 1995; in SPH: Dehnen & Aly 2012, eq. 5 and table 1;
// DualSPHysics, Dominguez et al. 2022, eq. 3).
//
//   W(r, h) = alpha_D (1 - q/2)^4 (2 q + 1),  q = r / h in [0, 2],  W = 0 for q >= 2
//   alpha_2 = 7 / (4 pi h^2),  alpha_3 = 21 / (16 pi h^3)        (integral of W over space = 1)
//
// Its support is the radius 2h. The gradient with respect to the first particle's position is
//   grad_a W_ab = F(r) r_ab,  r_ab = r_a - r_b,  F(r) = (1/r) dW/dr = -5 alpha_D (1 - q/2)^3 / h^2,
// finite (= -5 alpha_D / h^2) at r = 0, negative inside the support, 0 at and beyond 2h.
#pragma once

#include "ria/config.hpp"

namespace ria::sph {

constexpr double kPi = 3.14159265358979323846;

template <int D, class T = double>
struct WendlandC2 {
  T h = 1;           // smoothing length [m]
  T alpha = 0;       // alpha_D [m^-D]
  T inv_h = 1;       // 1 / h
  T grad_coef = 0;   // -5 alpha_D / h^2

  RIA_HD static WendlandC2 with_h(double h) {
    WendlandC2 k;
    k.h = h;
    k.alpha = D == 2 ? 7.0 / (4.0 * kPi * h * h) : 21.0 / (16.0 * kPi * h * h * h);
    k.inv_h = 1.0 / h;
    k.grad_coef = -5.0 * k.alpha / (h * h);
    return k;
  }
  /// The same kernel with its constants rounded to U (the GPU's mixed precision, pair.hpp).
  template <class U>
  RIA_HD WendlandC2<D, U> as() const {
    WendlandC2<D, U> k;
    k.h = static_cast<U>(h), k.alpha = static_cast<U>(alpha), k.inv_h = static_cast<U>(inv_h);
    k.grad_coef = static_cast<U>(grad_coef);
    return k;
  }
  /// Support radius 2h and its square: pairs with r^2 >= support2() do not interact.
  RIA_HD T support() const { return T(2) * h; }
  RIA_HD T support2() const { return T(4) * h * h; }

  /// W at distance r [m^-D].
  RIA_HD T w(T r) const {
    const T q = r * inv_h;
    if (q >= T(2)) return T(0);
    const T s = T(1) - T(0.5) * q;
    const T s2 = s * s;
    return alpha * s2 * s2 * (T(2) * q + T(1));
  }
  /// F(r) = (1/r) dW/dr [m^-(D+2)], so that grad_a W_ab = F(r_ab) r_ab.
  RIA_HD T grad_factor(T r) const {
    const T q = r * inv_h;
    if (q >= T(2)) return T(0);
    const T s = T(1) - T(0.5) * q;
    return grad_coef * s * s * s;
  }
};

}  // namespace ria::sph
