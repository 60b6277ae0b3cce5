// [[boundary]], [[patch]] and [[release]]: the parts of a scenario that drive the flow and carry the
// pollutant, with their consistency checks (one boundary per side, no overlapping sources).
#include <cmath>
#include <map>
#include <string>

#include "io/io_error.hpp"
#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "io/scenario/scenario_time.hpp"
#include "io/scenario/series_csv.hpp"

namespace ria::io::detail {
namespace {

/// Largest plausible discharge [m3/s] and why.
constexpr double kMaxDischarge = 1e6;
constexpr const char* kMaxDischargeWhy = "m3/s: the Amazon carries about 2e5 m3/s";
// The state holds h C in float on the GPU; a concentration in the units of pollutant.units above
// this is no concentration in any unit in use and would overflow h C and its fluxes (inf passes
// the depth checks and a run would end with non-finite maps).
constexpr double kMaxConcentration = 1e12;
constexpr const char* kMaxConcentrationWhy =
    "in pollutant.units: pure water holds 1e6 g m-3, 1e9 ppb; above 1e12 h C and its fluxes leave float's range";

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

/// series = "file.csv" (loaded now) or an inline [[t, value], ...].
void read_series_key(const Table& b, sim::BoundarySpec& o, const std::string& base_dir) {
  const int column = static_cast<int>(b.integer("column", 1, 1000).value_or(1));
  if (b.type("series") == Table::Type::string) {
    o.series_file = resolve_scenario_path(*b.string("series"), base_dir);
    try {
      o.series = read_series(o.series_file, column);
    } catch (const IoError& e) {
      throw IoError(b.where("series") + b.key_path("series") + ": " + e.what());
    } catch (const InputError& e) {
      const std::string at = b.where("series");  // "FILE:LINE: " or "--set KEY: "
      throw InputError(std::string(e.what()) + " (the series of " + b.path() + ", " + at.substr(0, at.size() - 2) + ")");
    }
    return;
  }
  if (b.has("column")) b.fail("column", "column is used only with a series file (series = \"file.csv\")");
  if (b.type("series") != Table::Type::array)
    b.fail("series", "expected the path of a series file or an array of [time, value] pairs");
  const auto points = *b.pairs("series");
  for (const auto& p : points) o.series.push_back({p[0], p[1]});
  if (o.series.size() < 2) b.fail("series", "expected at least 2 [time, value] points");
  for (std::size_t i = 1; i < o.series.size(); ++i)
    if (!(o.series[i].t > o.series[i - 1].t))
      b.fail("series", "times must increase (point " + std::to_string(i) + " is not after point " +
                           std::to_string(i - 1) + ")");
}

bool boxes_overlap(const std::array<double, 4>& a, const std::array<double, 4>& b) {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

std::array<double, 4> patch_box(const sim::PatchSpec& p) {
  if (!p.polygon) return {p.x - p.radius, p.y - p.radius, p.x + p.radius, p.y + p.radius};
  std::array<double, 4> b{INFINITY, INFINITY, -INFINITY, -INFINITY};
  for (const auto& v : p.vertices) {
    b[0] = std::fmin(b[0], v[0]), b[1] = std::fmin(b[1], v[1]);
    b[2] = std::fmax(b[2], v[0]), b[3] = std::fmax(b[3], v[1]);
  }
  return b;
}

}  // namespace

void read_boundaries(const Table& root, sim::Scenario& s) {
  using Side = sim::BoundarySpec::Side;
  using Kind = sim::BoundarySpec::Kind;
  std::map<Side, std::size_t> seen;  // side -> index of its boundary
  const auto time = root.table("time");
  const bool start_given = time && time->has("start");
  const auto tables = root.tables("boundary");
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const Table& b = tables[i];
    b.check_keys({"side", "kind", "segment", "mean_level", "constituents", "station", "station_lead", "series", "column",
                  "discharge", "concentration", "radiating"});
    b.require("side", "west, east, south or north");
    b.require("kind", "wall, open, level or discharge");
    sim::BoundarySpec o;
    o.side = *b.choice<Side>("side",
                             {{"west", Side::west}, {"east", Side::east}, {"south", Side::south}, {"north", Side::north}});
    if (auto it = seen.find(o.side); it != seen.end())
      b.fail("side", "side " + quoted(*b.string("side")) + " is already given by " + tables[it->second].path() +
                         " (line " + std::to_string(tables[it->second].line("side")) +
                         "); the solver supports one boundary segment per side (the rest of the side is a wall)");
    seen[o.side] = i;
    o.kind = *b.choice<Kind>(
        "kind", {{"wall", Kind::wall}, {"open", Kind::open}, {"level", Kind::level}, {"discharge", Kind::discharge}});
    const std::string for_kind = "for kind = " + quoted(*b.string("kind"));
    switch (o.kind) {
      case Kind::wall:
      case Kind::open: b.allow_only({"side", "kind", "segment"}, for_kind); break;
      case Kind::level:
        b.allow_only({"side", "kind", "segment", "mean_level", "constituents", "station", "station_lead", "series",
                      "column", "concentration", "radiating"},
                     for_kind);
        break;
      case Kind::discharge:
        b.allow_only({"side", "kind", "segment", "discharge", "series", "column", "concentration"}, for_kind);
        break;
    }
    if (auto seg = b.numbers("segment", 2)) {
      if (!((*seg)[0] < (*seg)[1])) b.fail("segment", "expected [from, to] with from < to (model coordinates along the side)");
      o.has_segment = true;
      o.from = (*seg)[0];
      o.to = (*seg)[1];
    }
    o.concentration = b.number("concentration", at_least(0), 0.0);
    check_plausible(b, "concentration", o.concentration, between(0, kMaxConcentration), kMaxConcentrationWhy);
    if (o.kind == Kind::level) {
      const bool series = b.has("series"),
                 harmonic = b.has("constituents") || b.has("mean_level") || b.has("station");
      if (!series && !harmonic)
        b.fail_here(b.path() + ": a level boundary needs mean_level and/or constituents, a station, or a series");
      if (series && harmonic)
        b.fail("series", "a level boundary takes either a series or mean_level/constituents/station, not both");
      read_harmonic_tide(b, o, s.time.start, start_given);
      if (!series && b.has("column")) b.fail("column", "column is used only with a series file (series = \"file.csv\")");
      if (series) {
        read_series_key(b, o, s.base_dir);
        for (const auto& p : o.series)
          check_plausible(b, "series", p.value, between(-kMaxLevel, kMaxLevel),
                          std::string("a level at t = ") + describe_seconds(p.t) + ": " + kMaxLevelWhy);
      }
      o.radiating = b.boolean("radiating").value_or(false);
    } else if (o.kind == Kind::discharge) {
      const bool series = b.has("series"), constant = b.has("discharge");
      if (!series && !constant)
        b.fail_here(b.path() + ": a discharge boundary needs discharge (m3/s) or a series");
      if (series && constant) b.fail("series", "a discharge boundary takes either discharge or a series, not both");
      o.discharge = b.number("discharge", above(0), 0.0);
      check_plausible(b, "discharge", o.discharge, between(0, kMaxDischarge), kMaxDischargeWhy);
      if (series) {
        read_series_key(b, o, s.base_dir);
        for (const auto& p : o.series)
          if (p.value < 0) b.fail("series", "discharge values must be >= 0 (inflow), got " + std::to_string(p.value));
          else check_plausible(b, "series", p.value, between(0, kMaxDischarge), std::string("a discharge value at t = ") +
                                                                                  describe_seconds(p.t) + ": " + kMaxDischargeWhy);
      }
    }
    s.boundaries.push_back(std::move(o));
  }
}

void read_patches(const Table& root, sim::Scenario& s) {
  const auto tables = root.tables("patch");
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const Table& t = tables[i];
    t.check_keys({"name", "concentration", "circle", "polygon"});
    sim::PatchSpec o;
    o.name = t.string("name").value_or("patch_" + std::to_string(i));
    check_unique_name(t, "name", o.name, tables, s.patches, "patch");
    t.require("concentration");
    o.concentration = *t.number("concentration", at_least(0));
    check_plausible(t, "concentration", o.concentration, between(0, kMaxConcentration), kMaxConcentrationWhy);
    if (t.has("circle") && t.has("polygon")) t.fail("polygon", "give either circle or polygon, not both");
    if (auto c = t.table("circle")) {
      c->check_keys({"x", "y", "radius"});
      for (const char* k : {"x", "y", "radius"}) c->require(k);
      o.x = *c->number("x", any_number());
      o.y = *c->number("y", any_number());
      o.radius = *c->number("radius", above(0));
    } else if (auto p = t.pairs("polygon")) {
      if (p->size() < 3) t.fail("polygon", "expected at least 3 [x, y] vertices, got " + std::to_string(p->size()));
      o.polygon = true;
      o.vertices = *p;
    } else {
      t.fail_here(t.path() + ": a patch needs circle = {x = .., y = .., radius = ..} or polygon = [[x, y], ...]");
    }
    for (std::size_t j = 0; j < i; ++j) {
      const sim::PatchSpec& q = s.patches[j];
      const bool overlap = (!o.polygon && !q.polygon) ? std::hypot(o.x - q.x, o.y - q.y) < o.radius + q.radius
                                                      : boxes_overlap(patch_box(o), patch_box(q));
      if (overlap)
        t.fail_here("patch '" + o.name + "' overlaps patch '" + q.name + "' (" + tables[j].path() + ", line " +
                    std::to_string(tables[j].line()) + "); patches must not overlap" +
                    (o.polygon || q.polygon ? " (a polygon is compared by its bounding box)" : ""));
    }
    s.patches.push_back(std::move(o));
  }
}

void read_releases(const Table& root, sim::Scenario& s) {
  const auto tables = root.tables("release");
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const Table& t = tables[i];
    t.check_keys({"name", "x", "y", "radius", "discharge", "concentration", "start", "duration"});
    for (const char* k : {"x", "y", "discharge", "concentration"}) t.require(k);
    sim::ReleaseSpec o;
    o.name = t.string("name").value_or("release_" + std::to_string(i));
    check_unique_name(t, "name", o.name, tables, s.releases, "release");
    o.x = *t.number("x", any_number());
    o.y = *t.number("y", any_number());
    o.radius = t.number("radius", at_least(0), 0.0);
    o.discharge = *t.number("discharge", above(0));
    check_plausible(t, "discharge", o.discharge, between(0, kMaxDischarge), kMaxDischargeWhy);
    o.concentration = *t.number("concentration", at_least(0));
    check_plausible(t, "concentration", o.concentration, between(0, kMaxConcentration), kMaxConcentrationWhy);
    o.start = t.duration("start", at_least(0)).value_or(0.0);
    o.duration = t.duration("duration", above(0)).value_or(s.time.duration);  // default: to the end of the run
    for (std::size_t j = 0; j < i; ++j) {
      const sim::ReleaseSpec& q = s.releases[j];
      const double d = std::hypot(o.x - q.x, o.y - q.y);
      const bool space = d < o.radius + q.radius || d == 0;
      const bool time = o.start < q.start + q.duration && q.start < o.start + o.duration;
      if (space && time)
        t.fail_here("release '" + o.name + "' overlaps release '" + q.name + "' (" + tables[j].path() + ", line " +
                    std::to_string(tables[j].line()) +
                    ") in space and in time; give them disjoint circles or disjoint time windows");
    }
    s.releases.push_back(std::move(o));
  }
}

}  // namespace ria::io::detail
