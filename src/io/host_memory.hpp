// Host memory that a process may still take, for refusing inputs that would not fit before
// allocating them (a std::bad_alloc says nothing about which input was too large).
#pragma once

#include <sstream>
#include <string>
#include <unistd.h>

namespace ria::io {

/// Physical memory not in use now [bytes] (sysconf _SC_AVPHYS_PAGES); 0 when unknown.
inline double available_host_memory_bytes() {
  const long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  return pages > 0 && size > 0 ? static_cast<double>(pages) * size : 0.0;
}

/// "12.5 GiB".
inline std::string format_gib(double bytes) {
  std::ostringstream o;
  o.precision(3);
  o << bytes / 1073741824.0 << " GiB";
  return o.str();
}

}  // namespace ria::io
