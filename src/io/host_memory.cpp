// The host memory a process may still take (host_memory.hpp).
#include "io/host_memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

namespace ria::io {
namespace {

/// A small text file (/proc, /sys), or "" when it cannot be read.
std::string small_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "";
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// The whole text as a non-negative count (leading and trailing white space allowed); -1 otherwise.
double count_of(const std::string& text) {
  const std::size_t b = text.find_first_not_of(" \t\r\n");
  if (b == std::string::npos || text[b] < '0' || text[b] > '9') return -1;
  char* end = nullptr;
  const double v = std::strtod(text.c_str() + b, &end);
  if (end == text.c_str() + b || text.find_first_not_of(" \t\r\n", static_cast<std::size_t>(end - text.c_str())) != std::string::npos)
    return -1;
  return v;
}

/// The path one level up ("/a/b" -> "/a", "/a" -> "/"); "" above the root.
std::string parent_of(const std::string& path) {
  if (path.empty() || path == "/") return "";
  const std::size_t k = path.find_last_of('/');
  return k == 0 || k == std::string::npos ? "/" : path.substr(0, k);
}

}  // namespace

double meminfo_available_bytes(const std::string& meminfo) {
  const std::string key = "MemAvailable:";
  std::size_t k = meminfo.find(key);
  while (k != std::string::npos && k > 0 && meminfo[k - 1] != '\n') k = meminfo.find(key, k + 1);
  if (k == std::string::npos) return 0;
  const double kib = std::strtod(meminfo.c_str() + k + key.size(), nullptr);  // "  123456 kB"
  return kib > 0 ? kib * 1024.0 : 0.0;
}

double cgroup_room_bytes(const std::string& limit, const std::string& usage) {
  const double l = count_of(limit), u = count_of(usage);
  if (l < 0 || u < 0 || l > 4.6e18) return -1;  // "max" (v2), v1's no limit (2^63 less a page)
  return l > u ? l - u : 0.0;
}

CgroupPaths cgroup_paths(const std::string& text) {
  CgroupPaths p;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(at, end - at);
    at = end + 1;
    const std::size_t c1 = line.find(':'), c2 = c1 == std::string::npos ? c1 : line.find(':', c1 + 1);
    if (c2 == std::string::npos) continue;
    const std::string id = line.substr(0, c1), controllers = line.substr(c1 + 1, c2 - c1 - 1), path = line.substr(c2 + 1);
    if (id == "0" && controllers.empty()) p.v2 = path;
    if (("," + controllers + ",").find(",memory,") != std::string::npos) p.v1_memory = path;
  }
  return p;
}

HostRoom host_memory_room() {
  HostRoom r{meminfo_available_bytes(small_file("/proc/meminfo")), "available"};
  if (!(r.bytes > 0)) {
    const long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    r.bytes = pages > 0 && size > 0 ? static_cast<double>(pages) * size : 0.0;
  }
  bool limited = false;
  // The smaller of the two, or the room where the memory is unknown; `bound` says which.
  const auto bound = [&](double room, const char* what) {
    if (!(r.bytes > 0 && r.bytes < room)) r = {room, what};
    limited = true;
  };
  const auto cgroup = [&](const std::string& limit_file, const std::string& usage_file) {
    const double room = cgroup_room_bytes(small_file(limit_file), small_file(usage_file));
    if (room >= 0) bound(room, "left under the memory limit of this process's control group");
  };
  const CgroupPaths p = cgroup_paths(small_file("/proc/self/cgroup"));
  // v2: each cgroup from the process's up to the root of the hierarchy this process sees.
  for (std::string path = p.v2; !path.empty(); path = parent_of(path)) {
    const std::string dir = "/sys/fs/cgroup" + (path == "/" ? std::string() : path);
    cgroup(dir + "/memory.max", dir + "/memory.current");
  }
  if (!p.v1_memory.empty()) {
    const std::string dir = "/sys/fs/cgroup/memory" + (p.v1_memory == "/" ? std::string() : p.v1_memory);
    cgroup(dir + "/memory.limit_in_bytes", dir + "/memory.usage_in_bytes");
  }
  // The process's own limits (ulimit -v, -d): the address space and data segment left to it.
  const std::string status = small_file("/proc/self/status");
  struct Limit {
    int resource;
    const char* field;
    const char* what;
  };
  for (const Limit& l : {Limit{RLIMIT_AS, "VmSize:", "left of the address space ulimit -v allows"},
                         Limit{RLIMIT_DATA, "VmData:", "left of the data segment ulimit -d allows"}}) {
    rlimit lim{};
    const std::size_t at = status.find(l.field);
    if (getrlimit(l.resource, &lim) != 0 || lim.rlim_cur == RLIM_INFINITY || at == std::string::npos) continue;
    const double used = std::strtod(status.c_str() + at + std::strlen(l.field), nullptr) * 1024.0;  // kB
    bound(std::max(0.0, static_cast<double>(lim.rlim_cur) - used), l.what);
  }
  if (limited && !(r.bytes >= 1.0)) r.bytes = 1.0;  // a limit reached: known, and nothing fits
  return r;
}

double available_host_memory_bytes() { return host_memory_room().bytes; }

}  // namespace ria::io
