// Cartesian grid and its row-block view (ARCHITECTURE.md section 2, "grid" layer).
//
// Cells are indexed (i, j), i = 0..nx-1 along x (columns), j = 0..ny-1 along y (rows).
// Cell (i, j) has centre (x0 + (i + 1/2) dx, y0 + (j + 1/2) dy). Fields are stored row-major,
// one row of nx values after another, without ghost columns: boundary conditions build the
// outside state on the fly at domain edges.
//
// A third dimension is optional: k = 0..nz-1 along the third axis, cell (i, j, k) with centre
// z0 + (k + 1/2) dz, stored layer after layer (index i + nx (j + ny k)). A 2-D grid has nz = 1 and
// is the same grid as before the third axis existed (the shallow-water solver uses only 2-D grids;
// the SPH neighbour search bins particles on 2-D and 3-D grids, src/sph/cell_list.hpp).
//
// A RowBlock is the part of the rows a process owns plus the ghost rows on each side that a
// neighbour owns: the storage of a block solver (swe/block_solver.hpp) under the MPI layer
// (mpi/README.md). The sweeps index stored rows through the global row of the first stored row,
// `row0` (src/swe/stencil.hpp); a one-process solver's block is the whole grid (row0 = 0).
#pragma once

#include <cstddef>

#include "ria/config.hpp"

namespace ria {

struct Grid {
  int nx = 0, ny = 0;        // number of cells along x and y
  double dx = 1, dy = 1;     // cell size [m]
  double x0 = 0, y0 = 0;     // lower-left corner [m]
  int nz = 1;                // cells along the third axis (1: a 2-D grid)
  double dz = 1, z0 = 0;     // cell size and lower corner along the third axis [m]

  RIA_HD std::size_t cells() const {
    return static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny) * static_cast<std::size_t>(nz);
  }
  double x_centre(int i) const { return x0 + (i + 0.5) * dx; }
  double y_centre(int j) const { return y0 + (j + 0.5) * dy; }
  double z_centre(int k) const { return z0 + (k + 0.5) * dz; }
  double area() const { return dx * dy; }

  /// Linear index of cell (i, j, k): i + nx (j + ny k), row-major as the fields.
  RIA_HD std::size_t index(int i, int j, int k = 0) const {
    return static_cast<std::size_t>(i) + static_cast<std::size_t>(nx) * (static_cast<std::size_t>(j) + static_cast<std::size_t>(ny) * static_cast<std::size_t>(k));
  }
  /// The cell column, row and layer holding coordinate x, y or z, clamped to the grid: a point
  /// outside lies in the nearest edge cell. Clamping keeps cell neighbourhoods exact for a search
  /// radius <= the cell size: two points closer than one cell along an axis get indices at most
  /// 1 apart (clamping is monotone), so a point's neighbours are in its own or an adjacent cell
  /// wherever the points are. A NaN coordinate gives 0.
  RIA_HD int cell_i(double x) const { return clamped((x - x0) / dx, nx); }
  RIA_HD int cell_j(double y) const { return clamped((y - y0) / dy, ny); }
  RIA_HD int cell_k(double z) const { return clamped((z - z0) / dz, nz); }

  /// floor(s) clamped to [0, n - 1] (0 for NaN).
  RIA_HD static int clamped(double s, int n) {
    if (!(s >= 1.0)) return 0;  // also NaN
    if (!(s < static_cast<double>(n))) return n - 1;
    return static_cast<int>(s);  // s in [1, n): truncation is floor
  }
};

/// Rows [owned_begin, owned_end) of the global grid are owned; rows
/// [stored_begin, stored_end) are held in memory (owned plus ghost rows from neighbours).
/// Global rows 0 and ny-1 are domain boundaries (handled by boundary conditions); any other
/// stored-range end is a ghost-row edge whose outside neighbour is not known.
struct RowBlock {
  int owned_begin = 0, owned_end = 0;
  int stored_begin = 0, stored_end = 0;

  int stored_rows() const { return stored_end - stored_begin; }
  static RowBlock whole(const Grid& g) { return {0, g.ny, 0, g.ny}; }
};

}  // namespace ria
