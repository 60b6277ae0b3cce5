// The identity a checkpoint stores beside its state: (key, value) entries of the scenario values it
// depends on, some of which hold a list of "<key>\t<value>" lines (the SPH probes, the forcing).
#pragma once

#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace ria::io {

using Identity = std::vector<std::pair<std::string, std::string>>;

/// The value of `key`, "" when the identity has none.
inline std::string identity_value(const Identity& identity, const std::string& key) {
  for (const auto& [k, v] : identity)
    if (k == key) return v;
  return "";
}

/// The lines "<key>\t<value>" of `text` as a map (a line without a tab is skipped).
inline std::map<std::string, std::string> keyed_lines(const std::string& text) {
  std::map<std::string, std::string> m;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (const std::size_t tab = line.find('\t'); tab != std::string::npos) m[line.substr(0, tab)] = line.substr(tab + 1);
  return m;
}

}  // namespace ria::io
