// A scenario built in code (no TOML) on the synthetic estuary with every forcing the driver knows:
// a tide plus a level time series, river inflow carrying pollutant, an initial patch, a release,
// decay, diffusion, friction and gauges. Shared by the CPU and GPU run tests.
#pragma once

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "ria/sim/driver.hpp"
#include "ria/sim/model.hpp"
#include "synthetic_estuary.hpp"

namespace ria::test {

/// An empty directory <tmp>/ria_test_<name> (removed first if it exists).
inline std::string fresh_temp_dir(const std::string& name) {
  const auto d = std::filesystem::temp_directory_path() / ("ria_test_" + name);
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d.string();
}

inline sim::Scenario forcing_scenario(double duration) {
  sim::Scenario sc;
  sc.file = "<test>";
  sc.time.duration = duration;
  sc.time.output_interval = duration / 4;
  sc.physics.manning = 0.025;
  sc.physics.diffusivity = 2.0;
  sc.physics.half_life = 6 * 3600.0;
  sc.initial.level = 0.5;
  sim::BoundarySpec sea;
  sea.side = sim::BoundarySpec::Side::south;
  sea.kind = sim::BoundarySpec::Kind::level;
  sea.series = {{0, 0.5}, {600, 0.8}, {1500, 0.2}, {2400, -0.3}, {4000, 0.0}};
  sim::BoundarySpec river;
  river.side = sim::BoundarySpec::Side::north;
  river.kind = sim::BoundarySpec::Kind::discharge;
  river.has_segment = true, river.from = 9600, river.to = 10400;
  river.discharge = 150, river.concentration = 0.5;
  sc.boundaries = {sea, river};
  sim::PatchSpec p;
  p.name = "spill", p.concentration = 1, p.x = 9536, p.y = 11000, p.radius = 800;
  sc.patches = {p};
  sim::ReleaseSpec r;
  r.name = "outfall", r.x = 9669, r.y = 9000, r.radius = 500, r.discharge = 20, r.concentration = 5;
  r.start = duration / 8, r.duration = duration / 3;
  sc.releases = {r};
  sc.gauges = {{"mouth", 10066, 5000}, {"site", 9536, 11000}};
  sc.output.gauge_interval = duration / 16;
  sc.output.checkpoint_interval = 0;  // at the end only; tests of periodic checkpoints set it
  return sc;
}

inline sim::Domain estuary_domain(int n) {
  const bathymetry::Estuary e = bathymetry::make_estuary(n, n);
  sim::Domain b;
  b.grid = e.grid;
  for (double H : e.H) b.bed_z.push_back(-H);
  return b;
}

/// Records what the driver reports; optionally raises the stop flag after `stop_after_gauges` records.
struct RecordingObserver : sim::Observer {
  std::vector<double> gauge_times, output_times, checkpoint_times, quicklook_times;
  std::vector<std::vector<swe::Conserved<double>>> gauge_values;
  std::vector<swe::HostState> checkpoints;
  std::vector<swe::HostExtremes> checkpoint_extremes;
  swe::HostExtremes final_extremes;
  double extremes_time = -1;
  std::vector<swe::Balance> checkpoint_balances;
  std::vector<long> checkpoint_steps;
  std::atomic<int>* stop = nullptr;
  std::size_t stop_after_gauges = 0;
  void gauges(double t, const std::vector<swe::Conserved<double>>& v) override {
    gauge_times.push_back(t);
    gauge_values.push_back(v);
    if (stop && stop_after_gauges && gauge_times.size() == stop_after_gauges) stop->store(2);
  }
  void output(double t, long, const swe::HostState&, const swe::Totals&, const swe::Balance&) override {
    output_times.push_back(t);
  }
  void quicklook(double t, const swe::HostState&) override { quicklook_times.push_back(t); }
  void checkpoint(double t, long steps, const swe::HostState& s, const swe::Balance& b,
                  const swe::HostExtremes& e) override {
    checkpoint_times.push_back(t);
    checkpoint_extremes.push_back(e);
    checkpoints.push_back(s);
    checkpoint_balances.push_back(b);
    checkpoint_steps.push_back(steps);
  }
  void extremes(double t, const swe::HostExtremes& e) override {
    extremes_time = t;
    final_extremes = e;
  }
  void progress(const sim::Progress&) override {}
};

/// A solver for the model, its initial state set and its balance started from the initial totals.
inline std::unique_ptr<swe::Solver> start_solver(sim::Model& m, exec::Backend b, const std::string& kernel,
                                                 Precision p) {
  m.setup.backend = b, m.setup.kernel = kernel, m.setup.precision = p;
  auto s = swe::make_solver(m.setup);
  s->set_state(m.init);
  const swe::Totals t = s->totals();
  swe::Balance b0;
  b0.water_expected = t.water, b0.pollutant_expected = t.pollutant;
  s->set_balance(b0);
  return s;
}

/// A solver resumed from the k-th checkpoint that `rec` recorded (state, clock and balance, as
/// `ria run --restart` sets them), run to the scenario's end into `out`.
inline std::unique_ptr<swe::Solver> resume_run(sim::Model& m, const sim::Scenario& sc, exec::Backend b, Precision p,
                                               const RecordingObserver& rec, std::size_t k, RecordingObserver& out) {
  auto s = start_solver(m, b, "default", p);
  s->set_state(rec.checkpoints[k]);
  s->set_clock(rec.checkpoint_times[k], rec.checkpoint_steps[k]);
  s->set_balance(rec.checkpoint_balances[k]);
  if (m.setup.extremes.track) s->set_extremes(rec.checkpoint_extremes[k]);
  sim::RunOptions opt;
  opt.t_start = rec.checkpoint_times[k];
  sim::run(*s, sc, m, out, opt);
  return s;
}

}  // namespace ria::test
