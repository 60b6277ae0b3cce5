// The two-phase reduction on the GPU (exec layer; used by the CudaReducer and the shallow-water kernels).
// Phase 1: each thread block reduces its values to one partial (block_reduce, in shared memory
// and warp shuffles), either in a dedicated kernel or at the end of a compute kernel.
// Phase 2: one block reduces the partials. Both phases use the same combine and the same fixed
// order for a given launch shape, so results are reproducible run to run.
// A minimum may instead be finished by atomics (atomic_min_key): each block folds its partial into
// one ordered key with atomicMin, and whoever runs after the kernel reads one value. A minimum is
// exact, so the result does not depend on the blocks' order either.
#pragma once

#include <cuda_runtime.h>

#include <cmath>
#include <cstddef>

#include "ria/exec/ordered_key.hpp"
#include "ria/exec/reduce.hpp"

namespace ria::exec::cuda {

/// The bitwise or of x over the 32 lanes of a full warp, in every lane.
__device__ inline unsigned warp_or(unsigned x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_or_sync(0xffffffffu, x);
#else
  for (int o = 16; o > 0; o >>= 1) x |= __shfl_xor_sync(0xffffffffu, x, o);
  return x;
#endif
}

template <ReduceOp Op>
struct Combine;
template <>
struct Combine<ReduceOp::min> {
  template <class T>
  __device__ static T apply(T a, T b) { return b < a ? b : a; }
  template <class T>
  __device__ static T identity() { return static_cast<T>(INFINITY); }
};
template <>
struct Combine<ReduceOp::max> {
  template <class T>
  __device__ static T apply(T a, T b) { return b > a ? b : a; }
  template <class T>
  __device__ static T identity() { return static_cast<T>(-INFINITY); }
};
template <>
struct Combine<ReduceOp::sum> {
  template <class T>
  __device__ static T apply(T a, T b) { return a + b; }
  template <class T>
  __device__ static T identity() { return T(0); }
};

/// Reduces v over the block; every thread must call it; the result is valid in thread 0.
/// `scratch` needs blockDim / 32 entries of shared memory. With `votes` (blockDim / 32 entries),
/// also the bitwise or of every thread's `bits`, in *any of thread 0, through the same barrier.
template <ReduceOp Op, class T>
__device__ inline T block_reduce(T v, T* scratch, unsigned bits = 0, unsigned* votes = nullptr,
                                 unsigned* any = nullptr) {
  const unsigned lane = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  for (int o = 16; o > 0; o >>= 1) v = Combine<Op>::apply(v, __shfl_down_sync(0xffffffffu, v, o));
  const unsigned warps = (blockDim.x * blockDim.y * blockDim.z + 31) / 32;
  const unsigned warp_bits = votes ? warp_or(bits) : 0u;
  if ((lane & 31) == 0) {
    scratch[lane >> 5] = v;
    if (votes) votes[lane >> 5] = warp_bits;
  }
  __syncthreads();
  if (lane < 32) {
    v = lane < warps ? scratch[lane] : Combine<Op>::template identity<T>();
    for (int o = 16; o > 0; o >>= 1) v = Combine<Op>::apply(v, __shfl_down_sync(0xffffffffu, v, o));
    if (votes) *any = warp_or(lane < warps ? votes[lane] : 0u);
  }
  return v;
}

/// Phase 1 as its own kernel: grid-stride over n inputs of type In, accumulated in Acc.
template <ReduceOp Op, class In, class Acc>
__global__ void reduce_phase1(const In* __restrict__ in, std::size_t n, Acc* __restrict__ partial) {
  __shared__ Acc scratch[32];
  Acc v = Combine<Op>::template identity<Acc>();
  for (std::size_t k = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; k < n;
       k += static_cast<std::size_t>(blockDim.x) * gridDim.x)
    v = Combine<Op>::apply(v, static_cast<Acc>(in[k]));
  v = block_reduce<Op>(v, scratch);
  if (threadIdx.x == 0) partial[blockIdx.x] = v;
}

/// Phase 2: one block of 1024 threads reduces n partials into *out.
template <ReduceOp Op, class T>
__global__ void reduce_phase2(const T* __restrict__ partial, int n, T* __restrict__ out) {
  __shared__ T scratch[32];
  T v = Combine<Op>::template identity<T>();
  for (int k = threadIdx.x; k < n; k += blockDim.x) v = Combine<Op>::apply(v, partial[k]);
  v = block_reduce<Op>(v, scratch);
  if (threadIdx.x == 0) *out = v;
}

/// *key = min(*key, ordered_key(v)), atomically; *key starts at ordered_key<T>(INFINITY).
template <class T>
__device__ inline void atomic_min_key(unsigned long long* key, T v) {
  atomicMin(key, exec::ordered_key(v));
}

}  // namespace ria::exec::cuda
