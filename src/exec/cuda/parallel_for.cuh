// The CUDA side of the backend seam's element loops, beside the CPU's (src/exec/cpu/parallel_for.hpp):
// f(k) for every k in [0, n), one thread each, queued on a stream. f is a functor with a
// __device__ operator()(std::size_t k) const, copied to the device by value as a kernel's
// arguments are; what it writes it writes through the pointers it holds.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "exec/cuda/cuda_check.hpp"

namespace ria::exec::cuda {

/// Threads a block of parallel_for's kernel. Its loops are bound by memory; 256 is what the
/// element-wise kernels it replaced used.
constexpr int kForThreads = 256;

template <class F>
__global__ void __launch_bounds__(kForThreads) k_for_each(std::size_t n, F f) {
  const std::size_t k = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (k < n) f(k);
}

/// Queues f(k) for k in [0, n) on `stream` (none when n = 0); throws if the launch fails.
template <class F>
void parallel_for(cudaStream_t stream, std::size_t n, const F& f) {
  if (n == 0) return;
  k_for_each<<<static_cast<unsigned>((n + kForThreads - 1) / kForThreads), kForThreads, 0, stream>>>(n, f);
  RIA_CUDA_CHECK(cudaGetLastError());
}

}  // namespace ria::exec::cuda
