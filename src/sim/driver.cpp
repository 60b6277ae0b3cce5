// The simulation loop of driver.hpp.
#include "ria/sim/driver.hpp"

#include "ria/sim/schedule.hpp"
#include "ria/swe/cfl.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>
#include <string>

namespace ria::sim {
namespace {

/// True when t is (to round-off) a positive multiple of interval.
bool on_multiple(double t, double interval) {
  if (!(interval > 0)) return false;
  const double k = std::round(t / interval);
  return k >= 1 && std::fabs(k * interval - t) <= 1e-9 * std::max(1.0, t);
}

bool in_list(double t, const std::vector<double>& times) {
  return std::any_of(times.begin(), times.end(), [t](double v) { return std::fabs(v - t) <= 1e-9 * std::max(1.0, t); });
}

/// Index of the first cell with a non-finite value or a negative depth, or -1.
long long bad_cell(const swe::HostState& s) {
  for (std::size_t k = 0; k < s.h.size(); ++k)
    if (!(s.h[k] >= 0) || !std::isfinite(s.h[k]) || !std::isfinite(s.qx[k]) || !std::isfinite(s.qy[k]) ||
        !std::isfinite(s.hc[k]))
      return static_cast<long long>(k);
  return -1;
}

/// "(i, j) = (.., ..) at x = .., y = .." of cell k.
std::string cell_at(const Grid& g, std::size_t k) {
  std::ostringstream o;
  o << "(i, j) = (" << k % g.nx << ", " << k / g.nx << ") at x = " << g.x_centre(static_cast<int>(k % g.nx))
    << ", y = " << g.y_centre(static_cast<int>(k / g.nx));
  return o.str();
}

/// "cell (i, j) = .. at x, y: h = .., ..." for the first bad cell of a state.
std::string first_bad_cell(const swe::HostState& s, const Grid& g) {
  const long long bad = bad_cell(s);
  if (bad >= 0) {
    const std::size_t k = static_cast<std::size_t>(bad);
    std::ostringstream o;
    o << "cell " << cell_at(g, k) << ": h = " << s.h[k] << ", qx = " << s.qx[k] << ", qy = " << s.qy[k]
      << ", hc = " << s.hc[k];
    return o.str();
  }
  return "no cell holds a non-finite or negative value (the time step vanished)";
}

/// The wet cell with the smallest stable step (largest wave speed |u| + sqrt(g h)) and its values.
std::string limiting_cell(const swe::HostState& s, const Grid& g, const swe::Physics<double>& p) {
  std::size_t best = s.h.size();
  double best_dt = INFINITY;
  for (std::size_t k = 0; k < s.h.size(); ++k) {
    const double dt = swe::local_dt(swe::Conserved<double>{s.h[k], s.qx[k], s.qy[k], s.hc[k]}, 1 / g.dx, 1 / g.dy, p);
    if (dt >= 0 && dt < best_dt) best_dt = dt, best = k;
  }
  if (best == s.h.size()) return "no wet cell limits it";
  const std::size_t k = best;
  const double u = s.qx[k] / s.h[k], v = s.qy[k] / s.h[k];
  std::ostringstream o;
  o << "the cell limiting it is " << cell_at(g, k) << ": h = " << s.h[k] << " m, u = " << u << " m/s, v = " << v << " m/s, sqrt(g h) = " << std::sqrt(p.g * s.h[k])
    << " m/s (physics.gravity = " << p.g << "), stable step " << best_dt << " s";
  return o.str();
}

/// Index of the time-series piece holding t (changes when a knot is crossed).
std::size_t piece(const std::vector<double>& knots, double t) {
  return static_cast<std::size_t>(std::upper_bound(knots.begin(), knots.end(), t) - knots.begin());
}

}  // namespace

RunEnd run(swe::Solver& solver, const Scenario& sc, const Model& m, Observer& obs, const RunOptions& opt) {
  using clock = std::chrono::steady_clock;
  const double t_end = sc.time.duration;
  const StopSchedule schedule(sc, m);
  const CheckpointEvery ck_every = checkpoint_every(sc);
  const bool every_step_gauges = !m.gauges.empty() && !(sc.output.gauge_interval > 0);
  std::vector<std::size_t> gauge_cells;
  for (const GaugeCell& g : m.gauges) gauge_cells.push_back(g.cell);

  swe::HostState state;
  solver.get_state(state);
  // The last state known to be good, checkpointed if the run fails.
  bool have_good = bad_cell(state) < 0;
  swe::HostState good = state;
  double good_t = solver.time();
  long good_steps = solver.steps();
  swe::Balance good_balance = solver.balance();
  if (opt.t_start == 0) {
    obs.output(0.0, solver.steps(), state, solver.totals(), solver.balance());
    if (!m.gauges.empty()) obs.gauges(0.0, solver.probe(gauge_cells));
    if (in_list(0.0, sc.output.png_times)) obs.quicklook(0.0, state);
  }
  std::size_t bc_piece = piece(m.knots, solver.time());
  solver.set_boundaries(boundaries_at(sc, m, solver.time()));

  const auto w0 = clock::now();
  auto last_report = w0;
  const long steps0 = solver.steps();
  const double t0 = solver.time();
  long chunk = 16;  // steps per advance call: grows while calls are short, so a signal is seen soon
  double t_stop = schedule.next_after(solver.time());
  // dt collapse: progress over the last window of steps, and how many of them ended on a stop.
  long window_steps = steps0, window_stops = 0;
  double window_t = t0, best_dt = 0;
  // after_crossing checkpoints: the index of the last multiple of the interval passed.
  double crossed = ck_every.mode == CheckpointEvery::Mode::after_crossing ? std::floor(t0 / ck_every.interval) : 0;

  auto report = [&](bool force) {
    const auto now = clock::now();
    if (!force && std::chrono::duration<double>(now - last_report).count() < opt.progress_interval_s) return;
    last_report = now;
    Progress p;
    p.t = solver.time(), p.t_end = t_end, p.steps = solver.steps();
    p.wall_s = std::chrono::duration<double>(now - w0).count();
    const double done = p.t - t0;
    p.steps_per_s = p.wall_s > 0 ? (p.steps - steps0) / p.wall_s : 0;
    p.speedup = p.wall_s > 0 ? done / p.wall_s : 0;
    p.eta_s = done > 0 ? p.wall_s * (t_end - p.t) / done : 0;
    obs.progress(p);
  };
  // Keeps `state` (just read at time t) as the last good state when it is; says whether it was.
  auto keep_if_good = [&](double t) {
    if (bad_cell(state) >= 0) return false;
    good = state, good_t = t, good_steps = solver.steps(), good_balance = solver.balance();
    have_good = true;
    return true;
  };
  // Stops with a NumericalError after a checkpoint of the last good state.
  auto fail = [&](const std::string& what) {
    std::ostringstream o;
    o << what;
    if (have_good) {
      obs.checkpoint(good_t, good_steps, good, good_balance);
      o << "; checkpoint of the last good state (t = " << good_t << " s, step " << good_steps << ") written";
    } else {
      o << "; the initial state is not physical, no checkpoint written";
    }
    throw swe::NumericalError(o.str());
  };

  while (solver.time() < t_end) {
    if (opt.stop && opt.stop->load()) {
      if (solver.steps() == steps0) return RunEnd::not_started;
      solver.get_state(state);
      obs.checkpoint(solver.time(), solver.steps(), state, solver.balance());
      report(true);
      return RunEnd::interrupted;
    }
    const auto c0 = clock::now();
    try {
      solver.advance(t_stop, every_step_gauges ? 1 : chunk);
    } catch (const swe::NumericalError& e) {
      solver.get_state(state);
      std::ostringstream o;
      o << e.what() << "; step " << solver.steps() << ", " << first_bad_cell(state, m.setup.grid);
      fail(o.str());
    }
    const double call_s = std::chrono::duration<double>(clock::now() - c0).count();
    if (call_s < 0.1 && chunk < (1L << 20)) chunk *= 2;
    if (call_s > 0.5 && chunk > 1) chunk /= 2;
    const double t = solver.time();
    if (every_step_gauges) obs.gauges(t, solver.probe(gauge_cells));
    if (t >= t_stop) ++window_stops;
    if (solver.steps() - window_steps >= kCollapseSteps) {
      const long n = solver.steps() - window_steps;
      const double mean_dt = (t - window_t) / n;
      if (window_stops < n / 2) {  // steps not clamped to dense stops
        const double left = t_end - window_t;
        if (mean_dt * n < 1e-9 * left || (mean_dt < 1e-4 * best_dt && left > 1e10 * mean_dt)) {
          solver.get_state(state);
          std::ostringstream o;
          o << "the time step collapsed: " << n << " steps advanced t by " << t - window_t << " s (from " << window_t
            << " s; mean step " << mean_dt << " s, the largest mean step of this run " << best_dt << " s), "
            << t_end - t << " s are left to the end; " << limiting_cell(state, m.setup.grid, m.setup.physics)
            << " (check physics.gravity, the boundary discharges and the releases)";
          fail(o.str());
        }
        best_dt = std::max(best_dt, mean_dt);
      }
      window_steps = solver.steps(), window_stops = 0, window_t = t;
    }
    // after_crossing: a multiple of the interval was passed in this call.
    const bool crossing =
        ck_every.mode == CheckpointEvery::Mode::after_crossing && std::floor(t / ck_every.interval) > crossed;
    if (crossing) crossed = std::floor(t / ck_every.interval);
    if (t < t_stop) {
      if (crossing) {
        solver.get_state(state);
        if (keep_if_good(t)) obs.checkpoint(t, solver.steps(), state, solver.balance());
      }
      report(false);
      continue;
    }
    t_stop = schedule.next_after(t);
    if (!every_step_gauges && !m.gauges.empty() && (on_multiple(t, sc.output.gauge_interval) || t == t_end))
      obs.gauges(t, solver.probe(gauge_cells));
    const bool out = on_multiple(t, sc.time.output_interval) || t == t_end;
    const bool png = in_list(t, sc.output.png_times) || (t == t_end && sc.output.png_at_end);
    bool ckpt = t == t_end;
    if (ck_every.mode == CheckpointEvery::Mode::own_stops || ck_every.mode == CheckpointEvery::Mode::on_stops)
      ckpt = ckpt || on_multiple(t, ck_every.interval);
    ckpt = ckpt || crossing;
    if (out || png || ckpt) {
      solver.get_state(state);
      keep_if_good(t);
    }
    if (out) obs.output(t, solver.steps(), state, solver.totals(), solver.balance());
    if (png) obs.quicklook(t, state);
    if (ckpt) obs.checkpoint(t, solver.steps(), state, solver.balance());
    const std::size_t p = piece(m.knots, t);
    if (p != bc_piece) {
      bc_piece = p;
      solver.set_boundaries(boundaries_at(sc, m, t));
    }
    report(out);
  }
  return RunEnd::finished;
}

}  // namespace ria::sim
