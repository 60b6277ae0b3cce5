// The tide of a level boundary, from its scenario description to the value struct the solver
// evaluates (include/ria/swe/tide.hpp, eta(t) = mean + slope (t - t_ref) + sum_k a_k cos(omega_k t - phi_k)):
// the standard constituents by name, a tide station's constants turned into constituents for a
// start time, the Tide of a BoundarySpec over the series interval at t, and high and low waters.
#pragma once

#include <cctype>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

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

/// A tide station's harmonic constants as a tide database holds them (NOAA's convention, which
/// XTide's TCD files follow). The predicted level at the instant T (UTC) of year Y is
///   eta(T) = Z0 + sum_k A_k f_k(Y) cos(speed_k (T - T_Y) + (V0+u)_k(Y) - kappa_k)
/// with T_Y = Y-01-01T00:00:00Z, f_k(Y) the node factor and (V0+u)_k(Y) the equilibrium argument
/// the database gives for year Y (held over the whole year, as XTide holds them), kappa_k the phase
/// lag referred to Greenwich (Schureman 1958, "Manual of harmonic analysis and prediction of tides").
struct StationTide {
  struct Constituent {
    std::string name;                 // as the database names it ("M2", "LDA2", "SA")
    double speed = 0;                 // [deg/h] > 0
    double amplitude = 0;             // A [m]
    double kappa = 0;                 // [deg]
    std::vector<double> node_factor;  // f for first_year, first_year + 1, ...
    std::vector<double> equilibrium;  // V0+u [deg], same years
  };
  std::string name;
  double latitude = 0, longitude = 0;  // [deg], north and east positive
  std::string datum;                   // the chart datum Z0 is measured from ("Mean Lower Low Water")
  double datum_offset = 0;             // Z0: the mean level above that datum [m]
  int first_year = 0;
  std::vector<Constituent> constituents;
};

/// The constituents of `station` for t in seconds since an instant that lies `offset` seconds
/// after T_Y (Y = year, one of the station's years; offset may be negative or past the year):
///   amplitude = A f(Y), period = 360 / speed h,
///   phase = kappa - (V0+u)(Y) - speed offset  (degrees, reduced to [0, 360)),
/// so that sum_k amplitude cos(2 pi t / period - phase) is eta - Z0 above with year Y's f and V0+u.
/// Throws std::invalid_argument when Y is not among the station's years.
std::vector<ConstituentSpec> station_constituents(const StationTide& station, int year, double offset);

/// Keeps the `limit` constituents of largest amplitude (in their order) and returns the sum of the
/// amplitudes left out [m], a bound on the change of the level they make.
double keep_largest(std::vector<ConstituentSpec>& constituents, std::size_t limit);

/// A high or low water: a zero of d eta / dt where it changes sign.
struct TideExtremum {
  double t = 0;      // [s]
  double level = 0;  // eta(t) [m]
  bool high = false;
};

/// The high and low waters of `tide` in [t0, t1): d eta / dt is sampled every `scan` seconds from
/// t0 and each sign change is refined by bisection to 1 ms. Two extrema closer together than
/// `scan` (a wiggle of the curve) can be missed.
std::vector<TideExtremum> tide_extrema(const swe::Tide& tide, double t0, double t1, double scan = 60);

/// A station's predicted level over an interval that may span calendar years, as XTide predicts
/// it: one Tide per year with that year's f and V0+u, all with t in seconds since one origin.
struct StationPrediction {
  struct Piece {
    double begin = 0;  // the piece holds from here [s since the origin] to the next piece's begin
    swe::Tide tide;
  };
  std::vector<Piece> pieces;
  double dropped = 0;     // largest sum of amplitudes a piece left out (keep_largest) [m]
  int dropped_count = 0;  // constituents each piece left out

  const swe::Tide& tide_at(double t) const;
  double level(double t) const { return tide_at(t).at(t); }
  /// High and low waters in [t0, t1), each piece searched over its own years' part.
  std::vector<TideExtremum> extrema(double t0, double t1) const;
};

/// The prediction of `station` plus `mean` [m]: `years` lists each calendar year Y of the interval
/// in order, with the offset of its start T_Y from the origin [s] (negative when it begins before).
/// At most swe::kMaxConstituents constituents per year (the largest, keep_largest).
StationPrediction predict_station(const StationTide& station, const std::vector<std::pair<int, double>>& years,
                                  double mean);

/// A subordinate station of a tide database: no harmonic constants, but its high and low waters
/// as offsets from those of its reference station (NOAA's tide tables, Table 2; XTide's TCD fields
/// max/min_time_add, max/min_level_multiply, max/min_level_add). For each high water of the
/// reference at time T with height H above the reference's chart datum, the station has a high
/// water at T + high_time [s] with height high_multiply H + high_add [m] above that datum; low
/// waters alike with the low_* offsets.
struct SubordinateStation {
  std::string name, reference_name;
  double latitude = 0, longitude = 0;  // [deg], north and east positive
  double high_time = 0, low_time = 0;  // [s]
  double high_multiply = 1, low_multiply = 1;
  double high_add = 0, low_add = 0;  // [m]
};

/// The high and low waters of `station` from those of its reference: `reference` are the
/// reference's extrema with levels above its chart datum; each is moved by the time offset and
/// scaled and shifted by the level offsets of its kind (SubordinateStation), and the result is
/// sorted by time and kept where it falls in [t0, t1). The caller searches the reference over
/// an interval wide enough for the offsets (subordinate_search_interval).
std::vector<TideExtremum> subordinate_extrema(const SubordinateStation& station, const std::vector<TideExtremum>& reference,
                                              double t0, double t1);

/// The interval of reference extrema that can land in [t0, t1) after the time offsets:
/// [t0 - max(high_time, low_time), t1 - min(high_time, low_time)).
std::pair<double, double> subordinate_search_interval(const SubordinateStation& station, double t0, double t1);

}  // namespace ria::sim
