// Exact solutions of the 1-D dam break on a flat bed (shallow water, no friction), used by
// `ria validate` (ritter, stoker), the tests and scenarios.
//   Ritter (1892): upstream depth h_l, dry downstream. With c_l = sqrt(g h_l), xi = (x - x0)/t:
//     h = h_l                     for xi <= -c_l
//     h = (2 c_l - xi)^2 / (9 g)  for -c_l < xi < 2 c_l,   u = 2 (xi + c_l) / 3
//     h = 0                       for xi >= 2 c_l
//   Stoker (1957): wet downstream h_r > 0. A rarefaction into the middle state (h_m, u_m) and a
//   shock of speed s: u_m = 2 (c_l - c_m) (Riemann invariant) and
//   u_m = (h_m - h_r) sqrt(g (h_m + h_r) / (2 h_m h_r)) (Rankine-Hugoniot), s = h_m u_m / (h_m - h_r).
//   (Delestre et al. 2013, SWASHES, sections 4.1.1-4.1.2.)
#pragma once

#include <cmath>

namespace ria::analytic {

struct DamBreak {
  double h_left = 1.0, h_right = 0.0;  // initial depths [m]
  double x0 = 0.0;                     // dam position [m]
  double g = 9.81;

  /// Middle state depth h_m of the Stoker solution (bisection on (h_r, h_l); 0 for a dry bed).
  double middle_depth() const {
    if (h_right <= 0) return 0.0;
    const double cl = std::sqrt(g * h_left);
    auto f = [&](double hm) {
      const double um_raref = 2.0 * (cl - std::sqrt(g * hm));
      const double um_shock = (hm - h_right) * std::sqrt(g * (hm + h_right) / (2.0 * hm * h_right));
      return um_raref - um_shock;
    };
    double lo = h_right, hi = h_left;
    for (int it = 0; it < 200; ++it) {
      const double mid = 0.5 * (lo + hi);
      (f(mid) > 0 ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
  }

  /// Depth at position x and time t > 0.
  double depth(double x, double t) const {
    const double cl = std::sqrt(g * h_left);
    const double xi = (x - x0) / t;
    if (xi <= -cl) return h_left;
    if (h_right <= 0) {
      if (xi >= 2.0 * cl) return 0.0;
      const double c = 2.0 * cl - xi;
      return c * c / (9.0 * g);
    }
    const double hm = middle_depth();
    const double cm = std::sqrt(g * hm);
    const double um = 2.0 * (cl - cm);
    const double s = hm * um / (hm - h_right);
    if (xi < um - cm) {
      const double c = 2.0 * cl - xi;
      return c * c / (9.0 * g);
    }
    return xi < s ? hm : h_right;
  }
};

}  // namespace ria::analytic
