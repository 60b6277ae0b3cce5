// Cartesian grid and its row-block view (ARCHITECTURE.md section 2, "grid" layer).
//
// Cells are indexed (i, j), i = 0..nx-1 along x (columns), j = 0..ny-1 along y (rows).
// Cell (i, j) has centre (x0 + (i + 1/2) dx, y0 + (j + 1/2) dy). Fields are stored row-major,
// one row of nx values after another, without ghost columns: boundary conditions build the
// outside state on the fly at domain edges.
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

  std::size_t cells() const { return static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny); }
  double x_centre(int i) const { return x0 + (i + 0.5) * dx; }
  double y_centre(int j) const { return y0 + (j + 0.5) * dy; }
  double area() const { return dx * dy; }
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
