// A synthetic estuary bathymetry (ria's own generator): a funnel-shaped estuary opening south onto
// a sloping shelf, with a meandering main channel, intertidal flats, an island, and a river mouth
// at the head (north side). Used by the default scenario (scenarios/estuary.toml) and `ria bench --estuary`.
//
// Geometry on [0, Lx] x [0, Ly] (default 20 km x 20 km), elevations z relative to mean sea level
// (ria's H = -z is returned):
//   shelf        y < y_mouth:   z = -(20 - 12 y / y_mouth) m (20 m deep at the open sea)
//   estuary      half-width b(y) = b_head + (b_mouth - b_head) exp(-(y - y_mouth) / L_funnel)
//                centre line xc(y) = Lx/2 + A sin(2 pi (y - y_mouth) / lambda) (y - y_mouth) / (Ly - y_mouth)
//                s = (x - xc) / b;  land for |s| > 1 (z rising from +2 m), flats z = 1.2 s^2 - 0.6,
//                channel for |s| < s_c: z = -D(y) (1 - (s/s_c)^2) with D from 12 m (mouth) to 4 m (head)
//   island       z += 4.5 exp(-r^2 / r_i^2), a mound on the flats east of the channel.
#pragma once

#include <vector>

#include "ria/grid/grid.hpp"

namespace ria::bathymetry {

struct EstuaryShape {
  double lx = 20000, ly = 20000;  // domain [m]
  double y_mouth = 4000;          // start of the funnel
  double b_mouth = 8400, b_head = 900, funnel_length = 6000;
  double meander_amplitude = 1500, meander_wavelength = 8000;
  double channel_fraction = 0.3;  // s_c
  double depth_mouth = 12, depth_head = 4;
  double island_x_offset = 2600, island_y = 10500, island_radius = 700;
};

struct Estuary {
  Grid grid;
  std::vector<double> H;        // bed depth below mean sea level, row-major (ria convention)
  int river_begin = 0, river_end = 0;  // columns of the river mouth on the north side
  double spill_x = 0, spill_y = 0;     // a point in the main channel mid-estuary
};

/// Centre line x of the channel at y.
double estuary_centre_x(const EstuaryShape& s, double y);
/// Bed elevation z (m above mean sea level) at (x, y).
double estuary_elevation(const EstuaryShape& s, double x, double y);
/// The estuary sampled at cell centres of an nx x ny grid covering the domain.
Estuary make_estuary(int nx, int ny, const EstuaryShape& s = EstuaryShape{});

}  // namespace ria::bathymetry
