// The names of `ria run`'s output files that carry a time, written and read back in one place:
// the maps (depth_t000003600s.png) and the files of a restarted part (ria_restart_86400s.nc).
#pragma once

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace ria::io {

/// The time of a map drawn at t seconds in its name: whole seconds as nine digits and "s",
/// "000003600s"; any other time to the millisecond after the "s", "000000000s500" (0.5 s), so that
/// names sort in time order and the maps of a lab-scale run seconds long keep their times. Two
/// times in one millisecond give one name: output.png_times refuses them.
inline std::string map_time_stamp(double t) {
  const long long ms = std::llround(t * 1000);
  char buf[40];
  if (ms % 1000 == 0) std::snprintf(buf, sizeof buf, "%09llds", ms / 1000);
  else std::snprintf(buf, sizeof buf, "%09llds%03lld", ms / 1000, ms % 1000);
  return buf;
}

/// "<kind>_t<stamp>.png": the map of `kind` ("depth", "concentration") at t.
inline std::string map_name(const std::string& kind, double t) { return kind + "_t" + map_time_stamp(t) + ".png"; }

/// The kind and time of a name that map_name writes; false for any other name.
inline bool parse_map_name(const std::string& name, std::string& kind, double& t) {
  const std::size_t at = name.find("_t");
  if (at == std::string::npos || at == 0) return false;
  for (std::size_t k = 0; k < at; ++k)
    if (!std::islower(static_cast<unsigned char>(name[k]))) return false;
  const char* p = name.c_str() + at + 2;
  char* end = nullptr;
  const long long s = std::strtoll(p, &end, 10);
  if (end == p || *end != 's') return false;
  ++end;
  long long ms = 0;
  if (std::isdigit(static_cast<unsigned char>(*end))) ms = std::strtoll(end, &end, 10);
  if (std::string(end) != ".png") return false;
  kind = name.substr(0, at);
  t = static_cast<double>(s) + static_cast<double>(ms) / 1000;
  return map_name(kind, t) == name;
}

/// "_restart_<T>s": what the files of a run restarted at t add to their names (ria_restart_86400s.nc).
inline std::string restart_part(double t) { return "_restart_" + std::to_string(std::llround(t)) + "s"; }

/// The stem ("ria", "gauges", "animation"), restart time T and extension of a name
/// "<stem><restart_part(T)>.<ext>"; false for any other name.
inline bool parse_restart_name(const std::string& name, std::string& stem, long long& T, std::string& ext) {
  char s[16] = {}, e[8] = {};
  if (std::sscanf(name.c_str(), "%15[a-z]_restart_%llds.%7s", s, &T, e) != 3) return false;
  stem = s, ext = e;
  return name == stem + restart_part(static_cast<double>(T)) + "." + ext;
}

}  // namespace ria::io
