// The wet/dry policy, in one place (ARCHITECTURE.md principle 6).
//
// A cell is wet when h > h_dry. Velocities and concentrations are ratios q/h that are singular in
// thin layers; they are desingularised as in Kurganov & Petrova (2007, eq. 2.17):
//   u = sqrt(2) h q / sqrt(h^4 + max(h^4, eps^4)),
// which equals q/h for h >= eps and tends to 0 with h. For h >= eps we return q/h exactly so that a
// uniform concentration or velocity is reproduced to round-off.
#pragma once

#include <cmath>

#include "ria/config.hpp"

namespace ria::swe {

/// q/h, desingularised below eps (eps = h_dry). Returns 0 for h <= 0.
template <class T>
RIA_HD inline T ratio(T q, T h, T eps) {
  if (h >= eps) return q / h;
  if (h <= T(0)) return T(0);
  const T h2 = h * h, e2 = eps * eps;
  return T(1.4142135623730951) * h * q / sqrt(h2 * h2 + e2 * e2);
}

template <class T>
RIA_HD inline bool is_wet(T h, T h_dry) { return h > h_dry; }

}  // namespace ria::swe
