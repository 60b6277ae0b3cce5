#include "io/raster/ascii_grid.hpp"

#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "io/json.hpp"

namespace ria::io {

void write_ascii_grid(const std::string& path, const Grid& g, const std::vector<double>& field) {
  if (field.size() != g.cells()) throw std::invalid_argument("field size does not match the grid for '" + path + "'");
  std::ostringstream o;
  o << "ncols " << g.nx << "\nnrows " << g.ny << "\nxllcorner " << g.x0 << "\nyllcorner " << g.y0 << "\ncellsize "
    << g.dx << "\nNODATA_value " << kAsciiNoData << "\n";
  char buf[32];
  for (int j = g.ny - 1; j >= 0; --j) {
    for (int i = 0; i < g.nx; ++i) {
      std::snprintf(buf, sizeof buf, i ? " %.6g" : "%.6g", field[static_cast<std::size_t>(j) * g.nx + i]);
      o << buf;
    }
    o << "\n";
  }
  write_file_atomic(path, o.str());
}

}  // namespace ria::io
