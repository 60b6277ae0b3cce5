// A time series as the boundaries use it: linear between its points, held outside them. The
// solver gets one linear piece at a time; the simulation layer stops at every point (Model::knots).
#pragma once

#include <algorithm>
#include <vector>

#include "ria/sim/scenario.hpp"

namespace ria::sim {

/// One linear piece of a time series: value + slope (t - t_ref).
struct SeriesPiece {
  double value = 0, slope = 0, t_ref = 0;
};

/// The piece of `s` (non-empty, times increasing) for the interval [t_a, t_b) that holds t; before
/// the first point and from the last one on, the end value held (slope 0, t_ref = t).
inline SeriesPiece series_piece(const std::vector<SeriesPoint>& s, double t) {
  if (t < s.front().t || s.size() == 1) return {s.front().value, 0, t};
  if (t >= s.back().t) return {s.back().value, 0, t};
  const auto it = std::upper_bound(s.begin(), s.end(), t, [](double v, const SeriesPoint& p) { return v < p.t; });
  const SeriesPoint& b = *it;
  const SeriesPoint& a = *(it - 1);
  return {a.value, (b.value - a.value) / (b.t - a.t), a.t};
}

}  // namespace ria::sim
