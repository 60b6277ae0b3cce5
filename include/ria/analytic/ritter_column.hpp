// Ritter's dam break of a finite column (shallow water, flat frictionless bed, dry downstream):
// depth h0 between a wall at x_w and the dam at x0 = x_w + L, released at t = 0. With
// c0 = sqrt(g h0), X = x - x0 and xi = X / t, Ritter's fan (dam_break.hpp) is
//   h = (2 c0 - xi)^2 / (9 g),  u = 2 (xi + c0) / 3   for -c0 < xi < 2 c0,
// and its tip, where h = 0, moves at 2 c0. The fan's tail reaches the wall at t_w = L / c0; the wall
// reflects it, and the head of the reflected wave is the C+ characteristic from (x_w, t_w):
//   dX/dt = u + c = (X / t + 4 c0) / 3   =>   X_r(t) = 2 c0 t - 3 L (c0 t / L)^(1/3)   (t >= t_w).
// Ahead of X_r the column's solution is Ritter's exactly; behind it, it is not (Ritter's is for an
// infinite reservoir). The head never reaches the tip: the depth there,
//   h_r(t) = (2 c0 - X_r / t)^2 / (9 g) = (L^2 / g) (c0 / L)^(2/3) t^(-4/3),
// falls with time but stays > 0, so the front keeps Ritter's speed 2 c0 for ever. The point of
// depth h in the fan, x_h(t) = x0 + (2 c0 - 3 sqrt(g h)) t, is exact while h < h_r(t).
// (Ritter 1892; X_r solves the linear ODE above: X = 2 c0 t + A t^(1/3), A from X(t_w) = -L.)
// A far wall at x_f stops the tip at t_f = (x_f - x0) / (2 c0). There the fan flows into the wall
// supercritically (u - c = X / t > 0) and piles up into a bore that runs back through the fan, at a
// place no closed form gives: after t_f nothing here is called exact (NaN).
#pragma once

#include <cmath>
#include <limits>

#include "ria/analytic/dam_break.hpp"

namespace ria::analytic {

struct RitterColumn {
  double h0 = 1.0;      // column height [m]
  double length = 1.0;  // L: wall to dam [m]
  double x_wall = 0.0;  // x_w [m]
  double g = 9.81;
  double x_far = std::numeric_limits<double>::infinity();  // x_f, the far wall [m]

  double c0() const { return std::sqrt(g * h0); }
  /// t_f = (x_f - x0) / (2 c0): when the tip reaches the far wall.
  double far_wall_time() const { return (x_far - dam()) / (2.0 * c0()); }
  /// Whether t is past t_f (beyond a relative 1e-12, so that the instant the tip arrives, exact
  /// still, stays exact however t was computed).
  bool past_far_wall(double t) const { return t > far_wall_time() * (1 + 1e-12); }
  double dam() const { return x_wall + length; }
  /// t_w = L / c0: when the fan's tail reaches the wall.
  double reflection_time() const { return length / c0(); }
  /// Ritter's solution for the infinite reservoir with the same dam.
  DamBreak infinite() const { return DamBreak{h0, 0.0, dam(), g}; }

  /// The tip x0 + 2 c0 t, where the depth reaches 0.
  double tip(double t) const { return dam() + 2.0 * c0() * t; }

  /// x_w + L + X_r(t): the first x where the column's solution is Ritter's (x_w before t_w).
  double exact_from(double t) const {
    if (t <= reflection_time()) return x_wall;
    const double c = c0();
    return dam() + 2.0 * c * t - 3.0 * length * std::cbrt(c * t / length);
  }

  /// h_r(t), the depth at exact_from(t): h0 up to t_w.
  double reflected_head_depth(double t) const {
    if (t <= reflection_time()) return h0;
    return length * length / g * std::pow(c0() / length, 2.0 / 3.0) * std::pow(t, -4.0 / 3.0);
  }

  /// Depth at (x, t > 0) where it is Ritter's; NaN behind the reflected wave (and at x < x_w),
  /// and after t_f.
  double depth(double x, double t) const {
    if (x < exact_from(t) || past_far_wall(t)) return std::numeric_limits<double>::quiet_NaN();
    return infinite().depth(x, t);
  }

  /// x_h(t) = x0 + (2 c0 - 3 sqrt(g h)) t: the farthest point of depth h (0 < h < h0) at t >= 0;
  /// NaN once the reflected wave has reached it (h >= h_r(t)), and after t_f.
  double front_at_depth(double h, double t) const {
    if (!(h > 0 && h < h0) || !(h < reflected_head_depth(t)) || past_far_wall(t))
      return std::numeric_limits<double>::quiet_NaN();
    return dam() + (2.0 * c0() - 3.0 * std::sqrt(g * h)) * t;
  }
};

}  // namespace ria::analytic
