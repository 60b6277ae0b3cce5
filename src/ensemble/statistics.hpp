// Statistics over the finished members of an ensemble (member_fields.hpp), per cell and per
// gauge and time. Pure functions of the members' fields; the order of the members does not matter.
//
// Per cell, over the n finished members (a member whose cell was dry at every sample counts with
// maximum concentration 0 and no arrival):
//   exceedance[k]  = #{members with max C > thresholds[k]} / n
//   mean           = sum(max C) / n
//   p10, p50, p90  = percentiles of max C by linear interpolation between order statistics
//                    (Hyndman & Fan 1996 type 7, numpy's default): for sorted x_0..x_{n-1}, the
//                    p-th percentile is x_i + f (x_{i+1} - x_i) with i + f = (n - 1) p / 100
//   arrival_earliest = the smallest first-arrival time over the members
//   arrival_median   = the time by which at least half of the members have arrived: the
//                    ceil(n/2)-th smallest arrival time (members that never arrive count as
//                    later than any); NaN when fewer than half arrive
// Cells dry at every sample of every member are NaN in every field ("never water"); arrival
// fields are NaN where no (or too few) members arrived.
// Gauges: at each sample time, the p10/p50/p90 (type 7) of depth and of concentration over the
// members that have a sample at that time (all of them unless time.duration varies).
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "ensemble/member_fields.hpp"

namespace ria::ensemble {

/// The percentiles of the statistics.
inline constexpr std::array<double, 3> kPercentiles = {10, 50, 90};

/// The p-th percentile (0 <= p <= 100) of sorted values, type 7. NaN for no values.
double percentile_sorted(const std::vector<double>& sorted, double p);

/// The time by which at least a fraction q (0 < q <= 1) of n members have arrived: the
/// ceil(q n)-th smallest of the sorted finite `arrivals` (one per member that arrived, at most n);
/// NaN when fewer than ceil(q n) arrived.
double arrival_quantile(const std::vector<double>& sorted_arrivals, std::size_t n, double q);

struct CellStatistics {
  int members = 0;
  std::vector<double> thresholds;
  std::vector<std::vector<double>> exceedance;  // [threshold][cell]
  std::vector<double> mean;                     // of the maximum concentration
  std::array<std::vector<double>, 3> percentile;  // kPercentiles of the maximum concentration
  std::vector<double> arrival_earliest, arrival_median;  // [s]
};

/// std::invalid_argument when members is empty or their fields differ in size.
CellStatistics cell_statistics(const std::vector<const MemberFields*>& members, const std::vector<double>& thresholds);

/// One sample time of the gauge percentiles: [gauge][percentile] of depth and of concentration.
struct GaugePercentiles {
  double t = 0;
  int members = 0;  // members with a sample at t
  std::vector<std::array<double, 3>> depth, conc;
};

/// Rows in time order; sample times are matched exactly (the driver stops exactly on them). A time
/// is a row only where every member whose samples reach it (its last sample at or after it) has a
/// sample there: a member's own end under a varied duration, off the others' sampling times, is
/// not a row of its own.
std::vector<GaugePercentiles> gauge_percentiles(const std::vector<const MemberFields*>& members);

}  // namespace ria::ensemble
