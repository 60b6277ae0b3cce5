// The stop times of a run, generated one at a time as the run goes: multiples of the output and
// (explicit) checkpoint intervals, quicklook times, time-series knots, release starts and ends,
// and the end time. Gauge times are no stops: the driver interpolates the gauges to them
// (gauge_times.hpp). Nothing is precomputed, so a run of 1e12 s with gauges every 5 min
// costs no memory; the stops are the ones a sorted list of all of them would give, bit for bit.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "ria/sim/model.hpp"
#include "ria/sim/scenario.hpp"

namespace ria::sim {

/// Whether a stop at t is the scheduled time `at` as the driver takes it (an output multiple, a
/// quicklook time): within 1e-9 max(1, t) s. Stops from different sources (k * interval, a series
/// knot parsed from "0.3") may be two doubles this close; both stay stops, one instant for outputs.
inline bool same_instant(double t, double at) { return std::fabs(at - t) <= 1e-9 * std::max(1.0, std::fabs(t)); }

/// The smallest k * interval > t over integers k >= 1 (the values a loop k = 1, 2, ... gives);
/// +inf beyond 2^53 multiples.
double next_multiple(double interval, double t);

class StopSchedule {
 public:
  StopSchedule(const Scenario& sc, const Model& m);
  /// The first stop after t: the smallest scheduled time > t, or the end time when none is
  /// before it (t_end itself for t >= t_end).
  double next_after(double t) const;

 private:
  double t_end_;
  std::vector<double> intervals_;  // each > 0; stops at k * interval (k >= 1)
  std::vector<double> times_;      // sorted single times
};

/// When checkpoints are written besides the end and a signal.
struct CheckpointEvery {
  enum class Mode {
    none,          // only at the end and on a signal (checkpoint_interval = 0)
    own_stops,     // at multiples of `interval`, which are stops (checkpoint_interval > 0)
    on_stops,      // at the stops that are multiples of `interval` (a multiple of the output or
                   // gauge interval): no stop is added, the steps are those of a run without it
    after_crossing // after the step that crosses each multiple of `interval`: no stop is added;
                   // a restart from there is bitwise like one from a signal checkpoint
  };
  Mode mode = Mode::none;
  double interval = 0;  // [s] simulated
};

/// output.checkpoint_interval when set (>= 0); when not set (< 0), about every 10% of the run:
/// the largest multiple of the output interval not above 10% of time.duration (on_stops), or,
/// when that interval is longer, after crossing each 10% of it.
CheckpointEvery checkpoint_every(const Scenario& sc);

}  // namespace ria::sim
