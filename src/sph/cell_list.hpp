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
// for the 33.5 h^3 of the sphere. The cell-range search uses them, and on the GPU trims each
// particle's window further to the cells its support reaches (WindowTrim, about 84 h^3); the
// tiles search, a warp per cell, keeps cells of 2h, which hold about a warp of particles
// (docs/sph.md, "Data layout and the neighbour search").
//
// 2-D runs bin (x, z) on the grid's (x, y) axes (nz = 1). Particles outside the grid are binned in
// the nearest edge cell (Grid::cell_i), which keeps the search exact.
#pragma once

#include <array>
#include <cmath>
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

/// The cells of Search::list (neighbour_list.hpp) over the box of `cells` (cells >= 2h), before
/// search_cells splits them: cells of at least the list radius R (cell_grid), so that the split
/// cells' window of 2 each way holds every slot within R. They are `cells` themselves when those
/// are already as large (the same count along each axis). On an axis of fewer than 4 cells of R
/// they may be up to R wide, past what list_capacity assumes.
Grid list_cells(const Grid& cells, int dim, double radius);

/// The cells search `s` walks over the box of `cells` (the set-up's cells >= 2h, support = 2h):
/// search_cells of them in cell_reach(s), Search::list's first made list_cells of its list radius.
SearchCells search_grid(const Grid& cells, int dim, Search s, double support);

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

/// A particle's offset from the lower corner of its cell (i along x, j along y, k along z) [m];
/// 2-D runs pass the model's z as y (they bin (x, z) on the grid's (x, y) axes).
RIA_HD inline double from_cell_x(const Grid& g, int i, double x) { return x - (g.x0 + i * g.dx); }
RIA_HD inline double from_cell_y(const Grid& g, int j, double y) { return y - (g.y0 + j * g.dy); }
RIA_HD inline double from_cell_z(const Grid& g, int k, double z) { return z - (g.z0 + k * g.dz); }

/// The particle at (x, y, z) in cell ijk from its cell's lower corner, each offset rounded to
/// float: the mixed precision's positions (search_loads_cuda.cuh) and the window's trim
/// (window_trim). 2-D runs pass the model's z as y, and their third offset is 0. z is computed
/// first, in the order the GPU searches were measured in: so ordered, every SPH kernel's machine
/// code is byte-identical to that of the inline offsets this replaced (x first reorders the 3-D
/// double searches').
template <int D>
RIA_HD inline std::array<float, 3> cell_offsets(const Grid& g, const std::array<int, 3>& ijk, double x, double y, double z) {
  std::array<float, 3> o;
  o[2] = D == 3 ? static_cast<float>(from_cell_z(g, ijk[2], z)) : 0.0f;
  o[0] = static_cast<float>(from_cell_x(g, ijk[0], x));
  o[1] = static_cast<float>(from_cell_y(g, ijk[1], y));
  return o;
}

/// A particle's window of cells trimmed to the cells its support reaches (for_each_reached_row):
/// the GPU's cell-range search walks it. The CPU's search keeps the whole window: its screen runs
/// as vector lanes, and the trim's arithmetic a row cost it more than the candidates it drops
/// (the serial 3-D bench 5% slower; docs/performance.md).
/// Along each axis the particle lies at p from its cell's lower side, clamped to [0, s] (s the
/// cell's size): a particle outside the grid is binned in an edge cell, and the clamped point is
/// then no farther than the particle from any other cell, so a cell the clamped point does not
/// reach the particle does not reach either. The cells o away along an axis (o = -reach..reach)
/// span [o s, (o + 1) s) from the cell's lower side, at a gap of o s - p (o > 0), p - (o + 1) s
/// (o < 0) or 0 (o = 0) from the particle.
/// R: the radius trimmed to (the support 2h, or the list search's radius: neighbour_list.hpp)
/// enlarged by 2^-10. A cell is dropped only when every point of it lies
/// farther than R from the particle; the float arithmetic here is good to 1e-7 of a cell and the
/// binning to round-off, far inside that margin, so each candidate dropped would fail the screen's
/// radius test (r^2 < (2h)^2): the neighbours and their order are those of the whole window.
struct WindowTrim {
  float p[3];      // the particle from its cell's lower corner, clamped to [0, s] (0 on a 2-D run's third axis)
  float s[3];      // the cell's size along each axis [m]
  float inv_s0;    // 1 / s[0]
  float r2;        // R^2
  RIA_HD float gap(int axis, int o) const {
    if (o > 0) return static_cast<float>(o) * s[axis] - p[axis];
    return o < 0 ? p[axis] - static_cast<float>(o + 1) * s[axis] : 0.0f;
  }
};

/// The trim of a particle at (rx, ry, rz) from the lower corner of its cell (cell_offsets), with
/// support radius `support` [m].
RIA_HD inline WindowTrim window_trim(const Grid& g, float rx, float ry, float rz, double support) {
  WindowTrim t;
  const float rel[3] = {rx, ry, rz};
  t.s[0] = static_cast<float>(g.dx), t.s[1] = static_cast<float>(g.dy), t.s[2] = static_cast<float>(g.dz);
  for (int d = 0; d < 3; ++d) t.p[d] = rel[d] > 0.0f ? (rel[d] < t.s[d] ? rel[d] : t.s[d]) : 0.0f;
  t.inv_s0 = 1.0f / t.s[0];
  const float r = static_cast<float>(support) * (1.0f + 1.0f / 1024.0f);
  t.r2 = r * r;
  return t;
}

/// Calls row(jj, kk, i0, i1) for each row (jj, kk) of cell_window's cells around cell ijk that
/// the support of a particle placed by `t` reaches, trimmed to its cells i0..i1 that it reaches,
/// rows ordered by k then j as neighbour_ranges: a row is reached when its gaps gy, gz along y
/// and z give d^2 = gy^2 + gz^2 < R^2, and then its cells o from floor((p_x - w) / s_x) to
/// floor((p_x + w) / s_x) away along x, w = sqrt(R^2 - d^2). In 3-D at reach 2, with particles
/// uniform in cells of h, 84 of the window's 125 cells on average (67%).
template <int D, class Row>
RIA_HD inline void for_each_reached_row(const SearchCells& c, const std::array<int, 3>& ijk, const WindowTrim& t,
                                        Row&& row) {
  const CellWindow w = cell_window<D>(c, ijk[0], ijk[1], ijk[2]);
  for (int kk = w.k0; kk <= w.k1; ++kk) {
    const float gz = D == 3 ? t.gap(2, kk - ijk[2]) : 0.0f;
    for (int jj = w.j0; jj <= w.j1; ++jj) {
      const float gy = t.gap(1, jj - ijk[1]);
      const float d2 = gy * gy + gz * gz;
      if (!(d2 < t.r2)) continue;
      const float half = sqrtf(t.r2 - d2);
      const int lo = ijk[0] + static_cast<int>(floorf((t.p[0] - half) * t.inv_s0));
      const int hi = ijk[0] + static_cast<int>(floorf((t.p[0] + half) * t.inv_s0));
      row(jj, kk, lo > w.i0 ? lo : w.i0, hi < w.i1 ? hi : w.i1);
    }
  }
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
