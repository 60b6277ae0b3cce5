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
// Search::list (neighbour_list.hpp): the step's first evaluation is the cell-range search writing
// each particle's list as it screens (kList); the second is k_predict_derive (the predictor, then
// the derived values and float copies of the predicted state, in the same order) and k_rates_list,
// which reads the list.
//
// The searches read the particles through a loader: DoubleLoads (the double arrays; the pair
// arithmetic in double, as on the CPU) or, for --precision mixed, MixedLoads (three float4 copies
// that k_gather writes, positions relative to their cell; the pair arithmetic in float, each run of
// at most 32 pairs summed in float and the runs in double (PairSums); docs/sph.md, "Mixed precision").
#pragma once

#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "exec/cuda/two_phase_reduce.cuh"
#include "ria/grid/grid.hpp"
#include "ria/sph/pair.hpp"
#include "ria/sph/sps.hpp"
#include "sph/cell_list.hpp"
#include "sph/neighbour_list.hpp"
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

/// The float copies of the sorted particles that the mixed-precision searches read, one 16-byte
/// load each:
///   pos[s] = the position relative to the lower corner of the particle's search cell (x, y, z;
///            in 2-D (x, z, 0)), and in w its cell's column i + 1, negated for a particle that is
///            not fluid;
///   vel[s] = the velocity (components 0..D-1, then 0 in 2-D) and in w the density;
///   eos[s] = (1 / rho, p, c, and in w 1 for a fluid particle, -1 for an out one, else 0).
/// r_a - r_b = (rel_a - rel_b) + (cell_a - cell_b) size along each axis (MixedLoads::Frame):
/// inside the grid |rel| < the cell size, so a float keeps 2^-24 of a cell where the absolute
/// position would keep 2^-24 of the domain (a particle outside the grid, binned in an edge cell,
/// is relative to that cell: its precision falls with its distance); the cell offset is n size
/// with |n| <= the search's reach <= 2, exact, so the difference is antisymmetric in a, b bit for
/// bit (and so is every pair term).
struct MixedArrays {
  float4* pos;
  float4* vel;
  float4* eos;
};

constexpr int kThreads = 256;     // element-wise kernels
constexpr int kRangeThreads = 128;  // cell-range search: one thread per particle
constexpr int kTileWarps = 4;       // tiled search: warps (cells) per block
constexpr int kTile = 32;           // particles per shared-memory tile (one per lane)

/// Each particle's sort key (cell_list.hpp, sort_key: its cell, or past the last cell when out);
/// 2-D runs bin (x, z) on the grid's (x, y) axes and pass z = null.
template <int D>
__global__ void k_cell_keys(Grid g, const double* __restrict__ x, const double* __restrict__ y,
                            const double* __restrict__ z, const std::uint8_t* __restrict__ kind, std::uint32_t n,
                            std::uint32_t* __restrict__ key, std::uint32_t* __restrict__ slot) {
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a >= n) return;
  key[a] = sort_key(g, D, kind[a], x[a], y[a], D == 3 ? z[a] : 0.0);
  slot[a] = a;
}

/// The cell that bins a particle at r, as k_cell_keys bins it: 2-D runs bin (x, z) on the grid's
/// (x, y) axes, and pass them as r[0], r[1].
template <int D>
__device__ inline std::array<int, 3> binning_cell(const Grid& g, const double (&r)[3]) {
  return {g.cell_i(r[0]), g.cell_j(r[1]), D == 3 ? g.cell_k(r[2]) : 0};
}

/// Slot s of the float copies (MixedArrays) of a particle at r, v, rho of this kind in cell ijk,
/// with its equation-of-state values e.
template <int D>
__device__ inline void write_mixed(const MixedArrays& mixed, std::uint32_t s, const double (&r)[3], const double (&v)[3],
                                   double rho, std::uint8_t kind, const EosValues& e, const Grid& g,
                                   const std::array<int, 3>& ijk) {
  const std::array<float, 3> rel = cell_offsets<D>(g, ijk, r[0], r[1], r[2]);
  const float column = static_cast<float>(ijk[0] + 1);  // exact: the solver refuses nx >= 2^24 in mixed
  mixed.pos[s] = make_float4(rel[0], rel[1], rel[2], is_fluid_kind(kind) ? column : -column);
  mixed.vel[s] = make_float4(static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2]),
                             static_cast<float>(rho));
  mixed.eos[s] = make_float4(static_cast<float>(e.inv_rho), static_cast<float>(e.p), static_cast<float>(e.c),
                             is_fluid_kind(kind) ? 1.0f : is_out_kind(kind) ? -1.0f : 0.0f);
}

/// dst[s] = src[order[s]] for every array, then the equation-of-state values of the new order.
/// fluid[s] = 1 for a fluid particle in the new order, else 0 (and fluid[n] = 0), the input of the
/// scan that gives fluid_before.
/// With mixed.pos, also the float copies of the new order (MixedArrays).
template <int D>
__global__ void k_gather(const std::uint32_t* __restrict__ order, std::uint32_t n, Arrays<D> src, Arrays<D> dst,
                         bool with_start, Tait eos, double* __restrict__ p, double* __restrict__ c,
                         double* __restrict__ inv_rho, std::uint32_t* __restrict__ fluid, Grid g, MixedArrays mixed) {
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
  if (mixed.pos) {
    double r[3] = {0, 0, 0}, v[3] = {0, 0, 0};
    for (int d = 0; d < D; ++d) r[d] = src.r[d][o], v[d] = src.v[d][o];
    write_mixed<D>(mixed, s, r, v, rho, kind, e, g, binning_cell<D>(g, r));
  }
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

/// start[c] = the first sorted slot whose key is >= c, for c = 0..cells, so that cell c holds the
/// slots [start[c], start[c + 1]) as CellList::start; start[cells] (the particles in cells, before
/// the out ones) also to *live.
__global__ void k_cell_start(const std::uint32_t* __restrict__ key, std::uint32_t n, std::uint32_t cells,
                             std::uint32_t* __restrict__ start, unsigned* __restrict__ live) {
  const std::uint32_t c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c > cells) return;
  std::uint32_t lo = 0, hi = n;
  while (lo < hi) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    if (key[mid] < c) lo = mid + 1;
    else hi = mid;
  }
  start[c] = lo;
  if (c == cells) *live = lo;
}

/// Particle b's SPS stress (sps.hpp) through the read-only data cache, rounded to T.
template <int D, class T = double>
__device__ inline Sym<D, T> sps_ldg(const SweepIn<D>& in, std::uint32_t b) {
  Sym<D, T> t;
  for (int k = 0; k < Sym<D>::size; ++k)
    t.c[k] = static_cast<T>(__ldg(in.tau + static_cast<std::size_t>(b) * Sym<D>::size + k));
  return t;
}

/// The searches' loader of the double arrays: the pair arithmetic in double, as on the CPU.
template <int D>
struct DoubleLoads {
  using Real = double;
  using Pos = Vec<D>;
  SweepIn<D> in;

  __device__ Pos pos(std::uint32_t b) const {
    Vec<D> r;
    for (int d = 0; d < D; ++d) r[d] = __ldg(in.r[d] + b);
    return r;
  }
  /// r_ab = r_a - r_b for the candidates b of one neighbour range.
  struct Frame {
    Vec<D> ra;
    __device__ Vec<D> rab(std::uint32_t, const Pos& rb) const { return ra - rb; }
  };
  __device__ Frame frame(const Pos& ra, const std::array<int, 3>&, int, int) const { return {ra}; }
  /// The frame of a list entry's row (neighbour_list.hpp): r_ab needs no row in double.
  __device__ Frame list_frame(const Pos& ra, const std::array<int, 3>&, std::uint32_t) const { return {ra}; }
  /// a's window trimmed to the cells its support reaches, from its offset in its cell ijk.
  __device__ WindowTrim trim(const Pos& ra, const Grid& g, const std::array<int, 3>& ijk, double support) const {
    const std::array<float, 3> rel = cell_offsets<D>(g, ijk, ra[0], ra[1], ra[D - 1]);
    return window_trim(g, rel[0], rel[1], rel[2], support);
  }
  /// Particle b without its position (add_pair_at takes r_ab); its SPS stress with kSps.
  template <bool kSps>
  __device__ PairParticle<D> particle(std::uint32_t b) const {
    PairParticle<D> q;
    for (int d = 0; d < D; ++d) q.v[d] = __ldg(in.v[d] + b);
    q.rho = __ldg(in.rho + b);
    q.inv_rho = __ldg(in.inv_rho + b);
    q.p = __ldg(in.p + b);
    q.c = __ldg(in.c + b);
    q.fluid = is_fluid_kind(__ldg(in.kind + b));
    if (kSps) q.tau = sps_ldg<D>(in, b);
    return q;
  }
  __device__ bool fluid(std::uint32_t b) const { return is_fluid_kind(__ldg(in.kind + b)); }
  __device__ bool fluid_of(std::uint32_t b, const Pos&) const { return fluid(b); }
  __device__ bool out(std::uint32_t a) const { return is_out_kind(__ldg(in.kind + a)); }
};

/// The searches' loader of the float copies (MixedArrays): the pair arithmetic in float (its
/// divisions and square roots CUDA's fast ones, -prec-div=false -prec-sqrt=false: within 2 ulp;
/// every float operand and result of the SPH kernels below 2^-126 in magnitude, the conversions
/// that make these copies included, flushed to zero, -ftz=true).
template <int D>
struct MixedLoads {
  using Real = float;
  using Pos = float4;
  SweepIn<D> in;  // the double arrays: fluid_before, the SPS stresses, a's sound speed for its dt
  const float4* pos4;
  const float4* vel4;
  const float4* eos4;
  float size[3];  // the search cell's size along each axis [m]

  __device__ Pos pos(std::uint32_t b) const { return __ldg(pos4 + b); }
  /// r_ab for the candidates b of the row of cells (.., jj, kk) around particle a (in cell
  /// (i, j, k), at ra): b's cell differs from a's by the row's constant (j - jj, k - kk) and by
  /// i - ib, ib + 1 = |w| of b's pos (k_gather). Each axis: (rel_a - rel_b) + (cell_a - cell_b)
  /// size, the offset n size with |n| <= reach <= 2 (exact: size times a power of two).
  struct Frame {
    float ra[3];
    float column;        // i + 1
    float size_i;        // the cell's size along i [m]
    float off_j, off_k;  // (j - jj) size_j, (k - kk) size_k [m]
    __device__ Vec<D, float> rab(std::uint32_t, const float4& rb) const {
      Vec<D, float> r;
      r[0] = (ra[0] - rb.x) + (column - fabsf(rb.w)) * size_i;
      r[1] = (ra[1] - rb.y) + off_j;  // 2-D: the grid's j axis is the model's z
      if (D == 3) r[D - 1] = (ra[2] - rb.z) + off_k;
      return r;
    }
  };
  __device__ Frame frame(const float4& ra, const std::array<int, 3>& ijk, int jj, int kk) const {
    Frame f;
    f.ra[0] = ra.x, f.ra[1] = ra.y, f.ra[2] = ra.z;
    f.column = static_cast<float>(ijk[0] + 1);
    f.size_i = size[0];
    f.off_j = static_cast<float>(ijk[1] - jj) * size[1];
    f.off_k = static_cast<float>(ijk[2] - kk) * size[2];
    return f;
  }
  /// frame() for the row of a list entry e (neighbour_list.hpp), whose row codes dj + 2, dk + 2
  /// (0..4) become floats by their bits (2^23 + c as a float's bits, less 2^23: exact, and no
  /// conversion instruction): off_j = (j - jj) size_j = (2 - (dj + 2)) size_j.
  __device__ Frame list_frame(const float4& ra, const std::array<int, 3>& ijk, std::uint32_t e) const {
    Frame f;
    f.ra[0] = ra.x, f.ra[1] = ra.y, f.ra[2] = ra.z;
    f.column = static_cast<float>(ijk[0] + 1);
    f.size_i = size[0];
    const float cj = __int_as_float(0x4B000000 | (e >> kListSlotBits & 7u)) - 8388608.0f;
    const float ck = __int_as_float(0x4B000000 | (e >> (kListSlotBits + 3))) - 8388608.0f;
    f.off_j = (2.0f - cj) * size[1];
    f.off_k = (2.0f - ck) * size[2];
    return f;
  }
  /// a's window trimmed to the cells its support reaches: pos holds its offset in its cell.
  __device__ WindowTrim trim(const Pos& ra, const Grid& g, const std::array<int, 3>&, double support) const {
    return window_trim(g, ra.x, ra.y, ra.z, support);
  }
  template <bool kSps>
  __device__ PairParticle<D, float> particle(std::uint32_t b) const {
    const float4 v = __ldg(vel4 + b), e = __ldg(eos4 + b);
    const float vs[3] = {v.x, v.y, v.z};
    PairParticle<D, float> q;
    for (int d = 0; d < D; ++d) q.v[d] = vs[d];
    q.rho = v.w;
    q.inv_rho = e.x;
    q.p = e.y;
    q.c = e.z;
    q.fluid = e.w > 0.0f;
    if (kSps) q.tau = sps_ldg<D, float>(in, b);
    return q;
  }
  __device__ bool fluid_of(std::uint32_t, const float4& rb) const { return rb.w > 0.0f; }
  __device__ bool out(std::uint32_t a) const { return __ldg(eos4 + a).w < 0.0f; }
};

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
/// radii: every slot within the list radius goes to the list, and those within the support are
/// visited, in the same order as without the list (so the sums are the same bit for bit).
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
      if constexpr (kList) {
        unsigned near = 0;
        const unsigned hits = screen_run<D, L, true>(P, ld, fr, a, a_fluid, b0, m, listed.r2, &near);
        for (; near != 0; near &= near - 1) {
          const int k = __ffs(near) - 1;
          const std::uint32_t b = b0 + static_cast<std::uint32_t>(k);
          listed(b, jj - ijk[1], kk - ijk[2]);
          if (hits >> k & 1u) visit(b, fr.rab(b, ld.pos(b)));
        }
      } else {
        for (unsigned hits = screen_run<D>(P, ld, fr, a, a_fluid, b0, m); hits != 0; hits &= hits - 1) {
          const std::uint32_t b = b0 + static_cast<std::uint32_t>(__ffs(hits) - 1);
          visit(b, fr.rab(b, ld.pos(b)));
        }
      }
      end_run();
    }
  });
}

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

/// The blocks of kRangeThreads an SM that k_rates_cell_range is compiled for: with kList, as many
/// as the search without it holds in 3-D (71 registers in mixed, 7 blocks; 96 in double, 5), which
/// the list's writer would otherwise take to 80 and 114 (6 and 4 blocks); held there, the 3-D
/// kernels spill a few words (ptxas: 28 bytes loaded in mixed, 64 in double) and run faster
/// (docs/performance.md, "The list search"). Else what the registers give (1: no bound).
template <class L, bool kList>
constexpr int range_min_blocks() {
  return !kList ? 1 : sizeof(typename L::Real) < sizeof(double) ? 7 : 5;
}

/// Search (a), cell ranges: one thread per particle a, its neighbours by for_each_neighbour. P is
/// in double (the rates' gravity and local dt), PR the same parameters in the loader's precision.
/// With kList, also a's neighbour list and the fluid's largest speed (NeighbourList).
template <int D, class L, bool kDt, bool kLaminar, bool kSps, bool kList = false>
__global__ void __launch_bounds__(kRangeThreads, (range_min_blocks<L, kList>()))
    k_rates_cell_range(SphParams<D> P, SphParams<D, typename L::Real> PR, SearchCells g, const std::uint32_t* __restrict__ start,
                       const std::uint32_t* __restrict__ key, L ld, SweepOut<D> out, std::uint32_t n,
                       double* __restrict__ dt_partial, double* __restrict__ pair_total, NeighbourList list = {}) {
  using Real = typename L::Real;
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  double dtl = INFINITY;
  unsigned pairs = 0;
  double v2 = 0;
  // Slots from start[cells] on hold out particles (k_cell_keys): nothing to sum, no limit on dt.
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
      ListWriter<Real> w{list.group + list_group(a, 0, list.capacity), list.capacity,
                         static_cast<Real>(list.radius * list.radius), list.radius};
      for_each_neighbour<D>(PR, g, start, key[a], ld, a, ra, pa.fluid, visit, [&] { s.end_run(); }, w);
      w.finish();
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

template <int D>
__global__ void k_predict(StepArrays<D> s, std::uint32_t n, double dt, double rho_ref) {
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a < n) predict(s, a, dt, rho_ref);
}

/// The corrector; sets *bad when a particle's new state is not finite or its density not > 0
/// (the host then names the first such particle, step_checks.hpp).
template <int D>
__global__ void k_correct(StepArrays<D> s, std::uint32_t n, double dt, double rho_ref, DomainBox box,
                          int* __restrict__ bad) {
  const std::uint32_t a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a >= n) return;
  correct(s, a, dt, rho_ref, box);
  bool ok = isfinite(s.rho[a]) && s.rho[a] > 0;
  for (int d = 0; d < D; ++d) ok = ok && isfinite(s.r[d][a]) && isfinite(s.v[d][a]);
  if (!ok) *bad = 1;
}

}  // namespace ria::sph::cuda
