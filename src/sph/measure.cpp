#include "sph/measure.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ria::sph {
namespace {

template <int D>
struct Sampler {
  const SphParams<D>& P;
  const Grid& g;
  const Particles& p;
  const CellList& cl;

  /// (S, sum p_b V_b W) at point q over fluid particles, or over boundary particles with `wall`.
  std::array<double, 2> sums(const Vec<D>& q, bool wall = false) const {
    const int i = g.cell_i(q[0]), j = g.cell_j(q[1]), k = D == 3 ? g.cell_k(q[2]) : 0;
    double s = 0, sp = 0;
    const NeighbourRanges nb = neighbour_ranges<D>(SearchCells{g, 1}, cl.start.data(), i, j, k);
    for (int rg = 0; rg < nb.count; ++rg)
      for (std::uint32_t slot = nb.begin[rg]; slot < nb.end[rg]; ++slot) {
        const std::size_t b = cl.order[slot];
        if (wall ? p.is_fluid(b) || p.is_out(b) : !p.is_fluid(b)) continue;
        double r2 = 0;
        for (int d = 0; d < D; ++d) {
          const double dr = q[d] - p.r[d][b];
          r2 += dr * dr;
        }
        if (r2 >= P.kernel.support2()) continue;
        const double vw = P.mass / p.rho[b] * P.kernel.w(std::sqrt(r2));
        s += vw;
        sp += P.eos.pressure(p.rho[b]) * vw;
      }
    return {s, sp};
  }
};

}  // namespace

template <int D>
Measures measure(const SphParams<D>& P, double dp, const Grid& g, const Particles& p, const std::vector<Probe>& probes,
                 CellList& cells) {
  const std::size_t n = p.size();
  cells.build(g, D, {p.r[0].data(), p.r[1].data(), D == 3 ? p.r[2].data() : nullptr}, n);
  Measures m;
  m.front = -std::numeric_limits<double>::infinity();
  double z_top = -std::numeric_limits<double>::infinity(), z_bottom = std::numeric_limits<double>::infinity();
  for (std::size_t a = 0; a < n; ++a) {
    if (p.is_out(a)) {
      ++m.out_particles;
      continue;
    }
    z_bottom = std::min(z_bottom, p.r[D - 1][a]);
    if (!p.is_fluid(a)) continue;
    double v2 = 0;
    for (int d = 0; d < D; ++d) v2 += p.v[d][a] * p.v[d][a];
    m.front = std::max(m.front, p.r[0][a] + 0.5 * dp);
    m.u_max = std::max(m.u_max, std::sqrt(v2));
    m.kinetic += 0.5 * P.mass * v2;
    m.fluid_mass += P.mass;
    m.fluid_volume += P.mass / p.rho[a];
    z_top = std::max(z_top, p.r[D - 1][a]);
  }
  const Sampler<D> sampler{P, g, p, cells};
  for (const Probe& pr : probes) {
    Vec<D> q;
    for (int d = 0; d < D; ++d) q[d] = pr.at[d];
    if (pr.kind != Probe::Kind::height) {
      const std::array<double, 2> s = sampler.sums(q, pr.kind == Probe::Kind::wall_pressure);
      m.probes.push_back(s[0] >= 0.1 ? s[1] / s[0] : 0.0);
      continue;
    }
    // Height, as a wave gauge's wire sees it (DualSPHysics' GaugeSwl likewise): walk up the line
    // from the lowest particle in steps of dp/4 into the water (S >= 1/2) and on to where S first
    // falls below 1/2 again: the top of the lowest continuous column. Spray and jets above it, which
    // a walk down from the top would report, do not count. No water on the line: NaN.
    double height = std::numeric_limits<double>::quiet_NaN();
    const double step = 0.25 * dp;
    const double z_end = z_top + P.kernel.support();
    long samples = 0;
    if (std::isfinite(z_top)) samples = static_cast<long>(std::ceil((z_end - z_bottom) / step)) + 1;
    bool in_water = false;
    double z_prev = z_bottom, s_prev = 0;
    for (long k = 0; k <= samples; ++k) {
      const double z = z_bottom + static_cast<double>(k) * step;
      q[D - 1] = z;
      const double s = sampler.sums(q)[0];
      if (!in_water) {
        in_water = s >= 0.5;
      } else if (s < 0.5) {
        height = z_prev + (z - z_prev) * (s_prev - 0.5) / (s_prev - s);
        break;
      }
      z_prev = z, s_prev = s;
    }
    m.probes.push_back(height);
  }
  if (m.fluid_mass == 0) m.front = std::numeric_limits<double>::quiet_NaN();
  return m;
}

template Measures measure<2>(const SphParams<2>&, double, const Grid&, const Particles&, const std::vector<Probe>&, CellList&);
template Measures measure<3>(const SphParams<3>&, double, const Grid&, const Particles&, const std::vector<Probe>&, CellList&);

}  // namespace ria::sph
