// One reduction interface on host and device data: the CPU solvers' time step (min of the local dt;
// shallow water and SPH), the SPH pair count, and the totals of water and pollutant on every
// backend. (The CUDA time step does not use it: the kernels run phase 1 themselves and
// src/exec/cuda/two_phase_reduce.cuh phase 2, on the device.)
//
// Two phases: phase 1 reduces fixed blocks of kReduceBlock consecutive values to partials (in
// parallel), phase 2 reduces the partials in order. The block split does not depend on the
// number of threads, so a sum is bitwise the same on the serial and OpenMP backends.
#pragma once

#include <cstddef>
#include <memory>

#include "ria/exec/backend.hpp"

struct CUstream_st;  // cudaStream_t is CUstream_st* (cuda_runtime.h)

namespace ria::exec {

enum class ReduceOp { min, max, sum };

constexpr std::size_t kReduceBlock = 4096;

class Reducer {
 public:
  virtual ~Reducer() = default;
  /// Reduces n values at `data` (host memory for CPU reducers, device memory for CUDA) to a double.
  /// Sums accumulate in double. An empty range gives +inf (min), -inf (max) or 0 (sum).
  virtual double reduce(ReduceOp op, const float* data, std::size_t n) = 0;
  virtual double reduce(ReduceOp op, const double* data, std::size_t n) = 0;
};

/// Host reducer; `parallel` uses OpenMP threads for phase 1 (bitwise equal to serial).
std::unique_ptr<Reducer> make_host_reducer(bool parallel);
/// CUDA reducer over device pointers (throws when not built with CUDA). Its kernels and its read
/// of the result are queued on `stream` (a cudaStream_t; null: the legacy default stream) and the
/// host waits for that stream alone, so solvers of several host threads do not wait on each other.
std::unique_ptr<Reducer> make_cuda_reducer(CUstream_st* stream = nullptr);

}  // namespace ria::exec
