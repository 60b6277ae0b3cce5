// Continuous releases: a discharge Q [m^3/s] of water carrying concentration C_r, spread evenly over
// the cells of a disc (or one cell), active for t in [t_begin, t_end). Pointwise source step after
// the flux update and the decay (cell_update.hpp), for each covered cell of area A_cell:
//   h  += dt Q / (n_cells A_cell)           hc += dt Q C_r / (n_cells A_cell)
// Releasing water with the pollutant keeps h > 0 and C = hc / h bounded by max(C, C_r) in the cell,
// also where the release starts on a dry cell. The simulation layer makes steps begin and end at
// t_begin and t_end, so the released volume is exactly Q (t_end - t_begin).
#pragma once

#include "ria/config.hpp"
#include "ria/swe/state.hpp"

namespace ria::swe {

constexpr int kMaxReleases = 8;

struct Release {
  int i0 = 0, i1 = 0, j0 = 0, j1 = 0;  // cell box [i0, i1) x [j0, j1) holding the disc
  double ci = 0, cj = 0;               // disc centre in cell-index units (cell centre i at i + 0.5)
  double dx = 1, dy = 1, r2 = -1;      // disc: (dx (i + 0.5 - ci))^2 + (dy (j + 0.5 - cj))^2 <= r2; r2 < 0: whole box
  double rate_h = 0, rate_hc = 0;      // dh/dt, d(hc)/dt in each covered cell [m/s, m conc/s]
  double volume_rate = 0, pollutant_rate = 0;  // Q and Q C_r for the whole release
  double t_begin = 0, t_end = 0;

  RIA_HD bool active(double t) const { return t >= t_begin && t < t_end; }
  RIA_HD bool covers(int i, int j) const {
    if (i < i0 || i >= i1 || j < j0 || j >= j1) return false;
    if (r2 < 0) return true;
    const double ax = dx * (i + 0.5 - ci), ay = dy * (j + 0.5 - cj);
    return ax * ax + ay * ay <= r2;
  }
};

struct Releases {
  int count = 0;
  Release r[kMaxReleases];
};

/// Adds the releases active at the step start t to cell (i, j) over dt.
template <class T>
RIA_HD inline void apply_releases(Conserved<T>& w, const Releases& rel, double t, T dt, int i, int j) {
  for (int k = 0; k < rel.count; ++k) {
    const Release& r = rel.r[k];
    if (r.active(t) && r.covers(i, j)) {
      w.h += dt * T(r.rate_h);
      w.hc += dt * T(r.rate_hc);
    }
  }
}

/// Total water and pollutant release rates [m^3/s, conc m^3/s] of the releases active at t.
RIA_HD inline void release_totals(const Releases& rel, double t, double& water, double& pollutant) {
  water = pollutant = 0;
  for (int k = 0; k < rel.count; ++k)
    if (rel.r[k].active(t)) {
      water += rel.r[k].volume_rate;
      pollutant += rel.r[k].pollutant_rate;
    }
}

}  // namespace ria::swe
