// Device queries and the copy-bandwidth measurement used by `ria bench`.
#include <cstdio>
#include <string>

#include "exec/cuda/cuda_check.hpp"
#include "ria/exec/backend.hpp"
#include "ria/exec/device_info.hpp"

namespace ria::exec {

bool built_with_cuda() { return true; }

int cuda_device_count() {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess || n < 0) {
    cudaGetLastError();
    return 0;
  }
  return n;
}

bool cuda_device_available() { return cuda_device_count() > 0; }

double cuda_free_memory_bytes() {
  if (!cuda_device_available()) return 0.0;
  std::size_t free = 0, total = 0;
  RIA_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  return static_cast<double>(free);
}

int select_cuda_device(int index) {
  const int n = cuda_device_count();
  if (n <= 0) return -1;
  const int dev = index % n;
  RIA_CUDA_CHECK(cudaSetDevice(dev));
  return dev;
}

bool cuda_sleep_while_waiting() {
  if (cuda_device_count() <= 0) return false;
  // On a device already in use the new flags replace the old ones (CUDA 12 and later); where the
  // runtime refuses, the threads keep spinning: slower, not wrong.
  if (cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync) == cudaSuccess) return true;
  cudaGetLastError();
  return false;
}

std::string cuda_device_name() {
  if (!cuda_device_available()) return "no CUDA device";
  int dev = 0;
  RIA_CUDA_CHECK(cudaGetDevice(&dev));
  cudaDeviceProp p{};
  RIA_CUDA_CHECK(cudaGetDeviceProperties(&p, dev));
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.255s (sm_%d%d, %d SMs, %.0f GiB)", p.name, p.major, p.minor, p.multiProcessorCount,
                p.totalGlobalMem / 1073741824.0);
  return buf;
}

double cuda_copy_bandwidth_gbs() {
  if (!cuda_device_available()) return 0.0;
  const std::size_t bytes = std::size_t(1) << 30;
  void *a = nullptr, *b = nullptr;
  RIA_CUDA_CHECK(cudaMalloc(&a, bytes));
  RIA_CUDA_CHECK(cudaMalloc(&b, bytes));
  RIA_CUDA_CHECK(cudaMemset(a, 1, bytes));
  cudaEvent_t e0, e1;
  RIA_CUDA_CHECK(cudaEventCreate(&e0));
  RIA_CUDA_CHECK(cudaEventCreate(&e1));
  RIA_CUDA_CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));  // warm-up
  const int reps = 10;
  RIA_CUDA_CHECK(cudaEventRecord(e0));
  for (int r = 0; r < reps; ++r) RIA_CUDA_CHECK(cudaMemcpy(r % 2 ? a : b, r % 2 ? b : a, bytes, cudaMemcpyDeviceToDevice));
  RIA_CUDA_CHECK(cudaEventRecord(e1));
  RIA_CUDA_CHECK(cudaEventSynchronize(e1));
  float ms = 0;
  RIA_CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  cudaFree(a);
  cudaFree(b);
  return 2.0 * bytes * reps / (ms * 1e-3) * 1e-9;  // read + write
}

}  // namespace ria::exec
