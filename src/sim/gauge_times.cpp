// Gauge times and their interpolation (gauge_times.hpp).
#include "ria/sim/gauge_times.hpp"

#include <algorithm>
#include <stdexcept>

#include "ria/sim/schedule.hpp"

namespace ria::sim {

double next_gauge_time(double interval, double t_end, double t) {
  if (t >= t_end) return INFINITY;
  return std::min(next_multiple(interval, t), t_end);
}

swe::Conserved<double> interpolate_in_time(const swe::Conserved<double>& a, double ta, const swe::Conserved<double>& b,
                                           double tb, double t) {
  if (!(ta < t && t <= tb)) throw std::logic_error("interpolate_in_time: t is not in (ta, tb]");
  const double w = (t - ta) / (tb - ta), v = 1 - w;
  return {v * a.h + w * b.h, v * a.qx + w * b.qx, v * a.qy + w * b.qy, v * a.hc + w * b.hc};
}

std::vector<swe::Conserved<double>> interpolate_in_time(const std::vector<swe::Conserved<double>>& a, double ta,
                                                        const std::vector<swe::Conserved<double>>& b, double tb,
                                                        double t) {
  if (a.size() != b.size()) throw std::logic_error("interpolate_in_time: the two gauge reads differ in size");
  std::vector<swe::Conserved<double>> out(a.size());
  for (std::size_t g = 0; g < a.size(); ++g) out[g] = interpolate_in_time(a[g], ta, b[g], tb, t);
  return out;
}

}  // namespace ria::sim
