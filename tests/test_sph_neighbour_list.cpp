// The list search's words, layout, cells and capacity (src/sph/neighbour_list.hpp), on the CPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "sph/cell_list.hpp"
#include "sph/neighbour_list.hpp"

using namespace ria;
using namespace ria::sph;

namespace {

/// The most masks any particle of a lattice (spacing `spacing`, dp = 1) filling a box of `side` per
/// axis needs, as the GPU's writer lists them (sph/search_cuda.cuh, for_each_neighbour with a
/// ListWriter): per row of the window that the list radius R reaches, the row's slots 32 at a time
/// from its first, each such run that holds a slot within R of the particle (not itself).
template <int D>
std::uint32_t most_masks(double h_over_dp, double spacing, double side) {
  const double R = list_radius(2.0 * h_over_dp);
  const Point lo{0, 0, 0}, hi{side, side, D == 3 ? side : 0.0};
  const SearchCells sc = search_cells(list_cells(cell_grid(D, lo, hi, 2.0 * h_over_dp), D, R), D, kMaxReach);
  const Grid& g = sc.grid;
  const int per_axis = static_cast<int>(side / spacing);
  std::array<std::vector<double>, 3> r;
  for (int k = 0; k < (D == 3 ? per_axis : 1); ++k)
    for (int j = 0; j < per_axis; ++j)
      for (int i = 0; i < per_axis; ++i) {
        r[0].push_back((i + 0.5) * spacing);
        r[1].push_back((j + 0.5) * spacing);
        r[2].push_back(D == 3 ? (k + 0.5) * spacing : 0.0);
      }
  const std::size_t n = r[0].size();
  CellList cl;
  cl.build(g, D, {r[0].data(), r[1].data(), r[2].data()}, n);
  std::array<std::vector<double>, 3> s;  // sorted positions
  for (int d = 0; d < 3; ++d) {
    s[d].resize(n);
    for (std::size_t k = 0; k < n; ++k) s[d][k] = r[d][cl.order[k]];
  }
  std::uint32_t most = 0;
  for (std::uint32_t a = 0; a < n; ++a) {
    const std::array<int, 3> ijk = cell_coords(g, cl.cell[a]);
    const std::array<float, 3> rel = cell_offsets<D>(g, ijk, s[0][a], s[1][a], s[2][a]);
    std::uint32_t masks = 0;
    for_each_reached_row<D>(sc, ijk, window_trim(g, rel[0], rel[1], rel[2], R), [&](int jj, int kk, int i0, int i1) {
      const std::uint32_t begin = cl.start[g.index(i0, jj, kk)], end = cl.start[g.index(i1, jj, kk) + 1];
      for (std::uint32_t b0 = begin; b0 < end; b0 += 32) {
        bool near = false;
        for (std::uint32_t b = b0; b < std::min(end, b0 + 32); ++b) {
          double d2 = 0;
          for (int d = 0; d < 3; ++d) d2 += (s[d][a] - s[d][b]) * (s[d][a] - s[d][b]);
          near = near || (b != a && d2 < R * R);
        }
        masks += near ? 1 : 0;
      }
    });
    most = std::max(most, masks);
  }
  return most;
}

}  // namespace

// Each head gives back its slot and row; a warp's q-th words are 32 consecutive words.
TEST(SphNeighbourList, HeadsAndLayout) {
  for (std::uint32_t b : {0u, 1u, 12345u, kListSlotMask})
    for (int dj = -2; dj <= 2; ++dj)
      for (int dk = -2; dk <= 2; ++dk) {
        const std::uint32_t e = list_head(b, dj, dk);
        EXPECT_EQ(head_slot(e), b);
        EXPECT_EQ(head_dj(e), dj);
        EXPECT_EQ(head_dk(e), dk);
      }
  const std::uint32_t K = 10;  // words a particle
  EXPECT_EQ(list_word(0, 0, K), 0u);
  EXPECT_EQ(list_word(31, 0, K), 31u);
  EXPECT_EQ(list_word(5, 1, K), 32u + 5u);
  EXPECT_EQ(list_word(32, 0, K), 32u * 10);  // the next warp's block
  EXPECT_EQ(list_word(33, 9, K), 32u * 10 + 9 * 32u + 1u);
  // The skin: a step may move pairs together by half of it.
  EXPECT_TRUE(list_holds(1.0, 0.5 * kListSkin * 0.1, 0.1));
  EXPECT_FALSE(list_holds(1.0, 0.5 * kListSkin * 0.1 * 1.001, 0.1));
}

// The list's cells: at least R along each axis, and the cells of 2h themselves where those are
// already as large.
TEST(SphNeighbourList, CellsHoldTheListRadius) {
  const double h = 0.01, R = list_radius(2 * h);
  const Point lo{0, 0, 0};
  // 2.51 m x 1.01 m x 0.51 m: 125 x 50 x 25 cells of 2h (0.02 m), 120 x 48 x 24 of R (0.0208 m).
  const Grid fine = cell_grid(3, lo, Point{2.51, 1.01, 0.51}, 2 * h);
  EXPECT_EQ(fine.nx, 125);
  const Grid list = list_cells(fine, 3, R);
  EXPECT_EQ(list.nx, 120);
  EXPECT_EQ(list.ny, 48);
  EXPECT_EQ(list.nz, 24);
  EXPECT_GE(list.dx, R);
  EXPECT_GE(list.dz, R);
  EXPECT_NEAR(list.x0 + list.nx * list.dx, 2.51, 1e-12);
  // 0.05 m: 2 cells of 2h, 0.025 m each, already >= R.
  const Grid wide = cell_grid(2, lo, Point{0.05, 0.05, 0}, 2 * h);
  const Grid same = list_cells(wide, 2, R);
  EXPECT_EQ(same.nx, wide.nx);
  EXPECT_EQ(same.ny, wide.ny);
  EXPECT_EQ(same.dx, wide.dx);
}

// Every pair within R lies within 2 of the split list cells of each other along each axis, so the
// window holds it; on the split cells of 2h (h wide) some such pairs lie 3 cells apart.
TEST(SphNeighbourList, ListCellsWindowHoldsEveryPairWithinR) {
  const double h = 0.01, R = list_radius(2 * h);
  const Point lo{0, 0, 0}, hi{0.2001, 0.2001, 0.2001};  // 10 cells of 2h a side, 9 of R
  const Grid fine = cell_grid(3, lo, hi, 2 * h);
  const SearchCells list = search_cells(list_cells(fine, 3, R), 3, kMaxReach), plain = search_cells(fine, 3, kMaxReach);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.0, 0.2001);
  std::vector<Point> p(4000);
  for (Point& q : p) q = {u(rng), u(rng), u(rng)};
  const auto apart = [](const Grid& g, const Point& a, const Point& b) {
    return std::max({std::abs(g.cell_i(a[0]) - g.cell_i(b[0])), std::abs(g.cell_j(a[1]) - g.cell_j(b[1])),
                     std::abs(g.cell_k(a[2]) - g.cell_k(b[2]))});
  };
  int pairs = 0, beyond_list = 0, beyond_plain = 0;
  for (std::size_t a = 0; a < p.size(); ++a)
    for (std::size_t b = a + 1; b < p.size(); ++b) {
      const double dx = p[a][0] - p[b][0], dy = p[a][1] - p[b][1], dz = p[a][2] - p[b][2];
      if (dx * dx + dy * dy + dz * dz >= R * R) continue;
      ++pairs;
      beyond_list += apart(list.grid, p[a], p[b]) > kMaxReach;
      beyond_plain += apart(plain.grid, p[a], p[b]) > kMaxReach;
    }
  EXPECT_GT(pairs, 10000);
  EXPECT_EQ(beyond_list, 0);
  EXPECT_GT(beyond_plain, 0);
}

// The capacity holds the masks of every particle of a lattice, and of one 25% denser, in the
// largest cells list_cells gives on an axis of 4 cells of R or more (a box of 4.99 R: cells of
// 1.2475 R / 2). The bound is loose (the lattices need 2-5x fewer, printed): it only costs device
// memory, as a warp reads only the words its lanes wrote.
TEST(SphNeighbourList, CapacityHoldsALatticesMasks) {
  for (double h_over_dp : {1.2, 1.5, std::sqrt(3.0), 2.0}) {
    const double side = 4.99 * list_radius(2.0 * h_over_dp);
    for (double density : {1.0, 1.25}) {
      const double spacing = 1.0 / std::pow(density, 1.0 / 3.0);
      const std::uint32_t m3 = most_masks<3>(h_over_dp, spacing, side), cap3 = list_capacity(3, h_over_dp);
      const std::uint32_t m2 = most_masks<2>(h_over_dp, 1.0 / std::sqrt(density), side), cap2 = list_capacity(2, h_over_dp);
      std::printf("h = %.3f dp, density x %.2f: most masks %u of %u (3-D), %u of %u (2-D)\n", h_over_dp, density, m3, cap3, m2,
                  cap2);
      EXPECT_LE(m3, cap3) << "3-D, h = " << h_over_dp << " dp, density x " << density;
      EXPECT_LE(m2, cap2) << "2-D, h = " << h_over_dp << " dp, density x " << density;
    }
  }
}
