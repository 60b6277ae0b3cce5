// How messages name a cell of a grid: its indices (i east, j north from the south-west cell) and
// the coordinates of its centre, which read the same whichever way a file stored its rows.
#pragma once

#include <cstddef>
#include <sstream>
#include <string>

#include "ria/grid/grid.hpp"

namespace ria {

/// "(i, j) = (3, 1) at x = 1035, y = 2015" for cell k = j nx + i.
inline std::string cell_at(const Grid& g, std::size_t k) {
  std::ostringstream o;
  o << "(i, j) = (" << k % g.nx << ", " << k / g.nx << ") at x = " << g.x_centre(static_cast<int>(k % g.nx))
    << ", y = " << g.y_centre(static_cast<int>(k / g.nx));
  return o.str();
}

}  // namespace ria
