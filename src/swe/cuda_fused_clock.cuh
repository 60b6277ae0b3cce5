// The fused step's clock as the host holds it (CudaSolver): the DeviceClock on the device, which
// k_fused_start and each phase 2 advance (swe_kernels_cuda.cuh), with what each update leaves for
// its phase 2 beside it (FusedStepOut: the minimum's key, the next levels); set from the host when
// a state or a time is set, and read back through page-locked memory, either queued now and
// waited for later (queue_read, queued: the host queues the next graph in between) or at once.
#pragma once

#include <cuda_runtime.h>

#include <cmath>

#include "exec/cuda/cuda_check.hpp"
#include "exec/cuda/device_buffer.hpp"
#include "ria/exec/ordered_key.hpp"
#include "swe/swe_kernels_cuda.cuh"

namespace ria::swe::cuda {

/// T: the precision of the local dt whose minimum the updates fold into the key.
template <class T>
class FusedClock {
 public:
  /// None yet (a solver's member before its constructor has checked for a device), or make()'s.
  FusedClock() = default;
  static FusedClock make() {
    FusedClock c;
    c.clock_ = exec::cuda::DeviceBuffer<DeviceClock>(1);
    c.host_ = exec::cuda::PinnedBuffer<DeviceClock>(1);
    c.read_ = exec::cuda::make_event();
    c.min_key_ = exec::cuda::DeviceBuffer<unsigned long long>(1);
    c.next_levels_ = exec::cuda::DeviceBuffer<double>(4);
    return c;
  }

  /// The clock on the device, as the kernels take it.
  DeviceClock* get() const { return clock_.get(); }
  operator DeviceClock*() const { return clock_.get(); }
  FusedStepOut step_out() const { return {min_key_.get(), next_levels_.get()}; }

  /// A state set at time t after `steps` steps, its reduced local dt min_local: no step about to
  /// be taken, and no minimum folded in yet.
  void set(double t, double min_local, long steps, cudaStream_t stream) {
    const DeviceClock c{t, 0.0, 1.0, t, INFINITY, min_local, steps, steps, 0, {}, 0.0, 0.0};
    clock_.upload(&c, 1, stream);
    const unsigned long long none = exec::ordered_key<T>(T(INFINITY));
    min_key_.upload(&none, 1, stream);
  }

  /// The clock after the work queued on `stream` so far, copied without waiting (queue_read),
  /// then waited for (queued); or both at once (read).
  void queue_read(cudaStream_t stream) {
    RIA_CUDA_CHECK(cudaMemcpyAsync(host_.get(), clock_.get(), sizeof(DeviceClock), cudaMemcpyDeviceToHost, stream));
    RIA_CUDA_CHECK(cudaEventRecord(read_, stream));
  }
  DeviceClock queued() const {
    RIA_CUDA_CHECK(cudaEventSynchronize(read_));
    return *host_.get();
  }
  DeviceClock read(cudaStream_t stream) {
    queue_read(stream);
    return queued();
  }

 private:
  exec::cuda::DeviceBuffer<DeviceClock> clock_;
  exec::cuda::PinnedBuffer<DeviceClock> host_;
  exec::cuda::Event read_;
  exec::cuda::DeviceBuffer<unsigned long long> min_key_;  // FusedStepOut
  exec::cuda::DeviceBuffer<double> next_levels_;
};

}  // namespace ria::swe::cuda
