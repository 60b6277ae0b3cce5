// The simulation loop of driver.hpp.
#include "ria/sim/driver.hpp"
#include "ria/grid/cell_text.hpp"

#include "ria/sim/gauge_times.hpp"
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
  return k >= 1 && same_instant(t, k * interval);
}

bool in_list(double t, const std::vector<double>& times) {
  return std::any_of(times.begin(), times.end(), [t](double v) { return same_instant(t, v); });
}

/// Index of the first cell with a non-finite value or a negative depth, or -1.
long long bad_cell(const swe::HostState& s) {
  for (std::size_t k = 0; k < s.h.size(); ++k)
    if (!(s.h[k] >= 0) || !std::isfinite(s.h[k]) || !std::isfinite(s.qx[k]) || !std::isfinite(s.qy[k]) ||
        !std::isfinite(s.hc[k]))
      return static_cast<long long>(k);
  return -1;
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

/// One call of run(): what the loop keeps between steps, and the loop's steps by name.
class RunLoop {
 public:
  RunLoop(swe::Solver& solver, const Scenario& sc, const Model& m, Observer& obs, const RunOptions& opt)
      : solver_(solver), sc_(sc), m_(m), obs_(obs), opt_(opt), t_end_(sc.time.duration), schedule_(sc, m),
        ck_every_(checkpoint_every(sc)), every_step_gauges_(!m.gauges.empty() && !(sc.output.gauge_interval > 0)),
        gauge_times_(!m.gauges.empty() && sc.output.gauge_interval > 0), extremes_(m.setup.extremes.track) {
    for (const GaugeCell& g : m.gauges) gauge_cells_.push_back(g.cell);
  }

  RunEnd run() {
    start();
    while (solver_.time() < t_end_) {
      if (opt_.stop && opt_.stop->load()) return interrupt();
      advance();
      if (held_) cross_gauge_time();
      const double t = solver_.time();
      if (every_step_gauges_) obs_.gauges(t, solver_.probe(gauge_cells_));
      if (t >= t_stop_) ++window_stops_;
      check_collapse(t);
      const bool crossing = crossed_checkpoint_multiple(t);
      if (t < t_stop_) {
        between_stops(t, crossing);
        continue;
      }
      at_stop(t, crossing);
    }
    return RunEnd::finished;
  }

 private:
  using clock = std::chrono::steady_clock;

  /// Takes the initial state as the last good one, reports it at a fresh start (t = 0), sets the
  /// boundaries of the current time-series piece and starts the clocks.
  void start() {
    if (opt_.t_start == 0 && extremes_) solver_.record_extremes();
    read_state();
    have_good_ = bad_cell(state_) < 0;
    good_ = state_;
    good_ext_ = ext_;
    good_t_ = solver_.time();
    good_steps_ = solver_.steps();
    good_balance_ = solver_.balance();
    if (opt_.t_start == 0) {
      obs_.output(0.0, solver_.steps(), state_, solver_.totals(), solver_.balance());
      if (!m_.gauges.empty()) obs_.gauges(0.0, solver_.probe(gauge_cells_));
      if (in_list(0.0, sc_.output.png_times)) obs_.quicklook(0.0, state_);
    }
    bc_piece_ = piece(m_.knots, solver_.time());
    solver_.set_boundaries(boundaries_at(sc_, m_, solver_.time()));
    w0_ = clock::now();
    last_report_ = w0_;
    steps0_ = solver_.steps();
    t0_ = solver_.time();
    t_stop_ = schedule_.next_after(solver_.time());
    last_stop_ = solver_.time();
    if (gauge_times_) next_gauge_ = next_gauge_time(sc_.output.gauge_interval, t_end_, solver_.time());
    window_steps_ = steps0_;
    window_t_ = t0_;
    crossed_ = ck_every_.mode == CheckpointEvery::Mode::after_crossing ? std::floor(t0_ / ck_every_.interval) : 0;
  }

  /// The stop flag was raised: a checkpoint of the current state, unless no step was taken.
  RunEnd interrupt() {
    if (solver_.steps() == steps0_) return RunEnd::not_started;
    read_state();
    obs_.checkpoint(solver_.time(), solver_.steps(), state_, solver_.balance(), ext_);
    if (extremes_) obs_.extremes(solver_.time(), ext_);
    report(true);
    return RunEnd::interrupted;
  }

  /// Steps towards the next stop, `chunk_` steps at most (one when gauges record every step), held
  /// before the step that would reach the next gauge time (held_); the chunk grows while calls are
  /// short, so a signal is seen soon.
  void advance() {
    const auto c0 = clock::now();
    const long n = every_step_gauges_ ? 1 : chunk_;
    advance_by(n, next_gauge_);
    held_ = solver_.held();  // the solver's (under MPI: the same on every rank, whose chunks differ)
    const double call_s = std::chrono::duration<double>(clock::now() - c0).count();
    if (call_s < 0.1 && chunk_ < (1L << 20)) chunk_ *= 2;
    if (call_s > 0.5 && chunk_ > 1) chunk_ /= 2;
  }

  /// solver.advance towards the next stop; a numerical failure stops the run (fail).
  long advance_by(long n, double t_hold) {
    try {
      return solver_.advance(t_stop_, n, t_hold);
    } catch (const swe::NumericalError& e) {
      solver_.get_state(state_);
      std::ostringstream o;
      o << e.what() << "; step " << solver_.steps() << ", " << first_bad_cell(state_, m_.setup.grid);
      fail(o.str());
    }
  }

  /// Held before the step that crosses the next gauge time: the gauges at its start and end, and
  /// every gauge time in between interpolated (gauge_times.hpp).
  void cross_gauge_time() {
    const double ta = solver_.time();
    const std::vector<swe::Conserved<double>> a = solver_.probe(gauge_cells_);
    advance_by(1, INFINITY);
    const double tb = solver_.time();
    const std::vector<swe::Conserved<double>> b = solver_.probe(gauge_cells_);
    for (; next_gauge_ <= tb; next_gauge_ = next_gauge_time(sc_.output.gauge_interval, t_end_, next_gauge_))
      obs_.gauges(next_gauge_, interpolate_in_time(a, ta, b, tb, next_gauge_));
  }

  /// The state (and the extremes, when tracked) from the solver into state_ and ext_.
  void read_state() {
    solver_.get_state(state_);
    if (extremes_) solver_.get_extremes(ext_);
  }

  /// dt collapse (driver.hpp), judged once kCollapseSteps steps were taken since the last window.
  void check_collapse(double t) {
    if (solver_.steps() - window_steps_ < kCollapseSteps) return;
    const long n = solver_.steps() - window_steps_;
    const double mean_dt = (t - window_t_) / n;
    if (window_stops_ < n / 2) {  // steps not clamped to dense stops
      const double left = t_end_ - window_t_;
      if (mean_dt * n < 1e-9 * left || (mean_dt < 1e-4 * best_dt_ && left > 1e10 * mean_dt)) {
        solver_.get_state(state_);
        std::ostringstream o;
        o << "the time step collapsed: " << n << " steps advanced t by " << t - window_t_ << " s (from " << window_t_
          << " s; mean step " << mean_dt << " s, the largest mean step of this run " << best_dt_ << " s), "
          << t_end_ - t << " s are left to the end; " << limiting_cell(state_, m_.setup.grid, m_.setup.physics)
          << " (check physics.gravity, the boundary discharges and the releases)";
        fail(o.str());
      }
      best_dt_ = std::max(best_dt_, mean_dt);
    }
    window_steps_ = solver_.steps(), window_stops_ = 0, window_t_ = t;
  }

  /// after_crossing checkpoints: whether a multiple of the interval was passed since the last call.
  bool crossed_checkpoint_multiple(double t) {
    const bool crossing =
        ck_every_.mode == CheckpointEvery::Mode::after_crossing && std::floor(t / ck_every_.interval) > crossed_;
    if (crossing) crossed_ = std::floor(t / ck_every_.interval);
    return crossing;
  }

  /// Between stops only an after_crossing checkpoint is written (of a good state) and progress told.
  void between_stops(double t, bool crossing) {
    if (crossing) {
      read_state();
      if (keep_if_good(t)) obs_.checkpoint(t, solver_.steps(), state_, solver_.balance(), ext_);
    }
    report(false);
  }

  /// At a stop: map output, quicklook, checkpoint and (at the end) the extremes as due, then the
  /// boundaries of a new time-series piece.
  void at_stop(double t, bool crossing) {
    t_stop_ = schedule_.next_after(t);
    // A stop at the instant of the one before (same_instant: 3 x 0.1 after a knot "0.3") writes
    // what was due then once, at the first of them; one at the instant of the end (3 x 0.3 before
    // 0.9) leaves it to the end, which writes all that is due then.
    const bool again = t < t_end_ && (same_instant(t, last_stop_) || same_instant(t, t_end_));
    last_stop_ = t;
    const bool out = (!again && on_multiple(t, sc_.time.output_interval)) || t == t_end_;
    const bool png = (!again && in_list(t, sc_.output.png_times)) || (t == t_end_ && sc_.output.png_at_end);
    bool ckpt = t == t_end_;
    if (ck_every_.mode == CheckpointEvery::Mode::own_stops || ck_every_.mode == CheckpointEvery::Mode::on_stops)
      ckpt = ckpt || (!again && on_multiple(t, ck_every_.interval));
    ckpt = ckpt || crossing;
    if (out || png || ckpt) {
      read_state();
      keep_if_good(t);
    }
    if (out) obs_.output(t, solver_.steps(), state_, solver_.totals(), solver_.balance());
    if (png) obs_.quicklook(t, state_);
    if (ckpt) obs_.checkpoint(t, solver_.steps(), state_, solver_.balance(), ext_);
    if (t == t_end_ && extremes_) obs_.extremes(t, ext_);
    const std::size_t p = piece(m_.knots, t);
    if (p != bc_piece_) {
      bc_piece_ = p;
      solver_.set_boundaries(boundaries_at(sc_, m_, t));
    }
    report(out);
  }

  /// Progress to the observer, at most every opt.progress_interval_s wall seconds unless forced.
  void report(bool force) {
    const auto now = clock::now();
    if (!force && std::chrono::duration<double>(now - last_report_).count() < opt_.progress_interval_s) return;
    last_report_ = now;
    obs_.progress(run_progress(solver_.time(), t_end_, solver_.steps(), t0_, steps0_,
                               std::chrono::duration<double>(now - w0_).count()));
  }

  /// Keeps `state_` (just read at time t) as the last good state when it is; says whether it was.
  bool keep_if_good(double t) {
    if (bad_cell(state_) >= 0) return false;
    good_ = state_, good_t_ = t, good_steps_ = solver_.steps(), good_balance_ = solver_.balance();
    good_ext_ = ext_;
    have_good_ = true;
    return true;
  }

  /// Stops with a NumericalError after a checkpoint of the last good state when it is past the
  /// start (the start's is the scenario's initial state or the restart's checkpoint: written again
  /// it would only replace the checkpoint of an earlier run in the directory).
  [[noreturn]] void fail(const std::string& what) {
    std::ostringstream o;
    o << what;
    if (have_good_ && good_t_ > opt_.t_start) {
      obs_.checkpoint(good_t_, good_steps_, good_, good_balance_, good_ext_);
      o << "; checkpoint of the last good state (t = " << good_t_ << " s, step " << good_steps_ << ") written";
    } else if (have_good_) {
      o << "; no checkpoint written: the run failed before its first stop after its start (t = " << opt_.t_start
        << " s), where it can be started again";
    } else {
      o << "; the initial state is not physical, no checkpoint written";
    }
    throw swe::NumericalError(o.str());
  }

  swe::Solver& solver_;
  const Scenario& sc_;
  const Model& m_;
  Observer& obs_;
  const RunOptions& opt_;
  const double t_end_;
  const StopSchedule schedule_;
  const CheckpointEvery ck_every_;
  const bool every_step_gauges_;  // output.gauge_interval = 0: gauges at every step end
  const bool gauge_times_;        // output.gauge_interval > 0: gauges interpolated to their times
  const bool extremes_;           // the solver records the extremes (SolverSetup::extremes)
  std::vector<std::size_t> gauge_cells_;
  double next_gauge_ = INFINITY;  // the next gauge time not yet recorded (gauge_times_)
  bool held_ = false;             // the last advance stopped before the step crossing next_gauge_
  double last_stop_ = 0;          // the last stop reached (at first the start)

  swe::HostState state_;  // the state last read from the solver
  swe::HostExtremes ext_; // the extremes read with it
  // The last state known to be good, checkpointed if the run fails.
  bool have_good_ = false;
  swe::HostState good_;
  swe::HostExtremes good_ext_;
  double good_t_ = 0;
  long good_steps_ = 0;
  swe::Balance good_balance_;

  std::size_t bc_piece_ = 0;  // time-series piece of the boundaries set
  clock::time_point w0_, last_report_;
  long steps0_ = 0;
  double t0_ = 0;
  long chunk_ = 16;  // steps per advance call
  double t_stop_ = 0;
  // dt collapse: progress over the last window of steps, and how many of them ended on a stop.
  long window_steps_ = 0, window_stops_ = 0;
  double window_t_ = 0, best_dt_ = 0;
  double crossed_ = 0;  // after_crossing: the index of the last multiple of the interval passed
};

}  // namespace

RunEnd run(swe::Solver& solver, const Scenario& sc, const Model& m, Observer& obs, const RunOptions& opt) {
  return RunLoop(solver, sc, m, obs, opt).run();
}

}  // namespace ria::sim
