#include "io/scenario/scenario_toml.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "io/io_error.hpp"
#include "io/output_names.hpp"
#include "io/text_file.hpp"
#include "io/scenario/scenario_reader.hpp"
#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_time.hpp"

namespace ria::io {

namespace fs = std::filesystem;
using detail::Table;

namespace {

void read_domain(const Table& root, sim::Scenario& s) {
  const auto d = root.table("domain");
  if (!d) root.fail_here("missing required table [domain] (with source = \"dem\", \"analytic\" or \"synthetic_estuary\")");
  d->check_keys({"source", "dem", "values", "vertical_offset", "nodata", "fill_elevation", "resolution", "bbox",
                 "node_registered", "analytic", "cells"});
  d->require("source", "\"dem\", \"analytic\" or \"synthetic_estuary\"");
  sim::DomainSpec& o = s.domain;
  using Source = sim::DomainSpec::Source;
  o.source = *d->choice<Source>(
      "source", {{"dem", Source::dem}, {"analytic", Source::analytic}, {"synthetic_estuary", Source::synthetic_estuary}});
  if (o.source == Source::dem) {
    d->allow_only({"source", "dem", "values", "vertical_offset", "nodata", "fill_elevation", "resolution", "bbox",
                   "node_registered"},
                  "with source = \"dem\"");
    d->require("dem", "the path of the bathymetry raster");
    o.dem = resolve_scenario_path(*d->string("dem"), s.base_dir);
    using Values = sim::DomainSpec::Values;
    o.values = d->choice<Values>("values", {{"elevation", Values::elevation}, {"depth", Values::depth}}).value_or(o.values);
    o.vertical_offset = d->number("vertical_offset", detail::any_number(), o.vertical_offset);
    detail::check_plausible(*d, "vertical_offset", o.vertical_offset,
                            detail::between(-detail::kMaxElevation, detail::kMaxElevation), detail::kMaxElevationWhy);
    using Nodata = sim::DomainSpec::Nodata;
    o.nodata = d->choice<Nodata>("nodata", {{"land", Nodata::land}, {"error", Nodata::error}}).value_or(o.nodata);
    o.fill_elevation = d->number("fill_elevation", detail::any_number(), o.fill_elevation);
    detail::check_plausible(*d, "fill_elevation", o.fill_elevation,
                            detail::between(-detail::kMaxElevation, detail::kMaxElevation), detail::kMaxElevationWhy);
    o.resolution = d->number("resolution", detail::at_least(0), o.resolution);
    if (auto b = d->numbers("bbox", 4)) {
      const auto& v = *b;
      if (!(v[0] < v[2]) || !(v[1] < v[3]))
        d->fail("bbox", "expected [xmin, ymin, xmax, ymax] with xmin < xmax and ymin < ymax");
      o.has_bbox = true;
      std::copy(v.begin(), v.end(), o.bbox.begin());
    }
    o.node_registered = d->boolean("node_registered").value_or(o.node_registered);
    return;
  }
  if (o.source == Source::analytic) {
    d->allow_only({"source", "analytic", "cells"}, "with source = \"analytic\"");
    std::vector<std::pair<std::string, sim::AnalyticCase>> cases;
    std::string names;
    for (const sim::NamedAnalyticCase& c : sim::kAnalyticCases) {
      names += std::string(cases.empty() ? "" : ", ") + c.name;
      cases.emplace_back(c.name, c.c);
    }
    d->require("analytic", "the case: " + names);
    o.analytic = *d->choice<sim::AnalyticCase>("analytic", cases);
  } else {
    d->allow_only({"source", "cells"}, "with source = \"synthetic_estuary\"");
  }
  if (auto n = d->integer("cells", sim::DomainSpec::kMinCells, 100000)) o.cells = static_cast<int>(*n);
}

// The most map outputs and gauge samples a run may ask for (check_output_count; checkpoints:
// detail::kMaxCheckpoints).
constexpr double kMaxMapOutputs = 1e5, kMaxGaugeSamples = 1e7;

void read_time(const Table& root, sim::Scenario& s) {
  const auto t = root.table("time");
  if (!t) root.fail_here("missing required table [time] (with at least duration = \"<number> <unit>\")");
  t->check_keys({"start", "duration", "output_interval", "cfl"});
  t->require("duration", "the simulated time, e.g. \"7 d\"");
  if (auto v = t->date_time("start")) s.time.start = *v;
  s.time.duration = *t->duration("duration", detail::above(0));
  s.time.output_interval = t->duration("output_interval", detail::above(0)).value_or(s.time.duration);
  if (s.time.output_interval > s.time.duration)
    t->fail("output_interval", "expected a duration <= time.duration (" + detail::describe_seconds(s.time.duration) +
                                   "), got " + detail::describe_seconds(s.time.output_interval));
  detail::check_output_count(*t, "output_interval", s.time.output_interval, s.time.duration, kMaxMapOutputs,
                             "map outputs");
  s.time.cfl = t->number("cfl", detail::any_number(), s.time.cfl);
  if (t->has("cfl"))
    detail::check_plausible(*t, "cfl", s.time.cfl, detail::between(0.05, 1),
                            "the scheme is stable up to 1; below 0.05 a run only takes more steps, ~0.9 is usual");
}

void read_physics(const Table& root, sim::Scenario& s) {
  const auto p = root.table("physics");
  if (!p) return;
  p->check_keys({"gravity", "manning", "diffusivity", "half_life", "dry_depth"});
  sim::PhysicsSpec& o = s.physics;
  o.gravity = p->number("gravity", detail::above(0), o.gravity);
  detail::check_plausible(*p, "gravity", o.gravity, detail::between(1, 30),
                          "m/s2: 9.81 on Earth; the range leaves room for scaled laboratory and planetary runs, "
                          "a value outside it is a unit mistake");
  if (p->type("manning") == Table::Type::string) {
    const std::string v = *p->string("manning");
    o.manning_raster = resolve_scenario_path(v, s.base_dir);
    // A number with a typo ("0.03x", as --set makes every value a string first) is no raster
    // name: a number followed by at most three characters without a dot or slash, and no such file.
    char* end = nullptr;
    std::strtod(v.c_str(), &end);
    const std::string rest = end ? std::string(end) : v;
    std::error_code ec;
    if (end != v.c_str() && rest.size() <= 3 && rest.find_first_of("./") == std::string::npos &&
        !fs::exists(o.manning_raster, ec))
      p->fail("manning", "expected a number in [0, 1] or the path of a raster of n, got '" + v +
                             "' (neither a number nor an existing file)");
  } else {
    o.manning = p->number("manning", detail::at_least(0), o.manning);
    detail::check_plausible(*p, "manning", o.manning, detail::between(0, 1),
                            "s/m^(1/3), as in a Manning raster: 0.01-0.1 is usual, above 1 is no channel");
  }
  o.diffusivity = p->number("diffusivity", detail::at_least(0), o.diffusivity);
  o.half_life = p->duration("half_life", detail::at_least(0)).value_or(o.half_life);
  // At least 1e-9 m: the physics divides by depths of at least dry_depth, and the GPU's double
  // division (quotient.hpp) and float friction (sources.hpp) need them far above the subnormals.
  o.dry_depth = p->number("dry_depth", detail::at_least(1e-9), o.dry_depth);
  detail::check_plausible(*p, "dry_depth", o.dry_depth, detail::between(1e-9, 0.1),
                          "m: the depth below which a cell is dry; 1e-5 to 1e-3 is usual, above 0.1 m water that "
                          "should flow stands still");
}

void read_pollutant(const Table& root, sim::Scenario& s) {
  const auto p = root.table("pollutant");
  if (!p) return;
  p->check_keys({"units"});
  s.pollutant.units = p->string("units").value_or(s.pollutant.units);
  const std::string& u = s.pollutant.units;
  if (u.empty() || std::any_of(u.begin(), u.end(), [](char c) { return c == ',' || c == '"' || (c >= 0 && c < ' '); }))
    p->fail("units", "expected a unit such as \"kg m-3\" or \"ppm\" (\"1\": dimensionless), not empty and without "
                     "commas, quotes or control characters; got \"" + u + "\"");
}

/// initial.velocity: absent (at rest), or two strings: `what` they are.
std::vector<std::string> read_velocity(const Table& t, const std::string& what) {
  if (t.has("velocity") && t.type("velocity") != Table::Type::array)
    t.fail("velocity", "expected an array of two strings, " + what);
  return t.strings("velocity", 2).value_or(std::vector<std::string>{});
}

void read_initial(const Table& root, sim::Scenario& s) {
  using Kind = sim::InitialSpec::Kind;
  const bool analytic_domain = s.domain.source == sim::DomainSpec::Source::analytic;
  s.initial.kind = analytic_domain ? Kind::analytic : Kind::still;
  const auto t = root.table("initial");
  if (!t) return;
  t->check_keys({"kind", "level", "path", "variable", "time", "velocity", "concentration"});
  s.initial.kind = t->choice<Kind>("kind", {{"still", Kind::still},
                                             {"raster", Kind::raster},
                                             {"checkpoint", Kind::checkpoint},
                                             {"analytic", Kind::analytic},
                                             {"netcdf", Kind::netcdf}})
                       .value_or(s.initial.kind);
  switch (s.initial.kind) {
    case Kind::still:
      t->allow_only({"kind", "level"}, "with kind = \"still\"");
      if (t->type("level") == Table::Type::string) {
        const std::string v = *t->string("level", true);
        if (v != "tide")
          t->fail("level", "expected a number [m] or \"tide\" (the level of the first level boundary at the start), got \"" +
                               v + "\"");
        s.initial.level_at_tide = true;
        break;
      }
      s.initial.level = t->number("level", detail::any_number(), s.initial.level);
      detail::check_plausible(*t, "level", s.initial.level, detail::between(-detail::kMaxLevel, detail::kMaxLevel),
                              detail::kMaxLevelWhy);
      break;
    case Kind::raster:
    case Kind::checkpoint: {
      const std::string k = s.initial.kind == Kind::raster ? "raster" : "checkpoint";
      if (k == "raster")
        t->allow_only({"kind", "path", "velocity", "concentration"}, "with kind = \"raster\"");
      else
        t->allow_only({"kind", "path"}, "with kind = \"checkpoint\"");
      t->require("path", k == "raster" ? "a raster of the free-surface elevation" : "a checkpoint file");
      s.initial.path = resolve_scenario_path(*t->string("path"), s.base_dir);
      if (k == "raster") {
        s.initial.velocity = read_velocity(*t, "the paths of two rasters of the velocity [m/s], x then y component");
        for (std::string& v : s.initial.velocity) v = resolve_scenario_path(v, s.base_dir);
        if (const auto c = t->string("concentration")) s.initial.concentration = resolve_scenario_path(*c, s.base_dir);
      }
      break;
    }
    case Kind::netcdf:
      t->allow_only({"kind", "path", "variable", "time", "velocity", "concentration"}, "with kind = \"netcdf\"");
      t->require("path", "a NetCDF file with the free surface on the model grid (e.g. the ria.nc of an earlier run)");
      s.initial.path = resolve_scenario_path(*t->string("path"), s.base_dir);
      s.initial.variable = t->string("variable").value_or(s.initial.variable);
      s.initial.time = t->duration("time", detail::at_least(0)).value_or(-1.0);
      s.initial.velocity = read_velocity(*t, "the names of the x and y velocity variables, e.g. [\"u\", \"v\"] of a ria.nc");
      s.initial.concentration = t->string("concentration").value_or("");
      break;
    case Kind::analytic:
      t->allow_only({"kind"}, "with kind = \"analytic\"");
      if (!analytic_domain) t->fail("kind", "kind = \"analytic\" needs domain.source = \"analytic\"");
      break;
  }
}

/// initial.level = "tide" needs a level boundary (read after [initial]).
void check_initial_tide(const Table& root, const sim::Scenario& s) {
  if (!s.initial.level_at_tide || sim::first_level_boundary(s)) return;
  root.table("initial")->fail("level", "\"tide\" starts the water at the level of the first [[boundary]] with kind = "
                                       "\"level\" at the start, and the scenario has none; give the level in metres");
}

void read_gauges(const Table& root, sim::Scenario& s) {
  const auto gauges = root.tables("gauge");
  for (std::size_t i = 0; i < gauges.size(); ++i) {
    const Table& g = gauges[i];
    g.check_keys({"name", "x", "y"});
    for (const char* k : {"name", "x", "y"}) g.require(k);
    sim::GaugeSpec o;
    o.name = *g.string("name");
    o.x = *g.number("x", detail::any_number());
    o.y = *g.number("y", detail::any_number());
    detail::check_unique_name(g, "name", o.name, gauges, s.gauges, "gauge");
    s.gauges.push_back(o);
  }
}

void read_output(const Table& root, sim::Scenario& s) {
  const auto t = root.table("output");
  if (!t) return;
  t->check_keys({"directory", "netcdf", "gauges_csv", "gauge_interval", "arrival_threshold", "png_times", "png_at_end",
                 "map_depth_scale", "animation", "checkpoint_interval"});
  sim::OutputSpec& o = s.output;
  o.directory = t->string("directory").value_or(o.directory);
  o.netcdf = t->boolean("netcdf").value_or(o.netcdf);
  o.gauges_csv = t->boolean("gauges_csv").value_or(o.gauges_csv);
  o.gauge_interval = t->duration("gauge_interval", detail::at_least(0)).value_or(o.gauge_interval);
  detail::check_output_count(*t, "gauge_interval", o.gauge_interval, s.time.duration, kMaxGaugeSamples,
                             "gauge samples");
  o.arrival_threshold = t->number("arrival_threshold", detail::above(0), o.arrival_threshold);
  o.png_at_end = t->boolean("png_at_end").value_or(o.png_at_end);
  if (auto v = t->durations("png_times", detail::at_least(0))) {
    o.png_times = *v;
    std::sort(o.png_times.begin(), o.png_times.end());
    o.png_times.erase(std::unique(o.png_times.begin(), o.png_times.end()), o.png_times.end());
    // A map's name holds its time to the millisecond (io::map_time_stamp): two times in one
    // millisecond would draw into one file.
    for (std::size_t k = 1; k < o.png_times.size(); ++k)
      if (io::map_time_stamp(o.png_times[k]) == io::map_time_stamp(o.png_times[k - 1]))
        t->fail("png_times", "the times " + detail::describe_seconds(o.png_times[k - 1]) + " and " + detail::describe_seconds(o.png_times[k]) +
                                 " give maps of one name (t" + io::map_time_stamp(o.png_times[k]) +
                                 "); give times at least 1 ms apart");
    // Nor may one share the end map's name (png_at_end), which would draw over it.
    for (const double p : o.png_times)
      if (o.png_at_end && p != s.time.duration && io::map_time_stamp(p) == io::map_time_stamp(s.time.duration))
        t->fail("png_times", "the time " + detail::describe_seconds(p) + " gives the name of the end map at time.duration = " +
                                 detail::describe_seconds(s.time.duration) + " (t" + io::map_time_stamp(p) +
                                 "), which would draw over it; give a time at least 1 ms from the end");
  }
  o.map_depth_log = t->choice<bool>("map_depth_scale", {{"linear", false}, {"log", true}}).value_or(o.map_depth_log);
  using A = sim::OutputSpec::Animation;
  o.animation = t->choice<A>("animation", {{"none", A::none}, {"concentration", A::concentration}, {"depth", A::depth}})
                    .value_or(o.animation);
  o.checkpoint_interval = t->duration("checkpoint_interval", detail::at_least(0)).value_or(o.checkpoint_interval);
  detail::check_output_count(*t, "checkpoint_interval", o.checkpoint_interval, s.time.duration,
                             detail::kMaxCheckpoints, "checkpoints");
}

}  // namespace

sim::Scenario parse_scenario(const std::string& text, const std::string& name, const std::string& base_dir,
                             const std::vector<std::string>& overrides) {
  const detail::Document doc(text, name, overrides);
  const Table root = doc.root();
  root.check_keys({"name", "description", "domain", "time", "physics", "pollutant", "initial", "boundary", "patch", "release",
                   "gauge", "output"});
  sim::Scenario s;
  detail::read_identity(doc, root, name, base_dir, s);
  read_domain(root, s);
  read_time(root, s);
  read_physics(root, s);
  read_pollutant(root, s);
  read_initial(root, s);
  detail::read_boundaries(root, s);
  check_initial_tide(root, s);
  detail::read_patches(root, s);
  detail::read_releases(root, s);
  read_gauges(root, s);
  read_output(root, s);
  return s;
}

sim::Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides) {
  const std::string text = read_text_file(path, "scenario file");
  return parse_scenario(text, path, detail::scenario_dir(path), overrides);
}

}  // namespace ria::io
