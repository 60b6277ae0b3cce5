// The neighbour search: particles binned on the project's Grid (include/ria/grid/grid.hpp) with
// cells of size >= 2h / reach, so that every neighbour of a particle lies within `reach` cells of
// its own along each axis (SearchCells). A counting sort orders the particles by cell (stable:
// within a cell they keep their previous order), and cell c holds the sorted slots
// [start[c], start[c + 1]). Cells are numbered i + nx (j + ny k) (Grid::index), so the 2 reach + 1
// cells (i-reach..i+reach, j, k) of one row are one contiguous range of slots: a particle's
// neighbours are (2 reach + 1)^(D-1) ranges, always visited in the same order (the gather sums of
// the serial and OpenMP backends are then bitwise equal).
//
// Cells of h (reach 2) hold the support's circle or sphere more tightly than cells of 2h (reach
// 1): a particle screens 5^D cells of h^D against 3^D of (2h)^D, 125 h^3 against 216 h^3 in 3-D,
// for the 33.5 h^3 of the sphere. The cell-range search uses them; the tiles search, a warp per
// cell, keeps cells of 2h, which hold about a warp of particles (docs/sph.md, "Data layout and the
// neighbour search").
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
#include "ria/sph/search.hpp"
#include "sph/particle_step.hpp"

namespace ria::sph {

/// The grid of cells covering [lo, hi] (the first `dim` components) with cells of size >= `size`
/// along every axis: n = max(1, floor(L / size)) cells of L / n each (an axis shorter than `size`
/// gets one cell, smaller than `size`, which holds every particle along that axis: still exact).
Grid cell_grid(int dim, const Point& lo, const Point& hi, double size);

/// The cells a search walks: a grid whose cells are >= 2h / reach along every axis (or span the
/// whole axis), so that a particle's neighbours lie within `reach` cells of its own.
struct SearchCells {
  Grid grid;
  int reach = 1;
};
constexpr int kMaxReach = 2;

/// How many cells the support spans in a search's cells: 2 (cells of h) for cell-range, 1 (cells
/// of 2h) for tiles.
inline int cell_reach(Search s) { return s == Search::tiles ? 1 : kMaxReach; }

/// The cells of `coarse` (cells >= 2h, or one cell spanning an axis: cell_grid) split in `reach`
/// along each of the first `dim` axes. Throws std::invalid_argument, naming the sizes, when they
/// would number more than 2^28.
SearchCells search_cells(const Grid& coarse, int dim, int reach);

/// A particle's key in the sort by cell: the index of the cell that bins it (the first `dim`
/// coordinates x, y, z), or `cells` (past the last cell) for an out particle, which then sorts
/// behind every cell's particles. The CPU's counting sort and the GPU's radix sort key alike.
RIA_HD inline std::uint32_t sort_key(const Grid& g, int dim, std::uint8_t kind, double x, double y, double z) {
  if (is_out_kind(kind)) return static_cast<std::uint32_t>(g.cells());
  return static_cast<std::uint32_t>(g.index(g.cell_i(x), g.cell_j(y), dim == 3 ? g.cell_k(z) : 0));
}

struct CellList {
  std::vector<std::uint32_t> start;  // cells + 1 entries: cell c holds sorted slots [start[c], start[c + 1])
  std::vector<std::uint32_t> order;  // sorted slot -> particle index
  std::vector<std::uint32_t> cell;   // the cell of each sorted slot

  /// Bins n particles at r[0..dim-1] (components as in particles.hpp) on g. With `kind`, out
  /// particles (fluid that left the domain) are in no cell: they take the slots from
  /// start[cells] on, in their order (cell[s] = cells there), so start[cells] counts the others.
  void build(const Grid& g, int dim, const std::array<const double*, 3>& r, std::size_t n,
             const std::uint8_t* kind = nullptr);

 private:
  std::vector<std::uint32_t> cell_of_particle_, next_;  // scratch of build()
};

/// The cell (i, j, k) of a linear cell index (k = 0 in 2-D).
RIA_HD inline std::array<int, 3> cell_coords(const Grid& g, std::uint32_t c) {
  const int i = static_cast<int>(c % static_cast<std::uint32_t>(g.nx));
  const std::uint32_t rest = c / static_cast<std::uint32_t>(g.nx);
  return {i, static_cast<int>(rest % static_cast<std::uint32_t>(g.ny)), static_cast<int>(rest / static_cast<std::uint32_t>(g.ny))};
}

constexpr int kMaxRows = (2 * kMaxReach + 1) * (2 * kMaxReach + 1);  // 3-D: rows of a window

/// The cells around cell (i, j, k) that exist: (i0..i1, j0..j1, k0..k1), i +- reach clipped to
/// the grid, and so on (k only in 3-D).
struct CellWindow {
  int i0, i1, j0, j1, k0, k1;
};
template <int D>
RIA_HD inline CellWindow cell_window(const SearchCells& c, int i, int j, int k) {
  const Grid& g = c.grid;
  const int r = c.reach;
  CellWindow w;
  w.i0 = i - r > 0 ? i - r : 0, w.i1 = i + r < g.nx ? i + r : g.nx - 1;
  w.j0 = j - r > 0 ? j - r : 0, w.j1 = j + r < g.ny ? j + r : g.ny - 1;
  w.k0 = D == 3 ? (k - r > 0 ? k - r : 0) : k;
  w.k1 = D == 3 ? (k + r < g.nz ? k + r : g.nz - 1) : k;
  return w;
}

/// The sorted-slot ranges of the cells around a cell: one per row of up to 2 reach + 1 cells.
/// Range rg is the row of cells (the window's i0..i1, row_j(rg), row_k(rg)).
struct NeighbourRanges {
  std::uint32_t begin[kMaxRows], end[kMaxRows];
  int count = 0;
  int j0 = 0, nj = 1, k0 = 0;
  RIA_HD int row_j(int rg) const { return j0 + rg % nj; }
  RIA_HD int row_k(int rg) const { return k0 + rg / nj; }
};

/// The ranges of the cells of cell_window: one range per row, rows ordered by k then j.
template <int D>
RIA_HD inline NeighbourRanges neighbour_ranges(const SearchCells& c, const std::uint32_t* start, int i, int j, int k) {
  const Grid& g = c.grid;
  NeighbourRanges r;
  const CellWindow w = cell_window<D>(c, i, j, k);
  r.j0 = w.j0, r.nj = w.j1 - w.j0 + 1, r.k0 = w.k0;
  for (int kk = w.k0; kk <= w.k1; ++kk)
    for (int jj = w.j0; jj <= w.j1; ++jj) {
      r.begin[r.count] = start[g.index(w.i0, jj, kk)];
      r.end[r.count] = start[g.index(w.i1, jj, kk) + 1];
      ++r.count;
    }
  return r;
}

}  // namespace ria::sph
