// The cell-range search's machinery (docs/sph.md, "GPU backend"): the screen of a range's slots
// into a bit mask, the walk over a particle's neighbour ranges (for_each_neighbour), and what the
// search kernels share: the radius test, the rates' store and the block's reductions.
#pragma once

#include <cuda_runtime.h>

#include <array>
#include <cstdint>
#include <type_traits>

#include "exec/cuda/two_phase_reduce.cuh"
#include "sph/search_loads_cuda.cuh"

namespace ria::sph::cuda {

constexpr int kRangeThreads = 128;  // cell-range search: one thread per particle
constexpr int kTileWarps = 4;       // tiled search: warps (cells) per block
constexpr int kTile = 32;           // particles per shared-memory tile (one per lane)

/// Whether r_ab lies within the support: the radius test of the candidate screen that both
/// searches apply before add_pair_at. The tiles search then lets add_pair_at decide; the
/// cell-range search's screen decides (add_pair_at's kScreened), and add_pair_at's own test is
/// the same expression, so the two searches keep the same pairs.
template <int D, class T>
__device__ inline bool in_support(const SphParams<D, T>& P, const Vec<D, T>& rab) {
  return dot(rab, rab) < P.kernel.support2();
}

/// The candidate screen: b is not a itself and lies within the support.
template <int D, class T>
__device__ inline bool candidate(const SphParams<D, T>& P, const Vec<D, T>& rab, bool self) {
  return !self && in_support(P, rab);
}

/// Whether the slots [b0, b1) hold no fluid particle: a boundary particle skips them, as the CPU
/// sweep does (interaction.hpp), since two boundary particles add nothing (pair.hpp).
template <int D>
__device__ inline bool no_fluid(const SweepIn<D>& in, std::uint32_t b0, std::uint32_t b1) {
  return __ldg(in.fluid_before + b1) == __ldg(in.fluid_before + b0);
}

/// Writes particle a's rates (as interaction.hpp) and returns its local dt (c: its sound speed;
/// an out particle does not limit the step, as particle_dt).
template <int D, class M>
__device__ inline double store_rates(const SphParams<D>& P, bool fluid, bool is_out, double c, const PairSums<D, M>& s,
                                     unsigned pairs, std::uint32_t a, const SweepOut<D>& out) {
  Vec<D> acc;
  for (int d = 0; d < D; ++d) acc[d] = fluid ? s.acc[d] + P.g[d] : 0.0;
  for (int d = 0; d < D; ++d) out.acc[d][a] = acc[d];
  out.drho[a] = s.drho;
  const double mu_max = static_cast<double>(s.mu_max);
  out.mu_max[a] = mu_max;
  out.pairs[a] = pairs;
  return is_out ? INFINITY : local_dt(P, fluid, acc, c, mu_max);
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

/// Screens the m <= 32 slots b0 .. b0 + m - 1 of a range: bit k set when slot b0 + k is a
/// neighbour of a (the candidate test, and for a boundary particle a fluid b). The loop runs for
/// every candidate, so it keeps to predicates: the radius test sets the bit, and a's own bit is
/// cleared once after the loop, which is the candidate test's self exclusion (a fluid a's r_aa = 0
/// passes the radius test; a boundary a's own bit is never set). docs/performance.md gives the
/// instructions a candidate, against a bool per candidate.
/// With kList, also *listed: the bits of the slots within the list radius (list_r2, the square of
/// a radius >= the support's; the same fluid and self tests), a superset of the hits.
template <int D, class L, bool kList = false>
__device__ inline unsigned screen_run(const SphParams<D, typename L::Real>& P, const L& ld, const typename L::Frame& fr,
                                      std::uint32_t a, bool a_fluid, std::uint32_t b0, std::uint32_t m,
                                      typename L::Real list_r2 = 0, unsigned* listed = nullptr) {
  unsigned hits = 0, near = 0, bit = 1;
  for (std::uint32_t k = 0; k < m; ++k, bit <<= 1) {
    const std::uint32_t b = b0 + k;
    const typename L::Pos rb = ld.pos(b);
    if constexpr (kList) {
      const Vec<D, typename L::Real> rab = fr.rab(b, rb);
      const bool pair = a_fluid || ld.fluid_of(b, rb);
      if (in_support(P, rab) && pair) hits |= bit;
      if (dot(rab, rab) < list_r2 && pair) near |= bit;
    } else {
      if (in_support(P, fr.rab(b, rb)) && (a_fluid || ld.fluid_of(b, rb))) hits |= bit;
    }
  }
  if (a - b0 < m) hits &= ~(1u << (a - b0)), near &= ~(1u << (a - b0));  // a itself (unsigned: a < b0 wraps past m)
  if constexpr (kList) *listed = near;
  return hits;
}

/// for_each_neighbour's end of a run when there are no run sums to end.
struct NoRunEnd {
  __device__ void operator()() const {}
};

/// for_each_neighbour without a neighbour list to write.
struct NoList {
  static constexpr bool kOn = false;
};

/// Calls visit(b, r_ab) for particle a's neighbours b in the support, in the order of the CPU's
/// for_each_neighbour (interaction.hpp): the slot ranges of its neighbour cells (cell_list.hpp,
/// for_each_reached_row: one range per row of the window that a's support reaches, trimmed to the
/// cells it reaches, its two cell starts loaded when the row is reached) in order, candidates
/// loaded by the loader L. A range is taken 32 slots at a time, screened into a bit mask
/// (screen_run); visit then runs over the set bits in slot order, so the sums are those of a plain
/// loop, and the lanes of a warp, whose hits differ, run the costly visit together. On cells of h
/// a row of 5 cells holds ~17 candidates at h = 1.5 dp (~26 at h = sqrt(3) dp), mostly one mask:
/// 32 slots a visit measured 4-5% faster on the H100 than 128 (four masks, the best on cells of
/// 2h, whose rows hold ~81; docs/performance.md). end_run() follows the visits of each mask
/// (PairSums::end_run).
/// With a ListWriter, the window is trimmed to the list radius and each mask is screened at both
/// radii: the mask of the slots within the list radius goes to the list when it has one, and
/// those within the support are visited in slot order as without the list.
template <int D, class L, class Visit, class EndRun = NoRunEnd, class Listed = NoList>
__device__ inline void for_each_neighbour(const SphParams<D, typename L::Real>& P, const SearchCells& g,
                                          const std::uint32_t* start, std::uint32_t cell, const L& ld, std::uint32_t a,
                                          const typename L::Pos& ra, bool a_fluid, Visit&& visit, EndRun end_run = {},
                                          Listed&& listed = {}) {
  constexpr bool kList = std::remove_reference_t<Listed>::kOn;
  const std::array<int, 3> ijk = cell_coords(g.grid, cell);
  double reach = static_cast<double>(P.kernel.support());
  if constexpr (kList) reach = listed.radius;
  const WindowTrim trim = ld.trim(ra, g.grid, ijk, reach);
  for_each_reached_row<D>(g, ijk, trim, [&](int jj, int kk, int i0, int i1) {
    const std::uint32_t begin = __ldg(start + g.grid.index(i0, jj, kk)), end = __ldg(start + g.grid.index(i1, jj, kk) + 1);
    if (!a_fluid && no_fluid(ld.in, begin, end)) return;
    const typename L::Frame fr = ld.frame(ra, ijk, jj, kk);
    for (std::uint32_t b0 = begin; b0 < end; b0 += 32) {
      const std::uint32_t m = end - b0 < 32 ? end - b0 : 32;
      unsigned hits;
      if constexpr (kList) {
        unsigned near = 0;
        hits = screen_run<D, L, true>(P, ld, fr, a, a_fluid, b0, m, listed.r2, &near);
        if (near != 0) listed(b0, jj - ijk[1], kk - ijk[2], near);
      } else {
        hits = screen_run<D>(P, ld, fr, a, a_fluid, b0, m);
      }
      for (; hits != 0; hits &= hits - 1) {
        const std::uint32_t b = b0 + static_cast<std::uint32_t>(__ffs(hits) - 1);
        visit(b, fr.rab(b, ld.pos(b)));
      }
      end_run();
    }
  });
}

}  // namespace ria::sph::cuda
