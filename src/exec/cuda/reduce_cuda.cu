// The Reducer interface on CUDA device pointers: phase 1 (fixed 256-thread blocks) then phase 2.
#include <algorithm>
#include <vector>

#include "exec/cuda/cuda_check.hpp"
#include "exec/cuda/device_buffer.hpp"
#include "exec/cuda/two_phase_reduce.cuh"

namespace ria::exec {
namespace {

constexpr int kThreads = 256;

class CudaReducer final : public Reducer {
 public:
  explicit CudaReducer(cudaStream_t s) : stream_(s), partial_(kMaxBlocks), out_(1) {}
  double reduce(ReduceOp op, const float* d, std::size_t n) override { return run(op, d, n); }
  double reduce(ReduceOp op, const double* d, std::size_t n) override { return run(op, d, n); }

 private:
  static constexpr int kMaxBlocks = 1024;

  template <class T>
  double run(ReduceOp op, const T* d, std::size_t n) {
    const int blocks = static_cast<int>(std::min<std::size_t>(kMaxBlocks, (n + kThreads - 1) / kThreads + 1));
    switch (op) {
      case ReduceOp::min: launch<ReduceOp::min>(d, n, blocks); break;
      case ReduceOp::max: launch<ReduceOp::max>(d, n, blocks); break;
      default: launch<ReduceOp::sum>(d, n, blocks); break;
    }
    double r = 0;
    cuda::copy_to_host(&r, out_.get(), 1, stream_);
    return r;
  }
  template <ReduceOp Op, class T>
  void launch(const T* d, std::size_t n, int blocks) {
    cuda::reduce_phase1<Op, T, double><<<blocks, kThreads, 0, stream_>>>(d, n, partial_);
    RIA_CUDA_CHECK(cudaGetLastError());
    cuda::reduce_phase2<Op, double><<<1, 1024, 0, stream_>>>(partial_, blocks, out_);
    RIA_CUDA_CHECK(cudaGetLastError());
  }

  cudaStream_t stream_;
  cuda::DeviceBuffer<double> partial_;
  cuda::DeviceBuffer<double> out_;
};

}  // namespace

std::unique_ptr<Reducer> make_cuda_reducer(CUstream_st* stream) { return std::make_unique<CudaReducer>(stream); }

}  // namespace ria::exec
