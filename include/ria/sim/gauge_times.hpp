// Gauge times that do not shorten the time step. A run with output.gauge_interval > 0 records its
// gauges at t_k = k * interval (k >= 1) and at the end time; the steps are not clamped to them.
// The driver holds the solver before the step that would end at or after t_k (Solver::advance),
// reads the gauge cells at that step's start t_a and end t_b (t_a < t_k <= t_b), and records
//   W(t_k) = (1 - w) W(t_a) + w W(t_b),   w = (t_k - t_a) / (t_b - t_a),
// linear in time on the conserved values W = (h, qx, qy, hc), exact at both ends (w = 0 gives
// W(t_a), w = 1 gives W(t_b) bit for bit). Its error against the scheme's own state at t_k is
// that of linear interpolation over one step, |W''| dt^2 / 8, beside the O(dt) difference the
// first-order scheme shows between two runs whose steps differ (docs/scenarios.md).
#pragma once

#include <cmath>
#include <vector>

#include "ria/swe/state.hpp"

namespace ria::sim {

/// The gauge time after t: the smallest k * interval > t (k >= 1) or t_end, whichever comes first;
/// +inf at or after t_end.
double next_gauge_time(double interval, double t_end, double t);

/// W(t) on the segment from (ta, a) to (tb, b), ta < t <= tb (the formula above).
swe::Conserved<double> interpolate_in_time(const swe::Conserved<double>& a, double ta, const swe::Conserved<double>& b,
                                           double tb, double t);

/// The same for each gauge.
std::vector<swe::Conserved<double>> interpolate_in_time(const std::vector<swe::Conserved<double>>& a, double ta,
                                                        const std::vector<swe::Conserved<double>>& b, double tb,
                                                        double t);

}  // namespace ria::sim
