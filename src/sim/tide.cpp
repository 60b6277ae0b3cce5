// The Tide of a level boundary (include/ria/sim/tide.hpp).
#include "ria/sim/tide.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <stdexcept>
#include <string>

#include "ria/sim/model.hpp"
#include "ria/sim/series.hpp"

namespace ria::sim {

namespace {
constexpr double kPi = 3.14159265358979323846;
}  // namespace

swe::Tide level_tide(const BoundarySpec& spec, double t) {
  swe::Tide tide;
  if (!spec.series.empty()) {
    const SeriesPiece p = series_piece(spec.series, t);
    tide.mean = p.value, tide.slope = p.slope, tide.t_ref = p.t_ref;
    return tide;
  }
  tide.mean = spec.mean_level;
  if (spec.constituents.size() > static_cast<std::size_t>(swe::kMaxConstituents))
    throw ModelError("boundary on the " + std::string(side_name(spec.side)) + " side: at most " +
                     std::to_string(swe::kMaxConstituents) + " constituents");
  tide.count = static_cast<int>(spec.constituents.size());
  for (int c = 0; c < tide.count; ++c) {
    const ConstituentSpec& cs = spec.constituents[c];
    tide.amplitude[c] = cs.amplitude;
    tide.omega[c] = 2 * kPi / cs.period;
    tide.phase[c] = cs.phase * kPi / 180.0;
  }
  return tide;
}

std::vector<ConstituentSpec> station_constituents(const StationTide& station, int year, double offset) {
  std::vector<ConstituentSpec> out;
  for (const StationTide::Constituent& c : station.constituents) {
    const long long j = static_cast<long long>(year) - station.first_year;
    if (j < 0 || j >= static_cast<long long>(c.node_factor.size()) || j >= static_cast<long long>(c.equilibrium.size()))
      throw std::invalid_argument("tide station '" + station.name + "': no node factors for the year " +
                                  std::to_string(year) + " (it has " + std::to_string(station.first_year) + " to " +
                                  std::to_string(station.first_year + static_cast<long long>(c.node_factor.size()) - 1) + ")");
    if (!(c.speed > 0))
      throw std::invalid_argument("tide station '" + station.name + "': constituent " + c.name + " has speed " +
                                  std::to_string(c.speed) + " deg/h; expected > 0");
    ConstituentSpec o;
    o.name = c.name;
    o.amplitude = c.amplitude * c.node_factor[j];
    o.period = 360.0 / c.speed * 3600.0;
    const double phase = std::fmod(c.kappa - c.equilibrium[j] - c.speed * (offset / 3600.0), 360.0);
    o.phase = phase < 0 ? phase + 360.0 : phase;
    out.push_back(o);
  }
  return out;
}

double keep_largest(std::vector<ConstituentSpec>& constituents, std::size_t limit) {
  if (constituents.size() <= limit) return 0;
  std::vector<std::size_t> order(constituents.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return constituents[a].amplitude > constituents[b].amplitude;
  });
  std::vector<bool> keep(constituents.size(), false);
  for (std::size_t k = 0; k < limit; ++k) keep[order[k]] = true;
  std::vector<ConstituentSpec> kept;
  double dropped = 0;
  for (std::size_t k = 0; k < constituents.size(); ++k)
    if (keep[k]) kept.push_back(constituents[k]);
    else dropped += constituents[k].amplitude;
  constituents = std::move(kept);
  return dropped;
}

std::vector<TideExtremum> tide_extrema(const swe::Tide& tide, double t0, double t1, double scan) {
  if (!(scan > 0)) throw std::invalid_argument("tide_extrema: scan step must be > 0");
  std::vector<TideExtremum> out;
  double a = t0, ra = tide.rate(a);
  for (long long k = 1; a < t1; ++k) {
    const double b = std::min(t0 + k * scan, t1);
    const double rb = tide.rate(b);
    if ((ra > 0) != (rb > 0)) {
      const bool rising = ra > 0;  // a high water: eta rises to it and falls after
      double lo = a, hi = b;
      while (hi - lo > 1e-3) {
        const double m = 0.5 * (lo + hi);
        if ((tide.rate(m) > 0) == rising) lo = m;
        else hi = m;
      }
      const double t = 0.5 * (lo + hi);
      if (t < t1) out.push_back({t, tide.at(t), rising});
    }
    a = b, ra = rb;
  }
  return out;
}

const swe::Tide& StationPrediction::tide_at(double t) const {
  if (pieces.empty()) throw std::invalid_argument("StationPrediction: no years");
  std::size_t k = 0;
  while (k + 1 < pieces.size() && t >= pieces[k + 1].begin) ++k;
  return pieces[k].tide;
}

std::vector<TideExtremum> StationPrediction::extrema(double t0, double t1) const {
  std::vector<TideExtremum> out;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const double a = k == 0 ? t0 : std::max(t0, pieces[k].begin);
    const double b = k + 1 < pieces.size() ? std::min(t1, pieces[k + 1].begin) : t1;
    if (a >= b) continue;
    const std::vector<TideExtremum> e = tide_extrema(pieces[k].tide, a, b);
    out.insert(out.end(), e.begin(), e.end());
  }
  return out;
}

StationPrediction predict_station(const StationTide& station, const std::vector<std::pair<int, double>>& years,
                                  double mean) {
  StationPrediction p;
  for (const auto& [year, start] : years) {
    BoundarySpec spec;
    spec.mean_level = mean;
    spec.constituents = station_constituents(station, year, -start);
    const std::size_t all = spec.constituents.size();
    p.dropped = std::max(p.dropped, keep_largest(spec.constituents, swe::kMaxConstituents));
    p.dropped_count = static_cast<int>(all - spec.constituents.size());
    p.pieces.push_back({start, level_tide(spec, 0.0)});
  }
  return p;
}

std::vector<TideExtremum> subordinate_extrema(const SubordinateStation& station, const std::vector<TideExtremum>& reference,
                                              double t0, double t1) {
  std::vector<TideExtremum> out;
  for (const TideExtremum& r : reference) {
    TideExtremum x = r;
    x.t = r.t + (r.high ? station.high_time : station.low_time);
    x.level = r.high ? station.high_multiply * r.level + station.high_add : station.low_multiply * r.level + station.low_add;
    if (x.t >= t0 && x.t < t1) out.push_back(x);
  }
  std::stable_sort(out.begin(), out.end(), [](const TideExtremum& a, const TideExtremum& b) { return a.t < b.t; });
  return out;
}

std::pair<double, double> subordinate_search_interval(const SubordinateStation& station, double t0, double t1) {
  return {t0 - std::max(station.high_time, station.low_time), t1 - std::min(station.high_time, station.low_time)};
}

}  // namespace ria::sim
