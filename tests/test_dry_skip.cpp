// Skipping dry work on the CPU (SolverSetup::dry_skip: the flux of edges between two dry cells,
// stencil.hpp dry_edge, and the quiet row segments, swe/active_tiles.hpp) changes no bit of a run
// with wetting and drying, diffusion, decay, friction, a river and a release; and it does skip.
#include <gtest/gtest.h>

#include <algorithm>

#include "dry_skip_case.hpp"
#include "ensemble/member_recorder.hpp"
#include "ria/exec/backend.hpp"
#include "swe/active_tiles.hpp"

using namespace ria;

TEST(DrySkip, SameBitsWithAndWithoutOnTheCpu) {
  constexpr int n = 128;
  constexpr int w = swe::SegmentFlags::kSegment;
  const std::vector<unsigned char> pins = swe::pinned_tiles(n, n, w, 1, swe::Releases{});
  for (exec::Backend b : {exec::Backend::serial, exec::Backend::openmp}) {
    if (b == exec::Backend::openmp && !exec::built_with_openmp()) continue;
    for (Precision p : {Precision::f64, Precision::f32, Precision::mixed}) {
      SCOPED_TRACE(precision_name(p));
      const test::DrySkipOutcome on = test::run_dry_skip_case(b, "default", p, true, n);
      const test::DrySkipOutcome off = test::run_dry_skip_case(b, "default", p, false, n);
      // The case has dry land (depth exactly 0) at the end, so the dry-edge check was taken, and
      // quiet row segments at the start and at the end (more than a twentieth of the 1024), so
      // segments were skipped.
      EXPECT_GT(std::count(on.state.h.begin(), on.state.h.end(), 0.0), 1000);
      for (const swe::HostState* s : {&on.initial, &on.state})
        EXPECT_GT(swe::quiet_tiles(s->h, s->qx, s->qy, s->hc, n, n, w, 1, pins), pins.size() / 20);
      test::expect_same_bits(on, off);
      // The same run as an ensemble member: no balance, the concentration's records only.
      test::expect_member_records(test::run_dry_skip_case(b, "default", p, true, n, ensemble::set_member_setup), on);
    }
  }
}

// The fused GPU kernels' active tiles (swe/active_tiles.hpp) never skip a tile holding a boundary
// edge or a release's cells: those tiles are pinned from the start.
TEST(ActiveTiles, PinTheEdgeTilesAndThoseOfReleases) {
  swe::Releases rel;
  rel.count = 1;
  rel.r[0].i0 = 40, rel.r[0].i1 = 46, rel.r[0].j0 = 20, rel.r[0].j1 = 23;  // tiles (1, 2) and (1, 3)
  const std::vector<unsigned char> s = swe::pinned_tiles(100, 50, 31, 7, rel);
  ASSERT_EQ(s.size(), 4u * 8u);  // ceil(100 / 31) x ceil(50 / 7)
  for (int by = 0; by < 8; ++by)
    for (int bx = 0; bx < 4; ++bx) {
      const bool edge = bx == 0 || by == 0 || bx == 3 || by == 7;
      const bool release = bx == 1 && (by == 2 || by == 3);
      EXPECT_EQ(s[by * 4 + bx], edge || release ? 1 : 0) << bx << " " << by;
    }
}

// A tile is quiet when its cells and the cells next to it across an edge are zero: on a 3 x 3
// grid of 4 x 3 tiles, one cell not zero makes the middle tile busy exactly when it lies in the
// tile or in the column or row of a neighbour that touches the tile's side (not in a corner, not
// further away). Every cell is tried in turn, in each of its four unknowns' place.
TEST(ActiveTiles, QuietTileLooksAtTheCellsNextToItOnly) {
  constexpr int tw = 4, th = 3, nx = 3 * tw, ny = 3 * th;
  const std::vector<unsigned char> pins = swe::pinned_tiles(nx, ny, tw, th, swe::Releases{});
  ASSERT_EQ(std::count(pins.begin(), pins.end(), 0), 1);  // the middle tile only
  for (int c = 0; c < nx * ny; ++c) {
    const int i = c % nx, j = c / nx;
    const bool inside_x = i >= tw && i < 2 * tw, inside_y = j >= th && j < 2 * th;
    const bool next_to = (inside_x && inside_y) || (inside_y && (i == tw - 1 || i == 2 * tw)) ||
                         (inside_x && (j == th - 1 || j == 2 * th));
    for (int unknown = 0; unknown < 4; ++unknown) {
      std::vector<double> f[4];
      for (auto& v : f) v.assign(nx * ny, 0.0);
      f[unknown][c] = unknown == 0 ? 1e-9 : -1e-9;
      EXPECT_EQ(swe::quiet_tiles(f[0], f[1], f[2], f[3], nx, ny, tw, th, pins), next_to ? 0u : 1u)
          << "cell (" << i << ", " << j << "), unknown " << unknown;
    }
  }
}

// Only +0.0 in all four unknowns counts as zero: the update of such a cell between zero
// neighbours is the identity (a -0.0 depth would become +0.0).
TEST(ActiveTiles, ZeroStateIsPlusZeroInEveryUnknown) {
  EXPECT_TRUE(swe::is_zero_state(swe::Conserved<double>{0.0, 0.0, 0.0, 0.0}));
  EXPECT_FALSE(swe::is_zero_state(swe::Conserved<double>{-0.0, 0.0, 0.0, 0.0}));
  EXPECT_FALSE(swe::is_zero_state(swe::Conserved<float>{0.0f, 0.0f, 1e-30f, 0.0f}));
  EXPECT_FALSE(swe::is_zero_state(swe::Conserved<float>{0.0f, 0.0f, 0.0f, 1e-45f}));
}
