// A number in a message as printf's "%g" writes it: 6 significant digits, an exponent only where
// it is shorter (0.001, 1e-07, 2.5e+08). The one short form of the CLI's ranges and of the SPH
// set-up's and the dam-break comparison's messages; messages that must show a value exactly use
// more digits (the scenario reader's 10, shortest_text's round trip).
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace ria {

inline std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

/// The shortest "%.*g" text that reads back as v (0.1, not 0.10000000000000001), whole numbers
/// below 1e17 without an exponent (5400, not 5.4e+03): a value written for a reader to take
/// exactly (an ensemble member's --set, a value a checkpoint stores).
inline std::string shortest_text(double v) {
  char buf[40];
  int p = 1;
  for (; p < 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*g", p, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  // %g writes an exponent when the decimal exponent is at least the precision.
  const int e = v != 0 && std::isfinite(v) ? static_cast<int>(std::floor(std::log10(std::fabs(v)))) : 0;
  if (e >= p && e < 17) p = e + 1;
  std::snprintf(buf, sizeof buf, "%.*g", p, v);
  return buf;
}

}  // namespace ria
