#include "compare/dambreak_cases.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "io/io_error.hpp"
#include "ria/number_text.hpp"

namespace ria::compare {
namespace {

[[noreturn]] void refuse(const sph::Scenario& sc, const std::string& what) {
  throw io::InputError(sc.file + ": " + what);
}

bool same(double a, double b, double scale) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, scale); }

/// The scenario's one wall of kind tank; refused when there is none, or another wall besides it
/// and blocks are not allowed.
const sph::WallBox& the_tank(const sph::Scenario& sc, bool blocks_allowed) {
  const sph::WallBox* tank = nullptr;
  for (std::size_t w = 0; w < sc.walls.size(); ++w) {
    const sph::WallBox& wb = sc.walls[w];
    if (wb.kind == sph::WallBox::Kind::tank) {
      if (tank) refuse(sc, "wall." + std::to_string(w) + " is a second tank; the comparison needs one");
      tank = &wb;
    } else if (!blocks_allowed) {
      refuse(sc, "wall." + std::to_string(w) +
                     " is a block; the column comparison needs a flat channel (one tank, no obstacles)");
    }
  }
  if (!tank) refuse(sc, "no [[wall]] of kind = \"tank\"; the comparison needs the tank the water stands in");
  return *tank;
}

void require_at_rest(const sph::Scenario& sc, std::size_t f) {
  const sph::Point& v = sc.fluid[f].velocity;
  if (v[0] != 0 || v[1] != 0 || v[2] != 0)
    refuse(sc, "fluid." + std::to_string(f) + ".velocity is not zero; a dam break starts at rest");
}

/// A cell count n = round(length / d) >= 1.
int cells_over(double length, double d) { return std::max(1, static_cast<int>(std::lround(length / d))); }

/// A shallow-water case whose bed and state the code gives (analytic), named `name`, run for
/// `duration` with a row every `interval`, gravity g and Manning's n; no PNG, no checkpoints.
SweCase analytic_case(const std::string& name, double duration, double interval, double g, double manning) {
  SweCase k;
  sim::Scenario& s = k.scenario;
  s.file = "<ria compare dambreak: " + name + ">";
  s.name = "dambreak_" + name;
  s.domain.source = sim::DomainSpec::Source::analytic;
  s.time.duration = duration;
  s.time.output_interval = interval;
  s.physics.gravity = g;
  s.physics.manning = manning;
  s.initial.kind = sim::InitialSpec::Kind::analytic;
  s.output.png_at_end = false;
  s.output.checkpoint_interval = 0;
  return k;
}

}  // namespace

double Column::T_of(double t) const { return t * std::sqrt(height * g) / a; }
double Column::t_of(double T) const { return T * a / std::sqrt(height * g); }
std::string Column::T_formula() const {
  char b[64];
  std::snprintf(b, sizeof b, "t sqrt(%.4g g / a)", height / a);
  return b;
}

Column column_of(const sph::Scenario& sc) {
  if (sc.dim != 2) refuse(sc, "dimensions = " + std::to_string(sc.dim) + "; the column comparison needs a 2-D (x-z) scenario");
  if (sc.fluid.size() != 1)
    refuse(sc, "has " + std::to_string(sc.fluid.size()) + " [[fluid]] blocks; the column comparison needs exactly one");
  require_at_rest(sc, 0);
  const sph::WallBox& tank = the_tank(sc, false);
  const sph::FluidBox& f = sc.fluid[0];
  Column c;
  c.x_wall = tank.lo[0];
  c.z_floor = tank.lo[1];
  c.a = f.hi[0] - f.lo[0];
  c.height = f.hi[1] - f.lo[1];
  c.length = tank.hi[0] - tank.lo[0];
  c.g = sc.gravity;
  if (!same(f.lo[0], tank.lo[0], c.length))
    refuse(sc, "fluid.0.min x = " + number_text(f.lo[0]) + " is not the tank's upstream wall x = " + number_text(tank.lo[0]) +
                   " (wall.min); the column must stand against it");
  if (!same(f.lo[1], tank.lo[1], c.height))
    refuse(sc, "fluid.0.min z = " + number_text(f.lo[1]) + " is not the tank's floor z = " + number_text(tank.lo[1]) +
                   "; the column must stand on it");
  if (!(f.hi[0] < tank.hi[0]))
    refuse(sc, "fluid.0.max x = " + number_text(f.hi[0]) + " reaches the far wall x = " + number_text(tank.hi[0]) +
                   "; the water needs dry floor to run onto");
  return c;
}

SweCase swe_channel(const Column& c, int cells_per_a, int across, double duration, double interval, double manning) {
  SweCase k = analytic_case("channel", duration, interval, c.g, manning);

  Grid& g = k.domain.grid;
  g.dx = g.dy = c.a / cells_per_a;
  g.nx = cells_over(c.length, g.dx);
  g.ny = across;
  g.x0 = c.x_wall;
  g.y0 = 0;
  k.domain.bed_z.assign(g.cells(), 0.0);
  swe::HostState init;
  init.resize(g.cells());
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < std::min(cells_per_a, g.nx); ++i) init.h[g.index(i, j)] = c.height;
  k.domain.state = init;
  k.domain.bc = swe::Boundaries{};  // walls on every side
  return k;
}

Tank tank_of(const sph::Scenario& sc) {
  if (sc.dim != 3) refuse(sc, "dimensions = " + std::to_string(sc.dim) + "; the tank comparison needs a 3-D scenario");
  if (sc.fluid.empty()) refuse(sc, "has no [[fluid]] block");
  const sph::WallBox& tank = the_tank(sc, true);
  Tank t;
  t.x0 = tank.lo[0], t.x1 = tank.hi[0], t.y0 = tank.lo[1], t.y1 = tank.hi[1], t.floor = tank.lo[2];
  t.g = sc.gravity;
  for (std::size_t f = 0; f < sc.fluid.size(); ++f) {
    require_at_rest(sc, f);
    const sph::FluidBox& b = sc.fluid[f];
    if (!same(b.lo[2], t.floor, 1.0))
      refuse(sc, "fluid." + std::to_string(f) + ".min z = " + number_text(b.lo[2]) + " is not the tank's floor z = " +
                     number_text(t.floor) + "; in plan view water stands on the floor");
    t.water.push_back(b);
  }
  for (std::size_t w = 0; w < sc.walls.size(); ++w) {
    const sph::WallBox& b = sc.walls[w];
    if (b.kind != sph::WallBox::Kind::block) continue;
    if (!same(b.lo[2], t.floor, 1.0))
      refuse(sc, "wall." + std::to_string(w) + " (a block) starts at z = " + number_text(b.lo[2]) +
                     " above the floor; in plan view a block is raised bed from the floor up");
    t.blocks.push_back({b.lo[0], b.hi[0], b.lo[1], b.hi[1], b.hi[2] - t.floor});
  }
  for (const sph::Probe& p : sc.probes)
    if (p.kind == sph::Probe::Kind::height) t.gauges.push_back(p);
  return t;
}

SweCase swe_tank(const Tank& t, double dx, double duration, double interval, double manning) {
  SweCase k = analytic_case("tank", duration, interval, t.g, manning);
  sim::Scenario& s = k.scenario;
  s.output.gauge_interval = interval;
  for (const sph::Probe& p : t.gauges) s.gauges.push_back({p.name, p.at[0], p.at[1]});

  Grid& g = k.domain.grid;
  g.dx = g.dy = dx;
  g.nx = cells_over(t.x1 - t.x0, dx);
  g.ny = cells_over(t.y1 - t.y0, dx);
  g.x0 = t.x0, g.y0 = t.y0;
  k.domain.bed_z.assign(g.cells(), 0.0);
  swe::HostState init;
  init.resize(g.cells());
  // The length of [lo, hi] inside the cell [c - dx/2, c + dx/2].
  auto overlap = [dx](double c, double lo, double hi) {
    return std::max(0.0, std::min(hi, c + 0.5 * dx) - std::max(lo, c - 0.5 * dx));
  };
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const double x = g.x_centre(i), y = g.y_centre(j);
      const std::size_t k2 = g.index(i, j);
      for (const Block& b : t.blocks)
        if (x > b.x0 && x < b.x1 && y > b.y0 && y < b.y1) k.domain.bed_z[k2] = std::max(k.domain.bed_z[k2], b.top);
      for (const sph::FluidBox& w : t.water) {
        const double covered = overlap(x, w.lo[0], w.hi[0]) * overlap(y, w.lo[1], w.hi[1]) / (dx * dx);
        init.h[k2] += covered * std::max(0.0, w.hi[2] - t.floor - k.domain.bed_z[k2]);
      }
    }
  k.domain.state = init;
  k.domain.bc = swe::Boundaries{};
  return k;
}

}  // namespace ria::compare
