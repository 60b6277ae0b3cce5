#include "sph/cell_list.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>

#include "sph/neighbour_list.hpp"

namespace ria::sph {

namespace {

/// CellCountError when `total` cells of `size` over [lo, hi] exceed 2^28: the cell starts are
/// 32-bit slots and take 4 bytes per cell (1 GiB at the limit).
void check_cell_count(double total, int dim, const Point& lo, const Point& hi, const char* name, double size) {
  if (total <= static_cast<double>(1u << 28)) return;
  char third[40] = "";
  if (dim == 3) std::snprintf(third, sizeof third, " x %g", hi[2] - lo[2]);
  char buf[240];
  std::snprintf(buf, sizeof buf, "the neighbour-search cells of %s = %g m over the domain (%g x %g%s m) would number %.3g, "
                "more than 2^28", name, size, hi[0] - lo[0], hi[1] - lo[1], third, total);
  throw CellCountError(buf, "shrink [domain] or the particles' extent, or raise dp");
}

/// The lower and upper corners of the box that g's cells tile.
std::array<Point, 2> box_of(const Grid& g) {
  return {Point{g.x0, g.y0, g.z0}, Point{g.x0 + g.nx * g.dx, g.y0 + g.ny * g.dy, g.z0 + g.nz * g.dz}};
}

}  // namespace

Grid cell_grid(int dim, const Point& lo, const Point& hi, double size) {
  if (!(size > 0)) throw std::invalid_argument("cell_grid: cell size must be > 0");
  double total = 1;
  std::array<double, 3> counts{1, 1, 1};
  for (int c = 0; c < dim; ++c) {
    const double L = hi[c] - lo[c];
    if (!(L > 0) || !std::isfinite(L)) throw std::invalid_argument("cell_grid: empty or infinite box");
    counts[c] = std::max(1.0, std::floor(L / size));
    total *= counts[c];
  }
  check_cell_count(total, dim, lo, hi, "2h", size);
  Grid g;
  g.nx = static_cast<int>(counts[0]), g.dx = (hi[0] - lo[0]) / g.nx, g.x0 = lo[0];
  g.ny = static_cast<int>(counts[1]), g.dy = (hi[1] - lo[1]) / g.ny, g.y0 = lo[1];
  if (dim == 3) g.nz = static_cast<int>(counts[2]), g.dz = (hi[2] - lo[2]) / g.nz, g.z0 = lo[2];
  return g;
}

SearchCells search_cells(const Grid& coarse, int dim, int reach) {
  if (reach < 1 || reach > kMaxReach) throw std::invalid_argument("search_cells: reach must be 1 or 2");
  SearchCells c{coarse, reach};
  if (reach == 1) return c;
  const auto [lo, hi] = box_of(coarse);
  double total = static_cast<double>(coarse.nx) * reach * coarse.ny * reach;
  if (dim == 3) total *= static_cast<double>(coarse.nz) * reach;
  check_cell_count(total, dim, lo, hi, "h", coarse.dx / reach);
  Grid& g = c.grid;
  g.nx *= reach, g.dx /= reach;
  g.ny *= reach, g.dy /= reach;
  if (dim == 3) g.nz *= reach, g.dz /= reach;
  return c;
}

Grid list_cells(const Grid& cells, int dim, double radius) {
  const auto [lo, hi] = box_of(cells);
  const Grid g = cell_grid(dim, lo, hi, radius);
  // The same counts: `cells` themselves, bit for bit (the recomputed sizes may differ in the last bit).
  if (g.nx == cells.nx && g.ny == cells.ny && (dim < 3 || g.nz == cells.nz)) return cells;
  return g;
}

SearchCells search_grid(const Grid& cells, int dim, Search s, double support) {
  return search_cells(s == Search::list ? list_cells(cells, dim, list_radius(support)) : cells, dim, cell_reach(s));
}

void CellList::build(const Grid& g, int dim, const std::array<const double*, 3>& r, std::size_t n,
                     const std::uint8_t* kind) {
  const std::size_t cells = g.cells();
  cell.resize(n);
  order.resize(n);
  cell_of_particle_.resize(n);
  start.assign(cells + 1, 0);
  // Each particle's cell (cells for an out particle), and the number of particles per cell in
  // start[c + 1].
  const std::uint8_t in_flow = static_cast<std::uint8_t>(Kind::fluid);  // the kind binned without `kind`
  for (std::size_t a = 0; a < n; ++a) {
    const std::uint32_t c = sort_key(g, dim, kind ? kind[a] : in_flow, r[0][a], r[1][a], dim == 3 ? r[2][a] : 0.0);
    cell_of_particle_[a] = c;
    if (c < cells) ++start[c + 1];
  }
  for (std::size_t c = 0; c < cells; ++c) start[c + 1] += start[c];
  // Stable scatter: particle a takes the next free slot of its cell; out particles follow the
  // last cell's (next_[cells] = start[cells]).
  next_.assign(start.begin(), start.end());
  for (std::size_t a = 0; a < n; ++a) {
    const std::uint32_t c = cell_of_particle_[a];
    const std::uint32_t s = next_[c]++;
    order[s] = static_cast<std::uint32_t>(a);
    cell[s] = c;
  }
}

}  // namespace ria::sph
