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

/// `dir` / `rel` as the system resolves it: a ".." steps out of the directory a symlink points to,
/// not out of the symlink's own parent (as lexically_normal would take it), so the directory of
/// such a path is resolved through the file system; its file name stays as written (a DEM that is
/// a link keeps its .prj and .aux.xml beside the link). Other paths are only tidied ("./" removed).
std::string joined(const fs::path& dir, const std::string& rel) {
  const fs::path p = dir / rel;
  for (const fs::path& part : p)
    if (part == "..") {
      std::error_code ec;
      const fs::path real = fs::weakly_canonical(p.parent_path(), ec);
      return ec ? p.string() : (real / p.filename()).string();
    }
  return p.lexically_normal().string();
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
    return joined(dir, path.substr(prefix.size()));
  }
  if (path.empty() || base_dir.empty() || fs::path(path).is_absolute()) return path;
  return joined(base_dir, path);
}

}  // namespace ria::io
