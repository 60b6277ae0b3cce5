// How the fused update by column strips (strip_kernel_cuda.cuh) covers a grid: a warp of 32
// lanes stands for kStripColumns = 31 columns and walks `rows` rows; a block holds kStripWarps
// warps, one above the other. Host arithmetic only, so that the unit tests check it without a GPU.
#pragma once

namespace ria::swe {

/// Warps a block of the strip kernel (128 threads: the first block's side_levels needs 128), and
/// the columns of cells a warp stands for: its 32 lanes less the first, the column west of them.
inline constexpr int kStripWarps = 4;
inline constexpr int kStripColumns = 31;
/// Rows a strip takes at most: 17, the fastest in float at 4000^2 on the H100 of the sizes 14-28
/// measured (0.5-0.7% above 16), and within 0.7% of the fastest at 8000^2 (docs/performance.md).
inline constexpr int kMaxStripRows = 17;

/// The strips of an nx x ny grid: rows a strip (0: none) and the blocks of the launch, blocks_x
/// columns of kStripColumns cells by blocks_y rows of kStripWarps strips.
struct StripPlan {
  int rows = 0;
  int blocks_x = 0, blocks_y = 0;
};

/// Strips of enough rows that they about fill the device once with `resident_warps` warps on it
/// at a time (fewer rows leave it idle, more only lengthen the last warps), at most
/// kMaxStripRows; none when `min_waves` > 0 and they fill it fewer than min_waves times.
inline StripPlan plan_strips(int nx, int ny, long long resident_warps, int min_waves) {
  const long long columns = (nx + kStripColumns - 1) / kStripColumns, resident = resident_warps > 0 ? resident_warps : 1;
  const long long fill = columns * ny / resident;
  const int rows = static_cast<int>(fill < 1 ? 1 : fill > kMaxStripRows ? kMaxStripRows : fill);
  const long long strips = (ny + rows - 1) / rows;
  if (columns * strips < min_waves * resident) return {};
  return {rows, static_cast<int>(columns), static_cast<int>((strips + kStripWarps - 1) / kStripWarps)};
}

}  // namespace ria::swe
