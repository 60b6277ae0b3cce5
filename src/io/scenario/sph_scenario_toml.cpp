// The SPH scenario reader (sph_scenario_toml.hpp), on the checked TOML tables of scenario_reader.hpp.
#include "io/scenario/sph_scenario_toml.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "io/io_error.hpp"
#include "io/text_file.hpp"
#include "io/scenario/scenario_reader.hpp"
#include "io/scenario/scenario_time.hpp"

namespace ria::io {
namespace {

using detail::Table;
using sph::Point;

std::string axes(int dim, int count) {
  if (count == 1) return "[x]";
  if (count == 2) return dim == 2 ? "[x, z]" : "[x, y]";
  return "[x, y, z]";
}

/// An array of `count` numbers (the first `count` model components), e.g. [x, z] in 2-D.
std::optional<Point> point(const Table& t, const std::string& key, int dim, int count) {
  if (!t.has(key)) return std::nullopt;
  const std::string what = axes(dim, count) + " (" + std::to_string(count) + " numbers for dimensions = " + std::to_string(dim) + ")";
  if (t.type(key) != Table::Type::array) t.fail(key, "expected " + what);
  std::optional<std::vector<double>> v;
  try {
    v = t.numbers(key, 0);
  } catch (const InputError&) {
    t.fail(key, "expected " + what + " of finite numbers");
  }
  if (static_cast<int>(v->size()) != count)
    t.fail(key, "expected " + what + ", got " + std::to_string(v->size()) + " numbers");
  Point p{};
  for (int c = 0; c < count; ++c) p[c] = (*v)[c];
  return p;
}

/// min and max of a box: both required, min < max along every axis.
void box(const Table& t, int dim, Point& lo, Point& hi) {
  t.require("min", axes(dim, dim) + ", the lower corner [m]");
  t.require("max", axes(dim, dim) + ", the upper corner [m]");
  lo = *point(t, "min", dim, dim);
  hi = *point(t, "max", dim, dim);
  for (int c = 0; c < dim; ++c)
    if (!(lo[c] < hi[c]))
      t.fail("max", "expected max > min along every axis; along axis " + std::to_string(c) + " max = " +
                        std::to_string(hi[c]) + " <= min = " + std::to_string(lo[c]));
}

void read_particles(const Table& root, sph::Scenario& s) {
  const auto t = root.table("particles");
  if (!t) root.fail_here("missing required table [particles] (with dp = the particle spacing in m)");
  t->check_keys({"dp", "h_over_dp"});
  t->require("dp", "the particle spacing [m]");
  s.dp = *t->number("dp", detail::above(0));
  s.h_over_dp = t->number("h_over_dp", detail::above(0), s.h_over_dp);
  if (t->has("h_over_dp"))
    detail::check_plausible(*t, "h_over_dp", s.h_over_dp, detail::between(1, 3),
                            "the smoothing length in particle spacings: 1.2-2 is usual; below 1 a particle has "
                            "too few neighbours, above 3 too many");
}

void read_physics(const Table& root, sph::Scenario& s) {
  const auto t = root.table("physics");
  if (!t) return;
  t->check_keys({"gravity", "rho0", "gamma", "c0", "c0_coefficient", "depth", "alpha", "wall_viscosity", "kinematic_viscosity", "turbulence", "density_diffusion", "delta",
                 "cfl", "initial_density"});
  s.gravity = t->number("gravity", detail::above(0), s.gravity);
  detail::check_plausible(*t, "gravity", s.gravity, detail::between(1, 30),
                          "m/s2: 9.81 on Earth; a value outside [1, 30] is a unit mistake");
  s.rho0 = t->number("rho0", detail::above(0), s.rho0);
  detail::check_plausible(*t, "rho0", s.rho0, detail::between(100, 20000), "kg/m3: 1000 for water");
  s.gamma = t->number("gamma", detail::at_least(1), s.gamma);
  detail::check_plausible(*t, "gamma", s.gamma, detail::between(1, 10), "the Tait exponent: 7 for water");
  if (t->has("c0") && (t->has("c0_coefficient") || t->has("depth")))
    t->fail(t->has("c0_coefficient") ? "c0_coefficient" : "depth",
            "give either c0 or c0_coefficient (with depth), not both: c0 = c0_coefficient sqrt(g depth)");
  s.c0 = t->number("c0", detail::above(0), s.c0);
  if (t->has("c0"))  // dt is about cfl h / c0: at 1e4 m/s a 1 cm particle's run of one second takes ~1e6 steps
    detail::check_plausible(*t, "c0", s.c0, detail::between(0.01, 1e4),
                            "m/s: the artificial speed of sound, 10 U_max or more (20-60 m/s for a laboratory dam break); "
                            "outside [0.01, 1e4] is a unit mistake or a run that would never end");
  s.c0_coefficient = t->number("c0_coefficient", detail::above(0), s.c0_coefficient);
  if (t->has("c0_coefficient"))
    detail::check_plausible(*t, "c0_coefficient", s.c0_coefficient, detail::between(1, 1000),
                            "c0 over sqrt(g depth): 10 to 40 as a rule");
  s.depth = t->number("depth", detail::above(0), s.depth);
  s.alpha = t->number("alpha", detail::between(0, 1), s.alpha);
  s.wall_viscosity = t->number("wall_viscosity", detail::between(0, 1), s.wall_viscosity);
  s.kinematic_viscosity = t->number("kinematic_viscosity", detail::at_least(0), s.kinematic_viscosity);
  if (t->has("kinematic_viscosity") && s.kinematic_viscosity > 0)
    detail::check_plausible(*t, "kinematic_viscosity", s.kinematic_viscosity, detail::between(1e-7, 1),
                            "m2/s: 1e-6 for water at 20 C, about 1e-2 for honey; outside [1e-7, 1] is a unit mistake");
  if (auto k = t->choice<bool>("turbulence", {{"none", false}, {"sps", true}})) s.sps = *k;
  if (s.sps && !(s.kinematic_viscosity > 0))
    t->fail("turbulence", "\"sps\" is the laminar + SPS model (Dalrymple & Rogers 2006): it needs kinematic_viscosity > 0 "
                          "(water: 1e-6)");
  if (auto k = t->choice<sph::DensityDiffusion>("density_diffusion",
                                                 {{"none", sph::DensityDiffusion::none},
                                                  {"molteni_colagrossi", sph::DensityDiffusion::molteni_colagrossi},
                                                  {"fourtakas", sph::DensityDiffusion::fourtakas}}))
    s.diffusion = *k;
  s.delta = t->number("delta", detail::between(0, 1), s.delta);
  s.cfl = t->number("cfl", detail::between(0, 1, true, false), s.cfl);
  if (t->has("cfl"))
    detail::check_plausible(*t, "cfl", s.cfl, detail::between(0.05, 0.5),
                            "0.2 is usual (DualSPHysics); above 0.5 the explicit step is not stable");
  if (auto k = t->choice<bool>("initial_density", {{"hydrostatic", true}, {"uniform", false}})) s.hydrostatic_start = *k;
}

// The most series samples and particle snapshots a run may ask for (check_output_count).
constexpr double kMaxSeriesSamples = 1e7, kMaxSnapshots = 1e5;

void read_time(const Table& root, sph::Scenario& s) {
  const auto t = root.table("time");
  if (!t) root.fail_here("missing required table [time] (with at least duration = \"<number> s\")");
  t->check_keys({"duration", "output_interval", "snapshot_interval"});
  t->require("duration", "the simulated time, e.g. \"1 s\"");
  s.duration = *t->duration("duration", detail::between(0, sph::kMaxDuration, true));
  s.output_interval = t->duration("output_interval", detail::above(0)).value_or(s.duration / 100);
  s.snapshot_interval = t->duration("snapshot_interval", detail::at_least(0)).value_or(0.0);
  for (const char* k : {"output_interval", "snapshot_interval"}) {
    const bool snapshot = std::string(k) == "snapshot_interval";
    if (snapshot && !s.snapshots) continue;  // output.snapshots = false: no snapshot stops (driver.cpp)
    const double v = snapshot ? s.snapshot_interval : s.output_interval;
    if (snapshot && v > 0 && v < sph::kSnapshotTick)
      t->fail(k, "expected 0 (the start and the end) or at least 1 us: snapshot files are named by their time in "
                 "microseconds; got " + detail::describe_seconds(v));
    if (t->has(k) && v > s.duration)
      t->fail(k, "expected a duration <= time.duration (" + detail::describe_seconds(s.duration) + "), got " +
                     detail::describe_seconds(v));
    detail::check_output_count(*t, k, v, s.duration, snapshot ? kMaxSnapshots : kMaxSeriesSamples,
                               snapshot ? "snapshots" : "series samples");
  }
}

void read_domain(const Table& root, sph::Scenario& s) {
  const auto t = root.table("domain");
  if (!t) return;
  t->check_keys({"min", "max"});
  box(*t, s.dim, s.domain_lo, s.domain_hi);
  s.has_domain = true;
}

void read_fluid(const Table& root, sph::Scenario& s) {
  const auto tables = root.tables("fluid");
  if (tables.empty()) root.fail_here("missing [[fluid]]: an SPH scenario needs at least one fluid box (min, max)");
  for (const Table& t : tables) {
    t.check_keys({"min", "max", "velocity"});
    sph::FluidBox b;
    box(t, s.dim, b.lo, b.hi);
    if (auto v = point(t, "velocity", s.dim, s.dim)) b.velocity = *v;
    s.fluid.push_back(b);
  }
}

void read_walls(const Table& root, sph::Scenario& s) {
  for (const Table& t : root.tables("wall")) {
    t.check_keys({"kind", "min", "max", "layers", "top"});
    t.require("kind", "\"tank\" (a shell around the box) or \"block\" (a solid box)");
    sph::WallBox w;
    w.kind = *t.choice<sph::WallBox::Kind>("kind", {{"block", sph::WallBox::Kind::block}, {"tank", sph::WallBox::Kind::tank}});
    if (w.kind == sph::WallBox::Kind::block) t.allow_only({"kind", "min", "max"}, "with kind = \"block\"");
    box(t, s.dim, w.lo, w.hi);
    if (auto n = t.integer("layers", 1, 20)) w.layers = static_cast<int>(*n);
    if (auto k = t.choice<bool>("top", {{"open", true}, {"closed", false}})) w.open_top = *k;
    s.walls.push_back(w);
  }
}

const char* axis_name(int dim, int c) { return dim == 2 ? (c == 0 ? "x" : "z") : (c == 0 ? "x" : c == 1 ? "y" : "z"); }

std::string metres(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

/// Refuses fluid box t (read as b) where it reaches below lo or beyond hi (infinite: open) along
/// an axis, naming min or max, the axis and the extent of `what`.
void check_within(const Table& t, const sph::FluidBox& b, int dim, const sph::Point& lo, const sph::Point& hi,
                  const std::string& what, const std::string& why) {
  for (int c = 0; c < dim; ++c) {
    const bool open = !std::isfinite(hi[c]);
    const double slack = 1e-9 * std::max({1.0, std::fabs(lo[c]), open ? 0.0 : std::fabs(hi[c])});  // as written
    const bool below = b.lo[c] < lo[c] - slack, above = !open && b.hi[c] > hi[c] + slack;
    if (!below && !above) continue;
    const std::string axis = axis_name(dim, c);
    t.fail(below ? "min" : "max", "the box reaches " + axis + " = " + metres(below ? b.lo[c] : b.hi[c]) + " m, beyond " +
                                      what + " (" + axis + " from " + metres(lo[c]) +
                                      (open ? " m up" : " to " + metres(hi[c]) + " m") + "): " + why);
  }
}

/// Each fluid box within [domain] (its top is open: fluid above it falls back) and, where it
/// reaches into a tank, within the tank's inside: fluid below or beside the domain leaves the flow
/// in the first step, and the part of a box in a tank's particle layers is left out while the part
/// beyond them spills outside the tank. A box that touches a tank's layers from outside or covers
/// a block is set up with a warning (make_setup).
void check_fluid_boxes(const Table& root, const sph::Scenario& s) {
  const std::vector<Table> tables = root.tables("fluid");
  const int dim = s.dim, v = dim - 1;
  for (std::size_t k = 0; k < s.fluid.size() && k < tables.size(); ++k) {
    const sph::FluidBox& b = s.fluid[k];
    if (s.has_domain) {
      sph::Point hi = s.domain_hi;
      hi[v] = INFINITY;
      check_within(tables[k], b, dim, s.domain_lo, hi, "[domain]",
                   "fluid below or beside the domain leaves the flow in the first step; expected a box within [domain] "
                   "(above its top is allowed)");
    }
    for (std::size_t w = 0; w < s.walls.size(); ++w) {
      const sph::WallBox& wb = s.walls[w];
      if (wb.kind != sph::WallBox::Kind::tank) continue;
      sph::Point hi = wb.hi;
      if (wb.open_top) hi[v] = INFINITY;
      bool inside = true;  // whether the box overlaps the tank's inside (open above an open top)
      for (int c = 0; c < dim; ++c) inside = inside && b.lo[c] < hi[c] && b.hi[c] > wb.lo[c];
      if (!inside) continue;
      check_within(tables[k], b, dim, wb.lo, hi, "the inside of the tank wall." + std::to_string(w),
                   "fluid in a tank's particle layers is left out and beyond them spills outside the tank; expected a "
                   "box within the tank's min and max" + std::string(wb.open_top ? " (above its open top is allowed)" : ""));
    }
  }
}

void read_probes(const Table& root, sph::Scenario& s) {
  const auto tables = root.tables("probe");
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const Table& t = tables[i];
    t.check_keys({"name", "kind", "at"});
    for (const char* k : {"name", "kind", "at"}) t.require(k);
    sph::Probe p;
    p.name = *t.string("name");
    for (char c : p.name)
      if (c == ',' || c == '"' || static_cast<unsigned char>(c) < ' ')
        t.fail("name", "expected a name without commas, quotes or control characters (it heads a CSV column)");
    for (std::size_t j = 0; j < i; ++j)
      if (s.probes[j].name == p.name)
        t.fail("name", "probe name '" + p.name + "' is already used by " + tables[j].path() + "; probe names must be unique");
    p.kind = *t.choice<sph::Probe::Kind>("kind", {{"pressure", sph::Probe::Kind::pressure},
                                                        {"wall_pressure", sph::Probe::Kind::wall_pressure},
                                                        {"height", sph::Probe::Kind::height}});
    // A height probe is a vertical line: its horizontal coordinates only.
    p.at = *point(t, "at", s.dim, p.kind == sph::Probe::Kind::height ? s.dim - 1 : s.dim);
    s.probes.push_back(p);
  }
}

void read_output(const Table& root, sph::Scenario& s) {
  const auto t = root.table("output");
  if (!t) return;
  t->check_keys({"directory", "snapshots", "snapshot_format", "snapshot_png", "checkpoint_interval"});
  s.snapshot_png = t->boolean("snapshot_png").value_or(s.snapshot_png);
  s.directory = t->string("directory").value_or(s.directory);
  s.snapshots = t->boolean("snapshots").value_or(s.snapshots);
  enum class Format { csv, vtu, both };
  if (auto f = t->choice<Format>("snapshot_format", {{"csv", Format::csv}, {"vtu", Format::vtu}, {"both", Format::both}})) {
    s.snapshot_csv = *f != Format::vtu;
    s.snapshot_vtu = *f != Format::csv;
  }
  s.checkpoint_interval = t->duration("checkpoint_interval", detail::at_least(0)).value_or(s.checkpoint_interval);
}

/// output.checkpoint_interval against time.duration (read after [output]): as ria run's.
void check_checkpoints(const Table& root, const sph::Scenario& s) {
  if (const auto t = root.table("output"))
    detail::check_output_count(*t, "checkpoint_interval", s.checkpoint_interval, s.duration, detail::kMaxCheckpoints,
                               "checkpoints");
}

}  // namespace

sph::Scenario parse_sph_scenario(const std::string& text, const std::string& name, const std::string& base_dir,
                                 const std::vector<std::string>& overrides) {
  const detail::Document doc(text, name, overrides);
  const Table root = doc.root();
  root.check_keys({"name", "description", "dimensions", "particles", "physics", "time", "domain", "fluid", "wall",
                   "probe", "output"});
  sph::Scenario s;
  detail::read_identity(doc, root, name, base_dir, s);
  root.require("dimensions", "2 (the vertical x-z plane) or 3");
  s.dim = static_cast<int>(*root.integer("dimensions", 2, 3));
  read_particles(root, s);
  read_physics(root, s);
  read_output(root, s);  // before [time]: whether snapshots are written decides a check there
  read_time(root, s);
  check_checkpoints(root, s);
  read_domain(root, s);
  read_fluid(root, s);
  read_walls(root, s);
  check_fluid_boxes(root, s);
  read_probes(root, s);
  return s;
}

sph::Scenario load_sph_scenario(const std::string& path, const std::vector<std::string>& overrides) {
  const std::string text = read_text_file(path, "SPH scenario file");
  return parse_sph_scenario(text, path, detail::scenario_dir(path), overrides);
}

}  // namespace ria::io
