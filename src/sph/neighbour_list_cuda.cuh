// The neighbour list of Search::list on the device (neighbour_list.hpp): its writer, which the
// step's first evaluation (k_rates_cell_range_listed, sph_kernels_cuda.cuh) runs as it screens, and the
// second evaluation's kernels, PredictDerive (the predictor, then the derived values and float
// copies of the predicted state, in the same order) and k_rates_list, which reads the list.
#pragma once

#include <cuda_runtime.h>

#include <array>
#include <cstdint>

#include "sph/search_cuda.cuh"

namespace ria::sph::cuda {

/// Writes particle a's neighbour list (neighbour_list.hpp) as for_each_neighbour screens: each
/// mask with a slot within the list radius, in the order screened, one 8-byte store; `count` ends
/// as the number of such masks, of which the first `capacity` are written.
template <class Real>
struct ListWriter {
  static constexpr bool kOn = true;
  uint2* first;  // a's word 0 (list_word): word q is first[kListLanes q]
  std::uint32_t capacity;
  Real r2;        // the list radius squared [m^2], in the loader's precision
  double radius;  // the list radius [m]: the window's trim
  std::uint32_t count = 0;
  /// The mask `near` of the slots b0, b0 + 1, .. in the row (dj, dk) away from a's cell (!= 0).
  __device__ void operator()(std::uint32_t b0, int dj, int dk, unsigned near) {
    if (count < capacity) first[kListLanes * count] = make_uint2(list_head(b0, dj, dk), near);
    ++count;
  }
};

/// The neighbour list (neighbour_list.hpp) as the searches see it: written by the first
/// evaluation of a step (k_rates_cell_range_listed), read by the second (k_rates_list).
struct NeighbourList {
  uint2* word;            // capacity masks a particle (list_word)
  std::uint32_t* count;   // per slot: its masks with a slot within the list radius (may exceed capacity)
  std::uint32_t capacity;
  double radius;          // the list radius 2h (1 + kListSkin) [m]
  unsigned long long* v_max2;  // the largest |v|^2 of a fluid particle, as the bits of a double (>= 0)
  unsigned* need;              // the largest count above capacity, else left as it was
};

/// *bits, the bits of a double >= 0, becomes the larger of it and x >= 0: for doubles >= 0 the
/// bits order as the values.
__device__ inline void atomic_max_of_nonnegative(unsigned long long* bits, double x) {
  atomicMax(bits, static_cast<unsigned long long>(__double_as_longlong(x)));
}

/// Lane 0 of each warp folds the largest of its lanes' x >= 0 into *bits (atomic_max_of_nonnegative).
__device__ inline void warp_max_to(double x, unsigned long long* bits) {
  for (int o = 16; o > 0; o /= 2) x = fmax(x, __shfl_xor_sync(0xffffffffu, x, o));
  if (threadIdx.x % 32 == 0) atomic_max_of_nonnegative(bits, x);
}

/// Over the particles: the predictor (particle_step.hpp), and then the derived values (Derived) of the
/// predicted state, in the order and cells of the step's sort (key: its sorted keys), which the
/// neighbour list names: the list search's second evaluation reads them without a sort.
template <int D>
struct PredictDerive {
  StepArrays<D> s;
  double dt, rho_ref;
  const std::uint32_t* key;
  Derived out;
  __device__ void operator()(std::size_t ai) const {
    const std::uint32_t a = static_cast<std::uint32_t>(ai);
    predict(s, a, dt, rho_ref);
    // Relative to the cell of the sort, which the particle may have left by a little: the list's
    // rows are relative to it. An out particle (its key past the last cell) is in no cell.
    out.write<D>(a, s.r, s.v, a, s.rho[a], s.kind[a], [&](const double(&r)[3]) {
      const std::uint32_t k = key[a];
      return k < static_cast<std::uint32_t>(out.g.cells()) ? cell_coords(out.g, k) : binning_cell<D>(out.g, r);
    });
  }
};

/// The second evaluation of a step with Search::list: one thread per particle a, its neighbours
/// read from the list the first wrote (NeighbourList; the particles in the same slots and cells,
/// moved by the predictor, their derived values and float copies by PredictDerive). Each slot
/// of each mask that lies within the support at the current positions is added, masks in the
/// list's order and slots ascending; the mixed precision's run sums end every 32 listed slots.
/// The next mask is loaded while this one's slots are summed. No dt is reduced (the corrector's
/// rates do not set it).
template <int D, class L, bool kLaminar>
__global__ void __launch_bounds__(kRangeThreads)
    k_rates_list(SphParams<D> P, SphParams<D, typename L::Real> PR, Grid g, const std::uint32_t* __restrict__ start,
                 const std::uint32_t* __restrict__ key, L ld, SweepOut<D> out, std::uint32_t n, NeighbourList list,
                 double* __restrict__ pair_total) {
  using Real = typename L::Real;
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned pairs = 0;
  if (a < n && a < __ldg(start + g.cells())) {
    const typename L::Pos ra = ld.pos(a);
    const PairParticle<D, Real> pa = ld.template particle<false>(a);
    const std::array<int, 3> ijk = cell_coords(g, key[a]);
    PairSums<D, Real> s;
    // One listed slot an iteration, taking the next mask when this one is spent: the lanes of a
    // warp run as many iterations as their most listed slots, where a loop over masks and then
    // their slots would run, for each mask, as many as the lane with the most slots in it. The
    // run sums end every 32 iterations, at the same iteration in every lane.
    const std::uint32_t count = list.count[a];
    const uint2* words = list.word + list_word(a, 0, list.capacity);
    uint2 next = count > 0 ? __ldg(words) : make_uint2(0, 0);
    std::uint32_t q = 0, b0 = 0;
    unsigned bits = 0;
    typename L::Frame fr{};
    for (std::uint32_t it = 1;; ++it) {
      if (bits == 0) {
        if (q == count) break;
        fr = ld.list_frame(ra, ijk, next.x);
        b0 = head_slot(next.x), bits = next.y;
        if (++q < count) next = __ldg(words + kListLanes * q);
      }
      const std::uint32_t b = b0 + static_cast<std::uint32_t>(__ffs(bits) - 1);
      bits &= bits - 1;
      const Vec<D, Real> rab = fr.rab(b, ld.pos(b));
      if (in_support(PR, rab)) {  // the list's fluid and self tests hold: the pair is added
        add_pair_at<D, kLaminar, false, Real, true>(PR, rab, pa, ld.template particle<false>(b), s);
        ++pairs;
      }
      if (it % 32 == 0) s.end_run();
    }
    s.end_run();
    store_rates(P, pa.fluid, ld.out(a), __ldg(ld.in.c + a), s, pairs, a, out);
  }
  reduce_block<false>(INFINITY, static_cast<double>(pairs), nullptr, pair_total);
}

}  // namespace ria::sph::cuda
