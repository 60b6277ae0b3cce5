// What one finished member of an ensemble leaves for the statistics: its per-cell maximum
// concentration and first-arrival time, and its gauge samples. Plain data.
#pragma once

#include <vector>

namespace ria::ensemble {

/// Depth [m] and concentration (0 where the gauge's cell is dry) at each gauge at time t.
struct GaugeSample {
  double t = 0;
  std::vector<double> depth, conc;
};

struct MemberFields {
  /// Per cell: the largest concentration C = hc/h over the step ends at which the cell was wet
  /// (h > physics.dry_depth), at least 0 (as ria.nc's max_concentration); NaN when the cell was
  /// never wet (swe/extremes.hpp).
  std::vector<double> max_conc;
  /// Per cell: the first step end [s] with a wet C > output.arrival_threshold; NaN when none.
  std::vector<double> arrival;
  std::vector<GaugeSample> gauges;  // in time order
};

}  // namespace ria::ensemble
