// Scenario to solver set-up (ria/sph/setup.hpp): particle generation, initial densities, cells.
#include "ria/sph/setup.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "ria/number_text.hpp"
#include "ria/sph/eos.hpp"
#include "sph/cell_list.hpp"
#include "sph/neighbour_list.hpp"
#include "sph/particle_step.hpp"

namespace ria::sph {
namespace {

const char* axis_name(int dim, int c) { return dim == 2 ? (c == 0 ? "x" : "z") : (c == 0 ? "x" : c == 1 ? "y" : "z"); }

/// Particles per axis of the box [lo, hi] at spacing dp: round(L / dp), at least 1 (as doubles: no
/// overflow for a dp far too small, which the callers refuse).
std::array<double, 3> lattice_extent(int dim, const Point& lo, const Point& hi, double dp) {
  std::array<double, 3> n{1, 1, 1};
  for (int c = 0; c < dim; ++c) n[c] = std::max(1.0, std::round((hi[c] - lo[c]) / dp));
  return n;
}

/// lattice_extent as the counts make_setup generates; warns when L is not a whole number of dp
/// (to 1% of dp), and refuses (std::invalid_argument) a fluid box whose lattice would miss its
/// extent by more than a quarter of it (a box narrower than about dp: one particle of dp^dim
/// standing for far more or less than the water, placed outside the box). A wall that thin is one
/// layer of particles: a plate.
std::array<long, 3> lattice_counts(int dim, const Point& lo, const Point& hi, double dp, const std::string& what,
                                   std::vector<std::string>& warnings, bool fluid) {
  const std::array<double, 3> e = lattice_extent(dim, lo, hi, dp);
  std::array<long, 3> n{1, 1, 1};
  for (int c = 0; c < dim; ++c) {
    const double L = hi[c] - lo[c];
    n[c] = static_cast<long>(e[c]);
    if (fluid && std::fabs(n[c] * dp - L) > 0.25 * L)
      throw std::invalid_argument(what + ": its " + axis_name(dim, c) + " extent " + number_text(L) + " m is " +
                                  number_text(L / dp) + " dp, which " + std::to_string(n[c]) + " particles of " +
                                  number_text(dp) + " m cannot stand for; give particles.dp below " +
                                  number_text(L / 2) + " m, or a larger box");
    if (std::fabs(n[c] * dp - L) > 0.01 * dp)
      warnings.push_back(what + ": its " + axis_name(dim, c) + " extent " + number_text(L) + " m is " + number_text(L / dp) +
                         " dp; " + std::to_string(n[c]) + " particles stand for " + number_text(n[c] * dp) + " m");
  }
  return n;
}

/// What make_setup refuses before it generates a particle: a dimension other than 2 or 3, no
/// fluid, lattices of more than 2^31 particles.
void check_lattice(const Scenario& sc) {
  if (sc.dim != 2 && sc.dim != 3) throw std::invalid_argument("SPH runs in 2 or 3 dimensions, not " + std::to_string(sc.dim));
  if (sc.fluid.empty()) throw std::invalid_argument(sc.file + ": no [[fluid]] box: an SPH scenario needs fluid");
  const double lattice = lattice_particle_count(sc);
  if (lattice > kMaxParticles)
    throw std::invalid_argument(sc.file + ": the boxes at dp = " + number_text(sc.dp) + " m hold about " + number_text(lattice) +
                                " particles, more than 2^31 (particles.dp too small?)");
}

/// The solid of a wall, for the overlap rule: inside [lo, hi] (closed) and, for a tank, not
/// strictly inside its inner box (open above an open top).
struct Solid {
  Point lo{}, hi{};
  bool hollow = false;
  Point in_lo{}, in_hi{};
  bool contains(int dim, const Point& p) const {
    for (int c = 0; c < dim; ++c)
      if (p[c] < lo[c] || p[c] > hi[c]) return false;
    if (!hollow) return true;
    for (int c = 0; c < dim; ++c)
      if (!(p[c] > in_lo[c] && p[c] < in_hi[c])) return true;
    return false;
  }
};

/// Calls f(point) for the lattice of `counts` points from `origin` (centres origin + (i + 1/2) dp).
template <class F>
void for_lattice(int dim, const Point& origin, const std::array<long, 3>& first, const std::array<long, 3>& last,
                 double dp, F&& f) {
  for (long k = first[2]; k < (dim == 3 ? last[2] : first[2] + 1); ++k)
    for (long j = first[1]; j < last[1]; ++j)
      for (long i = first[0]; i < last[0]; ++i) {
        const std::array<long, 3> idx{i, j, k};
        Point p{};
        for (int c = 0; c < dim; ++c) p[c] = origin[c] + (static_cast<double>(idx[c]) + 0.5) * dp;
        f(p, idx);
      }
}

/// Horizontal distance from p to the box's footprint (2-D: along x; 3-D: in the x-y plane).
double footprint_distance(int dim, const Point& p, const FluidBox& b) {
  double d2 = 0;
  for (int c = 0; c < dim - 1; ++c) {
    const double e = std::max({b.lo[c] - p[c], 0.0, p[c] - b.hi[c]});
    d2 += e * e;
  }
  return std::sqrt(d2);
}

/// The water surface over p of the column that rises from a surface s0: a fluid box whose
/// footprint lies within `reach` of p and that starts at most dp/2 above the surface reached so far
/// (stacked on it) raises it to its top (`tops`: each box's lo + n dp, the top its lattice fills).
double column_surface(int dim, const Point& p, double reach, double s0, const std::vector<FluidBox>& boxes,
                      const std::vector<double>& tops, double dp) {
  const int v = dim - 1;
  double s = s0;
  for (bool raised = true; raised;) {
    raised = false;
    for (std::size_t b = 0; b < boxes.size(); ++b)
      if (tops[b] > s && boxes[b].lo[v] <= s + 0.5 * dp && footprint_distance(dim, p, boxes[b]) <= reach) {
        s = tops[b];
        raised = true;
      }
  }
  return s;
}

}  // namespace

double smoothing_length(const Scenario& sc) { return sc.h_over_dp * sc.dp; }

long tank_layers(const Scenario& sc, const WallBox& w) {
  return w.layers > 0 ? w.layers : static_cast<long>(std::ceil(2 * smoothing_length(sc) / sc.dp - 1e-9));
}

double lattice_particle_count(const Scenario& sc) {
  const int dim = sc.dim, v = dim - 1;
  const auto counts = [&](const Point& lo, const Point& hi) { return lattice_extent(dim, lo, hi, sc.dp); };
  double total = 0;
  for (const WallBox& w : sc.walls) {
    const std::array<double, 3> n = counts(w.lo, w.hi);
    double inner = 1, outer = 1;  // a tank is its lattice widened by its layers (not above an open top), less the inside
    const double L = w.kind == WallBox::Kind::tank ? static_cast<double>(tank_layers(sc, w)) : 0.0;
    for (int c = 0; c < dim; ++c) {
      inner *= n[c];
      outer *= n[c] + (c == v && w.open_top ? 1 : 2) * L;
    }
    total += w.kind == WallBox::Kind::tank ? outer - inner : inner;
  }
  for (const FluidBox& b : sc.fluid) {
    const std::array<double, 3> n = counts(b.lo, b.hi);
    total += n[0] * n[1] * (dim == 3 ? n[2] : 1.0);
  }
  return total;
}

namespace {
/// The box the particles of sc's lattices occupy, widened by 2h, or [domain] when given: the box
/// of make_setup's cells, from the lattices before any particle is generated.
std::pair<Point, Point> lattice_box(const Scenario& sc) {
  const int dim = sc.dim, v = dim - 1;
  const double dp = sc.dp, h = smoothing_length(sc);
  if (sc.has_domain) return {sc.domain_lo, sc.domain_hi};
  // The first and last lattice points of each box along each axis, as make_setup places them.
  Point lo{}, hi{};
  for (int c = 0; c < dim; ++c) lo[c] = std::numeric_limits<double>::infinity(), hi[c] = -lo[c];
  const auto cover = [&](const Point& origin, const std::array<double, 3>& first, const std::array<double, 3>& last) {
    for (int c = 0; c < dim; ++c) {
      lo[c] = std::min(lo[c], origin[c] + (first[c] + 0.5) * dp);
      hi[c] = std::max(hi[c], origin[c] + (last[c] - 1 + 0.5) * dp);
    }
  };
  for (const WallBox& w : sc.walls) {
    std::array<double, 3> first{0, 0, 0}, last = lattice_extent(dim, w.lo, w.hi, dp);
    if (w.kind == WallBox::Kind::tank) {
      const double L = static_cast<double>(tank_layers(sc, w));
      for (int c = 0; c < dim; ++c) first[c] = -L, last[c] += c == v && w.open_top ? 0 : L;
    }
    cover(w.lo, first, last);
  }
  for (const FluidBox& b : sc.fluid) cover(b.lo, {0, 0, 0}, lattice_extent(dim, b.lo, b.hi, dp));
  for (int c = 0; c < dim; ++c) lo[c] -= 2 * h, hi[c] += 2 * h;
  return {lo, hi};
}

/// A probe reads the particles near it: one outside the box [lo, hi] they occupy (or [domain])
/// reads nothing, and is refused naming it.
void check_probes_inside(const Scenario& sc, const Point& lo, const Point& hi) {
  const int dim = sc.dim;
  for (const Probe& p : sc.probes) {
    const int n = p.kind == Probe::Kind::height ? dim - 1 : dim;  // a height probe: its horizontal coordinates
    for (int c = 0; c < n; ++c)
      if (!(p.at[c] >= lo[c] && p.at[c] <= hi[c]))
        throw std::invalid_argument(sc.file + ": probe '" + p.name + "' at " + axis_name(dim, c) + " = " + number_text(p.at[c]) +
                                    " m lies outside the particles' box [" + number_text(lo[c]) + ", " + number_text(hi[c]) +
                                    "] m along " + axis_name(dim, c) + " (the domain when [domain] is given)");
  }
}
}  // namespace

Grid lattice_cells(const Scenario& sc) {
  const auto [lo, hi] = lattice_box(sc);
  return cell_grid(sc.dim, lo, hi, 2 * smoothing_length(sc));
}

void check_probes(const Scenario& sc) {
  check_lattice(sc);
  const auto [lo, hi] = lattice_box(sc);
  check_probes_inside(sc, lo, hi);
}

void check_set_up_limits(const Scenario& sc, Search search) {
  check_lattice(sc);
  search_cells(lattice_cells(sc), sc.dim, cell_reach(search));
  if (search == Search::list) check_list_limits(sc.sps, lattice_particle_count(sc));
}

double reference_depth(const Scenario& sc) {
  if (sc.depth > 0) return sc.depth;
  const int v = sc.dim - 1;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const FluidBox& b : sc.fluid) lo = std::min(lo, b.lo[v]), hi = std::max(hi, b.hi[v]);
  return hi > lo ? hi - lo : 0.0;
}

double sound_speed(const Scenario& sc) {
  if (sc.c0 > 0) return sc.c0;
  return sc.c0_coefficient * std::sqrt(sc.gravity * reference_depth(sc));
}

Setup make_setup(const Scenario& sc, exec::Backend backend, std::vector<std::string>& warnings) {
  check_lattice(sc);
  const int dim = sc.dim, v = dim - 1;
  const double dp = sc.dp, h = smoothing_length(sc);
  Setup s;
  s.dim = dim;
  s.dp = dp;
  s.backend = backend;
  Physics& f = s.physics;
  f.h = h;
  f.mass = sc.rho0 * std::pow(dp, dim);
  f.rho0 = sc.rho0, f.gamma = sc.gamma, f.c0 = sound_speed(sc);
  f.alpha = sc.alpha, f.wall_viscosity = sc.wall_viscosity, f.kinematic_viscosity = sc.kinematic_viscosity, f.sps_filter = sc.sps ? sc.dp : 0.0, f.diffusion = sc.diffusion, f.delta = sc.delta, f.gravity = sc.gravity, f.cfl = sc.cfl;
  // The dam-break speed of the deepest water: physics.depth, or the fluid boxes' height where
  // that is larger (a depth given smaller than the water would hide a c0 too small for it).
  Scenario boxes = sc;
  boxes.depth = 0;
  const double H = std::max(reference_depth(sc), reference_depth(boxes));
  if (H > 0 && f.c0 < 20 * std::sqrt(sc.gravity * H) * (1 - 1e-12))
    warnings.push_back("c0 = " + number_text(f.c0) + " m/s is below 10 U_max = 20 sqrt(g H) = " +
                       number_text(20 * std::sqrt(sc.gravity * H)) + " m/s (U_max = 2 sqrt(g H), the dam-break front speed, H = " +
                       number_text(H) + " m): the density may vary by more than 1%");
  for (std::size_t k = 0; k < sc.fluid.size(); ++k) {
    double u2 = 0;
    for (int c = 0; c < dim; ++c) u2 += sc.fluid[k].velocity[c] * sc.fluid[k].velocity[c];
    if (f.c0 < 10 * std::sqrt(u2) * (1 - 1e-12))
      warnings.push_back("c0 = " + number_text(f.c0) + " m/s is below 10 times the initial speed " + number_text(std::sqrt(u2)) +
                         " m/s of fluid box " + std::to_string(k) + ": the density may vary by more than 1%");
  }
  const Tait eos = Tait::make(f.rho0, f.c0, f.gamma);

  const double lattice = lattice_particle_count(sc);  // at most 2^31 (check_lattice)
  Particles& P = s.particles;
  P.dim = dim;
  // Room for every lattice point (overlaps counted twice): the arrays hold what the memory check
  // counted (ria/sph/memory.hpp), not up to twice that from growing as they fill.
  P.reserve(static_cast<std::size_t>(lattice));
  std::vector<Solid> solids;
  // Walls.
  for (std::size_t w = 0; w < sc.walls.size(); ++w) {
    const WallBox& wb = sc.walls[w];
    const std::string what = "wall " + std::to_string(w);
    const std::array<long, 3> n = lattice_counts(dim, wb.lo, wb.hi, dp, what, warnings, false);
    Solid solid;
    std::array<long, 3> first{0, 0, 0}, last = n;
    if (wb.kind == WallBox::Kind::tank) {
      const long L = tank_layers(sc, wb);
      for (int c = 0; c < dim; ++c) first[c] = -L, last[c] = n[c] + L;
      if (wb.open_top) last[v] = n[v];
      solid.hollow = true;
      for (int c = 0; c < dim; ++c) {
        solid.in_lo[c] = wb.lo[c];
        solid.in_hi[c] = wb.lo[c] + n[c] * dp;
        solid.lo[c] = wb.lo[c] - L * dp;
        solid.hi[c] = wb.lo[c] + (n[c] + L) * dp;
      }
      if (wb.open_top) {  // the shell ends at the inner box's top, and nothing above the inner box is solid
        solid.hi[v] = solid.in_hi[v];
        solid.in_hi[v] = std::numeric_limits<double>::infinity();
      }
    } else {
      for (int c = 0; c < dim; ++c) solid.lo[c] = wb.lo[c], solid.hi[c] = wb.lo[c] + n[c] * dp;
    }
    for_lattice(dim, wb.lo, first, last, dp, [&](const Point& p, const std::array<long, 3>& idx) {
      if (wb.kind == WallBox::Kind::tank) {
        bool inner = true;
        for (int c = 0; c < dim; ++c) inner = inner && idx[c] >= 0 && idx[c] < n[c];
        if (inner) return;
      }
      for (const Solid& o : solids)
        if (o.contains(dim, p)) return;
      P.push(p, {0, 0, 0}, f.rho0, Kind::boundary);
    });
    solids.push_back(solid);
  }
  const std::size_t n_boundary = P.size();
  // Each fluid box's lattice, and its top as the lattice fills it (the hydrostatic start's
  // surfaces); the counts' warnings are said with the box's others, below.
  std::vector<std::array<long, 3>> counts;
  std::vector<std::vector<std::string>> count_warnings(sc.fluid.size());
  std::vector<double> tops;
  for (std::size_t b = 0; b < sc.fluid.size(); ++b) {
    const FluidBox& fb = sc.fluid[b];
    counts.push_back(lattice_counts(dim, fb.lo, fb.hi, dp, "fluid " + std::to_string(b), count_warnings[b], true));
    tops.push_back(fb.lo[v] + counts[b][v] * dp);
  }
  // Fluid.
  std::vector<Solid> earlier_fluid;
  for (std::size_t b = 0; b < sc.fluid.size(); ++b) {
    const FluidBox& fb = sc.fluid[b];
    const std::string what = "fluid " + std::to_string(b);
    warnings.insert(warnings.end(), count_warnings[b].begin(), count_warnings[b].end());
    const std::array<long, 3>& n = counts[b];
    const std::size_t before = P.size();
    std::vector<std::size_t> in_wall(solids.size(), 0);  // the box's lattice points left out, per wall
    for_lattice(dim, fb.lo, {0, 0, 0}, n, dp, [&](const Point& p, const std::array<long, 3>&) {
      for (std::size_t w = 0; w < solids.size(); ++w)
        if (solids[w].contains(dim, p)) {
          ++in_wall[w];
          return;
        }
      for (const Solid& o : earlier_fluid)
        if (o.contains(dim, p)) return;
      const double rho = sc.hydrostatic_start
                             ? eos.density(f.rho0 * sc.gravity * (column_surface(dim, p, 0, tops[b], sc.fluid, tops, dp) - p[v]))
                             : f.rho0;
      P.push(p, fb.velocity, rho, Kind::fluid);
    });
    if (P.size() == before) {
      warnings.push_back(what + " lies entirely inside walls or earlier fluid: it adds no particle");
    } else {
      // A box over a block (an obstacle in the water) is a layout the overlap rule serves; a box in
      // a tank's layers is refused by the scenario reader. Either way the user hears of it.
      for (std::size_t w = 0; w < solids.size(); ++w)
        if (in_wall[w] > 0)
          warnings.push_back(what + " overlaps wall " + std::to_string(w) + " (" +
                             (sc.walls[w].kind == WallBox::Kind::tank ? "the particle layers of a tank" : "a block") +
                             "): " + std::to_string(in_wall[w]) + " of its particles lie in the wall and are left out");
    }
    Solid mine;
    for (int c = 0; c < dim; ++c) mine.lo[c] = fb.lo[c], mine.hi[c] = fb.lo[c] + n[c] * dp;
    earlier_fluid.push_back(mine);
  }
  if (P.size() == n_boundary)
    throw std::invalid_argument(sc.file + ": no fluid particle: every [[fluid]] box lies inside walls or earlier fluid");
  // Boundary densities: the hydrostatic density of the fluid each boundary particle holds up.
  if (sc.hydrostatic_start)
    for (std::size_t a = 0; a < n_boundary; ++a) {
      Point p{};
      for (int c = 0; c < dim; ++c) p[c] = P.r[c][a];
      double depth = 0;
      for (std::size_t b = 0; b < sc.fluid.size(); ++b)
        if (footprint_distance(dim, p, sc.fluid[b]) <= 2 * h)
          depth = std::max(depth, column_surface(dim, p, 2 * h, tops[b], sc.fluid, tops, dp) - p[v]);
      P.rho[a] = eos.density(f.rho0 * sc.gravity * depth);
    }

  // Cells.
  Point lo{}, hi{};
  for (int c = 0; c < dim; ++c) {
    lo[c] = *std::min_element(P.r[c].begin(), P.r[c].end()) - 2 * h;
    hi[c] = *std::max_element(P.r[c].begin(), P.r[c].end()) + 2 * h;
  }
  if (sc.has_domain) lo = sc.domain_lo, hi = sc.domain_hi;
  s.cells = cell_grid(dim, lo, hi, 2 * h);  // each solver splits them for its search (search_cells), before it allocates
  check_probes_inside(sc, lo, hi);
  for (const Probe& p : sc.probes) {
    // Probes that would read nothing for the whole run, or not what is at their place: a wall probe
    // with no wall particle within 2h (the walls never move), a pressure probe inside a wall.
    if (p.kind == Probe::Kind::wall_pressure) {
      bool near = false;
      for (std::size_t a = 0; a < n_boundary && !near; ++a) {
        double d2 = 0;
        for (int c = 0; c < dim; ++c) d2 += (P.r[c][a] - p.at[c]) * (P.r[c][a] - p.at[c]);
        near = d2 < 4 * h * h;
      }
      if (!near)
        warnings.push_back("probe '" + p.name + "' (wall_pressure) has no wall particle within 2h = " + number_text(2 * h) +
                           " m: it reads 0 for the whole run; put it on a wall's face");
    } else if (p.kind == Probe::Kind::pressure) {
      // Inside a wall by r or more: every point within r of the probe is in the wall (its box, less
      // a tank's inside). With r = 2h no fluid particle can come within the kernel's support, and
      // the probe reads 0; from dp/2 (a probe on a face reads the fluid beside it) it reads the
      // fluid beyond the face, not the pressure at its place.
      const auto inside_by = [&](const Solid& w, double r) {
        double to_inside2 = 0;  // squared distance to a tank's inside (an open box)
        for (int c = 0; c < dim; ++c) {
          if (p.at[c] - r < w.lo[c] || p.at[c] + r > w.hi[c]) return false;
          const double e = std::max({w.in_lo[c] - p.at[c], 0.0, p.at[c] - w.in_hi[c]});
          to_inside2 += e * e;
        }
        return !w.hollow || to_inside2 >= r * r;
      };
      for (std::size_t w = 0; w < solids.size(); ++w)
        if (inside_by(solids[w], 2 * h))
          warnings.push_back("probe '" + p.name + "' (pressure) lies inside wall " + std::to_string(w) + " by 2h = " +
                             number_text(2 * h) + " m or more, where no fluid comes within the kernel's reach: it "
                             "reads 0 for the whole run");
        else if (inside_by(solids[w], 0.5 * dp))
          warnings.push_back("probe '" + p.name + "' (pressure) lies inside wall " + std::to_string(w) +
                             ": it reads the fluid beyond the wall's face, within 2h = " + number_text(2 * h) +
                             " m (0 where that fluid's kernel sum is below 0.1), not the pressure at its place; put it "
                             "in the water or use kind = \"wall_pressure\"");
    }
  }
  if (sc.has_domain) {
    // The box the solvers take fluid out at (particle_step.hpp), and its open top.
    const DomainBox box = domain_box(s.cells, dim, h);
    std::size_t outside = 0, leaving = 0;  // leaving: fluid below the floor or beside a side
    for (std::size_t a = 0; a < P.size(); ++a) {
      bool out = P.r[dim - 1][a] > box.hi[dim - 1], below_or_beside = false;
      for (int c = 0; c < dim; ++c) below_or_beside = below_or_beside || box.beyond(c, dim, P.r[c][a]);
      if (P.is_fluid(a) && below_or_beside) ++leaving;
      else if (out || below_or_beside) ++outside;
    }
    if (leaving)
      warnings.push_back(std::to_string(leaving) + " fluid particles lie below or beside [domain]: they leave the flow "
                         "in the first step (docs/sph.md, fluid that leaves the domain)");
    if (outside)
      warnings.push_back(std::to_string(outside) + " particles lie outside [domain] (walls, or fluid above it): they are "
                         "binned in its edge cells (exact, but slower when many)");
  }
  return s;
}

}  // namespace ria::sph
