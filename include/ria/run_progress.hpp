// How far a run has come, as both time loops (the shallow water's, src/sim/driver.cpp, and the
// SPH's, src/sph/driver.cpp) report it to their observers' progress lines.
#pragma once

namespace ria {

struct RunProgress {
  double t = 0, t_end = 0;  // simulated time now and at the end [s]
  long steps = 0;
  double wall_s = 0;       // since the (re)start
  double steps_per_s = 0;  // over the run since the (re)start
  double eta_s = 0;        // wall time left, estimated at that rate
  double speedup = 0;      // simulated / wall time since the (re)start
};

/// The progress at simulated time t after `steps` steps, wall_s seconds after the run (re)started
/// at t0 after steps0 steps: the rates are over those wall_s seconds, and the wall time left is
/// (t_end - t) at the simulated rate so far.
inline RunProgress run_progress(double t, double t_end, long steps, double t0, long steps0, double wall_s) {
  RunProgress p;
  p.t = t, p.t_end = t_end, p.steps = steps, p.wall_s = wall_s;
  const double done = t - t0;
  p.steps_per_s = wall_s > 0 ? (steps - steps0) / wall_s : 0;
  p.speedup = wall_s > 0 ? done / wall_s : 0;
  p.eta_s = done > 0 ? wall_s * (t_end - t) / done : 0;
  return p;
}

}  // namespace ria
