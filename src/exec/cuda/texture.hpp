// Texture objects over linear device memory: the read-only data path of the tiled kernels
// (Viñas et al. section 4). Doubles are fetched as int2 and reassembled by the kernel.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "exec/cuda/cuda_check.hpp"

namespace ria::exec::cuda {

template <class T>
cudaTextureObject_t make_texture(const T* d, std::size_t n) {
  cudaResourceDesc res{};
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = const_cast<T*>(d);
  res.res.linear.desc = sizeof(T) == 4 ? cudaCreateChannelDesc<float>() : cudaCreateChannelDesc<int2>();
  res.res.linear.sizeInBytes = n * sizeof(T);
  cudaTextureDesc td{};
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t t = 0;
  RIA_CUDA_CHECK(cudaCreateTextureObject(&t, &res, &td, nullptr));
  return t;
}

}  // namespace ria::exec::cuda
