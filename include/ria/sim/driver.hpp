// The simulation loop: advances a solver from stop to stop (outputs, quicklooks, checkpoints,
// time-series knots, release starts and ends, the end time) and calls an observer at each. Steps
// end exactly on every stop (the last dt before it is clamped), so two runs with the same stops
// take identical steps; a run resumed from a checkpoint written at a stop, or after a
// step-limited advance, continues bitwise identically to an uninterrupted one. Gauge times are no
// stops: the gauges are read at the ends of the step that crosses a gauge time and interpolated
// to it (gauge_times.hpp), so they change no step.
#pragma once

#include <atomic>
#include <vector>

#include "ria/run_progress.hpp"
#include "ria/sim/model.hpp"
#include "ria/sim/scenario.hpp"
#include "ria/swe/solver.hpp"

namespace ria::sim {

using Progress = RunProgress;

/// What the driver reports; every callback may throw (the run then stops with that error after
/// a checkpoint of the last good state where one can be written).
class Observer {
 public:
  virtual ~Observer() = default;
  /// Gauge values at a gauge time (interpolated between step ends, gauge_times.hpp), at t0 and at
  /// the end; at every step end when output.gauge_interval = 0.
  virtual void gauges(double t, const std::vector<swe::Conserved<double>>& values) = 0;
  /// Map output (also at the start, t0) with the totals and balance at that time.
  virtual void output(double t, long steps, const swe::HostState& s, const swe::Totals& totals,
                      const swe::Balance& balance) = 0;
  virtual void quicklook(double t, const swe::HostState& s) = 0;
  /// A checkpoint of the state at t with its balance and the extremes recorded up to t (every
  /// field empty when the solver does not track them).
  virtual void checkpoint(double t, long steps, const swe::HostState& s, const swe::Balance& balance,
                          const swe::HostExtremes& extremes) = 0;
  /// The extremes at the end of the run, or where a signal stopped it (after its checkpoint);
  /// only when the solver tracks them (SolverSetup::extremes).
  virtual void extremes(double t, const swe::HostExtremes& e) = 0;
  virtual void progress(const Progress& p) = 0;
};

struct RunOptions {
  double t_start = 0;                     // > 0 when resuming from a checkpoint
  const std::atomic<int>* stop = nullptr; // set by a signal handler: checkpoint and return
  double progress_interval_s = 2.0;       // wall seconds between progress reports
};

/// finished: at the end time; interrupted: the stop flag was raised, a checkpoint was written;
/// not_started: the stop flag was raised before the first step (no checkpoint: nothing to keep).
enum class RunEnd { finished, interrupted, not_started };

/// Runs from the solver's current time (its state and clock already set) to the scenario's end,
/// stopping at the times of StopSchedule (schedule.hpp) and checkpointing by checkpoint_every.
/// Throws swe::NumericalError after calling observer.checkpoint with the last good state, also
/// when the time step collapses (the run would never end). Judged over windows of
/// kCollapseSteps steps not clamped to dense stops: a window simulated less than 1e-9 of the time
/// left, or its mean step fell below 1e-4 of the largest mean step of the run while more than
/// 1e10 such steps would be needed to finish. The message names the cell with the smallest stable
/// step and its values.
RunEnd run(swe::Solver& solver, const Scenario& sc, const Model& m, Observer& observer, const RunOptions& opt);

/// Steps over which dt collapse is judged.
constexpr long kCollapseSteps = 1000;

}  // namespace ria::sim
