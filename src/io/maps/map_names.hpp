// The time in the name of a map drawn at t seconds (`ria run`'s depth_t...s.png and
// concentration_t...s.png): whole seconds as nine digits, "000003600"; any other time to the
// millisecond, "000000000.500", so that the maps of a lab-scale run seconds long keep their times.
// Two times in the same millisecond give one name: output.png_times refuses them.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace ria::io {

inline std::string map_time_stamp(double t) {
  const long long ms = std::llround(t * 1000);
  char buf[40];
  if (ms % 1000 == 0) std::snprintf(buf, sizeof buf, "%09lld", ms / 1000);
  else std::snprintf(buf, sizeof buf, "%09lld.%03lld", ms / 1000, ms % 1000);
  return buf;
}

}  // namespace ria::io
