// Scenario + domain -> solver setup, initial state, gauges, releases and boundary pieces.
#include "ria/sim/model.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "ria/grid/cell_text.hpp"
#include "ria/number_text.hpp"
#include "ria/sim/series.hpp"
#include "ria/sim/tide.hpp"
#include "ria/swe/wet_dry.hpp"

namespace ria::sim {
namespace {


swe::BoundaryKind solver_kind(BoundarySpec::Kind k) {
  switch (k) {
    case BoundarySpec::Kind::wall: return swe::BoundaryKind::wall;
    case BoundarySpec::Kind::open: return swe::BoundaryKind::open;
    case BoundarySpec::Kind::level: return swe::BoundaryKind::level;
    case BoundarySpec::Kind::discharge: return swe::BoundaryKind::discharge;
  }
  throw std::logic_error("solver_kind: not a boundary kind");
}

std::string where(const Grid& g) {
  std::ostringstream o;
  o << "the domain [" << g.x0 << ", " << g.x0 + g.nx * g.dx << "] x [" << g.y0 << ", " << g.y0 + g.ny * g.dy << "]";
  return o.str();
}

/// "the domain [...] x [...] (west of its west edge x = 0)" for a point outside the grid.
std::string outside(const Grid& g, double x, double y) {
  const double x1 = g.x0 + g.nx * g.dx, y1 = g.y0 + g.ny * g.dy;
  std::ostringstream o;
  o << std::setprecision(10) << where(g) << " (";
  // The distance too: a point a hair outside prints as the edge itself with 10 digits.
  if (!(x >= g.x0)) o << g.x0 - x << " m west of its west edge x = " << g.x0;
  else if (!(x <= x1)) o << x - x1 << " m east of its east edge x = " << x1;
  else if (!(y >= g.y0)) o << g.y0 - y << " m south of its south edge y = " << g.y0;
  else o << y - y1 << " m north of its north edge y = " << y1;
  o << "; both edges belong to the domain)";
  return o.str();
}

/// Even-odd rule point-in-polygon test.
bool inside_polygon(const std::vector<std::array<double, 2>>& v, double x, double y) {
  bool in = false;
  for (std::size_t a = 0, b = v.size() - 1; a < v.size(); b = a++) {
    const double xa = v[a][0], ya = v[a][1], xb = v[b][0], yb = v[b][1];
    if ((ya > y) != (yb > y) && x < (xb - xa) * (y - ya) / (yb - ya) + xa) in = !in;
  }
  return in;
}

void set_patches(const Scenario& sc, const Grid& g, swe::HostState& init) {
  for (std::size_t p = 0; p < sc.patches.size(); ++p) {
    const PatchSpec& ps = sc.patches[p];
    double water = 0;
    for (int j = 0; j < g.ny; ++j)
      for (int i = 0; i < g.nx; ++i) {
        const double x = g.x_centre(i), y = g.y_centre(j);
        const bool in = ps.polygon ? inside_polygon(ps.vertices, x, y)
                                   : (x - ps.x) * (x - ps.x) + (y - ps.y) * (y - ps.y) <= ps.radius * ps.radius;
        if (!in) continue;
        const std::size_t k = static_cast<std::size_t>(j) * g.nx + i;
        init.hc[k] = ps.concentration * init.h[k];
        water += init.h[k];
      }
    if (!(water > 0))
      throw ModelError("patch " + std::to_string(p) + " ('" + ps.name + "') covers no wet cell centre of " + where(g) +
                       "; its pollutant would be lost");
  }
}

swe::Release make_release(const ReleaseSpec& r, std::size_t index, const Grid& g) {
  const std::string name = "release " + std::to_string(index) + " ('" + r.name + "')";
  if (cell_at(g, r.x, r.y) < 0) throw ModelError(name + " at (" + std::to_string(r.x) + ", " + std::to_string(r.y) + ") lies outside " + outside(g, r.x, r.y));
  // A circle wider than the domain spreads the release over every cell: a unit mistake (km for m).
  const double diagonal = std::hypot(g.nx * g.dx, g.ny * g.dy);
  if (r.radius > diagonal) {
    std::ostringstream o;
    o << "release." << index << ".radius = " << r.radius << " m (" << name << ") is larger than the diagonal of "
      << where(g) << ", " << diagonal << " m; expected a radius of at most that (0: a point release)";
    throw ModelError(o.str());
  }
  swe::Release out;
  out.ci = (r.x - g.x0) / g.dx;
  out.cj = (r.y - g.y0) / g.dy;
  out.dx = g.dx;
  out.dy = g.dy;
  if (r.radius > 0) {
    out.i0 = std::max(0, static_cast<int>(std::floor((r.x - r.radius - g.x0) / g.dx)));
    out.i1 = std::min(g.nx, static_cast<int>(std::ceil((r.x + r.radius - g.x0) / g.dx)) + 1);
    out.j0 = std::max(0, static_cast<int>(std::floor((r.y - r.radius - g.y0) / g.dy)));
    out.j1 = std::min(g.ny, static_cast<int>(std::ceil((r.y + r.radius - g.y0) / g.dy)) + 1);
    out.r2 = r.radius * r.radius;
  } else {
    const long long k = cell_at(g, r.x, r.y);
    out.i0 = static_cast<int>(k % g.nx), out.i1 = out.i0 + 1;
    out.j0 = static_cast<int>(k / g.nx), out.j1 = out.j0 + 1;
    out.r2 = -1;
  }
  int cells = 0;
  for (int j = out.j0; j < out.j1; ++j)
    for (int i = out.i0; i < out.i1; ++i) cells += out.covers(i, j) ? 1 : 0;
  if (cells == 0) throw ModelError(name + ": radius " + std::to_string(r.radius) + " m covers no cell centre; use radius = 0 for a point release");
  out.volume_rate = r.discharge;
  out.pollutant_rate = r.discharge * r.concentration;
  out.rate_h = r.discharge / (cells * g.area());
  out.rate_hc = out.rate_h * r.concentration;
  out.t_begin = r.start;
  out.t_end = r.start + r.duration;
  return out;
}

/// Cells [begin, end) along a side whose centres lie in the segment [from, to] of boundary
/// `index`; a segment that holds no cell centre, or reaches beyond the side, is refused.
void set_segment(const BoundarySpec& b, std::size_t index, const Grid& g, swe::BoundarySide& side, double& width) {
  const bool along_x = b.side == BoundarySpec::Side::south || b.side == BoundarySpec::Side::north;
  const int n = along_x ? g.nx : g.ny;
  const double origin = along_x ? g.x0 : g.y0, d = along_x ? g.dx : g.dy, end = origin + n * d;
  side.begin = 0;
  side.end = n;
  if (b.has_segment) {
    const auto fail = [&](const std::string& what) {
      std::ostringstream o;
      o << "boundary." << index << ".segment: [" << b.from << ", " << b.to << "] on the " << side_name(b.side)
        << " side " << what << " (the side runs along " << (along_x ? "x" : "y") << " from " << origin << " to " << end
        << ", cells of " << d << " m)";
      throw ModelError(o.str());
    };
    side.begin = std::max(0, static_cast<int>(std::ceil((b.from - origin) / d - 0.5)));
    side.end = std::min(n, static_cast<int>(std::floor((b.to - origin) / d - 0.5)) + 1);
    if (side.end <= side.begin) fail("holds no cell centre of the side");
    // Clipping it would open a shorter segment than the one asked for (coordinates of another
    // grid, or a typo). Up to half a cell beyond the edge is the edge as written for a grid of
    // another resolution: domain.resolution resamples the DEM, and its edges move by a fraction
    // of a cell (Coos Bay's north segment starts at the 50 m grid's edge, 20 m beyond the 200 m
    // grid's); that overhang holds no cell centre of either grid.
    if (b.from < origin - 0.5 * d || b.to > end + 0.5 * d)
      fail("reaches more than half a cell beyond the side; expected a segment within it");
  }
  width = (side.end - side.begin) * d;
}

}  // namespace

namespace {
std::string at_time(double t) {
  std::ostringstream o;
  o << t << " s";
  if (t >= 3600) o << " (" << t / 3600 << " h)";
  return o.str();
}
}  // namespace

std::vector<std::string> scenario_warnings(const Scenario& sc) {
  std::vector<std::string> w;
  const double end = sc.time.duration;
  for (double t : sc.output.png_times)
    if (t > end) w.push_back("output.png_times: " + at_time(t) + " is after the end of the run (" + at_time(end) + "); no map is drawn for it");
  if (!sc.gauges.empty() && !sc.output.netcdf && !sc.output.gauges_csv)
    w.push_back("output.netcdf and output.gauges_csv are both false: the " + std::to_string(sc.gauges.size()) +
                " gauge(s) are recorded nowhere");
  for (std::size_t r = 0; r < sc.releases.size(); ++r) {
    const ReleaseSpec& rs = sc.releases[r];
    if (rs.start >= end)
      w.push_back("release " + std::to_string(r) + " ('" + rs.name + "') starts at " + at_time(rs.start) +
                  ", at or after the end of the run (" + at_time(end) + "); it releases nothing");
  }
  for (std::size_t b = 0; b < sc.boundaries.size(); ++b) {
    const BoundarySpec& bs = sc.boundaries[b];
    if (bs.station_dropped_count > 0) {
      std::ostringstream o;
      o << "boundary." << b << " (" << side_name(bs.side) << ") station '" << bs.station << "': its "
        << bs.station_dropped_count << " smallest constituents are left out (a boundary holds at most "
        << swe::kMaxConstituents << "); their amplitudes add up to " << bs.station_dropped << " m";
      w.push_back(o.str());
    }
    if (bs.series.empty()) continue;
    const bool level = bs.kind == BoundarySpec::Kind::level;
    std::ostringstream name, first, last;
    name << "boundary." << b << " (" << side_name(bs.side) << ") series"
         << (bs.series_file.empty() ? "" : " '" + bs.series_file + "'");
    first << bs.series.front().value << (level ? " m" : " m3/s");
    last << bs.series.back().value << (level ? " m" : " m3/s");
    if (bs.series.front().t > 0)
      w.push_back(name.str() + " starts at " + at_time(bs.series.front().t) + ", after the run start (0 s); its first " +
                  (level ? "level " : "discharge ") + first.str() + " is held until then");
    if (bs.series.back().t < end)
      w.push_back(name.str() + " ends at " + at_time(bs.series.back().t) + ", before the end of the run (" + at_time(end) +
                  "); its last " + (level ? "level " : "discharge ") + last.str() + " is held after it");
  }
  return w;
}

std::vector<std::string> model_warnings(const Scenario& sc, const Model& m) {
  std::vector<std::string> w;
  // A bbox beyond the raster is cropped to it: the grid is smaller than the box asked for.
  const Grid& g = m.setup.grid;
  const std::array<double, 4>& b = sc.domain.bbox;
  const double x1 = g.x0 + g.nx * g.dx, y1 = g.y0 + g.ny * g.dy;
  if (sc.domain.source == DomainSpec::Source::dem && sc.domain.has_bbox &&
      (b[0] < g.x0 - g.dx || b[1] < g.y0 - g.dy || b[2] > x1 + g.dx || b[3] > y1 + g.dy)) {
    std::ostringstream o;
    o << std::setprecision(10) << "domain.bbox [" << b[0] << ", " << b[1] << ", " << b[2] << ", " << b[3]
      << "] reaches beyond the raster: the grid covers x " << g.x0 << " .. " << x1 << ", y " << g.y0 << " .. " << y1;
    w.push_back(o.str());
  }
  if (sc.initial.kind == InitialSpec::Kind::checkpoint) return w;  // the start is the checkpoint's
  const bool still = sc.initial.kind == InitialSpec::Kind::still;
  const double level = still ? still_level(sc) : 0.0;
  for (std::size_t k = 0; k < m.gauges.size() && k < sc.gauges.size(); ++k) {
    const GaugeCell& g = m.gauges[k];
    if (g.cell >= m.init.h.size() || swe::is_wet(m.init.h[g.cell], sc.physics.dry_depth)) continue;
    std::ostringstream o;
    o << "gauge " << k << " ('" << g.name << "') at (" << g.x << ", " << g.y << ") lies on land, dry at the start: "
      << "its cell's bed is at z = " << m.bed_z[g.cell] << " m";
    if (still && m.bed_z[g.cell] >= level) o << ", above the initial water level " << level << " m";
    o << "; it reads depth 0 until the water reaches it";
    w.push_back(o.str());
  }
  // A release whose cells (swe::Release::covers: the one holding its point, or the centres within
  // its radius) are all dry: its water runs over land, and what it carries in films thinner than
  // dry_depth has no concentration in the maps (the balance counts it).
  for (std::size_t k = 0; k < sc.releases.size() && k < static_cast<std::size_t>(m.setup.releases.count); ++k) {
    const ReleaseSpec& r = sc.releases[k];
    const swe::Release& cells = m.setup.releases.r[k];
    const long long centre = cell_at(g, r.x, r.y);
    if (centre < 0 || static_cast<std::size_t>(centre) >= m.init.h.size()) continue;
    bool wet = false;
    for (int j = cells.j0; j < cells.j1 && !wet; ++j)
      for (int i = cells.i0; i < cells.i1 && !wet; ++i)
        wet = cells.covers(i, j) && swe::is_wet(m.init.h[static_cast<std::size_t>(j) * g.nx + i], sc.physics.dry_depth);
    if (wet) continue;
    std::ostringstream o;
    o << "release " << k << " ('" << r.name << "') at (" << r.x << ", " << r.y << ") lies on land, dry at the start: "
      << "its cell's bed is at z = " << m.bed_z[centre] << " m";
    if (still && m.bed_z[centre] >= level) o << ", above the initial water level " << level << " m";
    o << "; its water runs over the land from there, and what it carries in films thinner than physics.dry_depth = "
      << sc.physics.dry_depth << " m has no concentration in the maps (the balance counts it)";
    w.push_back(o.str());
  }
  return w;
}

long long cell_at(const Grid& g, double x, double y) {
  const double x1 = g.x0 + g.nx * g.dx, y1 = g.y0 + g.ny * g.dy;
  if (!(x >= g.x0 && x <= x1 && y >= g.y0 && y <= y1)) return -1;
  const long long i = std::min<long long>(g.nx - 1, static_cast<long long>((x - g.x0) / g.dx));
  const long long j = std::min<long long>(g.ny - 1, static_cast<long long>((y - g.y0) / g.dy));
  return j * g.nx + i;
}

namespace {

/// The explicit diffusion limits the step to dt <= min(dx, dy)^2 / (4 K) (cfl.hpp, global_dt):
/// a diffusivity for which the run would need more than kMaxDiffusionSteps such steps is refused,
/// naming the key, since that run would not end (its steps do not shrink, so the driver's
/// collapse check does not see it).
void check_diffusion_steps(const Scenario& sc, const Grid& g) {
  constexpr double kMaxDiffusionSteps = 1e9;
  const double K = sc.physics.diffusivity;
  if (!(K > 0)) return;
  const double d = std::min(g.dx, g.dy), dt = 0.25 * d * d / K, steps = sc.time.duration / dt;
  if (steps <= kMaxDiffusionSteps) return;
  std::ostringstream o;
  o << "physics.diffusivity = " << K << " m2/s on cells of " << d << " m limits the step to " << dt
    << " s (min(dx, dy)^2 / (4 K)): " << steps << " steps for time.duration = " << sc.time.duration
    << " s, more than the " << kMaxDiffusionSteps
    << " a run may take; expected a smaller diffusivity (estuaries: 0.1-100 m2/s) or coarser cells";
  throw ModelError(o.str());
}

/// The grid, the bed (as depth H below the datum, and as elevation for the outputs), the physics,
/// Manning's n and the CFL number of the setup.
void set_bed_and_physics(const Scenario& sc, const Domain& domain, Model& m) {
  const Grid& g = domain.grid;
  if (domain.bed_z.size() != g.cells()) throw ModelError("bed size does not match the grid");
  swe::SolverSetup& s = m.setup;
  s.grid = g;
  s.H.resize(g.cells());
  for (std::size_t k = 0; k < g.cells(); ++k) {
    if (!std::isfinite(domain.bed_z[k])) throw ModelError("bed elevation is not finite at cell " + std::to_string(k));
    s.H[k] = -domain.bed_z[k];
  }
  m.bed_z = domain.bed_z;
  m.crs_wkt = domain.crs_wkt;
  s.physics.g = sc.physics.gravity;
  s.physics.h_dry = sc.physics.dry_depth;
  s.physics.diffusivity = sc.physics.diffusivity;
  s.physics.decay_rate = sc.physics.half_life > 0 ? std::log(2.0) / sc.physics.half_life : 0.0;
  s.manning = {sc.physics.manning, domain.manning};
  s.cfl = sc.time.cfl;
  check_diffusion_steps(sc, g);
  s.track_balance = true;
  // Every run records its extremes after every step (the maps' max_* and times, the ensemble's
  // per-member fields, the checkpoints).
  s.extremes = {true, sc.output.arrival_threshold};
}

/// Discharges q = h (u, v) of the wet cells from the initial velocity fields (the dry ones stay at
/// rest, as the wet/dry policy keeps them, swe/wet_dry.hpp).
void set_initial_velocity(const Scenario& sc, const Grid& g, const InitialFields& f, swe::HostState& s) {
  if (f.u.size() != g.cells() || f.v.size() != g.cells())
    throw ModelError("initial.velocity: the velocity fields do not match the model grid");
  constexpr double kMaxSpeed = 30;  // m/s: no estuary or flood flow comes near it
  for (std::size_t k = 0; k < g.cells(); ++k) {
    if (!swe::is_wet(s.h[k], sc.physics.dry_depth)) continue;
    const double u = f.u[k], v = f.v[k];
    if (!(std::fabs(u) <= kMaxSpeed && std::fabs(v) <= kMaxSpeed)) {
      std::ostringstream o;
      o << "initial.velocity: cell " << cell_at(g, k) << " is wet (depth " << s.h[k]
        << " m) and has velocity (" << u << ", " << v << ") m/s; expected finite components of at most " << kMaxSpeed
        << " m/s in every wet cell (nodata only where the water surface is below the bed)";
      throw ModelError(o.str());
    }
    s.qx[k] = s.h[k] * u;
    s.qy[k] = s.h[k] * v;
  }
}

/// Pollutant hc = h C of the wet cells from the initial concentration field (the dry ones hold
/// none).
void set_initial_concentration(const Scenario& sc, const Grid& g, const InitialFields& f, swe::HostState& s) {
  if (f.c.size() != g.cells()) throw ModelError("initial.concentration: the concentration field does not match the model grid");
  for (std::size_t k = 0; k < g.cells(); ++k) {
    if (!swe::is_wet(s.h[k], sc.physics.dry_depth)) continue;
    const double c = f.c[k];
    if (!(c >= 0 && std::isfinite(c))) {
      std::ostringstream o;
      o << "initial.concentration: cell " << cell_at(g, k) << " is wet (depth " << s.h[k]
        << " m) and has concentration " << (std::isnan(c) ? std::string("NaN (no value, or the fill value)") : number_text(c))
        << "; expected a finite concentration >= 0 in every wet cell (nodata only "
        << "where the water surface is below the bed)";
      throw ModelError(o.str());
    }
    s.hc[k] = s.h[k] * c;
  }
}

/// Initial state: the analytic problem's, still water at a level, or a free-surface field (with
/// velocities and concentration when given); then the patches (which set C in their cells).
void set_initial_state(const Scenario& sc, const Domain& domain, const InitialFields& initial, Model& m) {
  const Grid& g = domain.grid;
  const std::vector<double>& initial_eta = initial.eta;
  m.init.resize(g.cells());
  const bool from_field = sc.initial.kind == InitialSpec::Kind::raster || sc.initial.kind == InitialSpec::Kind::netcdf;
  if (from_field && initial_eta.size() != g.cells())
    throw ModelError("initial.path: the free-surface field does not match the model grid");
  if (sc.initial.kind == InitialSpec::Kind::analytic) {
    if (!domain.state || domain.state->h.size() != g.cells())
      throw ModelError("initial.kind = \"analytic\" needs domain.source = \"analytic\"");
    m.init = *domain.state;
  } else {
    const double level = from_field ? 0.0 : still_level(sc);
    for (std::size_t k = 0; k < g.cells(); ++k) {
      const double eta = from_field ? initial_eta[k] : level;
      m.init.h[k] = std::isfinite(eta) ? std::max(0.0, eta - domain.bed_z[k]) : 0.0;
    }
    if (!sc.initial.velocity.empty()) set_initial_velocity(sc, g, initial, m.init);
    if (!sc.initial.concentration.empty()) set_initial_concentration(sc, g, initial, m.init);
  }
  set_patches(sc, g, m.init);
}

/// Boundaries: the analytic problem's, or walls, then those of the scenario; the knots of their
/// time series, and the boundaries at t = 0.
void set_boundaries(const Scenario& sc, const Domain& domain, Model& m) {
  const Grid& g = domain.grid;
  swe::SolverSetup& s = m.setup;
  if (domain.bc) {
    if (!sc.boundaries.empty())
      throw ModelError("boundary.0: an analytic domain brings its own boundaries; remove the [[boundary]] tables");
    s.bc = *domain.bc;
  }

  for (std::size_t b = 0; b < sc.boundaries.size(); ++b) {
    const BoundarySpec& spec = sc.boundaries[b];
    const swe::Side side = solver_side(spec.side);
    swe::BoundarySide& out = s.bc.side[side];
    out.kind = solver_kind(spec.kind);
    set_segment(spec, b, g, out, m.segment_width[side]);
    out.concentration = spec.concentration;
    if (spec.kind == BoundarySpec::Kind::level) {
      out.level = level_tide(spec, 0.0);
      out.radiating = spec.radiating;
    } else if (spec.kind == BoundarySpec::Kind::discharge) {
      out.discharge = spec.discharge / m.segment_width[side];
    }
    if (!spec.series.empty()) {
      m.series_of_side[side] = static_cast<int>(b);
      for (const SeriesPoint& p : spec.series)
        if (p.t > 0 && p.t < sc.time.duration) m.knots.push_back(p.t);
    }
  }
  std::sort(m.knots.begin(), m.knots.end());
  m.knots.erase(std::unique(m.knots.begin(), m.knots.end()), m.knots.end());
  s.bc = boundaries_at(sc, m, 0.0);
}

/// The releases, and their starts and ends (stops of the run).
void add_releases(const Scenario& sc, Model& m) {
  swe::SolverSetup& s = m.setup;
  if (sc.releases.size() > static_cast<std::size_t>(swe::kMaxReleases))
    throw ModelError("at most " + std::to_string(swe::kMaxReleases) + " releases are supported, the scenario has " +
                     std::to_string(sc.releases.size()));
  for (std::size_t r = 0; r < sc.releases.size(); ++r) {
    s.releases.r[s.releases.count++] = make_release(sc.releases[r], r, s.grid);
    m.release_times.push_back(sc.releases[r].start);
    m.release_times.push_back(sc.releases[r].start + sc.releases[r].duration);
  }
}

/// The cell of each gauge.
void locate_gauges(const Scenario& sc, Model& m) {
  const Grid& g = m.setup.grid;
  for (std::size_t k = 0; k < sc.gauges.size(); ++k) {
    const GaugeSpec& gs = sc.gauges[k];
    const long long c = cell_at(g, gs.x, gs.y);
    if (c < 0) {
      std::ostringstream o;
      o << std::setprecision(10) << "gauge " << k << " ('" << gs.name << "') at (" << gs.x << ", " << gs.y << ") lies outside "
        << outside(g, gs.x, gs.y);
      throw ModelError(o.str());
    }
    m.gauges.push_back({gs.name, gs.x, gs.y, static_cast<std::size_t>(c)});
  }
}

}  // namespace

double still_level(const Scenario& sc) {
  if (!sc.initial.level_at_tide) return sc.initial.level;
  if (const BoundarySpec* b = first_level_boundary(sc)) return level_tide(*b, 0.0).at(0.0);
  throw ModelError("initial.level = \"tide\" needs a [[boundary]] with kind = \"level\"; the scenario has none");
}

swe::Side solver_side(BoundarySpec::Side s) {
  switch (s) {
    case BoundarySpec::Side::west: return swe::west;
    case BoundarySpec::Side::east: return swe::east;
    case BoundarySpec::Side::south: return swe::south;
    case BoundarySpec::Side::north: return swe::north;
  }
  throw std::logic_error("solver_side: not a side");
}

Model build_model(const Scenario& sc, const Domain& domain, const InitialFields& initial) {
  Model m;
  set_bed_and_physics(sc, domain, m);
  set_initial_state(sc, domain, initial, m);
  set_boundaries(sc, domain, m);
  add_releases(sc, m);
  m.setup.dry_step = dry_step(sc, m);
  locate_gauges(sc, m);
  return m;
}

swe::Boundaries boundaries_at(const Scenario& sc, const Model& m, double t) {
  swe::Boundaries bc = m.setup.bc;
  for (int side = 0; side < 4; ++side) {
    if (m.series_of_side[side] < 0) continue;
    const BoundarySpec& spec = sc.boundaries[m.series_of_side[side]];
    swe::BoundarySide& b = bc.side[side];
    if (spec.kind == BoundarySpec::Kind::level) {
      b.level = level_tide(spec, t);
    } else {
      const SeriesPiece p = series_piece(spec.series, t);
      const double w = m.segment_width[side];
      b.discharge = p.value / w, b.discharge_slope = p.slope / w, b.discharge_t_ref = p.t_ref;
    }
  }
  return bc;
}

}  // namespace ria::sim
