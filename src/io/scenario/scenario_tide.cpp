// The harmonic tide of a level boundary: mean_level and [[boundary.constituents]] (a standard
// constituent by name, or any period), or the constants of a tide station of the tide database
// (station = "..."), with their checks. The Tide the solver evaluates is built from them by the
// simulation layer (include/ria/sim/tide.hpp).
#include <cctype>
#include <cmath>
#include <string>

#include "io/io_error.hpp"
#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_time.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "io/tide/tide_database.hpp"
#include "ria/errors.hpp"
#include "ria/sim/tide.hpp"
#include "ria/swe/tide.hpp"

namespace ria::io::detail {
namespace {

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// "; did you mean 'X'?" when exactly one known name is one edit away, else the list: constituent
// names are short, so a looser guess ("Sa" -> "S2") would name the wrong wave.
std::string constituent_hint(const std::string& name) {
  std::string only, all;
  int near = 0;
  for (const sim::TideConstituent& k : sim::kTideConstituents) {
    all += (all.empty() ? "" : ", ") + std::string(k.name);
    if (levenshtein(upper(name), upper(k.name)) == 1) ++near, only = k.name;
  }
  if (near == 1) return "; did you mean '" + only + "'?";
  return "; known constituents are " + all;
}

std::string describe_constituent(const sim::ConstituentSpec& c) {
  return c.name.empty() ? "period " + describe_seconds(c.period) : c.name;
}

// The plausible period of a constituent given by period [s]. Tides run from the shallow-water
// overtides (M8 3.1 h; higher ones to about 2 h) to the 18.61-year lunar nodal cycle. A period
// below a minute is a wind wave or swell, no tide: a depth-averaged model on cells of metres to
// kilometres does not carry it, and the level boundary, evaluated once per step (seconds to a
// minute on such grids), would alias it; the usual cause is a unit mistake (12 for "12 h"). Above
// 20 years it is a trend over the run, which mean_level or a series gives plainly.
constexpr double kMinTidePeriod = 60, kMaxTidePeriod = 20 * 365.25 * 86400;
constexpr const char* kTidePeriodWhy =
    "s: tides have periods from about 2 h (shallow-water overtides) to 18.6 years (the lunar nodal cycle); "
    "below a minute is a wind wave, not a tide: a unit mistake?";

sim::ConstituentSpec read_constituent(const Table& c) {
  c.check_keys({"name", "period", "amplitude", "phase"});
  sim::ConstituentSpec o;
  if (c.has("name") && c.has("period")) c.fail("period", "give either name or period, not both");
  if (c.has("name")) {
    const std::string name = *c.string("name");
    const sim::TideConstituent* k = sim::find_tide_constituent(name);
    if (!k) c.fail("name", "unknown constituent \"" + name + "\"" + constituent_hint(name) + " (or give period instead of name)");
    o.name = k->name;
    o.period = 360.0 / k->speed * 3600.0;
  } else if (c.has("period")) {
    o.period = *c.duration("period", above(0));
    check_plausible(c, "period", o.period, between(kMinTidePeriod, kMaxTidePeriod), kTidePeriodWhy);
  } else {
    c.fail_here("a constituent in " + c.path() + " needs a name (e.g. \"M2\") or a period (e.g. \"12 h\")");
  }
  c.require("amplitude", "[m]");
  o.amplitude = *c.number("amplitude", at_least(0));
  check_plausible(c, "amplitude", o.amplitude, between(0, 20),
                  "m: the largest tides on Earth (Bay of Fundy) have amplitudes below 10 m");
  o.phase = c.number("phase", any_number(), 0.0);
  return o;
}

// station = "...": the station's constituents for t counted from time.start (plus station_lead,
// the boundary's lead on the station), the largest swe::kMaxConstituents of them.
void read_station(const Table& b, sim::BoundarySpec& o, const std::string& start) {
  const std::string query = *b.string("station");
  o.station_lead = b.duration("station_lead", between(0, 6 * 3600.0)).value_or(0.0);
  const double t0 = parse_utc_time(start, "time.start") + o.station_lead;
  const int year = utc_year(t0);
  const std::string at = b.where("station") + b.key_path("station") + ": ";
  sim::StationTide station;
  try {
    station = read_tide_station(query, year, year);
  } catch (const TideYearsError& e) {
    b.fail("station", std::string(e.what()) + " (the year of time.start = " + start +
                          (o.station_lead > 0 ? " plus station_lead" : "") + "): give a time.start within those years");
  } catch (const InputError& e) {
    b.fail("station", e.what());
  } catch (const IoError& e) {
    throw IoError(at + e.what());
  } catch (const NotBuiltError& e) {
    throw NotBuiltError(at + e.what());
  }
  o.station = station.name;
  o.constituents = sim::station_constituents(station, year, t0 - utc_year_start(year));
  const std::size_t all = o.constituents.size();
  o.station_dropped = sim::keep_largest(o.constituents, swe::kMaxConstituents);
  o.station_dropped_count = static_cast<int>(all - o.constituents.size());
}

}  // namespace

void read_harmonic_tide(const Table& b, sim::BoundarySpec& o, const std::string& start, bool start_given) {
  o.mean_level = b.number("mean_level", any_number(), 0.0);
  check_plausible(b, "mean_level", o.mean_level, between(-kMaxLevel, kMaxLevel), kMaxLevelWhy);
  if (b.has("station_lead") && !b.has("station"))
    b.fail("station_lead", "is the lead of a station's tide: give station too");
  if (b.has("station")) {
    // (constituents = [] is none: `--set boundary.N.constituents=[]` clears a file's for a station.)
    if (b.has("constituents") && !b.tables("constituents").empty())
      b.fail("constituents", "give either station or constituents, not both");
    if (!start_given)
      b.fail("station", "a station's tide depends on the date: give time.start (the UTC date-time of t = 0, e.g. "
                        "\"2026-11-23T00:00:00Z\")");
    read_station(b, o, start);
    return;
  }
  const std::vector<Table> cs = b.tables("constituents");
  for (std::size_t k = 0; k < cs.size(); ++k) {
    o.constituents.push_back(read_constituent(cs[k]));
    for (std::size_t j = 0; j < k; ++j)  // the same wave twice would be summed silently
      if (std::fabs(o.constituents[j].period - o.constituents[k].period) <= 1e-9 * o.constituents[k].period)
        cs[k].fail_here(cs[k].path() + " (" + describe_constituent(o.constituents[k]) + ") repeats " + cs[j].path() +
                        " (" + describe_constituent(o.constituents[j]) + ", line " + std::to_string(cs[j].line()) +
                        "); give each constituent once, with the amplitude and phase of the whole wave");
  }
  if (o.constituents.size() > static_cast<std::size_t>(swe::kMaxConstituents))
    b.fail("constituents", "at most " + std::to_string(swe::kMaxConstituents) + " constituents are supported, got " +
                               std::to_string(o.constituents.size()));
}

}  // namespace ria::io::detail
