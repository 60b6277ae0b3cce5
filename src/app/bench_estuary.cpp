// `ria bench --estuary`: the default scenario (scenarios/estuary.toml, embedded in ria) at n x n
// cells (domain.cells) for a number of simulated hours (time.duration), run as `ria run` runs it
// (reader, bed, model, the driver with its stops and the mass balance) but writing nothing.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "app/bench_report.hpp"
#include "app/default_scenario.hpp"
#include "app/domain.hpp"
#include "io/io_error.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "ria/sim/driver.hpp"

namespace ria::app {
namespace {

/// Writes nothing; logs the time, steps and water volume every 24 simulated hours and at the end.
class EstuaryLog final : public sim::Observer {
 public:
  EstuaryLog(std::ostream& log, int n, double t_end) : log_(log), n_(n), t_end_(t_end) {}

  void gauges(double, const std::vector<swe::Conserved<double>>&) override {}
  void output(double t, long steps, const swe::HostState&, const swe::Totals& totals,
              const swe::Balance& balance) override {
    if (t == 0) initial_water = totals.water;
    final_water_error = totals.water - balance.water_expected;
    if (t == 0 || (std::fmod(t, kDay) != 0 && t != t_end_)) return;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    char line[200];
    std::snprintf(line, sizeof line, "estuary %dx%d: t = %6.1f h, %ld steps, wall %.1f s, water %.6e m3", n_, n_,
                  t / 3600.0, steps, wall, totals.water);
    log_ << line << std::endl;
  }
  void quicklook(double, const swe::HostState&) override {}
  void checkpoint(double, long, const swe::HostState&, const swe::Balance&, const swe::HostExtremes&) override {}
  void extremes(double, const swe::HostExtremes&) override {}
  void progress(const sim::Progress&) override {}

  double initial_water = 0, final_water_error = 0;

 private:
  static constexpr double kDay = 86400.0;
  std::ostream& log_;
  int n_;
  double t_end_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

sim::Scenario estuary_scenario(int n, double hours) {
  char duration[64], interval[64];
  std::snprintf(duration, sizeof duration, "time.duration=%.17g", hours * 3600.0);
  std::snprintf(interval, sizeof interval, "time.output_interval=%.17g", std::min(hours, 1.0) * 3600.0);
  try {
    return io::parse_scenario(kDefaultScenario, kDefaultScenarioName, ".",
                              {"domain.cells=" + std::to_string(n), duration, interval});
  } catch (const io::InputError& e) {
    char opts[96];
    std::snprintf(opts, sizeof opts, "--estuary-size %d --estuary-hours %g: ", n, hours);
    throw io::InputError(opts + std::string(e.what()));
  }
}

EstuaryResult run_estuary(const std::string& backend, const std::string& kernel, Precision p, int n, double hours,
                          bool dry_skip, std::ostream& log) {
  const exec::Backend b = exec::parse_backend(backend);
  const std::string k = kernel.empty() ? swe::kernels_of(b).front() : kernel;
  const sim::Scenario sc = estuary_scenario(n, hours);
  sim::Model m = sim::build_model(sc, load_domain(sc, b, p));
  m.setup.backend = b;
  m.setup.kernel = k;
  m.setup.precision = p;
  m.setup.dry_skip = dry_skip;
  auto solver = swe::make_solver(m.setup);
  solver->set_state(m.init);
  const swe::Totals initial = solver->totals();
  swe::Balance b0;
  b0.water_expected = initial.water;
  b0.pollutant_expected = initial.pollutant;
  solver->set_balance(b0);

  EstuaryLog obs(log, n, sc.time.duration);
  const auto t0 = std::chrono::steady_clock::now();
  sim::run(*solver, sc, m, obs, {});
  EstuaryResult r;
  r.ran = true;
  r.backend = backend;
  r.kernel = k;
  r.precision = precision_name(p);
  r.n = n;
  r.dry_skip = dry_skip;
  r.simulated_s = sc.time.duration;
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.steps = solver->steps();
  r.ratio = r.simulated_s / r.wall_s;
  r.cell_updates_per_s = static_cast<double>(n) * n * r.steps / r.wall_s;
  r.water_rel_error = obs.final_water_error / obs.initial_water;
  char line[260];
  std::snprintf(line, sizeof line,
                "estuary %dx%d %s/%s/%s: %.1f h simulated in %.1f s wall, %.0fx faster than real time, %.2f G "
                "cell-updates/s, water balance closes to %.1e",
                n, n, backend.c_str(), k.c_str(), r.precision.c_str(), hours, r.wall_s, r.ratio,
                r.cell_updates_per_s * 1e-9, r.water_rel_error);
  log << line << std::endl;
  return r;
}

}  // namespace ria::app
