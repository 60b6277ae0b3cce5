// CUDA kernels of the SPH step (docs/sph.md, "GPU backend"). They run the same pure functions as
// the serial/OpenMP solver: the pair interaction add_pair (ria/sph/pair.hpp), the per-particle
// step parts (particle_step.hpp), the cell numbering and neighbour ranges (cell_list.hpp); they
// differ from it only in how threads map to particles.
//
// Per rate evaluation: k_cell_keys (each particle's cell) -> CUB radix sort of (cell, slot) pairs
// (stable, so within a cell particles keep their order, as the CPU counting sort) -> k_gather
// (every array reordered, pressure, sound speed and 1/rho of the new order) -> k_cell_start
// (start[c] = first slot of cell c, by binary search in the sorted keys) -> one of the two
// searches (search.hpp; compiled without the laminar and SPS terms, with the laminar term, and with
// both: add_pair's flags), which also reduces the local dt (phase 1 of the two-phase min reduction,
// src/exec/cuda/two_phase_reduce.cuh) and the pair count of its block; with SPS, k_sps_stress first.
#pragma once

#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>

#include "exec/cuda/two_phase_reduce.cuh"
#include "ria/grid/grid.hpp"
#include "ria/sph/pair.hpp"
#include "ria/sph/sps.hpp"
#include "sph/cell_list.hpp"
#include "sph/particle_step.hpp"

namespace ria::sph::cuda {

/// The particle arrays that the sort reorders (one set of a ping-pong pair); r0, v0, rho0 only
/// in the corrector's sort.
template <int D>
struct Arrays {
  double* r[D];
  double* v[D];
  double* rho;
  std::uint8_t* kind;
  std::uint32_t* id;
  double* r0[D];
  double* v0[D];
  double* rho0;
};

/// What the searches read (sorted storage) and write.
template <int D>
struct SweepIn {
  const double* r[D];
  const double* v[D];
  const double* rho;
  const double* inv_rho;
  const double* p;
  const double* c;
  const std::uint8_t* kind;
  const std::uint32_t* fluid_before;  // n + 1 entries: fluid particles in slots [0, s) (interaction.hpp)
  const double* tau;  // with SPS: Sym<D>::size values per slot (sps.hpp), else null
};
template <int D>
struct SweepOut {
  double* acc[D];        // dv/dt with gravity (fluid), 0 (boundary)
  double* drho;
  double* mu_max;
  std::uint32_t* pairs;  // pairs that interacted, per particle
};

constexpr int kThreads = 256;     // element-wise kernels
constexpr int kRangeThreads = 128;  // cell-range search: one thread per particle
constexpr int kTileWarps = 4;       // tiled search: warps (cells) per block
constexpr int kTile = 32;           // particles per shared-memory tile (one per lane)

__global__ void k_cell_keys_2(Grid g, const double* __restrict__ x, const double* __restrict__ z, std::uint32_t n,
                              std::uint32_t* __restrict__ key, std::uint32_t* __restrict__ slot) {
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a >= n) return;
  key[a] = static_cast<std::uint32_t>(g.index(g.cell_i(x[a]), g.cell_j(z[a]), 0));
  slot[a] = a;
}

__global__ void k_cell_keys_3(Grid g, const double* __restrict__ x, const double* __restrict__ y,
                              const double* __restrict__ z, std::uint32_t n, std::uint32_t* __restrict__ key,
                              std::uint32_t* __restrict__ slot) {
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a >= n) return;
  key[a] = static_cast<std::uint32_t>(g.index(g.cell_i(x[a]), g.cell_j(y[a]), g.cell_k(z[a])));
  slot[a] = a;
}

/// dst[s] = src[order[s]] for every array, then the equation-of-state values of the new order.
/// fluid[s] = 1 for a fluid particle in the new order, else 0 (and fluid[n] = 0), the input of the
/// scan that gives fluid_before.
template <int D>
__global__ void k_gather(const std::uint32_t* __restrict__ order, std::uint32_t n, Arrays<D> src, Arrays<D> dst,
                         bool with_start, Tait eos, double* __restrict__ p, double* __restrict__ c,
                         double* __restrict__ inv_rho, std::uint32_t* __restrict__ fluid) {
  const std::uint32_t s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s == n) fluid[n] = 0;
  if (s >= n) return;
  const std::uint32_t o = order[s];
  for (int d = 0; d < D; ++d) dst.r[d][s] = src.r[d][o], dst.v[d][s] = src.v[d][o];
  const double rho = src.rho[o];
  dst.rho[s] = rho;
  const std::uint8_t kind = src.kind[o];
  dst.kind[s] = kind;
  fluid[s] = is_fluid_kind(kind) ? 1u : 0u;
  dst.id[s] = src.id[o];
  if (with_start) {
    for (int d = 0; d < D; ++d) dst.r0[d][s] = src.r0[d][o], dst.v0[d][s] = src.v0[d][o];
    dst.rho0[s] = src.rho0[o];
  }
  const EosValues e = eos_values(eos, rho);
  p[s] = e.p, c[s] = e.c, inv_rho[s] = e.inv_rho;
}

/// start[c] = the first sorted slot whose key is >= c, for c = 0..cells (start[cells] = n), so
/// that cell c holds the slots [start[c], start[c + 1]) as CellList::start.
__global__ void k_cell_start(const std::uint32_t* __restrict__ key, std::uint32_t n, std::uint32_t cells,
                             std::uint32_t* __restrict__ start) {
  const std::uint32_t c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c > cells) return;
  std::uint32_t lo = 0, hi = n;
  while (lo < hi) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    if (key[mid] < c) lo = mid + 1;
    else hi = mid;
  }
  start[c] = lo;
}

template <int D>
__device__ inline Vec<D> position_ldg(const SweepIn<D>& in, std::uint32_t b) {
  Vec<D> r;
  for (int d = 0; d < D; ++d) r[d] = __ldg(in.r[d] + b);
  return r;
}

/// Particle b's SPS stress (sps.hpp) through the read-only data cache.
template <int D>
__device__ inline Sym<D> sps_ldg(const SweepIn<D>& in, std::uint32_t b) {
  Sym<D> t;
  for (int k = 0; k < Sym<D>::size; ++k) t.c[k] = __ldg(in.tau + static_cast<std::size_t>(b) * Sym<D>::size + k);
  return t;
}

/// Particle b through the read-only data cache, its position already loaded; its SPS stress with kSps.
template <int D, bool kSps = false>
__device__ inline PairParticle<D> particle_ldg(const SweepIn<D>& in, std::uint32_t b, const Vec<D>& r) {
  PairParticle<D> q;
  q.r = r;
  for (int d = 0; d < D; ++d) q.v[d] = __ldg(in.v[d] + b);
  q.rho = __ldg(in.rho + b);
  q.inv_rho = __ldg(in.inv_rho + b);
  q.p = __ldg(in.p + b);
  q.c = __ldg(in.c + b);
  q.fluid = is_fluid_kind(__ldg(in.kind + b));
  if (kSps) q.tau = sps_ldg(in, b);
  return q;
}

/// The candidate screen both searches apply before add_pair (which decides): b is not a itself
/// and lies within the support. The same expression in both, so they keep the same pairs.
template <int D>
__device__ inline bool candidate(const SphParams<D>& P, const Vec<D>& ra, const Vec<D>& rb, bool self) {
  const Vec<D> rab = ra - rb;
  return !self && dot(rab, rab) < P.kernel.support2();
}

/// Whether the slots [b0, b1) hold no fluid particle: a boundary particle skips them, as the CPU
/// sweep does (interaction.hpp), since two boundary particles add nothing (pair.hpp).
template <int D>
__device__ inline bool no_fluid(const SweepIn<D>& in, std::uint32_t b0, std::uint32_t b1) {
  return __ldg(in.fluid_before + b1) == __ldg(in.fluid_before + b0);
}

/// Writes particle a's rates (as interaction.hpp) and returns its local dt.
template <int D>
__device__ inline double store_rates(const SphParams<D>& P, const PairParticle<D>& pa, const PairSums<D>& s,
                                     unsigned pairs, std::uint32_t a, const SweepOut<D>& out) {
  Vec<D> acc;
  for (int d = 0; d < D; ++d) acc[d] = pa.fluid ? s.acc[d] + P.g[d] : 0.0;
  for (int d = 0; d < D; ++d) out.acc[d][a] = acc[d];
  out.drho[a] = s.drho;
  out.mu_max[a] = s.mu_max;
  out.pairs[a] = pairs;
  return local_dt(P, pa.fluid, acc, pa.c, s.mu_max);
}

/// The block's min local dt to dt_partial[blockIdx.x] (kDt) and its pairs added to *pair_total.
template <bool kDt>
__device__ inline void reduce_block(double dtl, double pairs, double* dt_partial, double* pair_total) {
  __shared__ double scratch_dt[32], scratch_pairs[32];
  if (kDt) {
    dtl = exec::cuda::block_reduce<exec::ReduceOp::min>(dtl, scratch_dt);
    if (threadIdx.x == 0) dt_partial[blockIdx.x] = dtl;
  }
  pairs = exec::cuda::block_reduce<exec::ReduceOp::sum>(pairs, scratch_pairs);
  if (threadIdx.x == 0) atomicAdd(pair_total, pairs);  // whole numbers < 2^53: exact in any order
}

/// Calls visit(b) for particle a's neighbours b in the support, in the order of the CPU's
/// for_each_neighbour (interaction.hpp): the slot ranges of its neighbour cells (cell_list.hpp,
/// neighbour_ranges) in order, candidates loaded through __ldg. Each run of 32 slots is screened
/// first (the candidate test, and for a boundary particle a fluid b) into a bit mask, and visit
/// then runs over the set bits in slot order: the lanes of a warp, whose hits differ, run the
/// costly visit together instead of each waiting for the others' hits.
template <int D, class Visit>
__device__ inline void for_each_neighbour(const SphParams<D>& P, const Grid& g, const std::uint32_t* start,
                                          std::uint32_t cell, const SweepIn<D>& in, std::uint32_t a,
                                          const Vec<D>& ra, bool a_fluid, Visit&& visit) {
  const std::array<int, 3> ijk = cell_coords(g, cell);
  const NeighbourRanges nb = neighbour_ranges<D>(g, start, ijk[0], ijk[1], ijk[2]);
  for (int rg = 0; rg < nb.count; ++rg) {
    if (!a_fluid && no_fluid(in, nb.begin[rg], nb.end[rg])) continue;
    for (std::uint32_t b0 = nb.begin[rg]; b0 < nb.end[rg]; b0 += 32) {
      const std::uint32_t m = nb.end[rg] - b0 < 32 ? nb.end[rg] - b0 : 32;
      unsigned hits = 0;
      for (std::uint32_t k = 0; k < m; ++k) {
        const std::uint32_t b = b0 + k;
        const bool keep = candidate(P, ra, position_ldg(in, b), b == a) && (a_fluid || is_fluid_kind(__ldg(in.kind + b)));
        hits |= keep ? 1u << k : 0u;
      }
      for (; hits != 0; hits &= hits - 1) visit(b0 + static_cast<std::uint32_t>(__ffs(hits) - 1));
    }
  }
}

/// Search (a), cell ranges: one thread per particle a, its neighbours by for_each_neighbour.
template <int D, bool kDt, bool kLaminar, bool kSps>
__global__ void __launch_bounds__(kRangeThreads)
    k_rates_cell_range(SphParams<D> P, Grid g, const std::uint32_t* __restrict__ start,
                       const std::uint32_t* __restrict__ key, SweepIn<D> in, SweepOut<D> out, std::uint32_t n,
                       double* __restrict__ dt_partial, double* __restrict__ pair_total) {
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  double dtl = INFINITY;
  unsigned pairs = 0;
  if (a < n) {
    const PairParticle<D> pa = particle_ldg<D, kSps>(in, a, position_ldg(in, a));
    PairSums<D> s;
    for_each_neighbour(P, g, start, key[a], in, a, pa.r, pa.fluid, [&](std::uint32_t b) {
      pairs += add_pair<D, kLaminar, kSps>(P, pa, particle_ldg<D, kSps>(in, b, position_ldg(in, b)), s) ? 1u : 0u;
    });
    dtl = store_rates(P, pa, s, pairs, a, out);
  }
  reduce_block<kDt>(dtl, static_cast<double>(pairs), dt_partial, pair_total);
}

/// The SPS stresses T = tau / rho^2 of every slot (sps.hpp; zero for boundary particles), from the
/// velocity gradient over the same neighbours in the same order as the CPU's sps_stresses.
template <int D>
__global__ void __launch_bounds__(kRangeThreads)
    k_sps_stress(SphParams<D> P, Grid g, const std::uint32_t* __restrict__ start, const std::uint32_t* __restrict__ key,
                 SweepIn<D> in, std::uint32_t n, double* __restrict__ tau) {
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a >= n) return;
  Sym<D> T = Sym<D>::zero();
  if (is_fluid_kind(__ldg(in.kind + a))) {
    const Vec<D> ra = position_ldg(in, a);
    Vec<D> va;
    for (int d = 0; d < D; ++d) va[d] = __ldg(in.v[d] + a);
    Mat<D> grad = Mat<D>::zero();
    for_each_neighbour(P, g, start, key[a], in, a, ra, true, [&](std::uint32_t b) {
      Vec<D> vb;
      for (int d = 0; d < D; ++d) vb[d] = __ldg(in.v[d] + b);
      add_velocity_gradient(P, ra, va, position_ldg(in, b), vb, __ldg(in.inv_rho + b), grad);
    });
    T = sps_stress(P, grad, __ldg(in.rho + a));
  }
  for (int k = 0; k < Sym<D>::size; ++k) tau[static_cast<std::size_t>(a) * Sym<D>::size + k] = T.c[k];
}

/// Search (b), shared-memory tiles (GPUSPH): warp w of the block takes cell c; for each group of
/// up to 32 of c's particles (one per lane) it walks c's neighbour ranges in order, copying 32
/// consecutive slots at a time into its shared-memory tile, and each lane sums the tile in slot
/// order: every particle sees its candidates in the order of search (a).
template <int D, bool kDt, bool kLaminar, bool kSps>
__global__ void __launch_bounds__(32 * kTileWarps)
    k_rates_tiles(SphParams<D> P, Grid g, const std::uint32_t* __restrict__ start, SweepIn<D> in, SweepOut<D> out,
                  std::uint32_t cells, double* __restrict__ dt_partial, double* __restrict__ pair_total) {
  __shared__ double t_r[kTileWarps][D][kTile], t_v[kTileWarps][D][kTile];
  __shared__ double t_rho[kTileWarps][kTile], t_inv_rho[kTileWarps][kTile], t_p[kTileWarps][kTile], t_c[kTileWarps][kTile];
  __shared__ bool t_fluid[kTileWarps][kTile];
  const int w = threadIdx.x / 32, lane = threadIdx.x % 32;
  const std::uint32_t c = blockIdx.x * kTileWarps + w;
  double dtl = INFINITY;
  double pairs_total = 0;
  const std::uint32_t s0 = c < cells ? start[c] : 0, s1 = c < cells ? start[c + 1] : 0;
  if (s0 < s1) {  // uniform over the warp: __syncwarp below is reached by all its lanes
    const std::array<int, 3> ijk = cell_coords(g, c);
    const NeighbourRanges nb = neighbour_ranges<D>(g, start, ijk[0], ijk[1], ijk[2]);
    for (std::uint32_t a0 = s0; a0 < s1; a0 += kTile) {
      const std::uint32_t a = a0 + lane;
      const bool active = a < s1;
      PairParticle<D> pa;
      if (active) pa = particle_ldg<D, kSps>(in, a, position_ldg(in, a));
      PairSums<D> s;
      unsigned pairs = 0;
      const bool group_has_fluid = __any_sync(0xffffffffu, active && pa.fluid);  // uniform over the warp
      for (int rg = 0; rg < nb.count; ++rg) {
        if (!group_has_fluid && no_fluid(in, nb.begin[rg], nb.end[rg])) continue;
        for (std::uint32_t t0 = nb.begin[rg]; t0 < nb.end[rg]; t0 += kTile) {
          const std::uint32_t b = t0 + lane;
          if (b < nb.end[rg]) {
            for (int d = 0; d < D; ++d) t_r[w][d][lane] = __ldg(in.r[d] + b), t_v[w][d][lane] = __ldg(in.v[d] + b);
            t_rho[w][lane] = __ldg(in.rho + b);
            t_inv_rho[w][lane] = __ldg(in.inv_rho + b);
            t_p[w][lane] = __ldg(in.p + b);
            t_c[w][lane] = __ldg(in.c + b);
            t_fluid[w][lane] = is_fluid_kind(__ldg(in.kind + b));
          }
          __syncwarp();
          const std::uint32_t m = nb.end[rg] - t0 < kTile ? nb.end[rg] - t0 : kTile;
          if (active)
            for (std::uint32_t k = 0; k < m; ++k) {
              Vec<D> rb;
              for (int d = 0; d < D; ++d) rb[d] = t_r[w][d][k];
              if (!candidate(P, pa.r, rb, t0 + k == a)) continue;
              PairParticle<D> pb;
              pb.r = rb;
              for (int d = 0; d < D; ++d) pb.v[d] = t_v[w][d][k];
              pb.rho = t_rho[w][k];
              pb.inv_rho = t_inv_rho[w][k];
              pb.p = t_p[w][k];
              pb.c = t_c[w][k];
              pb.fluid = t_fluid[w][k];
              if (kSps) pb.tau = sps_ldg(in, t0 + k);  // from global memory, not the tile
              pairs += add_pair<D, kLaminar, kSps>(P, pa, pb, s) ? 1u : 0u;
            }
          __syncwarp();
        }
      }
      if (active) {
        const double dta = store_rates(P, pa, s, pairs, a, out);
        dtl = dta < dtl ? dta : dtl;
        pairs_total += pairs;
      }
    }
  }
  reduce_block<kDt>(dtl, pairs_total, dt_partial, pair_total);
}

template <int D>
__global__ void k_predict(StepArrays<D> s, std::uint32_t n, double dt, double rho_ref) {
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a < n) predict(s, a, dt, rho_ref);
}

/// The corrector; sets *bad when a particle's new state is not finite or its density not > 0
/// (the host then names the first such particle, step_checks.hpp).
template <int D>
__global__ void k_correct(StepArrays<D> s, std::uint32_t n, double dt, double rho_ref, int* __restrict__ bad) {
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a >= n) return;
  correct(s, a, dt, rho_ref);
  bool ok = isfinite(s.rho[a]) && s.rho[a] > 0;
  for (int d = 0; d < D; ++d) ok = ok && isfinite(s.r[d][a]) && isfinite(s.v[d][a]);
  if (!ok) *bad = 1;
}

}  // namespace ria::sph::cuda
