// What the outputs show of a state, computed once for every writer (NetCDF maps and gauges, CSV
// gauges, quicklooks): the primitive values of a cell. The run's extremes are recorded by the
// solver after every step (swe/extremes.hpp). A cell is wet or dry by the one wet/dry policy (swe/wet_dry.hpp, is_wet with the dry
// tolerance h_dry); a dry cell has no free surface, velocity or concentration: NaN.
#pragma once

#include <cstddef>
#include <vector>

#include "ria/sim/model.hpp"
#include "ria/sim/scenario.hpp"
#include "ria/swe/solver.hpp"

namespace ria::sim {

/// A cell as the outputs show it: depth h [m], free surface eta = h - H [m] above the datum,
/// velocities u = qx/h, v = qy/h [m/s] and concentration C = hC/h; all but h NaN where dry.
struct Primitive {
  double h, eta, u, v, c;
};

/// The cell with state w over a bed at depth H below the datum. The ratios are the correctly
/// rounded q/h of a wet cell (h > h_dry >= the desingularisation depth of wet_dry.hpp, where its
/// ratio() is q/h to one rounding).
Primitive primitive(const swe::Conserved<double>& w, double H, double h_dry);

/// The maps of primitive() over a state: eta, u, v and C per cell.
struct PrimitiveMaps {
  std::vector<double> eta, u, v, c;
};
PrimitiveMaps primitive_maps(const swe::HostState& s, const std::vector<double>& H, double h_dry);

/// The depth of wet cells, NaN where dry (the depth quicklook).
std::vector<double> wet_depth(const swe::HostState& s, double h_dry);

/// The largest concentration scenario sc brings into model m: its initial state's (wet cells;
/// initial.concentration and the patches), its releases' and boundaries' inflows. 1 when none is
/// positive. The top of the concentration maps' colour bar.
double largest_concentration_brought(const Scenario& sc, const Model& m);

}  // namespace ria::sim
