// The free surface a level boundary imposes, as a function of time the device evaluates:
//   eta(t) = mean + slope (t - t_ref) + sum_k a_k cos(omega_k t - phi_k)
// [m, m/s, s, m, rad/s, rad], t in seconds since the scenario start. The harmonic sum carries tidal
// constituents; the linear part carries one interval of a time series, which the simulation layer
// (include/ria/sim/tide.hpp) replaces between intervals, so a series is interpolated exactly.
#pragma once

#include <cmath>

#include "ria/config.hpp"

namespace ria::swe {

// Constituents one Tide holds: 37 is the most any reference station of XTide's database
// (harmonics-dwf-20191229) has but one, which has 119 (the simulation layer keeps the largest
// amplitudes there and says how much it leaves out). A Tide is then 920 bytes and Boundaries
// (4 sides) 3872; the kernels take Boundaries by value inside their parameters (about 4.9 KB in
// all), which CUDA 12.1 and later allow up to 32764 bytes on sm_70 and newer.
constexpr int kMaxConstituents = 37;

/// Free-surface elevation as a linear part plus harmonic constituents [m, m/s, s, rad/s, rad].
struct Tide {
  double mean = 0;
  double slope = 0, t_ref = 0;
  int count = 0;
  double amplitude[kMaxConstituents] = {};
  double omega[kMaxConstituents] = {};
  double phase[kMaxConstituents] = {};

  RIA_HD double at(double t) const {
    double eta = base(t);
    for (int k = 0; k < count; ++k) eta += term(k, t);
    return eta;
  }
  /// The linear part and constituent k of eta(t) (the GPU's phase 2 sums the terms in a tree).
  RIA_HD double base(double t) const { return mean + slope * (t - t_ref); }
  RIA_HD double term(int k, double t) const { return amplitude[k] * cos(omega[k] * t - phase[k]); }

  /// d eta / dt [m/s].
  RIA_HD double rate(double t) const {
    double r = slope;
    for (int k = 0; k < count; ++k) r -= amplitude[k] * omega[k] * sin(omega[k] * t - phase[k]);
    return r;
  }
};

}  // namespace ria::swe
