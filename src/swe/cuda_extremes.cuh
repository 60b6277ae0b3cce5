// The extremes records (ria/swe/extremes.hpp) of a CUDA solver in device memory, and the side
// kernel that records a range of cells of a state: after each step of the host-driven variants
// and of the MPI row blocks, and when the records are read. While the active tiles run, the fused
// update records its output (ExtremesSetup::in_update); otherwise the fused variants record each
// step's input state beside the update (swe_kernels_cuda.cuh k_record_step_start).
#pragma once

#include <cuda_runtime.h>

#include "exec/cuda/cuda_check.hpp"
#include "exec/cuda/device_buffer.hpp"
#include "exec/cuda/parallel_for.cuh"
#include "ria/swe/extremes.hpp"
#include "swe/extremes_store.hpp"
#include "swe/stencil.hpp"

namespace ria::swe::cuda {

/// Records cell k0 + k of the state f, in the fluxes' precision T (CudaSolver::recorded_fields:
/// a mixed state's floats), as the state at time t (exec::cuda::parallel_for over k).
template <class T>
struct RecordExtremes {
  ConstFields<T> f;
  std::size_t k0;
  double t;
  ExtremesFields<T> e;
  ExtremesRule<T> r;
  __device__ void operator()(std::size_t k) const { record_extremes(e, k0 + k, extremes_input(f, k0 + k, r), t, r); }
};

/// n cells' records on the device (none when n = 0).
template <class T>
class DeviceExtremes {
 public:
  DeviceExtremes() = default;
  DeviceExtremes(std::size_t n, cudaStream_t stream) : n_(n) {
    for (auto& b : max_) b = exec::cuda::DeviceBuffer<T>(n);
    for (auto& b : time_) b = exec::cuda::DeviceBuffer<double>(n);
    flags_ = exec::cuda::DeviceBuffer<unsigned char>(n);
    upload(ExtremesStore<T>(n), stream);
  }
  std::size_t size() const { return n_; }
  ExtremesFields<T> fields() const { return {max_[0], max_[1], max_[2], time_[0], time_[1], flags_}; }

  /// Replaces the records, behind the work queued on `stream`.
  void upload(const ExtremesStore<T>& h, cudaStream_t stream) {
    max_[0].upload(h.max_depth.data(), n_, stream);
    max_[1].upload(h.max_speed.data(), n_, stream);
    max_[2].upload(h.max_conc.data(), n_, stream);
    time_[0].upload(h.first_wet.data(), n_, stream);
    time_[1].upload(h.arrival.data(), n_, stream);
    flags_.upload(h.flags.data(), n_, stream);
  }
  /// The records on the host, read behind the work queued on `stream`.
  ExtremesStore<T> download(cudaStream_t stream) const {
    ExtremesStore<T> h(n_);
    exec::cuda::copy_to_host(h.max_depth.data(), max_[0].get(), n_, stream);
    exec::cuda::copy_to_host(h.max_speed.data(), max_[1].get(), n_, stream);
    exec::cuda::copy_to_host(h.max_conc.data(), max_[2].get(), n_, stream);
    exec::cuda::copy_to_host(h.first_wet.data(), time_[0].get(), n_, stream);
    exec::cuda::copy_to_host(h.arrival.data(), time_[1].get(), n_, stream);
    exec::cuda::copy_to_host(h.flags.data(), flags_.get(), n_, stream);
    return h;
  }

  /// Queues the records of cells [k0, k1) of f on a stream.
  void record(const ConstFields<T>& f, std::size_t k0, std::size_t k1, double t, const ExtremesRule<T>& r,
              cudaStream_t stream) const {
    if (k1 <= k0) return;
    exec::cuda::parallel_for(stream, k1 - k0, RecordExtremes<T>{f, k0, t, fields(), r});
  }

 private:
  std::size_t n_ = 0;
  exec::cuda::DeviceBuffer<T> max_[3];       // max_depth, max_speed, max_conc
  exec::cuda::DeviceBuffer<double> time_[2]; // first_wet, arrival
  exec::cuda::DeviceBuffer<unsigned char> flags_;
};

}  // namespace ria::swe::cuda
