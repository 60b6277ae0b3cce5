// The SPH time loop (ria/sph/driver.hpp).
#include "ria/sph/driver.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

namespace ria::sph {
namespace {

/// The smallest k * interval > t over integers k >= 1 (the values a loop k = 1, 2, ... gives).
double next_multiple(double interval, double t) {
  double k = std::max(1.0, std::floor(t / interval) + 1);
  while (k * interval <= t) {
    const double k1 = k + 1;
    if (k1 == k) return INFINITY;
    k = k1;
  }
  return k * interval;
}

/// True when t is (to round-off) a positive multiple of interval.
bool on_multiple(double t, double interval) {
  if (!(interval > 0)) return false;
  const double k = std::round(t / interval);
  return k >= 1 && std::fabs(k * interval - t) <= 1e-9 * std::max(1.0, t);
}

}  // namespace

double next_stop(const Scenario& sc, double t) {
  double next = sc.duration;
  // A multiple within on_multiple's round-off of t is the stop at t (3 x 0.05 s is one ulp above
  // 2 x 0.075 s: one stop, not a second a step of 1e-17 s later).
  const double after = t + 1e-9 * std::max(1.0, std::fabs(t));
  // Snapshot times are stops only when snapshots are written (a stop shortens the steps before it).
  for (double interval : {sc.output_interval, sc.snapshots ? sc.snapshot_interval : 0.0, sc.checkpoint_interval})
    if (interval > 0) next = std::min(next, next_multiple(interval, after));
  return next;
}

RunEnd run(Solver& solver, const Scenario& sc, Observer& obs, const RunOptions& opt) {
  using clock = std::chrono::steady_clock;
  const double t_end = sc.duration;
  if (opt.t_start == 0) {
    obs.series(0.0, solver.steps(), 0.0, solver.measure(sc.probes));
    if (sc.snapshots) obs.snapshot(0.0, solver.steps(), solver.particles());
  }
  const auto w0 = clock::now();
  auto last_report = w0;
  const long steps0 = solver.steps();
  const double t0 = solver.time();
  long chunk = 1;  // steps per advance call: grows while calls are short, so a signal is seen within a step or 0.5 s
  Particles good;   // the state at the last stop after the start
  double good_t = -1;
  long good_steps = 0;

  auto report = [&](bool force) {
    const auto now = clock::now();
    if (!force && std::chrono::duration<double>(now - last_report).count() < opt.progress_interval_s) return;
    last_report = now;
    obs.progress({run_progress(solver.time(), t_end, solver.steps(), t0, steps0,
                               std::chrono::duration<double>(now - w0).count()),
                  solver.last_dt()});
  };

  double t_stop = next_stop(sc, solver.time());
  while (solver.time() < t_end) {
    if (opt.stop && opt.stop->load()) {
      if (solver.steps() == steps0) return RunEnd::not_started;
      obs.checkpoint(solver.time(), solver.steps(), solver.particles());
      report(true);
      return RunEnd::interrupted;
    }
    const auto c0 = clock::now();
    try {
      solver.advance(t_stop, chunk);
    } catch (const NumericalError& e) {
      std::ostringstream o;
      o << e.what();
      if (good_t >= 0) {
        obs.checkpoint(good_t, good_steps, good);
        o << "; checkpoint of the state at the last stop (t = " << good_t << " s, step " << good_steps << ") written";
      }
      throw NumericalError(o.str());
    }
    const double call_s = std::chrono::duration<double>(clock::now() - c0).count();
    if (call_s < 0.1 && chunk < (1L << 20)) chunk *= 2;
    if (call_s > 0.5 && chunk > 1) chunk /= 2;
    const double t = solver.time();
    if (t < t_stop) {
      report(false);
      continue;
    }
    t_stop = next_stop(sc, t);
    const bool at_end = t >= t_end;
    const bool row = on_multiple(t, sc.output_interval) || at_end;
    if (row) obs.series(t, solver.steps(), solver.last_dt(), solver.measure(sc.probes));
    if (sc.snapshots && (on_multiple(t, sc.snapshot_interval) || at_end)) obs.snapshot(t, solver.steps(), solver.particles());
    if (on_multiple(t, sc.checkpoint_interval) || at_end) obs.checkpoint(t, solver.steps(), solver.particles());
    good = solver.particles(), good_t = t, good_steps = solver.steps();
    report(row && at_end);
  }
  return RunEnd::finished;
}

}  // namespace ria::sph
