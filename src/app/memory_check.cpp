// The memory check (memory_check.hpp).
#include "app/memory_check.hpp"

#include <sstream>

#include "io/host_memory.hpp"
#include "ria/exec/device_info.hpp"

namespace ria::app {

std::string memory_shortfall(const std::string& subject, double host_bytes, double device_bytes,
                             const std::string& advice, const std::string& device_advice) {
  const io::HostRoom host = io::host_memory_room();
  if (host.bytes > 0 && host_bytes > host.bytes) {
    std::ostringstream o;
    o << subject << " needs about " << io::format_gib(host_bytes) << " of host memory, " << host.said() << "; "
      << advice;
    return o.str();
  }
  if (device_bytes > 0) {
    const double dev_have = exec::cuda_free_memory_bytes();
    if (dev_have > 0 && device_bytes > dev_have) {
      std::ostringstream o;
      o << subject << " needs about " << io::format_gib(device_bytes) << " of GPU memory, " << io::format_gib(dev_have)
        << " are free; " << advice << device_advice;
      return o.str();
    }
  }
  return "";
}

}  // namespace ria::app
