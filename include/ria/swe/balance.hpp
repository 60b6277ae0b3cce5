// Mass balance of water and pollutant, accumulated step by step by every backend.
//
// With the finite-volume update (cell_update.hpp) interior fluxes cancel in the domain sum, so over
// one step of length dt, with boundary inflow/outflow rates I, O [m^3/s or conc m^3/s], release
// rates R and the exact decay factor d = exp(-lambda dt) applied after the flux update:
//   V^{n+1} = V^n + dt (I_w - O_w + R_w)
//   M^{n+1} = d (M^n + dt (I_c - O_c)) + dt R_c,   decayed += (1 - d) (M^n + dt (I_c - O_c))
// The expected totals follow these recursions; stored minus expected is the balance error
// (round-off and the dry-cell policy only).
#pragma once

#include <cmath>

#include "ria/config.hpp"

namespace ria::swe {

/// Inflow and outflow rates through the boundary at one instant [per second].
struct BoundaryRates {
  double water_in = 0, water_out = 0, pollutant_in = 0, pollutant_out = 0;
  RIA_HD BoundaryRates& operator+=(const BoundaryRates& o) {
    water_in += o.water_in, water_out += o.water_out, pollutant_in += o.pollutant_in, pollutant_out += o.pollutant_out;
    return *this;
  }
};

struct Balance {
  double water_in = 0, water_out = 0;          // through the boundary [m^3]
  double water_released = 0;                   // by releases [m^3]
  double pollutant_in = 0, pollutant_out = 0;  // through the boundary [conc m^3]
  double pollutant_released = 0, pollutant_decayed = 0;
  double water_expected = 0, pollutant_expected = 0;  // the recursions above, from the initial totals
};

/// Adds one step of length dt to the balance (rates at the step start, release rates active then).
RIA_HD inline void accumulate_step(Balance& b, const BoundaryRates& r, double release_w, double release_c,
                                   double dt, double decay_rate) {
  b.water_in += dt * r.water_in;
  b.water_out += dt * r.water_out;
  b.water_released += dt * release_w;
  b.water_expected += dt * (r.water_in - r.water_out + release_w);
  b.pollutant_in += dt * r.pollutant_in;
  b.pollutant_out += dt * r.pollutant_out;
  b.pollutant_released += dt * release_c;
  const double after_flux = b.pollutant_expected + dt * (r.pollutant_in - r.pollutant_out);
  const double d = decay_rate > 0 ? exp(-decay_rate * dt) : 1.0;
  b.pollutant_decayed += (1 - d) * after_flux;
  b.pollutant_expected = d * after_flux + dt * release_c;
}

}  // namespace ria::swe
