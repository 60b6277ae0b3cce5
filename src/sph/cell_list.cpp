#include "sph/cell_list.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace ria::sph {

Grid cell_grid(int dim, const Point& lo, const Point& hi, double size) {
  if (!(size > 0)) throw std::invalid_argument("cell_grid: cell size must be > 0");
  auto axis = [&](int c, int& n, double& d, double& o) {
    const double L = hi[c] - lo[c];
    if (!(L > 0) || !std::isfinite(L)) throw std::invalid_argument("cell_grid: empty or infinite box");
    const double cells = std::floor(L / size);
    if (cells > 1e6) throw std::invalid_argument("cell_grid: more than 1e6 cells along an axis");
    n = std::max(1, static_cast<int>(cells));
    d = L / n;
    o = lo[c];
  };
  Grid g;
  axis(0, g.nx, g.dx, g.x0);
  axis(1, g.ny, g.dy, g.y0);
  if (dim == 3) axis(2, g.nz, g.dz, g.z0);
  if (static_cast<double>(g.cells()) >= static_cast<double>(std::numeric_limits<std::uint32_t>::max()))
    throw std::invalid_argument("cell_grid: too many cells");
  return g;
}

void CellList::build(const Grid& g, int dim, const std::array<const double*, 3>& r, std::size_t n) {
  const std::size_t cells = g.cells();
  cell.resize(n);
  order.resize(n);
  cell_of_particle_.resize(n);
  start.assign(cells + 1, 0);
  // Each particle's cell, and the number of particles per cell in start[c + 1].
  for (std::size_t a = 0; a < n; ++a) {
    const int k = dim == 3 ? g.cell_k(r[2][a]) : 0;
    const std::uint32_t c = static_cast<std::uint32_t>(g.index(g.cell_i(r[0][a]), g.cell_j(r[1][a]), k));
    cell_of_particle_[a] = c;
    ++start[c + 1];
  }
  for (std::size_t c = 0; c < cells; ++c) start[c + 1] += start[c];
  // Stable scatter: particle a takes the next free slot of its cell.
  next_.assign(start.begin(), start.end() - 1);
  for (std::size_t a = 0; a < n; ++a) {
    const std::uint32_t c = cell_of_particle_[a];
    const std::uint32_t s = next_[c]++;
    order[s] = static_cast<std::uint32_t>(a);
    cell[s] = c;
  }
}

}  // namespace ria::sph
