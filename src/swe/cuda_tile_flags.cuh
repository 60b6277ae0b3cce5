// The active tiles of the fused CUDA step on the device (active_tiles.hpp): the pinned tiles, a set
// of flags per state buffer and whether they are in use.
#pragma once

#include <cuda_runtime.h>

#include <vector>

#include "exec/cuda/device_buffer.hpp"
#include "swe/active_tiles.hpp"

namespace ria::swe::cuda {

class TileFlagSets {
 public:
  /// None (SolverSetup::dry_skip off, or a variant without the fused step).
  TileFlagSets() = default;
  /// Tiles of tile_w x tile_h cells over nx x ny cells, pinned on the grid's edge and at releases.
  TileFlagSets(int nx, int ny, int tile_w, int tile_h, const Releases& rel)
      : nx_(nx), ny_(ny), tile_w_(tile_w), tile_h_(tile_h), pins_(pinned_tiles(nx, ny, tile_w, tile_h, rel)) {
    for (auto& f : flags_) f = exec::cuda::DeviceBuffer<TileFlags>(pins_.size());
  }

  bool available() const { return !pins_.empty(); }
  /// Whether the last state set (reset) uses them.
  bool on() const { return on_; }
  TileFlags* flags(int b) const { return flags_[b].get(); }

  /// A new state s in buffer `cur`: the tiles are used when at least kQuietShareToUse of them are
  /// quiet in s, and then both buffers' flags forget what they knew (reset_tile_flags), uploaded
  /// on `stream`. Returns on().
  template <class HostState>
  bool reset(const HostState& s, int cur, cudaStream_t stream) {
    const std::size_t quiet = quiet_tiles(s.h, s.qx, s.qy, s.hc, nx_, ny_, tile_w_, tile_h_, pins_);
    on_ = static_cast<double>(quiet) >= kQuietShareToUse * static_cast<double>(pins_.size());
    if (on_)
      for (int b = 0; b < 2; ++b) {
        const std::vector<TileFlags> f = reset_tile_flags(pins_, b == cur);
        flags_[b].upload(f.data(), f.size(), stream);  // waits for the copy
      }
    return on_;
  }

 private:
  int nx_ = 0, ny_ = 0, tile_w_ = 1, tile_h_ = 1;
  std::vector<unsigned char> pins_;
  exec::cuda::DeviceBuffer<TileFlags> flags_[2];
  bool on_ = false;
};

}  // namespace ria::swe::cuda
