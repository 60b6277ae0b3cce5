// Paths named in scenario files: relative to the scenario's directory, or under the shared data
// directory for "${RIA_DATA_DIR}/..." (no TOML here: built also without toml++).
#include <cstdlib>
#include <filesystem>
#include <string>

#include "io/scenario/scenario_toml.hpp"

namespace ria::io {

namespace fs = std::filesystem;

namespace {
bool is_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}
}  // namespace

std::string data_dir(const std::string& base_dir) {
  if (const char* env = std::getenv("RIA_DATA_DIR"); env && *env) return env;
  std::error_code ec;
  if (is_dir("../shared/data")) return fs::absolute("../shared/data", ec).lexically_normal().string();
  fs::path d = fs::absolute(base_dir.empty() ? "." : base_dir, ec).lexically_normal();
  for (int level = 0; level < 5 && d.has_parent_path() && d.parent_path() != d; ++level) {
    d = d.parent_path();  // shared/data as a sibling of base_dir, then of its parents
    if (is_dir(d / "shared" / "data")) return (d / "shared" / "data").string();
  }
  return "";
}

std::string resolve_scenario_path(const std::string& path, const std::string& base_dir) {
  for (const std::string prefix : {"${RIA_DATA_DIR}/", "$RIA_DATA_DIR/"}) {
    if (path.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string dir = data_dir(base_dir);
    if (dir.empty()) return path;  // the reader reports the missing file; callers may skip
    return (fs::path(dir) / path.substr(prefix.size())).lexically_normal().string();
  }
  if (path.empty() || base_dir.empty() || fs::path(path).is_absolute()) return path;
  return (fs::path(base_dir) / path).lexically_normal().string();
}

}  // namespace ria::io
