// Stop times generated lazily (schedule.hpp).
#include "ria/sim/schedule.hpp"

#include <algorithm>
#include <cmath>

namespace ria::sim {

double next_multiple(double interval, double t) {
  double k = std::max(1.0, std::floor(t / interval) + 1);
  while (k * interval <= t) {
    const double k1 = k + 1;
    if (k1 == k) return INFINITY;  // beyond 2^53 multiples: none representable after t
    k = k1;
  }
  return k * interval;
}

StopSchedule::StopSchedule(const Scenario& sc, const Model& m) : t_end_(sc.time.duration) {
  const CheckpointEvery ck = checkpoint_every(sc);
  for (double v : {sc.time.output_interval, ck.mode == CheckpointEvery::Mode::own_stops ? ck.interval : 0.0})
    if (v > 0) intervals_.push_back(v);
  for (const std::vector<double>* list : {&sc.output.png_times, &m.knots, &m.release_times})
    times_.insert(times_.end(), list->begin(), list->end());
  std::sort(times_.begin(), times_.end());
}

double StopSchedule::next_after(double t) const {
  double next = t_end_;
  for (double interval : intervals_) next = std::min(next, next_multiple(interval, t));
  const auto it = std::upper_bound(times_.begin(), times_.end(), t);
  if (it != times_.end()) next = std::min(next, *it);
  return next;
}

CheckpointEvery checkpoint_every(const Scenario& sc) {
  using Mode = CheckpointEvery::Mode;
  const double set = sc.output.checkpoint_interval;
  if (set == 0) return {Mode::none, 0};
  if (set > 0) return {Mode::own_stops, set};
  const double target = 0.1 * sc.time.duration;
  const double base = sc.time.output_interval;
  if (base > 0 && base <= target) return {Mode::on_stops, std::floor(target / base) * base};
  return {Mode::after_crossing, target};
}

}  // namespace ria::sim
