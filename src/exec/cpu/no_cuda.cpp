// Compiled only when the CUDA backend is not built: every CUDA entry point reports it clearly.
#include <stdexcept>

#include "ria/exec/backend.hpp"
#include "ria/exec/reduce.hpp"

namespace ria::exec {

bool built_with_cuda() { return false; }
bool cuda_device_available() { return false; }
std::unique_ptr<Reducer> make_cuda_reducer(CUstream_st*) {
  throw std::runtime_error("ria was not built with CUDA (configure with -DRIA_CUDA=ON on a machine with nvcc)");
}

}  // namespace ria::exec

#include "ria/exec/device_info.hpp"

namespace ria::exec {

std::string cuda_device_name() { return "no CUDA device (ria built without CUDA)"; }
double cuda_copy_bandwidth_gbs() { return 0.0; }
double cuda_free_memory_bytes() { return 0.0; }
int cuda_device_count() { return 0; }
int select_cuda_device(int) { return -1; }
bool cuda_sleep_while_waiting() { return false; }

}  // namespace ria::exec
