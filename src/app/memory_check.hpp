// The memory check made before anything large is allocated, for every command: a need in bytes
// against the host memory available now and, for a CUDA run, the GPU's free memory. Its callers
// count the need: a shallow-water grid (domain.hpp), an SPH set-up (sph_memory.hpp).
#pragma once

#include <string>

namespace ria::app {

/// What would not fit, in words, or "" when it fits: host_bytes against the host memory available
/// (io::host_memory_room), then device_bytes (0 off the GPU) against the CUDA device's
/// free memory; a size the system does not report (0) refuses nothing. The words are "<subject>
/// needs about X GiB of host memory, Y GiB are available; <advice>" ("Y GiB are left of the address
/// space ulimit -v allows" where a limit leaves less, io::HostRoom::said), or for the GPU "... of GPU
/// memory, Y GiB are free; <advice><device_advice>" (e.g. ", or --precision float").
std::string memory_shortfall(const std::string& subject, double host_bytes, double device_bytes,
                             const std::string& advice, const std::string& device_advice = "");

}  // namespace ria::app
