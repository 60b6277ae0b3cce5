// The tide of a level boundary, from its scenario description to the value struct the solver
// evaluates (include/ria/swe/tide.hpp, eta(t) = mean + slope (t - t_ref) + sum_k a_k cos(omega_k t - phi_k)):
// the standard constituents by name, and the Tide of a BoundarySpec over the series interval at t.
#pragma once

#include <cctype>
#include <cstddef>
#include <string>

#include "ria/sim/scenario.hpp"
#include "ria/swe/tide.hpp"

namespace ria::sim {

/// A standard tidal constituent as tide tables name it, with its angular speed [degrees per mean
/// solar hour] from the NOAA / Schureman (1958) list; period = 360 / speed hours. Each speed is a
/// sum of the Doodson fundamental speeds (tests/test_scenario_errors.cpp checks them so).
struct TideConstituent {
  const char* name;
  double speed;  // [deg/h]
};

constexpr TideConstituent kTideConstituents[] = {
    // long period
    {"Sa", 0.0410686}, {"Ssa", 0.0821373}, {"Mm", 0.5443747}, {"MSf", 1.0158958}, {"Mf", 1.0980331},
    // diurnal
    {"2Q1", 12.8542862}, {"Q1", 13.3986609}, {"RHO1", 13.4715145}, {"O1", 13.9430356}, {"P1", 14.9589314},
    {"S1", 15.0}, {"K1", 15.0410686}, {"J1", 15.5854433}, {"OO1", 16.1391017},
    // semidiurnal
    {"2N2", 27.8953548}, {"MU2", 27.9682084}, {"N2", 28.4397295}, {"NU2", 28.5125831}, {"M2", 28.9841042},
    {"LAM2", 29.4556253}, {"L2", 29.5284789}, {"T2", 29.9589333}, {"S2", 30.0}, {"R2", 30.0410667},
    {"K2", 30.0821373}, {"2SM2", 31.0158958},
    // terdiurnal and shallow water
    {"2MK3", 42.9271398}, {"M3", 43.4761563}, {"MK3", 44.0251729}, {"MN4", 57.4238337}, {"M4", 57.9682084},
    {"MS4", 58.9841042}, {"S4", 60.0}, {"M6", 86.9523127}, {"S6", 90.0}, {"M8", 115.9364166}};

/// The constituent named `name` (case-insensitive), or nullptr. Inline: the scenario reader (io,
/// which does not link the simulation library) looks names up.
inline const TideConstituent* find_tide_constituent(const std::string& name) {
  for (const TideConstituent& c : kTideConstituents) {
    const std::string n = c.name;
    if (n.size() != name.size()) continue;
    std::size_t i = 0;
    while (i < n.size() && std::toupper(static_cast<unsigned char>(n[i])) ==
                               std::toupper(static_cast<unsigned char>(name[i])))
      ++i;
    if (i == n.size()) return &c;
  }
  return nullptr;
}

/// The free surface of a level boundary over the series interval that holds t: the linear piece of
/// its series (series.hpp), or else mean_level plus its constituents (omega = 2 pi / period,
/// phi = phase in radians), which do not depend on t. Throws ModelError for more than
/// swe::kMaxConstituents constituents.
swe::Tide level_tide(const BoundarySpec& spec, double t);

}  // namespace ria::sim
