// The Tide of a level boundary (include/ria/sim/tide.hpp).
#include "ria/sim/tide.hpp"

#include <cstddef>
#include <string>

#include "ria/sim/model.hpp"
#include "ria/sim/series.hpp"

namespace ria::sim {

swe::Tide level_tide(const BoundarySpec& spec, double t) {
  constexpr double kPi = 3.14159265358979323846;
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

}  // namespace ria::sim
