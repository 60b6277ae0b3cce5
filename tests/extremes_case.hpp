// The forcing scenario run for its extremes (ria/swe/extremes.hpp), shared by the CPU and CUDA
// tests: maps at 0 and 1800 s only, every cell as a gauge to report every step end, and the
// extremes of a series of states computed from their definition in double (the reference).
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "run_fixture.hpp"

namespace ria::test {

/// Maps at 0 and 1800 s only; the tide rises from 0.5 m to 0.8 m at 600 s between them and falls
/// to about 0.03 m by 1800 s.
inline sim::Scenario extremes_scenario() {
  sim::Scenario sc = forcing_scenario(1800);
  sc.time.output_interval = 1800;
  sc.output.arrival_threshold = 0.02;
  return sc;
}

/// Every cell of the grid as a gauge: with output.gauge_interval = 0 the driver reports every
/// cell's state at every step end (and at t = 0), as a map written every step would.
inline void gauge_every_cell(sim::Model& m) {
  m.gauges.clear();
  for (std::size_t k = 0; k < m.setup.grid.cells(); ++k) m.gauges.push_back({"c" + std::to_string(k), 0, 0, k});
}

/// The extremes scenario on a 32 x 32 estuary, as it is (sc on m: maps at 0 and 1800 s) and with
/// every cell reported at every step end (every on all: gauge_interval = 0, gauge_every_cell),
/// whose runs take the same steps (gauges change none).
struct ExtremesCase {
  sim::Scenario sc, every;
  sim::Model m, all;
};
inline ExtremesCase extremes_case() {
  ExtremesCase c{extremes_scenario(), {}, {}, {}};
  c.m = sim::build_model(c.sc, estuary_domain(32));
  c.every = c.sc;
  c.every.output.gauge_interval = 0;
  c.all = c.m;
  gauge_every_cell(c.all);
  return c;
}

struct ExtremesRun {
  RecordingObserver obs;
  swe::HostState state;  // at the end
  long steps = 0;
};

/// The scenario on model m through the driver with the given backend, kernel and precision.
inline ExtremesRun run_extremes(const sim::Scenario& sc, sim::Model m, exec::Backend b, const std::string& kernel,
                                Precision p) {
  ExtremesRun r;
  auto s = start_solver(m, b, kernel, p);
  sim::run(*s, sc, m, r.obs, {});
  s->get_state(r.state);
  r.steps = s->steps();
  return r;
}

/// The extremes of a series of states (t, every cell), computed here from their definition
/// (extremes.hpp) in double: the reference the solver's records are checked against.
struct ReferenceExtremes {
  double h_dry, threshold;
  swe::HostExtremes e;
  void add(double t, const std::vector<swe::Conserved<double>>& w) {
    if (e.max_depth.empty()) e.reset(w.size());
    for (std::size_t k = 0; k < w.size(); ++k) {
      e.max_depth[k] = std::max(e.max_depth[k], w[k].h);
      if (!(w[k].h > h_dry)) continue;
      const double u = w[k].qx / w[k].h, v = w[k].qy / w[k].h, c = w[k].hc / w[k].h;
      e.max_speed[k] = std::max(e.max_speed[k], std::sqrt(u * u + v * v));
      e.max_concentration[k] = std::max(e.max_concentration[k], c);
      if (std::isnan(e.first_wet_time[k])) e.first_wet_time[k] = t;
      if (std::isnan(e.arrival_time[k]) && c > threshold) e.arrival_time[k] = t;
    }
  }
  /// The extremes of every state a gauge-every-cell run reported.
  void add_all(const RecordingObserver& obs) {
    for (std::size_t n = 0; n < obs.gauge_times.size(); ++n) add(obs.gauge_times[n], obs.gauge_values[n]);
  }
};

}  // namespace ria::test
