#include "synthetic_estuary.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ria::bathymetry {

double estuary_centre_x(const EstuaryShape& s, double y) {
  const double along = std::max(0.0, y - s.y_mouth);
  return 0.5 * s.lx + s.meander_amplitude * std::sin(2 * M_PI * along / s.meander_wavelength) * along / (s.ly - s.y_mouth);
}

double estuary_elevation(const EstuaryShape& s, double x, double y) {
  const double shelf = -(20.0 - 12.0 * std::min(y, s.y_mouth) / s.y_mouth);
  if (y < s.y_mouth) return shelf;
  const double along = y - s.y_mouth;
  const double b = s.b_head + (s.b_mouth - s.b_head) * std::exp(-along / s.funnel_length);
  const double sn = (x - estuary_centre_x(s, y)) / b;
  const double frac = along / (s.ly - s.y_mouth);
  double z;
  if (std::fabs(sn) > 1) {
    z = 2.0 + 4.0 * (std::fabs(sn) - 1);  // banks rising inland
  } else {
    z = 1.2 * sn * sn - 0.6;  // intertidal flats, dry at low water near the banks
    const double sc = s.channel_fraction;
    if (std::fabs(sn) < sc) {
      const double depth = s.depth_mouth + (s.depth_head - s.depth_mouth) * frac;
      z = std::min(z, -depth * (1 - (sn / sc) * (sn / sc)));
    }
  }
  // Blend into the shelf over the first kilometre of the funnel so the mouth has no step.
  const double w = std::min(1.0, along / 1000.0);
  z = w * z + (1 - w) * std::min(z, shelf);
  const double ix = estuary_centre_x(s, s.island_y) + s.island_x_offset;
  const double r2 = ((x - ix) * (x - ix) + (y - s.island_y) * (y - s.island_y)) / (s.island_radius * s.island_radius);
  return z + 4.5 * std::exp(-r2);  // the island: a mound on the flats
}

Estuary make_estuary(int nx, int ny, const EstuaryShape& s) {
  if (nx < 8 || ny < 8) throw std::invalid_argument("synthetic estuary needs at least 8x8 cells");
  Estuary e;
  e.grid = Grid{nx, ny, s.lx / nx, s.ly / ny, 0.0, 0.0};
  e.H.resize(e.grid.cells());
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i)
      e.H[static_cast<std::size_t>(j) * nx + i] = -estuary_elevation(s, e.grid.x_centre(i), e.grid.y_centre(j));
  // River mouth: the wet channel cells of the top row (z < -1 m).
  const std::size_t top = static_cast<std::size_t>(ny - 1) * nx;
  e.river_begin = nx;
  e.river_end = 0;
  for (int i = 0; i < nx; ++i)
    if (e.H[top + i] > 1.0) {
      e.river_begin = std::min(e.river_begin, i);
      e.river_end = std::max(e.river_end, i + 1);
    }
  if (e.river_end <= e.river_begin) throw std::runtime_error("synthetic estuary: grid too coarse to resolve the river");
  e.spill_y = 0.55 * s.ly;
  e.spill_x = estuary_centre_x(s, e.spill_y);
  return e;
}

}  // namespace ria::bathymetry
