// Owners of CUDA resources: device memory, page-locked host memory, streams, events, graphs and
// texture objects, each released by its destructor (move-only), so a solver is a list of members
// instead of cudaMalloc calls paired with a free list. Each converts to its raw handle or pointer,
// so kernel launches and CUDA calls take it as they took the raw one.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

#include "exec/cuda/cuda_check.hpp"
#include "exec/cuda/texture.hpp"

namespace ria::exec::cuda {

/// Releases a handle with `Free` when the owner ends; a null handle is not released.
template <class H, cudaError_t (*Free)(H)>
class Owned {
 public:
  Owned() = default;
  explicit Owned(H h) : h_(h) {}
  Owned(Owned&& o) noexcept : h_(std::exchange(o.h_, H{})) {}
  Owned& operator=(Owned&& o) noexcept {
    if (this != &o) {
      reset();
      h_ = std::exchange(o.h_, H{});
    }
    return *this;
  }
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  ~Owned() { reset(); }
  H get() const { return h_; }
  operator H() const { return h_; }
  void reset() {
    if (h_) Free(h_);
    h_ = H{};
  }

 private:
  H h_{};
};

using Stream = Owned<cudaStream_t, cudaStreamDestroy>;
using Event = Owned<cudaEvent_t, cudaEventDestroy>;
using Texture = Owned<cudaTextureObject_t, cudaDestroyTextureObject>;
using GraphExec = Owned<cudaGraphExec_t, cudaGraphExecDestroy>;

/// A stream; cudaStreamNonBlocking: one that the legacy default stream does not wait for (nor it
/// for the legacy stream), as a solver needs when solvers of other host threads share the device
/// and one of them captures a graph.
inline Stream make_stream(unsigned flags = cudaStreamDefault) {
  cudaStream_t s = nullptr;
  RIA_CUDA_CHECK(cudaStreamCreateWithFlags(&s, flags));
  return Stream(s);
}

inline Event make_event() {
  cudaEvent_t e = nullptr;
  RIA_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  return Event(e);
}

template <class T>
Texture texture_of(const T* d, std::size_t n) {
  return Texture(make_texture(d, n));
}

/// n values of T in device memory (uninitialised), or none.
template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t n) : n_(n) {
    if (n > 0) RIA_CUDA_CHECK(cudaMalloc(&p_, n * sizeof(T)));
  }
  DeviceBuffer(DeviceBuffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) {
      if (p_) cudaFree(p_);
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() {
    if (p_) cudaFree(p_);
  }
  T* get() const { return p_; }
  operator T*() const { return p_; }
  std::size_t size() const { return n_; }
  /// Copies n values from host memory to the start of the buffer, queued on `stream` behind its
  /// work (the legacy default stream when null); returns once they are there.
  void upload(const T* host, std::size_t n, cudaStream_t stream = nullptr) {
    if (n == 0) return;
    RIA_CUDA_CHECK(cudaMemcpyAsync(p_, host, n * sizeof(T), cudaMemcpyHostToDevice, stream));
    RIA_CUDA_CHECK(cudaStreamSynchronize(stream));
  }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

/// Copies n values from device to host memory, queued on `stream` behind its work; returns once
/// they are there (waits for that stream alone, not for the device).
template <class T>
void copy_to_host(T* host, const T* device, std::size_t n, cudaStream_t stream) {
  if (n == 0) return;
  RIA_CUDA_CHECK(cudaMemcpyAsync(host, device, n * sizeof(T), cudaMemcpyDeviceToHost, stream));
  RIA_CUDA_CHECK(cudaStreamSynchronize(stream));
}

/// n values of T in page-locked host memory (fast, asynchronous copies), or none.
template <class T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t n) : n_(n) {
    if (n > 0) RIA_CUDA_CHECK(cudaMallocHost(&p_, n * sizeof(T)));
  }
  PinnedBuffer(PinnedBuffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
    if (this != &o) {
      if (p_) cudaFreeHost(p_);
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  ~PinnedBuffer() {
    if (p_) cudaFreeHost(p_);
  }
  T* get() const { return p_; }
  operator T*() const { return p_; }
  std::size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace ria::exec::cuda
