// How the SPH searches read the sorted particles (docs/sph.md, "GPU backend"): the arrays a
// search reads and writes, and the two loaders. DoubleLoads reads the double arrays (the pair
// arithmetic in double, as on the CPU); for --precision mixed, MixedLoads reads three float4
// copies that Gather (sph_kernels_cuda.cuh) writes, positions relative to their cell (the pair
// arithmetic in float, each run of at most 32 pairs summed in float and the runs in double:
// PairSums; docs/sph.md, "Mixed precision").
#pragma once

#include <cuda_runtime.h>

#include <array>
#include <cstdint>

#include "ria/grid/grid.hpp"
#include "ria/sph/pair.hpp"
#include "ria/sph/sps.hpp"
#include "sph/cell_list.hpp"
#include "sph/neighbour_list.hpp"
#include "sph/particle_step.hpp"

namespace ria::sph::cuda {

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

/// The cell that bins a particle at r, as CellKeys bins it: 2-D runs bin (x, z) on the grid's
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

/// What the searches read of a particle besides its state, derived from it where the state is
/// written (Gather after a sort, PredictDerive after the predictor): the equation-of-state
/// values p, c and 1/rho, and with mixed.pos the float copies (MixedArrays).
struct Derived {
  Tait eos;
  double* p;
  double* c;
  double* inv_rho;
  Grid g;  // the search's cells
  MixedArrays mixed;

  /// Slot s's values from the particle at index o of the arrays r, v (D each), of density rho and
  /// this kind; its float copies relative to the cell cell_of(its position as double[3]).
  template <int D, class CellOf>
  __device__ void write(std::uint32_t s, double* const (&r)[D], double* const (&v)[D], std::uint32_t o, double rho,
                        std::uint8_t kind, CellOf cell_of) const {
    const EosValues e = eos_values(eos, rho);
    p[s] = e.p, c[s] = e.c, inv_rho[s] = e.inv_rho;
    if (!mixed.pos) return;
    double ro[3] = {0, 0, 0}, vo[3] = {0, 0, 0};
    for (int d = 0; d < D; ++d) ro[d] = r[d][o], vo[d] = v[d][o];
    write_mixed<D>(mixed, s, ro, vo, rho, kind, e, g, cell_of(ro));
  }
};

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
  /// The frame of a list mask's row (its head e, neighbour_list.hpp): r_ab needs no row in double.
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
  /// i - ib, ib + 1 = |w| of b's pos (Gather). Each axis: (rel_a - rel_b) + (cell_a - cell_b)
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
    return row_frame(ra, ijk, static_cast<float>(ijk[1] - jj) * size[1], static_cast<float>(ijk[2] - kk) * size[2]);
  }
  /// frame() for the row of a list mask whose head is e (neighbour_list.hpp), whose row codes dj + 2, dk + 2
  /// (0..4) become floats by their bits (2^23 + c as a float's bits, less 2^23: exact, and no
  /// conversion instruction): off_j = (j - jj) size_j = (2 - (dj + 2)) size_j.
  __device__ Frame list_frame(const float4& ra, const std::array<int, 3>& ijk, std::uint32_t e) const {
    const float cj = __int_as_float(0x4B000000 | head_code_j(e)) - 8388608.0f;
    const float ck = __int_as_float(0x4B000000 | head_code_k(e)) - 8388608.0f;
    return row_frame(ra, ijk, (2.0f - cj) * size[1], (2.0f - ck) * size[2]);
  }
  /// The frame of a's row (a at ra in cell ijk) whose cells lie off_j, off_k from a's along j, k.
  __device__ Frame row_frame(const float4& ra, const std::array<int, 3>& ijk, float off_j, float off_k) const {
    Frame f;
    f.ra[0] = ra.x, f.ra[1] = ra.y, f.ra[2] = ra.z;
    f.column = static_cast<float>(ijk[0] + 1);
    f.size_i = size[0];
    f.off_j = off_j, f.off_k = off_k;
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

}  // namespace ria::sph::cuda
