// The neighbour search: particles binned on the project's Grid (include/ria/grid/grid.hpp) with
// cells of size >= the kernel support 2h, so that every neighbour of a particle lies in its own
// cell or one of the 3^D - 1 cells around it. A counting sort orders the particles by cell (stable:
// within a cell they keep their previous order), and cell c holds the sorted slots
// [start[c], start[c + 1]). Cells are numbered i + nx (j + ny k) (Grid::index), so the three cells
// (i-1..i+1, j, k) of one row are one contiguous range of slots: a particle's neighbours are 3
// ranges in 2-D and 9 in 3-D, always visited in the same order (the gather sums of the serial and
// OpenMP backends are then bitwise equal).
//
// 2-D runs bin (x, z) on the grid's (x, y) axes (nz = 1). Particles outside the grid are binned in
// the nearest edge cell (Grid::cell_i), which keeps the search exact.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ria/grid/grid.hpp"
#include "ria/sph/scenario.hpp"

namespace ria::sph {

/// The grid of cells covering [lo, hi] (the first `dim` components) with cells of size >= `size`
/// along every axis: n = max(1, floor(L / size)) cells of L / n each (an axis shorter than `size`
/// gets one cell, smaller than `size`, which holds every particle along that axis: still exact).
Grid cell_grid(int dim, const Point& lo, const Point& hi, double size);

struct CellList {
  std::vector<std::uint32_t> start;  // cells + 1 entries: cell c holds sorted slots [start[c], start[c + 1])
  std::vector<std::uint32_t> order;  // sorted slot -> particle index
  std::vector<std::uint32_t> cell;   // the cell of each sorted slot

  /// Bins n particles at r[0..dim-1] (components as in particles.hpp) on g.
  void build(const Grid& g, int dim, const std::array<const double*, 3>& r, std::size_t n);

 private:
  std::vector<std::uint32_t> cell_of_particle_, next_;  // scratch of build()
};

/// The cell (i, j, k) of a linear cell index (k = 0 in 2-D).
RIA_HD inline std::array<int, 3> cell_coords(const Grid& g, std::uint32_t c) {
  const int i = static_cast<int>(c % static_cast<std::uint32_t>(g.nx));
  const std::uint32_t rest = c / static_cast<std::uint32_t>(g.nx);
  return {i, static_cast<int>(rest % static_cast<std::uint32_t>(g.ny)), static_cast<int>(rest / static_cast<std::uint32_t>(g.ny))};
}

/// The sorted-slot ranges of the cells around a cell: one per row of up to three cells. Range rg
/// is the row of cells (i0..i1, row_j(rg), row_k(rg)).
struct NeighbourRanges {
  std::uint32_t begin[9], end[9];
  int count = 0;
  int i0 = 0, i1 = 0, j0 = 0, nj = 1, k0 = 0;
  RIA_HD int row_j(int rg) const { return j0 + rg % nj; }
  RIA_HD int row_k(int rg) const { return k0 + rg / nj; }
};

/// The ranges of the cells around cell (i, j, k) that exist: one range per row (i-1..i+1 clipped
/// to the grid), rows ordered by k then j (k only in 3-D).
template <int D>
RIA_HD inline NeighbourRanges neighbour_ranges(const Grid& g, const std::uint32_t* start, int i, int j, int k) {
  NeighbourRanges r;
  const int i0 = i > 0 ? i - 1 : 0, i1 = i + 1 < g.nx ? i + 1 : g.nx - 1;
  const int j0 = j > 0 ? j - 1 : 0, j1 = j + 1 < g.ny ? j + 1 : g.ny - 1;
  const int k0 = D == 3 && k > 0 ? k - 1 : k, k1 = D == 3 && k + 1 < g.nz ? k + 1 : k;
  r.i0 = i0, r.i1 = i1, r.j0 = j0, r.nj = j1 - j0 + 1, r.k0 = k0;
  for (int kk = k0; kk <= k1; ++kk)
    for (int jj = j0; jj <= j1; ++jj) {
      r.begin[r.count] = start[g.index(i0, jj, kk)];
      r.end[r.count] = start[g.index(i1, jj, kk) + 1];
      ++r.count;
    }
  return r;
}

}  // namespace ria::sph
