// Host memory copy bandwidth for `ria bench` (device_info.hpp): the bound a memory-bound CPU sweep
// could reach on this machine.
#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

#include "exec/cpu/parallel_for.hpp"
#include "ria/exec/device_info.hpp"

namespace ria::exec {

double host_copy_bandwidth_gbs(bool parallel) {
  // 256 MiB each way: far beyond the caches of current CPUs. The buffers are written once first
  // (first touch, by the threads that copy them), then the best of three copies is kept.
  constexpr std::size_t kBytes = std::size_t(256) << 20, kChunk = std::size_t(1) << 20;
  constexpr int kChunks = static_cast<int>(kBytes / kChunk);
  std::vector<char> a(kBytes), b(kBytes);
  const auto copy = [&](const char* from, char* to) {
    cpu::for_row_chunks(parallel, 0, kChunks, [&](int c0, int c1) {
      std::memcpy(to + c0 * kChunk, from + c0 * kChunk, (c1 - c0) * kChunk);
    });
  };
  cpu::for_row_chunks(parallel, 0, kChunks, [&](int c0, int c1) {
    std::memset(a.data() + c0 * kChunk, 1, (c1 - c0) * kChunk);
    std::memset(b.data() + c0 * kChunk, 2, (c1 - c0) * kChunk);
  });
  double best = 0;
  for (int r = 0; r < 3; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    copy(r % 2 ? b.data() : a.data(), r % 2 ? a.data() : b.data());
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = std::max(best, 2.0 * kBytes / s * 1e-9);
  }
  return best;
}

}  // namespace ria::exec
