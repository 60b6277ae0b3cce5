// The backend seam: names of the execution backends and what this build contains.
#pragma once

#include <string>
#include <vector>

namespace ria::exec {

enum class Backend { serial, openmp, cuda };

Backend parse_backend(const std::string& name);  // throws std::invalid_argument naming the value
std::string to_string(Backend b);

bool built_with_openmp();
bool built_with_cuda();
/// True when CUDA was built in and a device is present.
bool cuda_device_available();
/// Why backend b cannot run here: OpenMP or CUDA not built in, or no CUDA device present; "" when
/// it can.
std::string backend_unavailable(Backend b);
/// Throws NotBuiltError (ria/errors.hpp) with backend_unavailable(b) when backend b cannot run
/// here. The solvers call it first; `ria run`, `ria sph run`, `ria compare` and `ria validate`
/// call it once their inputs are checked, before they write anything.
void require_backend(Backend b);
/// Backends usable in this build on this machine, in order serial, openmp, cuda.
std::vector<Backend> available_backends();

}  // namespace ria::exec
