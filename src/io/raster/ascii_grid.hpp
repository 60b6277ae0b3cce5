// ESRI ASCII grid (.asc) writer: a plain raster every GIS reads, written atomically.
#pragma once

#include <string>
#include <vector>

#include "ria/grid/grid.hpp"

namespace ria::io {

constexpr double kAsciiNoData = -9999.0;

/// Writes a row-major field (row 0 = south) of the grid; the file lists rows north to south.
void write_ascii_grid(const std::string& path, const Grid& g, const std::vector<double>& field);

}  // namespace ria::io
