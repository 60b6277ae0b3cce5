// The SPH time loop: advances a solver from stop to stop and reports to an observer. Stops are the
// multiples of time.output_interval (a series row), time.snapshot_interval (particle files) and
// output.checkpoint_interval, and the end time; steps end exactly on them (the last dt before a
// stop is clamped), so a run resumed from a checkpoint written at a stop continues bitwise like an
// uninterrupted one.
#pragma once

#include <atomic>

#include "ria/run_progress.hpp"
#include "ria/sph/scenario.hpp"
#include "ria/sph/solver.hpp"

namespace ria::sph {

/// run_progress's, with the last step's dt.
struct Progress : RunProgress {
  double dt = 0;  // the last step [s]
};

/// What the loop reports; a callback may throw (the run then stops with that error).
class Observer {
 public:
  virtual ~Observer() = default;
  virtual void series(double t, long steps, double dt, const Measures& m) = 0;
  virtual void snapshot(double t, long steps, const Particles& p) = 0;
  virtual void checkpoint(double t, long steps, const Particles& p) = 0;
  virtual void progress(const Progress& p) = 0;
};

struct RunOptions {
  double t_start = 0;                      // > 0 when resuming: no outputs at t_start
  const std::atomic<int>* stop = nullptr;  // set by a signal handler: checkpoint and return
  double progress_interval_s = 2.0;
};

enum class RunEnd { finished, interrupted, not_started };

/// The next stop after t: the smallest multiple k * I (k >= 1) of the scenario's intervals beyond
/// t by more than round-off (1e-9 max(1, t): a multiple that close is the stop at t), or the end.
double next_stop(const Scenario& sc, double t);

/// Runs from the solver's time to the scenario's end. On a NumericalError, writes a checkpoint of
/// the state at the last stop (when there was one after the start) and rethrows it with that said.
RunEnd run(Solver& solver, const Scenario& sc, Observer& obs, const RunOptions& opt);

}  // namespace ria::sph
