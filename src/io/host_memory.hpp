// Host memory that a process may still take, for refusing inputs that would not fit before
// allocating them (a std::bad_alloc says nothing about which input was too large).
#pragma once

#include <sstream>
#include <string>

namespace ria::io {

/// Memory this process may still take [bytes]: the kernel's MemAvailable (the free memory and the
/// page cache and reclaimable memory it would give back, /proc/meminfo; the free pages where that
/// is unknown), bounded by the room left under each memory limit of the process's cgroups (v2:
/// memory.max less memory.current of its cgroup and of every one above it; v1: the memory
/// controller's limit_in_bytes less usage_in_bytes). At least 1 byte where a limit is reached; 0
/// when nothing is known.
double available_host_memory_bytes();

/// The same, with what bounds it: "available" (MemAvailable), or the limit that leaves less
/// ("left of the address space ulimit -v allows", ...), for messages: said() is
/// "12.5 GiB are available".
struct HostRoom {
  double bytes = 0;
  std::string bound;
  std::string said() const;
};
HostRoom host_memory_room();

/// MemAvailable of a /proc/meminfo text [bytes]; 0 when it has none.
double meminfo_available_bytes(const std::string& meminfo);

/// The room under a cgroup's memory limit, its limit less its usage [bytes] and at least 0, from
/// the texts of the two files (the limit "max", or a byte count, v1's "no limit" being one above
/// 2^62); -1 when there is no limit or either text is not a count.
double cgroup_room_bytes(const std::string& limit, const std::string& usage);

/// The process's cgroups from a /proc/self/cgroup text: the v2 path (the line "0::PATH") and the
/// v1 memory controller's path (a line "N:CONTROLLERS:PATH" whose comma-separated controllers
/// include "memory"); empty where absent.
struct CgroupPaths {
  std::string v2, v1_memory;
};
CgroupPaths cgroup_paths(const std::string& proc_self_cgroup);

/// "12.5 GiB".
inline std::string format_gib(double bytes) {
  std::ostringstream o;
  o.precision(3);
  o << bytes / 1073741824.0 << " GiB";
  return o.str();
}

inline std::string HostRoom::said() const { return format_gib(bytes) + " are " + bound; }

}  // namespace ria::io
