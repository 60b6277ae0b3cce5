// Programmatic dependent launch (Hopper, sm_90): a kernel launched with launch_dependent() may be
// scheduled while the kernel before it in the stream (or in the captured graph) still runs, so its
// blocks are resident when that kernel ends instead of being launched then. Its threads must
// call wait_for_prerequisites() before they touch memory: it returns once the kernels it depends
// on have finished and their writes are visible (PTX griddepcontrol.wait). A kernel lets its
// dependants be scheduled early with allow_dependent_launch() (griddepcontrol.launch_dependents):
// they are scheduled once every block of it has called it or exited. Without the launch attribute
// both are no-ops. Code compiled for an architecture before sm_90 (PTX run through the JIT on a
// newer GPU included) has no wait at all, so the attribute is set only for kernels compiled for
// sm_90 or later (compiled_with_dependent_launch): elsewhere the launch is an ordinary one.
#pragma once

#include <cuda_runtime.h>

#include <utility>

#include "exec/cuda/cuda_check.hpp"

namespace ria::exec::cuda {

__device__ inline void wait_for_prerequisites() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

__device__ inline void allow_dependent_launch() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

/// Whether kernel was compiled for sm_90 or later (its PTX version, the __CUDA_ARCH__ it was
/// compiled with): then its wait_for_prerequisites() waits.
template <class... Params>
bool compiled_with_dependent_launch(void (*kernel)(Params...)) {
  cudaFuncAttributes a{};
  RIA_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel));
  return a.ptxVersion >= 90;
}

/// kernel<<<grid, block, 0, stream>>>(args...), with programmatic stream serialisation allowed when
/// `dependent` (compiled_with_dependent_launch of the kernel).
template <class... Params, class... Args>
void launch_dependent(bool dependent, void (*kernel)(Params...), dim3 grid, dim3 block, cudaStream_t stream,
                      Args&&... args) {
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config{};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = 0;
  config.stream = stream;
  config.attrs = attr;
  config.numAttrs = dependent ? 1 : 0;
  RIA_CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...));
}

}  // namespace ria::exec::cuda
