// The rates of change of every particle: the pair interaction (ria/sph/pair.hpp) summed over each
// particle's neighbours (gather: a particle's sums are written by it alone, so particles are
// independent work items), neighbours visited in the fixed order of cell_list.hpp. Particles are
// in sorted storage (slot = particle, the solver reorders its arrays after each binning).
#pragma once

#include <array>
#include <cstdint>

#include "exec/cpu/parallel_for.hpp"
#include "ria/sph/pair.hpp"
#include "ria/sph/sps.hpp"
#include "sph/cell_list.hpp"

namespace ria::sph {

template <int D>
struct SweepIn {
  std::array<const double*, D> r, v;
  const double* rho;
  const double* inv_rho;  // 1 / rho
  const double* p;  // pressure at rho (eos.hpp)
  const double* c;  // speed of sound at rho
  const std::uint8_t* kind;
  const std::uint32_t* fluid_before;  // n + 1 entries: fluid particles in slots [0, s)
  const double* tau = nullptr;  // with SPS: Sym<D>::size values per particle (sps.hpp), else unused
};

template <int D>
struct SweepOut {
  std::array<double*, D> acc;  // dv/dt including gravity (fluid), 0 (boundary) [m/s^2]
  double* drho;                // drho/dt [kg/m^3/s]
  double* mu_max;              // max_b |mu_ab| [m/s]
  double* pairs;               // pairs that interacted
};

template <int D>
inline PairParticle<D> load(const SweepIn<D>& in, std::size_t a) {
  PairParticle<D> q;
  for (int d = 0; d < D; ++d) q.r[d] = in.r[d][a], q.v[d] = in.v[d][a];
  q.rho = in.rho[a];
  q.inv_rho = in.inv_rho[a];
  q.p = in.p[a];
  q.c = in.c[a];
  q.fluid = in.kind[a] == static_cast<std::uint8_t>(Kind::fluid);
  if (in.tau)
    for (int k = 0; k < Sym<D>::size; ++k) q.tau.c[k] = in.tau[a * Sym<D>::size + k];
  return q;
}

/// Calls visit(b) for a's neighbours b in the support, in the fixed order of cell_list.hpp: the
/// candidates are screened in chunks without branches (distance, self, two boundary particles),
/// then visit runs over the survivors in their slot order, so that sums are those of a plain loop
/// over the candidates, bit for bit.
template <int D, class Visit>
inline void for_each_neighbour(const SphParams<D>& P, const SearchCells& g, const CellList& cl, const SweepIn<D>& in,
                               std::size_t a, const Vec<D>& ra, bool a_fluid, Visit&& visit) {
  const double support2 = P.kernel.support2();
  const std::array<int, 3> ijk = cell_coords(g.grid, cl.cell[a]);
  const NeighbourRanges nb = neighbour_ranges<D>(g, cl.start.data(), ijk[0], ijk[1], ijk[2]);
  std::array<const double*, D> r;
  for (int d = 0; d < D; ++d) r[d] = in.r[d];
  const std::uint8_t* kind = in.kind;
  constexpr std::size_t kChunk = 128;
  std::uint32_t near[kChunk];
  for (int rg = 0; rg < nb.count; ++rg) {
    const std::size_t b0 = nb.begin[rg], b1 = nb.end[rg];
    // A boundary particle skips ranges without fluid (two boundary particles do not interact).
    if (!a_fluid && in.fluid_before[b1] == in.fluid_before[b0]) continue;
    for (std::size_t c0 = b0; c0 < b1; c0 += kChunk) {
      const std::size_t c1 = c0 + kChunk < b1 ? c0 + kChunk : b1;
      std::size_t m = 0;
      for (std::size_t b = c0; b < c1; ++b) {
        double r2 = 0;
        for (int d = 0; d < D; ++d) {
          const double dr = ra[d] - r[d][b];
          r2 += dr * dr;
        }
        near[m] = static_cast<std::uint32_t>(b);
        const bool keep = (r2 < support2) & (b != a) & (a_fluid | (kind[b] == static_cast<std::uint8_t>(Kind::fluid)));
        m += keep ? 1 : 0;
      }
      for (std::size_t k = 0; k < m; ++k) visit(static_cast<std::size_t>(near[k]));
    }
  }
}

/// Fills `out` for the n particles; `parallel` spreads particles over the OpenMP threads.
template <int D>
void interact(const SphParams<D>& P, const SearchCells& g, const CellList& cl, const SweepIn<D>& in, const SweepOut<D>& out,
              std::size_t n, bool parallel) {
  exec::cpu::for_uneven_items(parallel, 0, static_cast<int>(n), [&](int ia) {
    const std::size_t a = static_cast<std::size_t>(ia);
    const PairParticle<D> pa = load(in, a);
    PairSums<D> s;
    double pairs = 0;
    for_each_neighbour(P, g, cl, in, a, pa.r, pa.fluid,
                       [&](std::size_t b) { pairs += add_pair(P, pa, load(in, b), s) ? 1.0 : 0.0; });
    for (int d = 0; d < D; ++d) out.acc[d][a] = pa.fluid ? s.acc[d] + P.g[d] : 0.0;
    out.drho[a] = s.drho;
    out.mu_max[a] = s.mu_max;
    out.pairs[a] = pairs;
  });
}

/// The SPS stresses T = tau / rho^2 of the n particles into tau (Sym<D>::size per particle; zero
/// for boundary particles), from each fluid particle's velocity gradient (sps.hpp). `in.tau` is
/// not read.
template <int D>
void sps_stresses(const SphParams<D>& P, const SearchCells& g, const CellList& cl, const SweepIn<D>& in, double* tau,
                  std::size_t n, bool parallel) {
  exec::cpu::for_uneven_items(parallel, 0, static_cast<int>(n), [&](int ia) {
    const std::size_t a = static_cast<std::size_t>(ia);
    Sym<D> T = Sym<D>::zero();
    if (in.kind[a] == static_cast<std::uint8_t>(Kind::fluid)) {
      Vec<D> ra, va;
      for (int d = 0; d < D; ++d) ra[d] = in.r[d][a], va[d] = in.v[d][a];
      Mat<D> grad = Mat<D>::zero();
      for_each_neighbour(P, g, cl, in, a, ra, true, [&](std::size_t b) {
        Vec<D> rb, vb;
        for (int d = 0; d < D; ++d) rb[d] = in.r[d][b], vb[d] = in.v[d][b];
        add_velocity_gradient(P, ra, va, rb, vb, in.inv_rho[b], grad);
      });
      T = sps_stress(P, grad, in.rho[a]);
    }
    for (int k = 0; k < Sym<D>::size; ++k) tau[a * Sym<D>::size + k] = T.c[k];
  });
}

}  // namespace ria::sph
