// Steady subcritical flow over a bump (SWASHES, Delestre et al. 2013, section 3.1.1; Goutal &
// Maurel 1997). Bed z(x) = 0.2 - 0.05 (x - 10)^2 for 8 < x < 12, else 0, on [0, 25] m; unit
// discharge q imposed upstream, depth h_out downstream. The steady depth solves Bernoulli with
// constant discharge,
//   h + q^2 / (2 g h^2) + z(x) = h_out + q^2 / (2 g h_out^2),
// on its subcritical branch h > h_c = (q^2/g)^(1/3) (found by bisection).
#pragma once

#include <cmath>

namespace ria::analytic {

struct Bump {
  double q = 4.42, h_out = 2.0, g = 9.81, length = 25.0;

  double bed_elevation(double x) const { return (x > 8 && x < 12) ? 0.2 - 0.05 * (x - 10) * (x - 10) : 0.0; }
  double depth(double x) const {
    const double head = h_out + q * q / (2 * g * h_out * h_out);
    const double target = head - bed_elevation(x);
    const double hc = std::cbrt(q * q / g);
    double lo = hc, hi = target;
    for (int it = 0; it < 200; ++it) {
      const double mid = 0.5 * (lo + hi);
      const double e = mid + q * q / (2 * g * mid * mid);
      (e < target ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
  }
};

}  // namespace ria::analytic
