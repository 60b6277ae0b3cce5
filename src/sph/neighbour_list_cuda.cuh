// The neighbour list of Search::list on the device (neighbour_list.hpp): its writer, which the
// step's first evaluation (k_rates_cell_range, sph_kernels_cuda.cuh) runs as it screens, and the
// second evaluation's kernels, k_predict_derive (the predictor, then the derived values and float
// copies of the predicted state, in the same order) and k_rates_list, which reads the list.
#pragma once

#include <cuda_runtime.h>

#include <array>
#include <cstdint>

#include "sph/search_cuda.cuh"

namespace ria::sph::cuda {

/// Writes particle a's neighbour list (neighbour_list.hpp) as for_each_neighbour screens: every
/// slot within the list radius, in the order screened; `count` ends as the number found, of which
/// the first `capacity` are written. The entries pass through four registers (held, shifted
/// along as each comes: no indexing, which would put them in local memory) and are stored four at
/// a time; finish() stores the last group, padded.
template <class Real>
struct ListWriter {
  static constexpr bool kOn = true;
  uint4* first;  // a's group 0 (list_group): group q is first[32 q]
  std::uint32_t capacity;
  Real r2;        // the list radius squared [m^2], in the loader's precision
  double radius;  // the list radius [m]: the window's trim
  std::uint32_t count = 0;
  uint4 held = make_uint4(0, 0, 0, 0);  // the last four entries, the newest in w
  __device__ void operator()(std::uint32_t b, int dj, int dk) {
    held = make_uint4(held.y, held.z, held.w, list_entry(b, dj, dk));
    ++count;
    if (count % 4 == 0 && count <= capacity) first[8 * count - 32] = held;  // group count / 4 - 1
  }
  __device__ void finish() {
    if (count % 4 == 0 || count > capacity) return;
    for (std::uint32_t k = count % 4; k < 4; ++k) held = make_uint4(held.y, held.z, held.w, 0u);
    first[32 * (count / 4)] = held;
  }
};

/// The neighbour list (neighbour_list.hpp) as the searches see it: written by the first
/// evaluation of a step (k_rates_cell_range with kList), read by the second (k_rates_list).
struct NeighbourList {
  uint4* group;           // capacity entries a particle, four a word (list_group)
  std::uint32_t* count;   // per slot: the neighbours found within the list radius (may exceed capacity)
  std::uint32_t capacity;
  double radius;          // the list radius 2h (1 + kListSkin) [m]
  unsigned long long* v_max2;  // the largest |v|^2 of a fluid particle, as the bits of a double (>= 0)
  unsigned* need;              // the largest count above capacity, else left as it was
};

/// Lane 0 of each warp folds the largest of its lanes' x >= 0 into *bits, a double's bits: for
/// doubles >= 0 the bits order as the values.
__device__ inline void warp_max_to(double x, unsigned long long* bits) {
  for (int o = 16; o > 0; o /= 2) x = fmax(x, __shfl_xor_sync(0xffffffffu, x, o));
  if (threadIdx.x % 32 == 0) atomicMax(bits, static_cast<unsigned long long>(__double_as_longlong(x)));
}

/// What k_gather derives, for the state the predictor moved slot s to (s.r, s.v, s.rho), in the
/// order and cells of the step's sort (key: its sorted keys), which the neighbour list names.
struct Derived {
  Tait eos;
  double* p;
  double* c;
  double* inv_rho;
  const std::uint32_t* key;
  Grid g;
  MixedArrays mixed;
};

/// k_predict, and then the equation-of-state values and (with mixed.pos) the float copies of the
/// predicted state (Derived): the list search's second evaluation reads them without a sort.
template <int D>
__global__ void k_predict_derive(StepArrays<D> s, std::uint32_t n, double dt, double rho_ref, Derived out) {
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a >= n) return;
  predict(s, a, dt, rho_ref);
  const double rho = s.rho[a];
  const EosValues e = eos_values(out.eos, rho);
  out.p[a] = e.p, out.c[a] = e.c, out.inv_rho[a] = e.inv_rho;
  if (out.mixed.pos) {
    double r[3] = {0, 0, 0}, v[3] = {0, 0, 0};
    for (int d = 0; d < D; ++d) r[d] = s.r[d][a], v[d] = s.v[d][a];
    // Relative to the cell of the sort, which the particle may have left by a little: the list's
    // rows are relative to it. An out particle (its key past the last cell) is in no cell.
    const std::uint32_t k = out.key[a];
    const std::array<int, 3> ijk =
        k < static_cast<std::uint32_t>(out.g.cells()) ? cell_coords(out.g, k) : binning_cell<D>(out.g, r);
    write_mixed<D>(out.mixed, a, r, v, rho, s.kind[a], e, out.g, ijk);
  }
}

/// The second evaluation of a step with Search::list: one thread per particle a, its neighbours
/// read from the list the first wrote (NeighbourList; the particles in the same slots and cells,
/// moved by the predictor, their derived values and float copies by k_predict_derive). Each entry
/// within the support at the current positions is added, in the list's order; the mixed
/// precision's run sums end every 32 entries, as they end every 32-slot mask in the search. The
/// next group of four entries is loaded while this one's are summed. No dt is reduced (the
/// corrector's rates do not set it). Compiled for 9 blocks an SM in mixed (56 registers and, in
/// 3-D, 16 bytes spilled, 48 with the laminar term; unbounded it takes 64 registers, 8 blocks):
/// 0.3% faster on the H100's bench; in double as its registers give.
template <int D, class L, bool kLaminar>
__global__ void __launch_bounds__(kRangeThreads, sizeof(typename L::Real) < sizeof(double) ? 9 : 1)
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
    const std::uint32_t count = list.count[a], groups = (count + 3) / 4;
    const auto one = [&](std::uint32_t e) {
      const std::uint32_t b = entry_slot(e);
      const Vec<D, Real> rab = ld.list_frame(ra, ijk, e).rab(b, ld.pos(b));
      if (in_support(PR, rab)) {  // the list's fluid and self tests hold: the pair is added
        add_pair_at<D, kLaminar, false, Real, true>(PR, rab, pa, ld.template particle<false>(b), s);
        ++pairs;
      }
    };
    uint4 next = groups > 0 ? __ldg(list.group + list_group(a, 0, list.capacity)) : make_uint4(0, 0, 0, 0);
    for (std::uint32_t q = 0; q < groups; ++q) {
      const uint4 e = next;
      if (q + 1 < groups) next = __ldg(list.group + list_group(a, q + 1, list.capacity));
      const std::uint32_t left = count - 4 * q;  // >= 1
      one(e.x);
      if (left > 1) one(e.y);
      if (left > 2) one(e.z);
      if (left > 3) one(e.w);
      if (q % 8 == 7) s.end_run();  // every 32 entries
    }
    s.end_run();
    store_rates(P, pa.fluid, ld.out(a), __ldg(ld.in.c + a), s, pairs, a, out);
  }
  reduce_block<false>(INFINITY, static_cast<double>(pairs), nullptr, pair_total);
}

}  // namespace ria::sph::cuda
