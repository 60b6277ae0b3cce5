#include "app/estuary_case.hpp"

#include <algorithm>
#include <cmath>

#include "synthetic_estuary.hpp"

namespace ria::app {

EstuaryCase make_estuary_case(int n, exec::Backend b, const std::string& kernel, Precision p) {
  const bathymetry::Estuary e = bathymetry::make_estuary(n, n);
  EstuaryCase c;
  swe::SolverSetup& s = c.setup;
  s.grid = e.grid;
  s.H = e.H;
  s.backend = b;
  s.kernel = kernel;
  s.precision = p;
  s.manning.uniform = 0.025;
  s.physics.h_dry = 1e-3;
  swe::BoundarySide& sea = s.bc.side[swe::south];
  sea.kind = swe::BoundaryKind::level;
  sea.level.count = 1;
  sea.level.amplitude[0] = 1.0;                     // M2, 1 m
  sea.level.omega[0] = 2 * M_PI / (12.4206012 * 3600.0);
  sea.level.phase[0] = 0.0;
  swe::BoundarySide& river = s.bc.side[swe::north];
  river.kind = swe::BoundaryKind::discharge;
  river.begin = e.river_begin;
  river.end = e.river_end;
  river.discharge = 150.0 / ((e.river_end - e.river_begin) * e.grid.dx);  // 150 m^3/s over the mouth
  c.init.resize(e.grid.cells());
  const double radius = 400.0;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * n + i;
      c.init.h[k] = std::max(0.0, 1.0 + s.H[k]);  // high water at t = 0 (eta = +1 m)
      const double dx = e.grid.x_centre(i) - e.spill_x, dy = e.grid.y_centre(j) - e.spill_y;
      if (dx * dx + dy * dy < radius * radius) c.init.hc[k] = c.init.h[k];  // C = 1
    }
  return c;
}

}  // namespace ria::app
