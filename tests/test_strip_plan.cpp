// The strips of the fused GPU update (swe/strip_plan.hpp): each cell of the grid lies in the
// columns of one warp and the rows of one strip, no row of blocks is left without rows of the grid,
// and the rule by which `fused` takes strips instead of tiles picks the grid sizes measured
// (docs/performance.md: strips from 2200^2 on an H100, tiles at 2100^2 and below).
#include <gtest/gtest.h>

#include "swe/cuda_variants.hpp"
#include "swe/strip_plan.hpp"

using namespace ria;

namespace {
// The strip kernel's warps an H100 holds: 8 blocks of kStripWarps warps on each of its 132 SMs.
constexpr long long kH100Warps = 8LL * swe::kStripWarps * 132;
// The least waves at which `fused` takes the strips.
constexpr int kFused = swe::kMinStripWaves;
}  // namespace

TEST(StripPlan, FusedTakesStripsFromTwoWavesOnAnH100) {
  const swe::StripPlan a = swe::plan_strips(4000, 4000, kH100Warps, kFused);
  EXPECT_EQ(a.rows, 17);
  EXPECT_EQ(a.blocks_x, 130);  // 130 x 31 = 4030 columns
  EXPECT_EQ(a.blocks_y, 59);   // 236 strips, 4 a block
  const swe::StripPlan b = swe::plan_strips(8000, 8000, kH100Warps, kFused);
  EXPECT_EQ(b.rows, 17);
  EXPECT_EQ(b.blocks_x, 259);
  EXPECT_EQ(b.blocks_y, 118);  // 471 strips
  // 71 x 130 strips at 2200^2 fill them 2.2 times: strips.
  const swe::StripPlan c = swe::plan_strips(2200, 2200, kH100Warps, kFused);
  EXPECT_EQ(c.rows, 17);
  EXPECT_EQ(c.blocks_x, 71);
  EXPECT_EQ(c.blocks_y, 33);
  // 65 x 118 strips at 2000^2 fill the H100's 4224 warps 1.8 times: below 2 waves, tiles; so do
  // 68 x 124 at 2100^2, 1.996 times.
  EXPECT_EQ(swe::plan_strips(2000, 2000, kH100Warps, kFused).rows, 0);
  EXPECT_EQ(swe::plan_strips(2100, 2100, kH100Warps, kFused).rows, 0);
  EXPECT_EQ(swe::plan_strips(1000, 1000, kH100Warps, kFused).rows, 0);
  // Without a least number of waves (fused-strips) there are always strips, at least a row each.
  EXPECT_EQ(swe::plan_strips(1000, 1000, kH100Warps, 0).rows, 7);
  EXPECT_EQ(swe::plan_strips(100, 100, kH100Warps, 0).rows, 1);
}

TEST(StripPlan, EveryCellInOneWarpsColumnsAndOneStripsRows) {
  int plans = 0;
  for (int nx : {1, 30, 31, 32, 62, 63, 100, 657, 1313, 4000})
    for (int ny : {1, 2, 15, 16, 17, 64, 531, 1061, 4001})
      for (long long resident : {1LL, 64LL, kH100Warps, 1000000LL}) {
        const swe::StripPlan p = swe::plan_strips(nx, ny, resident, 0);
        ASSERT_GE(p.rows, 1) << nx << " x " << ny;
        ASSERT_LE(p.rows, swe::kMaxStripRows);
        // Warp bx stands for columns 31 bx .. 31 bx + 30: the last warp reaches the grid's last
        // column, and no warp stands for columns beyond it only.
        EXPECT_GE(static_cast<long long>(swe::kStripColumns) * p.blocks_x, nx) << nx << " x " << ny;
        EXPECT_LT(static_cast<long long>(swe::kStripColumns) * (p.blocks_x - 1), nx) << nx << " x " << ny;
        // Strip (by kStripWarps + ty) takes rows from its index times rows: the strips reach the
        // last row, and the last row of blocks starts inside the grid.
        const long long per_block = static_cast<long long>(swe::kStripWarps) * p.rows;
        EXPECT_GE(per_block * p.blocks_y, ny) << nx << " x " << ny;
        EXPECT_LT(per_block * (p.blocks_y - 1), ny) << nx << " x " << ny;
        ++plans;
      }
  EXPECT_EQ(plans, 10 * 9 * 4);
}
