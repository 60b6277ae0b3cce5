#include "compare/series_math.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ria::compare {

double interpolate(const std::vector<double>& x, const std::vector<double>& y, double at) {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  if (x.empty() || !(at >= x.front() && at <= x.back())) return nan;
  const std::size_t hi = static_cast<std::size_t>(std::lower_bound(x.begin(), x.end(), at) - x.begin());
  if (x[hi] == at) return y[hi];
  const std::size_t lo = hi - 1;  // x[lo] < at < x[hi]
  return y[lo] + (at - x[lo]) / (x[hi] - x[lo]) * (y[hi] - y[lo]);
}

double slope(const std::vector<double>& x, const std::vector<double>& y) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;
  for (std::size_t k = 0; k < std::min(x.size(), y.size()); ++k) {
    if (!std::isfinite(x[k]) || !std::isfinite(y[k])) continue;
    sx += x[k], sy += y[k], sxx += x[k] * x[k], sxy += x[k] * y[k], n += 1;
  }
  if (n < 2) return std::numeric_limits<double>::quiet_NaN();
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

double rmse(const std::vector<double>& model_t, const std::vector<double>& model_y, const std::vector<double>& t,
            const std::vector<double>& y, double t_end) {
  std::vector<double> m(model_y.size());
  for (std::size_t k = 0; k < m.size(); ++k) m[k] = std::isfinite(model_y[k]) ? model_y[k] : 0.0;
  double sum = 0;
  long n = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    if (model_t.empty() || t[k] < model_t.front() || t[k] > t_end) continue;
    const double v = interpolate(model_t, m, t[k]);
    if (!std::isfinite(v)) continue;
    sum += (v - y[k]) * (v - y[k]);
    ++n;
  }
  return n > 0 ? std::sqrt(sum / n) : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace ria::compare
