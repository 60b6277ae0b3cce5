// CUDA kernels of the SPH step (docs/sph.md, "GPU backend"). They run the same pure functions as
// the serial/OpenMP solver: the pair interaction add_pair (ria/sph/pair.hpp), the per-particle
// step parts (particle_step.hpp), the cell numbering and neighbour ranges (cell_list.hpp); they
// differ from it only in how threads map to particles.
//
// Per rate evaluation: CellKeys (each particle's cell) -> CUB radix sort of (cell, slot) pairs
// (stable, so within a cell particles keep their order, as the CPU counting sort) -> Gather
// (every array reordered, pressure, sound speed and 1/rho of the new order) -> CellStart
// (start[c] = first slot of cell c, by binary search in the sorted keys) -> one of the two
// searches (search.hpp; compiled without the laminar and SPS terms, with the laminar term, and with
// both: add_pair's flags), which also reduces the local dt (phase 1 of the two-phase min reduction,
// src/exec/cuda/two_phase_reduce.cuh) and the pair count of its block; with SPS, k_sps_stress first.
// Search::list (neighbour_list.hpp): the step's first evaluation is the cell-range search writing
// each particle's list as it screens (k_rates_cell_range_listed); the second is PredictDerive
// and k_rates_list (neighbour_list_cuda.cuh).
//
// The searches read the particles through a loader (search_loads_cuda.cuh): DoubleLoads (the
// double arrays) or, for --precision mixed, MixedLoads (float copies that Gather writes); the
// screen and the walk over a particle's neighbour ranges are search_cuda.cuh's.
#pragma once

#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>

#include "sph/neighbour_list_cuda.cuh"
#include "sph/search_cuda.cuh"
#include "sph/search_loads_cuda.cuh"

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

/// Each particle's sort key (cell_list.hpp, sort_key: its cell, or past the last cell when out);
/// 2-D runs bin (x, z) on the grid's (x, y) axes and pass z = null. These element-wise steps are
/// functors for exec::cuda::parallel_for, over particles (or slots, or cells).
template <int D>
struct CellKeys {
  Grid g;
  const double* x;
  const double* y;
  const double* z;
  const std::uint8_t* kind;
  std::uint32_t* key;
  std::uint32_t* slot;
  __device__ void operator()(std::size_t a) const {
    key[a] = sort_key(g, D, kind[a], x[a], y[a], D == 3 ? z[a] : 0.0);
    slot[a] = static_cast<std::uint32_t>(a);
  }
};

/// Over the slots s = 0..n: dst[s] = src[order[s]] for every array, then the derived values of the
/// new order (Derived: the float copies relative to the cell that bins the particle). fluid[s] = 1
/// for a fluid particle in the new order, else 0 (and fluid[n] = 0), the input of the scan that
/// gives fluid_before.
template <int D>
struct Gather {
  const std::uint32_t* order;
  std::uint32_t n;
  Arrays<D> src, dst;
  bool with_start;
  std::uint32_t* fluid;
  Derived out;
  __device__ void operator()(std::size_t s) const {
    if (s == n) {
      fluid[n] = 0;
      return;
    }
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
    out.write<D>(static_cast<std::uint32_t>(s), src.r, src.v, o, rho, kind,
                 [&](const double(&r)[3]) { return binning_cell<D>(out.g, r); });
  }
};

/// Over the cells c = 0..cells: start[c] = the first sorted slot whose key is >= c, so that cell c
/// holds the slots [start[c], start[c + 1]) as CellList::start; start[cells] (the particles in
/// cells, before the out ones) also to *live.
struct CellStart {
  const std::uint32_t* key;
  std::uint32_t n, cells;
  std::uint32_t* start;
  unsigned* live;
  __device__ void operator()(std::size_t ci) const {
    const std::uint32_t c = static_cast<std::uint32_t>(ci);
    std::uint32_t lo = 0, hi = n;
    while (lo < hi) {
      const std::uint32_t mid = lo + (hi - lo) / 2;
      if (key[mid] < c) lo = mid + 1;
      else hi = mid;
    }
    start[c] = lo;
    if (c == cells) *live = lo;
  }
};

/// Search (a), cell ranges, for particle a = this thread: its neighbours by for_each_neighbour. P
/// is in double (the rates' gravity and local dt), PR the same parameters in the loader's
/// precision. With kList, also a's neighbour list and the fluid's largest speed (NeighbourList).
template <int D, class L, bool kDt, bool kLaminar, bool kSps, bool kList>
__device__ __forceinline__ void rates_cell_range(const SphParams<D>& P, const SphParams<D, typename L::Real>& PR,
                                                 const SearchCells& g, const std::uint32_t* __restrict__ start,
                                                 const std::uint32_t* __restrict__ key, const L& ld, const SweepOut<D>& out,
                                                 std::uint32_t n, double* __restrict__ dt_partial,
                                                 double* __restrict__ pair_total, const NeighbourList& list) {
  using Real = typename L::Real;
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  double dtl = INFINITY;
  unsigned pairs = 0;
  double v2 = 0;
  // Slots from start[cells] on hold out particles (CellKeys): nothing to sum, no limit on dt.
  if (a < n && a < __ldg(start + g.grid.cells())) {
    const typename L::Pos ra = ld.pos(a);
    const PairParticle<D, Real> pa = ld.template particle<kSps>(a);
    PairSums<D, Real> s;
    // Every b visited passed screen_run's radius and fluid tests: add_pair_at need not repeat them.
    const auto visit = [&](std::uint32_t b, const Vec<D, Real>& rab) {
      add_pair_at<D, kLaminar, kSps, Real, true>(PR, rab, pa, ld.template particle<kSps>(b), s);
      ++pairs;
    };
    if constexpr (kList) {
      ListWriter<Real> w{list.word + list_word(a, 0, list.capacity), list.capacity,
                         static_cast<Real>(list.radius * list.radius), list.radius};
      for_each_neighbour<D>(PR, g, start, key[a], ld, a, ra, pa.fluid, visit, [&] { s.end_run(); }, w);
      list.count[a] = w.count;
      if (w.count > list.capacity) atomicMax(list.need, w.count);
      if (pa.fluid)
        for (int d = 0; d < D; ++d) v2 += __ldg(ld.in.v[d] + a) * __ldg(ld.in.v[d] + a);
    } else {
      for_each_neighbour<D>(PR, g, start, key[a], ld, a, ra, pa.fluid, visit, [&] { s.end_run(); });
    }
    dtl = store_rates(P, pa.fluid, ld.out(a), __ldg(ld.in.c + a), s, pairs, a, out);
  }
  if constexpr (kList) warp_max_to(v2, list.v_max2);
  reduce_block<kDt>(dtl, static_cast<double>(pairs), dt_partial, pair_total);
}

/// Search (a), cell ranges: one thread per particle. Compiled without a bound on the blocks an SM,
/// which leaves ptxas its own choice of registers (71 in mixed and 96 in double in 3-D: 7 and 5
/// blocks); a bound of 1 block took them to 80 and 122 (docs/performance.md, "The list search as
/// masks").
template <int D, class L, bool kDt, bool kLaminar, bool kSps>
__global__ void __launch_bounds__(kRangeThreads)
    k_rates_cell_range(SphParams<D> P, SphParams<D, typename L::Real> PR, SearchCells g, const std::uint32_t* __restrict__ start,
                       const std::uint32_t* __restrict__ key, L ld, SweepOut<D> out, std::uint32_t n,
                       double* __restrict__ dt_partial, double* __restrict__ pair_total) {
  rates_cell_range<D, L, kDt, kLaminar, kSps, false>(P, PR, g, start, key, ld, out, n, dt_partial, pair_total, {});
}

/// The first evaluation of a step with Search::list: the cell-range search writing the neighbour
/// list, held to 8 blocks an SM in mixed (64 registers; ptxas spills 40 bytes in 3-D) and 5 in
/// double (96), where the list's writer would take the 3-D kernels to 84 and 122 registers (5 and
/// 4 blocks); held there they run faster (docs/performance.md, "The list search as masks").
template <int D, class L, bool kLaminar>
__global__ void __launch_bounds__(kRangeThreads, sizeof(typename L::Real) < sizeof(double) ? 8 : 5)
    k_rates_cell_range_listed(SphParams<D> P, SphParams<D, typename L::Real> PR, SearchCells g,
                              const std::uint32_t* __restrict__ start, const std::uint32_t* __restrict__ key, L ld,
                              SweepOut<D> out, std::uint32_t n, double* __restrict__ dt_partial,
                              double* __restrict__ pair_total, NeighbourList list) {
  rates_cell_range<D, L, true, kLaminar, false, true>(P, PR, g, start, key, ld, out, n, dt_partial, pair_total, list);
}

/// The SPS stresses T = tau / rho^2 of every slot (sps.hpp; zero for boundary particles), from the
/// velocity gradient over the same neighbours in the same order as the CPU's sps_stresses, in
/// double (with either precision of the rates).
template <int D>
__global__ void __launch_bounds__(kRangeThreads)
    k_sps_stress(SphParams<D> P, SearchCells g, const std::uint32_t* __restrict__ start, const std::uint32_t* __restrict__ key,
                 SweepIn<D> in, std::uint32_t n, double* __restrict__ tau) {
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a >= n) return;
  Sym<D> T = Sym<D>::zero();
  const DoubleLoads<D> ld{in};
  // Slots from start[cells] on hold out particles (not fluid either), whose key is no cell.
  if (a < __ldg(start + g.grid.cells()) && ld.fluid(a)) {
    const Vec<D> ra = ld.pos(a);
    Vec<D> va;
    for (int d = 0; d < D; ++d) va[d] = __ldg(in.v[d] + a);
    Mat<D> grad = Mat<D>::zero();
    for_each_neighbour<D>(P, g, start, key[a], ld, a, ra, true, [&](std::uint32_t b, const Vec<D>& rab) {
      Vec<D> vb;
      for (int d = 0; d < D; ++d) vb[d] = __ldg(in.v[d] + b);
      add_velocity_gradient_at(P, rab, va, vb, __ldg(in.inv_rho + b), grad);
    });
    T = sps_stress(P, grad, __ldg(in.rho + a));
  }
  for (int k = 0; k < Sym<D>::size; ++k) tau[static_cast<std::size_t>(a) * Sym<D>::size + k] = T.c[k];
}

/// Search (b), shared-memory tiles (GPUSPH): warp w of the block takes cell c; for each group of
/// up to 32 of c's particles (one per lane) it walks c's neighbour ranges in order, copying 32
/// consecutive slots at a time into its shared-memory tile, and each lane sums the tile in slot
/// order: every particle sees its candidates in the order of search (a).
template <int D, class L, bool kDt, bool kLaminar, bool kSps>
__global__ void __launch_bounds__(32 * kTileWarps)
    k_rates_tiles(SphParams<D> P, SphParams<D, typename L::Real> PR, SearchCells g, const std::uint32_t* __restrict__ start, L ld,
                  SweepOut<D> out, std::uint32_t cells, double* __restrict__ dt_partial, double* __restrict__ pair_total) {
  using Real = typename L::Real;
  __shared__ typename L::Pos t_r[kTileWarps][kTile];
  __shared__ Real t_v[kTileWarps][D][kTile], t_rho[kTileWarps][kTile], t_inv_rho[kTileWarps][kTile];
  __shared__ Real t_p[kTileWarps][kTile], t_c[kTileWarps][kTile];
  __shared__ bool t_fluid[kTileWarps][kTile];
  const int w = threadIdx.x / 32, lane = threadIdx.x % 32;
  const std::uint32_t c = blockIdx.x * kTileWarps + w;
  double dtl = INFINITY;
  double pairs_total = 0;
  const std::uint32_t s0 = c < cells ? start[c] : 0, s1 = c < cells ? start[c + 1] : 0;
  if (s0 < s1) {  // uniform over the warp: __syncwarp below is reached by all its lanes
    const std::array<int, 3> ijk = cell_coords(g.grid, c);
    const NeighbourRanges nb = neighbour_ranges<D>(g, start, ijk[0], ijk[1], ijk[2]);
    for (std::uint32_t a0 = s0; a0 < s1; a0 += kTile) {
      const std::uint32_t a = a0 + lane;
      const bool active = a < s1;
      typename L::Pos ra{};
      PairParticle<D, Real> pa;
      if (active) ra = ld.pos(a), pa = ld.template particle<kSps>(a);
      PairSums<D, Real> s;
      unsigned pairs = 0;
      const bool group_has_fluid = __any_sync(0xffffffffu, active && pa.fluid);  // uniform over the warp
      for (int rg = 0; rg < nb.count; ++rg) {
        if (!group_has_fluid && no_fluid(ld.in, nb.begin[rg], nb.end[rg])) continue;
        const typename L::Frame fr = ld.frame(ra, ijk, nb.row_j(rg), nb.row_k(rg));
        for (std::uint32_t t0 = nb.begin[rg]; t0 < nb.end[rg]; t0 += kTile) {
          const std::uint32_t b = t0 + lane;
          if (b < nb.end[rg]) {
            t_r[w][lane] = ld.pos(b);
            const PairParticle<D, Real> q = ld.template particle<false>(b);
            for (int d = 0; d < D; ++d) t_v[w][d][lane] = q.v[d];
            t_rho[w][lane] = q.rho, t_inv_rho[w][lane] = q.inv_rho, t_p[w][lane] = q.p, t_c[w][lane] = q.c;
            t_fluid[w][lane] = q.fluid;
          }
          __syncwarp();
          const std::uint32_t m = nb.end[rg] - t0 < kTile ? nb.end[rg] - t0 : kTile;
          if (active)
            for (std::uint32_t k = 0; k < m; ++k) {
              const Vec<D, Real> rab = fr.rab(t0 + k, t_r[w][k]);
              if (!candidate(PR, rab, t0 + k == a)) continue;
              PairParticle<D, Real> pb;
              for (int d = 0; d < D; ++d) pb.v[d] = t_v[w][d][k];
              pb.rho = t_rho[w][k];
              pb.inv_rho = t_inv_rho[w][k];
              pb.p = t_p[w][k];
              pb.c = t_c[w][k];
              pb.fluid = t_fluid[w][k];
              if (kSps) pb.tau = sps_ldg<D, Real>(ld.in, t0 + k);  // from global memory, not the tile
              pairs += add_pair_at<D, kLaminar, kSps, Real>(PR, rab, pa, pb, s) ? 1u : 0u;
            }
          s.end_run();
          __syncwarp();
        }
      }
      if (active) {
        const double dta = store_rates(P, pa.fluid, ld.out(a), __ldg(ld.in.c + a), s, pairs, a, out);
        dtl = dta < dtl ? dta : dtl;
        pairs_total += pairs;
      }
    }
  }
  reduce_block<kDt>(dtl, pairs_total, dt_partial, pair_total);
}

/// The predictor (particle_step.hpp) over the particles.
template <int D>
struct Predict {
  StepArrays<D> s;
  double dt, rho_ref;
  __device__ void operator()(std::size_t a) const { predict(s, a, dt, rho_ref); }
};

/// The corrector over the particles; sets *bad when a particle's new state is not finite or its
/// density not > 0 (the host then names the first such particle, step_checks.hpp).
template <int D>
struct Correct {
  StepArrays<D> s;
  double dt, rho_ref;
  DomainBox box;
  int* bad;
  __device__ void operator()(std::size_t a) const {
    correct(s, a, dt, rho_ref, box);
    bool ok = isfinite(s.rho[a]) && s.rho[a] > 0;
    for (int d = 0; d < D; ++d) ok = ok && isfinite(s.r[d][a]) && isfinite(s.v[d][a]);
    if (!ok) *bad = 1;
  }
};

/// The largest |v|^2 of a fluid particle among the first n, folded into *bits (the bits of a
/// double: non-negative doubles order as their bits) by one atomic max a block.
template <int D>
__global__ void __launch_bounds__(256) k_fluid_speed2(StepArrays<D> s, std::size_t n, unsigned long long* bits) {
  __shared__ double scratch[256 / 32];
  const std::size_t a = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const double v2 = exec::cuda::block_reduce<exec::ReduceOp::max>(a < n ? fluid_speed2(s, a) : 0.0, scratch);
  if (threadIdx.x == 0) atomic_max_of_nonnegative(bits, v2);
}

}  // namespace ria::sph::cuda

