// Error checking for CUDA runtime calls (host side): throws with the call, file, line and message.
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#define RIA_CUDA_CHECK(call)                                                                              \
  do {                                                                                                    \
    const cudaError_t ria_err_ = (call);                                                                  \
    if (ria_err_ != cudaSuccess)                                                                          \
      throw std::runtime_error(std::string("CUDA error in ") + #call + " at " + __FILE__ + ":" +          \
                               std::to_string(__LINE__) + ": " + cudaGetErrorString(ria_err_));           \
  } while (0)
