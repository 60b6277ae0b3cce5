// Statistics over ensemble members (statistics.hpp).
#include "ensemble/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

namespace ria::ensemble {
namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}

double percentile_sorted(const std::vector<double>& x, double p) {
  if (x.empty()) return kNaN;
  const double pos = (x.size() - 1) * p / 100.0;
  const std::size_t i = static_cast<std::size_t>(std::floor(pos));
  if (i + 1 >= x.size()) return x.back();
  const double f = pos - i;
  return x[i] + f * (x[i + 1] - x[i]);
}

double arrival_quantile(const std::vector<double>& sorted_arrivals, std::size_t n, double q) {
  const std::size_t need = static_cast<std::size_t>(std::ceil(q * n - 1e-12));
  if (need == 0 || sorted_arrivals.size() < need) return kNaN;
  return sorted_arrivals[need - 1];
}

CellStatistics cell_statistics(const std::vector<const MemberFields*>& members, const std::vector<double>& thresholds) {
  if (members.empty()) throw std::invalid_argument("cell_statistics: no finished members");
  const std::size_t cells = members[0]->max_conc.size();
  for (const MemberFields* m : members)
    if (m->max_conc.size() != cells || m->arrival.size() != cells)
      throw std::invalid_argument("cell_statistics: members on different grids");
  const std::size_t n = members.size();
  CellStatistics s;
  s.members = static_cast<int>(n);
  s.thresholds = thresholds;
  s.exceedance.assign(thresholds.size(), std::vector<double>(cells, kNaN));
  s.mean.assign(cells, kNaN);
  for (auto& p : s.percentile) p.assign(cells, kNaN);
  s.arrival_earliest.assign(cells, kNaN);
  s.arrival_median.assign(cells, kNaN);
  std::vector<double> c(n), a;
  for (std::size_t k = 0; k < cells; ++k) {
    bool wet = false;
    a.clear();
    for (std::size_t m = 0; m < n; ++m) {
      const double v = members[m]->max_conc[k];
      wet = wet || !std::isnan(v);
      c[m] = std::isnan(v) ? 0.0 : v;
      if (!std::isnan(members[m]->arrival[k])) a.push_back(members[m]->arrival[k]);
    }
    if (!wet) continue;
    std::sort(c.begin(), c.end());
    double sum = 0;
    for (double v : c) sum += v;
    s.mean[k] = sum / n;
    for (std::size_t p = 0; p < kPercentiles.size(); ++p) s.percentile[p][k] = percentile_sorted(c, kPercentiles[p]);
    for (std::size_t t = 0; t < thresholds.size(); ++t) {
      // Members above the threshold: those after the last value <= threshold in sorted order.
      const auto above = c.end() - std::upper_bound(c.begin(), c.end(), thresholds[t]);
      s.exceedance[t][k] = static_cast<double>(above) / n;
    }
    if (a.empty()) continue;
    std::sort(a.begin(), a.end());
    s.arrival_earliest[k] = a.front();
    s.arrival_median[k] = arrival_quantile(a, n, 0.5);
  }
  return s;
}

std::vector<GaugePercentiles> gauge_percentiles(const std::vector<const MemberFields*>& members) {
  // Per sample time: the members' samples at that time.
  std::map<double, std::vector<const GaugeSample*>> at;
  std::vector<double> last;  // each member's last sample time
  for (const MemberFields* m : members) {
    for (const GaugeSample& g : m->gauges) at[g.t].push_back(&g);
    if (!m->gauges.empty()) last.push_back(m->gauges.back().t);
  }
  std::sort(last.begin(), last.end());
  std::vector<GaugePercentiles> rows;
  std::vector<double> d, c;
  for (const auto& [t, samples] : at) {
    // A time that not every member running to it sampled (a member's own end, off the sampling
    // times, under a varied duration) would be a row over those few alone: left out.
    const auto reaching = static_cast<std::size_t>(last.end() - std::lower_bound(last.begin(), last.end(), t));
    if (samples.size() < reaching) continue;
    GaugePercentiles r;
    r.t = t;
    r.members = static_cast<int>(samples.size());
    const std::size_t gauges = samples[0]->depth.size();
    for (std::size_t g = 0; g < gauges; ++g) {
      d.clear(), c.clear();
      for (const GaugeSample* s : samples) {
        if (s->depth.size() != gauges) throw std::invalid_argument("gauge_percentiles: members with other gauges");
        d.push_back(s->depth[g]);
        c.push_back(s->conc[g]);
      }
      std::sort(d.begin(), d.end());
      std::sort(c.begin(), c.end());
      std::array<double, 3> dp{}, cp{};
      for (std::size_t p = 0; p < kPercentiles.size(); ++p)
        dp[p] = percentile_sorted(d, kPercentiles[p]), cp[p] = percentile_sorted(c, kPercentiles[p]);
      r.depth.push_back(dp);
      r.conc.push_back(cp);
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

}  // namespace ria::ensemble
