// Thacker's (1981) planar oscillation in a paraboloid bowl, with a moving wet/dry shoreline
// (SWASHES, Delestre et al. 2013, section 4.2.2 "Planar surface in a paraboloid").
//   Bed elevation  z(x, y) = -h0 (1 - r^2 / a^2),  r^2 = (x - xc)^2 + (y - yc)^2
//   omega = sqrt(2 g h0) / a,  period T = 2 pi / omega
//   h(x, y, t) = max(0, eta h0 / a^2 (2 (x - xc) cos(omega t) + 2 (y - yc) sin(omega t) - eta) - z)
//   u = -eta omega sin(omega t),  v = eta omega cos(omega t)  (where h > 0)
// In ria's convention the bed depth is H = -z.
#pragma once

#include <cmath>

namespace ria::analytic {

struct Thacker {
  double a = 1.0, h0 = 0.1, eta = 0.5;  // bowl radius [m], depth at centre [m], amplitude parameter
  double xc = 2.0, yc = 2.0;            // bowl centre [m]
  double g = 9.81;

  double omega() const { return std::sqrt(2.0 * g * h0) / a; }
  double period() const { return 2.0 * M_PI / omega(); }
  double bed_depth(double x, double y) const {
    const double r2 = (x - xc) * (x - xc) + (y - yc) * (y - yc);
    return h0 * (1.0 - r2 / (a * a));
  }
  double depth(double x, double y, double t) const {
    const double w = omega();
    const double surface = eta * h0 / (a * a) * (2.0 * (x - xc) * std::cos(w * t) + 2.0 * (y - yc) * std::sin(w * t) - eta);
    const double h = surface + bed_depth(x, y);
    return h > 0 ? h : 0.0;
  }
  double u(double t) const { return -eta * omega() * std::sin(omega() * t); }
  double v(double t) const { return eta * omega() * std::cos(omega() * t); }
};

}  // namespace ria::analytic
