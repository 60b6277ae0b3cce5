// The harmonic tide of a level boundary: mean_level and [[boundary.constituents]] (a standard
// constituent by name, or any period), with their checks. The Tide the solver evaluates is built
// from them by the simulation layer (include/ria/sim/tide.hpp).
#include <cctype>
#include <cmath>
#include <string>

#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_time.hpp"
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

}  // namespace

void read_harmonic_tide(const Table& b, sim::BoundarySpec& o) {
  o.mean_level = b.number("mean_level", any_number(), 0.0);
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
