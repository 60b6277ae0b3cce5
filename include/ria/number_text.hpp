// A number in a message as printf's "%g" writes it: 6 significant digits, an exponent only where
// it is shorter (0.001, 1e-07, 2.5e+08). The one short form of the CLI's ranges and of the SPH
// set-up's and the dam-break comparison's messages; messages that must show a value exactly use
// more digits (the scenario reader's 10, ensemble::shortest_text's round trip).
#pragma once

#include <cstdio>
#include <string>

namespace ria {

inline std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace ria
