#include "ria/exec/backend.hpp"

#include <stdexcept>

#include "ria/errors.hpp"

namespace ria::exec {

Backend parse_backend(const std::string& name) {
  if (name == "serial") return Backend::serial;
  if (name == "openmp") return Backend::openmp;
  if (name == "cuda") return Backend::cuda;
  throw std::invalid_argument("unknown backend '" + name + "' (expected serial, openmp or cuda)");
}

std::string to_string(Backend b) {
  switch (b) {
    case Backend::serial: return "serial";
    case Backend::openmp: return "openmp";
    case Backend::cuda: return "cuda";
  }
  throw std::logic_error("to_string: not a backend");
}

bool built_with_openmp() {
#if defined(RIA_HAVE_OPENMP)
  return true;
#else
  return false;
#endif
}

std::string backend_unavailable(Backend b) {
  if (b == Backend::openmp && !built_with_openmp())
    return "backend 'openmp' requested but ria was not built with OpenMP (-DRIA_OPENMP=ON)";
  if (b == Backend::cuda && !built_with_cuda())
    return "backend 'cuda' requested but ria was not built with CUDA (-DRIA_CUDA=ON needs nvcc)";
  if (b == Backend::cuda && !cuda_device_available()) return "backend 'cuda' requested but no CUDA device is present";
  return "";
}

void require_backend(Backend b) {
  const std::string why = backend_unavailable(b);
  if (!why.empty()) throw NotBuiltError(why);
}

std::vector<Backend> available_backends() {
  std::vector<Backend> out{Backend::serial};
  if (built_with_openmp()) out.push_back(Backend::openmp);
  if (cuda_device_available()) out.push_back(Backend::cuda);
  return out;
}

}  // namespace ria::exec
