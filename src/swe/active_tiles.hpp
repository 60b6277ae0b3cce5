// Active tiles: a tile whose update would change no bit is not computed (the fused GPU step's
// tiles; row segments in the CPU sweep, SegmentFlags below).
//
// A cell is *zero* when its four unknowns h, qx, qy, hc are all +0.0 (bit pattern 0; a -0.0 does
// not count). The edge between two cells of depth <= 0 has exactly zero flux (stencil.hpp
// dry_edge), so a zero cell whose four edge neighbours are zero is updated to
//   h  = +0 - (dt/dx (±0 - ±0) + dt/dy (±0 - ±0)) = +0,    hc likewise, then decay +0 e^{-k dt} = +0,
//   qx = qy = +0 (the dry-cell policy of sources.hpp),
// the identity, unless a release covers it or one of its edges is on the domain boundary.
//
// A tile (the (BX-1) x (BY-1) cells a fused block owns) is *quiet* in state n when it is not
// pinned (on the domain edge, or overlapping a release's cell box), its cells are zero in state n
// and so are the cells next to it across an edge: the last column of its west neighbour tile, the
// first column of its east one, the last row of its south one and the first row of its north one.
// Then step n is the identity on it. (The cells of those strips are the only cells outside the
// tile that its cells' four edge neighbours reach; asking the whole neighbour tiles to be zero, as
// this file did until 2026-11-26, kept 62% of the 31 x 7 tiles of Coos Bay at 50 m computed where
// 38% hold or touch water.) Each tile's state is summed up in five bits (NonzeroBits): some cell
// not zero, and some cell not zero in its first or last column or row.
// The fused step reads state n from one buffer and writes state n+1 into the other, which holds
// state n-1; so a tile may be skipped at step n when it is quiet in state n *and* was quiet in
// state n-1: state n+1 = state n = state n-1 on it, which the output buffer already holds. Its
// phase-1 partial is that of dry cells, written without the update.
//
// The flags: four bytes per tile and per buffer, read by a block in one 32-bit load (TileFlags).
// During step n (buffer a -> buffer b) the block of tile X
//   - reads flags_a[X]: dirty (X is not quiet in state n: a cell of X or next to it is not zero),
//     quiet_before (X was quiet at step n-1), pinned;
//   - when computed: from the five bits of its new state, sets flags_b[X].dirty = 1 if a cell of
//     X is not zero, and flags_b[Y].dirty = 1 for the neighbour Y on a side where X's column or
//     row along that side is not all zero (every writer stores the same 1: a benign race); stores
//     flags_b[X].zero (its new state all zero) and flags_b[X].quiet_before = (X quiet at step n);
//   - when skipped: flags_b[X].quiet_before = 1; its zero byte in b still describes b's cells,
//     which did not change, and its flags_a[X].dirty is already 0;
//   - when computed, clears its own flags_a[X].dirty after the block's barrier (every thread has
//     read it), for the writers of step n+1.
// Each byte has one writer at a time or writers of one value, and the bytes a block reads in a
// step are not written in that step except by itself after reading them. flags_b[X].dirty is
// complete: a skipped tile is all zero in state n+1 and would not have set it. After the host
// writes a state (set_state) every tile is dirty in it, so the first two steps compute every tile.
// Results are bit for bit those of the full sweep (tests/gpu/test_cuda_active_tiles.cpp).
#pragma once

#include <cmath>
#include <vector>

#include "ria/config.hpp"
#include "ria/swe/release.hpp"
#include "ria/swe/state.hpp"

namespace ria::swe {

/// +0.0 exactly (a -0.0 or any other value: false).
template <class S>
RIA_HD inline bool is_plus_zero(S x) {
  using std::signbit;
  return x == S(0) && !signbit(x);
}

/// All four unknowns +0.0: the state an active tile's update leaves unchanged.
template <class S>
RIA_HD inline bool is_zero_state(const Conserved<S>& w) {
  return is_plus_zero(w.h) && is_plus_zero(w.qx) && is_plus_zero(w.qy) && is_plus_zero(w.hc);
}

/// The flags of one tile in one buffer (the protocol above); one 32-bit word.
struct alignas(4) TileFlags {
  unsigned char dirty;         // the tile or a neighbour is not all zero in this buffer's state (or unknown)
  unsigned char quiet_before;  // the tile was quiet in the state before this buffer's
  unsigned char pinned;        // always computed
  unsigned char zero;          // the tile's cells are all zero in this buffer (0: not, or unknown)
};

/// What a fused step reads and writes; null in: every tile is computed.
struct ActiveTiles {
  TileFlags* in = nullptr;   // the step's input buffer
  TileFlags* out = nullptr;  // the output buffer
  int tiles_x = 0, tiles_y = 0;
  RIA_HD bool on() const { return in != nullptr; }
};

/// Where cell k of an nx-wide grid lies in the tile grid, and whether its tile is all zero in a
/// buffer (flags null: unknown).
struct TileMap {
  const TileFlags* flags = nullptr;
  int nx = 0, tile_w = 1, tile_h = 1, tiles_x = 0;
  RIA_HD bool zero_at(std::size_t k) const {
    if (!flags) return false;
    const int j = static_cast<int>(k / nx), i = static_cast<int>(k - static_cast<std::size_t>(j) * nx);
    return flags[(j / tile_h) * tiles_x + i / tile_w].zero != 0;
  }
};

/// The pins of a tiles_x x tiles_y grid of tile_w x tile_h tiles over nx x ny cells: 1 on the tile
/// grid's edge (the tiles holding the domain's boundary edges) and on every tile overlapping a
/// release's cell box; 0 elsewhere.
inline std::vector<unsigned char> pinned_tiles(int nx, int ny, int tile_w, int tile_h, const Releases& rel) {
  const int tx = (nx + tile_w - 1) / tile_w, ty = (ny + tile_h - 1) / tile_h;
  std::vector<unsigned char> s(static_cast<std::size_t>(tx) * ty, 0);
  for (int by = 0; by < ty; ++by)
    for (int bx = 0; bx < tx; ++bx) {
      const int i0 = bx * tile_w, j0 = by * tile_h;
      bool pinned = bx == 0 || by == 0 || bx == tx - 1 || by == ty - 1;
      for (int k = 0; k < rel.count && !pinned; ++k) {
        const Release& r = rel.r[k];
        pinned = r.i0 < i0 + tile_w && i0 < r.i1 && r.j0 < j0 + tile_h && j0 < r.j1;
      }
      s[static_cast<std::size_t>(by) * tx + bx] = pinned ? 1 : 0;
    }
  return s;
}

/// Which cells of a tile are not zero, one bit each: some cell, and some cell of its first or
/// last column (west, east) or row (south, north).
enum NonzeroBits : unsigned { kNonzero = 1, kWestColumn = 2, kEastColumn = 4, kSouthRow = 8, kNorthRow = 16 };

/// The bits of one cell at column ti and row tj of a tile_w x tile_h tile: 0 for a zero cell.
RIA_HD inline unsigned nonzero_bits(bool zero, int ti, int tj, int tile_w, int tile_h) {
  if (zero) return 0;
  return kNonzero | (ti == 0 ? kWestColumn : 0u) | (ti == tile_w - 1 ? kEastColumn : 0u) | (tj == 0 ? kSouthRow : 0u) |
         (tj == tile_h - 1 ? kNorthRow : 0u);
}

/// Tile g of a tiles_x-wide tile grid is quiet: unpinned, its cells zero and the cells next to it
/// in its four neighbours zero (bits: NonzeroBits per tile). An unpinned tile is never on the
/// grid's edge, so its neighbours exist.
inline bool quiet_tile(const unsigned char* pins, const unsigned char* bits, std::size_t g, std::size_t tiles_x) {
  return !pins[g] && !(bits[g] & kNonzero) && !(bits[g - 1] & kEastColumn) && !(bits[g + 1] & kWestColumn) &&
         !(bits[g - tiles_x] & kNorthRow) && !(bits[g + tiles_x] & kSouthRow);
}

/// The share of quiet tiles in a state set (set_state) from which the CUDA solver uses the active
/// tiles: the skip costs each tile a flag load before its work, which a wet domain does not pay
/// back (docs/performance.md).
constexpr double kQuietShareToUse = 0.25;

/// The flags of a buffer after the host writes a state (set_state): in the state's own buffer
/// every tile dirty (unknown), in the other none (the first step's writers set them); nothing
/// quiet before, nothing known zero.
inline std::vector<TileFlags> reset_tile_flags(const std::vector<unsigned char>& pins, bool state_buffer) {
  std::vector<TileFlags> f(pins.size());
  for (std::size_t t = 0; t < pins.size(); ++t) f[t] = {static_cast<unsigned char>(state_buffer ? 1 : 0), 0, pins[t], 0};
  return f;
}

/// Tiles of a state that are quiet in it (quiet_tile): what the skip can gain on it. h, qx, qy,
/// hc: row-major nx x ny.
template <class V>
std::size_t quiet_tiles(const V& h, const V& qx, const V& qy, const V& hc, int nx, int ny, int tile_w, int tile_h,
                        const std::vector<unsigned char>& pins) {
  const int tx = (nx + tile_w - 1) / tile_w, ty = (ny + tile_h - 1) / tile_h;
  std::vector<unsigned char> bits(static_cast<std::size_t>(tx) * ty, 0);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * nx + i;
      const bool zero = is_zero_state(Conserved<double>{static_cast<double>(h[k]), static_cast<double>(qx[k]),
                                                        static_cast<double>(qy[k]), static_cast<double>(hc[k])});
      bits[static_cast<std::size_t>(j / tile_h) * tx + i / tile_w] |=
          static_cast<unsigned char>(nonzero_bits(zero, i % tile_w, j % tile_h, tile_w, tile_h));
    }
  std::size_t quiet = 0;
  for (std::size_t t = 0; t < bits.size(); ++t) quiet += quiet_tile(pins.data(), bits.data(), t, tx);
  return quiet;
}

/// The CPU sweep's active tiles: row segments of kSegment cells (tiles one row high), the same
/// protocol on host arrays. The sweep writes the cells of a row, and that row's flags, from one
/// thread; it reads the NonzeroBits of the input state of rows j - 1, j, j + 1, which no thread
/// writes during the step. A segment is one row high, so its first and last row are the segment. swap() follows the state buffers' swap.
class SegmentFlags {
 public:
  static constexpr int kSegment = 16;

  SegmentFlags() = default;
  SegmentFlags(int nx, int ny, const Releases& rel)
      : per_row_((nx + kSegment - 1) / kSegment), pins_(pinned_tiles(nx, ny, kSegment, 1, rel)) {
    clear();
  }
  bool on() const { return per_row_ > 0; }
  int per_row() const { return per_row_; }
  /// A new state: nothing known zero (every segment's bits set) or quiet.
  void clear() {
    constexpr unsigned char kUnknown = kNonzero | kWestColumn | kEastColumn | kSouthRow | kNorthRow;
    bits_in_.assign(pins_.size(), kUnknown);
    bits_out_.assign(pins_.size(), kUnknown);
    quiet_before_.assign(pins_.size(), 0);
  }
  /// Which segments of row j the step skips (skip[s] for segment s), and the record of which were
  /// quiet, for the next step.
  void plan_row(int j, unsigned char* skip) {
    const std::size_t w = static_cast<std::size_t>(per_row_), row = static_cast<std::size_t>(j) * w;
    for (std::size_t s = 0; s < w; ++s) {
      const std::size_t g = row + s;
      const bool quiet = quiet_tile(pins_.data(), bits_in_.data(), g, w);
      skip[s] = quiet && quiet_before_[g];
      quiet_before_[g] = quiet;
    }
  }
  /// Segment s of row j computed: the NonzeroBits of its new cells (nonzero_bits(zero, i - s
  /// kSegment, 0, kSegment, 1) of its cells i, or-ed).
  void set_bits(int j, int s, unsigned bits) {
    bits_out_[static_cast<std::size_t>(j) * per_row_ + s] = static_cast<unsigned char>(bits);
  }
  void swap() { bits_in_.swap(bits_out_); }

 private:
  int per_row_ = 0;
  std::vector<unsigned char> pins_, bits_in_, bits_out_, quiet_before_;
};

}  // namespace ria::swe
