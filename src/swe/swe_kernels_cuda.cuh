// CUDA kernels of the shallow-water step (ARCHITECTURE.md section 5). Every kernel calls the same
// stencil functions (stencil.hpp) and pure physics as the CPU backends; they differ only in how
// threads map to cells and edges, where state is read from, and how the time step is reduced.
#pragma once

#include <cuda_runtime.h>

#include "exec/cuda/dependent_launch.cuh"
#include "exec/cuda/two_phase_reduce.cuh"
#include "ria/swe/cfl.hpp"
#include "ria/swe/block_solver.hpp"
#include "ria/swe/extremes.hpp"
#include "swe/active_tiles.hpp"
#include "swe/mixed_fields.hpp"
#include "swe/stencil.hpp"

namespace ria::swe::cuda {

/// One value of a texture over linear memory: floats directly, doubles as int2 reassembled.
template <class V>
__device__ inline V tex_value(cudaTextureObject_t t, int k);
template <>
__device__ inline float tex_value<float>(cudaTextureObject_t t, int k) {
  return tex1Dfetch<float>(t, k);
}
template <>
__device__ inline double tex_value<double>(cudaTextureObject_t t, int k) {
  const int2 v = tex1Dfetch<int2>(t, k);
  return __hiloint2double(v.y, v.x);
}

/// State and bed fetched through texture objects (read-only data path, cached for the 2-D
/// neighbourhood accesses that are not coalesced), Viñas et al. section 4; a state in T.
template <class T>
struct TexSource {
  using Stored = T;        // what the textures hold
  using Out = Fields<T>;   // where a step writes the state
  cudaTextureObject_t h, qx, qy, hc, H;
  int nx, row0;
  __device__ int index(int i, int j) const { return (j - row0) * nx + i; }
  __device__ Conserved<T> state(int i, int j) const {
    const int k = index(i, j);
    return {tex_value<T>(h, k), tex_value<T>(qx, k), tex_value<T>(qy, k), tex_value<T>(hc, k)};
  }
  __device__ Conserved<T> exact(int i, int j) const { return state(i, j); }
  /// Cell (i, j)'s exact state from its state as read (OwnCellSource): the same.
  __device__ Conserved<T> exact_of(const Conserved<T>& seen, int, int) const { return seen; }
  __device__ T depth(int i, int j) const { return tex_value<T>(h, index(i, j)); }
  __device__ T bed(int i, int j) const { return tex_value<T>(H, index(i, j)); }
};

/// Precision::mixed's state (mixed_fields.hpp) for the fused kernels: the his (the float state the
/// fluxes read) and the bed through texture objects as TexSource<float>; a cell's exact value,
/// which only its own update reads, joins its los, loaded through the read-only cache.
struct MixedTexSource {
  using Stored = float;
  using Out = MixedFields;
  TexSource<float> hi;  // the his and the bed
  const float* __restrict__ h_lo;
  const float* __restrict__ hc_lo;
  __device__ Conserved<float> state(int i, int j) const { return hi.state(i, j); }
  __device__ Conserved<double> exact_of(const Conserved<float>& seen, int i, int j) const {
    const int k = hi.index(i, j);
    return {join_pair(seen.h, __ldg(h_lo + k)), seen.qx, seen.qy, join_pair(seen.hc, __ldg(hc_lo + k))};
  }
  __device__ Conserved<double> exact(int i, int j) const { return exact_of(state(i, j), i, j); }
  __device__ float depth(int i, int j) const { return hi.depth(i, j); }
  __device__ float bed(int i, int j) const { return hi.bed(i, j); }
};

/// The source of a tiled kernel's thread, which reads its own cell (i, j) three times: as the
/// left cell of its x-edge, the lower cell of its y-edge and the start of its update. A texture
/// fetch is a load the compiler does not merge with another; with kHold the cell is fetched once
/// into `own` (as the fluxes read it) and the three reads take it from there, the update's exact
/// state through Src::exact_of (for a mixed state, its los joined). The stencil asks for the cell
/// as (i + 1) - 1 and (j + 1) - 1, so the index tests fold at compile time; `own` is read only
/// where the stencil asks for (i, j), which is then a cell of the grid (load_own says when). Every
/// tiled kernel with a float state held holds it (fused float and mixed, optimized, decoupled, the
/// MPI row blocks); measured on the H100, fused float 1-2.5% faster, while a double state held in
/// registers across both edges cost double 24% (docs/performance.md), so a double state is
/// fetched as before.
template <class Src, class T, class S, bool kHold = sizeof(typename Src::Stored) == 4>
struct OwnCellSource {
  const Src& src;
  int i, j;
  Conserved<T> own{};
  T own_bed{};
  __device__ OwnCellSource(const Src& s, int ci, int cj, bool load_own) : src(s), i(ci), j(cj) {
    if (kHold && load_own) own = src.state(i, j), own_bed = src.bed(i, j);
  }
  __device__ bool is_own(int a, int b) const { return kHold && a == i && b == j; }
  __device__ Conserved<S> exact(int a, int b) const { return is_own(a, b) ? src.exact_of(own, a, b) : src.exact(a, b); }
  __device__ Conserved<T> state(int a, int b) const { return is_own(a, b) ? own : src.state(a, b); }
  __device__ T depth(int a, int b) const { return is_own(a, b) ? own.h : src.depth(a, b); }
  __device__ T bed(int a, int b) const { return is_own(a, b) ? own_bed : src.bed(a, b); }
};

/// Device-resident clock of the fused kernel: no host synchronisation per step.
/// The step's reduced minimum and its next levels are not in it: the update kernel writes those
/// while its side branches read the clock (FusedStepOut).
struct DeviceClock {
  double t;           // simulated time [s]
  double dt;          // step about to be taken (0: stopped)
  double decay;       // its decay factor, for a state in double (set_next_step)
  double t_stop;      // stop time of the current advance()
  double t_hold;      // no step is taken that would end at or after it (Solver::advance)
  double min_local;   // reduced min of local_dt of the current state
  long long steps;    // steps taken since the start
  long long step_limit;
  int error;          // 1: non-physical state (NaN, negative depth)
  double level[4];    // eta(t) of each level side (StepTime), set with t by k_fused_start and phase 2
  double step_t;      // the start of the step phase 2 last took (its balance: k_fused_balance)
  double step_dt;     // its length; 0: the last phase 2 took no step
};

/// The step's time as the stencil reads it (StepTime's interface) from the device clock: a
/// boundary edge of a level side loads its level, which the clock holds for the step.
struct ClockTime {
  const DeviceClock* c;
  __device__ double time() const { return c->t; }
  __device__ double level(int side) const { return c->level[side]; }
};

/// eta(t) of each level side into levels[side] (0 for other sides): warp w for side w, its lanes
/// summing the constituents k = lane, lane + 32, ... (Tide::term) and the warp adding them up in a
/// fixed tree, then the linear part. Called by the threads 0-127 of a block (or more), `thread`
/// being the thread's linear index.
__device__ inline void side_levels(const Boundaries& bc, double t, double* levels, int thread) {
  const int w = thread / 32, lane = thread % 32;
  if (w >= 4) return;
  const BoundarySide& b = bc.side[w];
  const bool level = b.kind == BoundaryKind::level;
  double v = 0;
  if (level)
    for (int k = lane; k < b.level.count; k += 32) v += b.level.term(k, t);
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if (lane == 0) levels[w] = level ? b.level.base(t) + v : 0.0;
}

// ---------------------------------------------------------------- naive (paper section 3)

/// dt[k] = cell k's local dt (cfl.hpp) of the fields f (exec::cuda::parallel_for over k).
template <class F, class T>
struct LocalDt {
  F f;
  T inv_dx, inv_dy;
  Physics<T> p;
  T* dt;
  __device__ void operator()(std::size_t k) const { dt[k] = local_dt(narrow<T>(load(f, k)), inv_dx, inv_dy, p); }
};
template <class F, class T>
LocalDt<F, T> local_dt_of(const F& f, const SweepSetup<T>& s, T* dt) {
  return {f, s.inv_dx, s.inv_dy, s.physics, dt};
}

/// One level of the tree reduction: each block of 256 threads reduces 512 values to one.
template <class T>
__global__ void k_tree_min(const T* __restrict__ in, std::size_t n, T* __restrict__ out) {
  __shared__ T s[256];
  const std::size_t base = blockIdx.x * 512ull + threadIdx.x;
  T a = base < n ? in[base] : T(INFINITY);
  const T b = base + 256 < n ? in[base + 256] : T(INFINITY);
  s[threadIdx.x] = b < a ? b : a;
  __syncthreads();
  for (int w = 128; w > 0; w >>= 1) {
    if (threadIdx.x < w) {
      const T o = s[threadIdx.x + w];
      if (o < s[threadIdx.x]) s[threadIdx.x] = o;
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

/// One thread per cell; each computes its four edges (every edge is computed twice).
template <class T>
__global__ void k_update_naive(ArraySource<T> src, Fields<T> out, SweepSetup<T> s, StepTime st, T dt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= s.nx || j >= s.ny) return;
  store(out, src.index(i, j), update_from_neighbours(src, s, st, dt, i, j));
}

// ------------------------------------------- ghost-cell-decoupled tiles (paper section 4)

/// What a fused step's update leaves for its phase 2 besides the state: the minimum of the new
/// state's local dt over the blocks, as exec::ordered_key (each block's partial folded in by
/// atomic_min_key; phase 2 reads it and sets it back to the key of +inf), and the levels of the
/// level sides at the step's end (side_levels, by the first block), which phase 2 moves into the
/// clock.
struct FusedStepOut {
  unsigned long long* min_key = nullptr;
  double* next_levels = nullptr;
};

/// Whether a fused step with a state in S reads its decay factor from the clock (set_next_step): in
/// double, whose exp is some 40 instructions (4% of the mixed estuary update's instructions, a
/// quarter of its excess over float's, measured on the H100); a float state keeps its expf a cell,
/// which a float cell without decay branches past (reading the clock's double and narrowing it, or
/// multiplying by a factor of 1, made the float water column 0.3-2% slower).
template <class S>
inline constexpr bool kClockDecay = sizeof(S) == 8;

/// The fused step's decay in double (kClockDecay), the clock's factor of the step phase 2 computed
/// it for (set_next_step), read only where there is decay (sources.hpp DecayOfRate's apply).
struct ClockDecay {
  double rate;
  const DeviceClock* clock;
  __device__ void apply(Conserved<double>& w, double) const {
    if (rate > 0) apply_decay(w, clock->decay);
  }
};

/// Time step of a tiled kernel in the state's precision S: a host value, or the device clock
/// (fused; 0 means copy only); and the step's time: the host's StepTime, or the clock's.
template <class S, bool kDeviceDt>
struct StepDt {
  S host_dt;
  const DeviceClock* clock;
  FusedStepOut out{};
  __device__ S get() const { return kDeviceDt ? static_cast<S>(clock->dt) : host_dt; }
  /// The step's decay (cell_update.hpp flux_and_source_update): in double, the clock's factor,
  /// which phase 2 computed once for the step (kClockDecay: ClockDecay); else each cell's own
  /// (stencil.hpp cell_decay).
  template <class T>
  __device__ auto decay(const SweepSetup<T>& s) const {
    if constexpr (kDeviceDt && kClockDecay<S>) return ClockDecay{update_constants<S>(s).decay_rate, clock};
    else return cell_decay<S>(s);
  }
  /// Whether a step is taken: the clock's dt tested in double, as phase 2 tests it (a positive dt
  /// below the smallest normal float would be 0 in get() with a float state).
  __device__ bool taken() const { return kDeviceDt ? clock->dt > 0 : host_dt > S(0); }
  __device__ auto when(const StepTime& host) const {
    if constexpr (kDeviceDt) return ClockTime{clock};
    else return host;
  }
};

/// Where a step kernel leaves the mass and pollutant fluxes of the perimeter edges it computed
/// (numbered as in stencil.hpp perimeter_x_edge/_y_edge), for the balance of the fused step:
/// k_fused_balance sums the very values the cells were updated with (one set of fluxes per input
/// buffer, CudaSolver::perimeter_). Null: not kept.
template <class T>
struct PerimeterFluxes {
  T* h = nullptr;
  T* hc = nullptr;
  __device__ void keep(int e, const EdgeFlux<T>& f) const {
    if (h && e >= 0) h[e] = f.h, hc[e] = f.hc;
  }
};

/// The flags a computed tile leaves (active_tiles.hpp), from the NonzeroBits of its new state:
/// dirty on itself in the output buffer if a cell is not zero, and on each neighbour whose side
/// it touches with a cell that is not zero; its zero byte there; whether it was quiet in this
/// step's state; its own input dirty byte cleared for the writers of the next step (every thread
/// of the block read it before the block's barrier, which this follows).
__device__ inline void mark_tile(const ActiveTiles& a, int tile, unsigned bits, bool quiet) {
  const int bx = tile % a.tiles_x, by = tile / a.tiles_x;
  if (bits & kNonzero) a.out[tile].dirty = 1;
  if ((bits & kWestColumn) && bx > 0) a.out[tile - 1].dirty = 1;
  if ((bits & kEastColumn) && bx + 1 < a.tiles_x) a.out[tile + 1].dirty = 1;
  if ((bits & kSouthRow) && by > 0) a.out[tile - a.tiles_x].dirty = 1;
  if ((bits & kNorthRow) && by + 1 < a.tiles_y) a.out[tile + a.tiles_x].dirty = 1;
  a.out[tile].zero = !(bits & kNonzero);
  a.out[tile].quiet_before = quiet;
  a.in[tile].dirty = 0;
}

/// Blocks per SM the tiled update is compiled for (__launch_bounds__): with float fluxes the fused
/// kernels' tiles are compiled for 32 registers, 7 blocks of 256 threads (32x8, 16x16) or 4 of 512
/// (32x16), and with the active tiles (kTiles) for 40 registers, 6 blocks of 256 (the flags' code
/// spills more at 32); in double for 64 registers, 4 blocks of 256 (ptxas spills 60 bytes, 68 with
/// the tiles, 72 with the tiles and the records).
/// Measured on the H100 (docs/performance.md): fused 32x8 at 4000^2, 1, 7 and 8 blocks gave 32.9,
/// 33.9 and 33.8 G cell-updates/s with a float state, 26.7, 30.5 and 30.4 with Precision::mixed
/// (2026-11-25); with the tiles on Coos Bay (on 32 x 8 threads then), 6 blocks made 8 concurrent
/// members 3% faster than 7, and 5 did not (on 16 x 16 threads, 2026-11-27: 7 blocks made members
/// 1-2% faster and a lone Coos Bay day 4% slower); a mixed variant at 40 registers (6 blocks of
/// 256, 3 of 512) was 0-3% slower (2026-11-27). In double before quotient.hpp (2026-11-25), 4 and
/// 5 blocks spilled and lost a third, and 3 made the Coos Bay day 13% faster than 2; with its
/// divisions and roots (2026-11-27), 4 blocks made the water column 9-11% faster than 3 (17.2 /
/// 20.0 G at 1000^2 / 4000^2) and the double estuary day 5% faster (12.01 against 11.41 G), and the
/// Coos Bay day with the tiles about 1% slower (3.65-3.68 s against 3.63-3.65 s). The host-driven
/// variants and the MPI row blocks were not measured and keep what their registers allow.
template <class T, int kThreads, bool kDeviceDt, bool kTiles = false>
constexpr int min_blocks_per_sm() {
  if (!kDeviceDt) return 1;
  if (sizeof(T) != 4) return 1024 / kThreads;  // 64 registers
  if (kTiles && kThreads == 256) return 6;
  return kThreads == 256 ? 7 : 2048 / kThreads;
}

/// A BX x BY block updates the (BX-1) x (BY-1) cells of its tile, in rows [j_begin, j_end) (all
/// rows, or a row range of a row block). Thread (tx, ty) stands for cell
/// (i, j) = (bx (BX-1) + tx - 1, j_begin + by (BY-1) + ty - 1): it computes the edge east of its cell and
/// the edge north of it into shared memory; after the barrier, threads with tx, ty >= 1 (the
/// interior) add their west/south edges from their neighbours' slots. The first row and column of
/// a tile are the last of the previous tile, recomputed there (ghost-cell decoupling).
/// kPhase1: the new state's local dt is reduced in the block (phase 1 of the CFL reduction), into
/// partial[tile] (host-driven steps) or, in a fused step (kDeviceDt), into the minimum of
/// FusedStepOut by an atomic min: phase 2 then reads one value instead of a partial per tile.
/// perim: where the perimeter edges' fluxes go (whole grid only, rows from 0), or nowhere.
/// kTiles, tiles: the active-tile flags (active_tiles.hpp; kPhase1 and the whole grid only): a tile
/// quiet in this step's state and the previous one returns after writing its partial. (A template
/// flag: the flags' few instructions cost the water column 4-6% when compiled in but unused.)
/// S: the precision of the state's values (T, or double for Precision::mixed: the fluxes, the
/// shared tiles and the local dt stay in T, the update of each cell is in S); Src::Out, where the
/// state goes (Fields<S>, or MixedFields: mixed_state.hpp's floats).
/// kRecord (a fused step, kDeviceDt): each owner records the state it writes, as the fluxes of the
/// next step read it (KeptCell::seen: extremes.hpp records in T), into the extremes `ext` by
/// `rule`, at the step's end time as phase 2 computes it (advance_time of
/// the clock's t, dt and t_stop), instead of k_record_step_start recording the step's input
/// beside the update: the same states at the same times, one kernel fewer a step
/// (ExtremesSetup::in_update).
template <class T, int BX, int BY, class Src, bool kPhase1, bool kDeviceDt, class S = T, bool kTiles = false,
          bool kRecord = false>
__global__ void __launch_bounds__(BX* BY, (min_blocks_per_sm<T, BX * BY, kDeviceDt, kTiles>()))
    k_update_tiled(Src src, typename Src::Out out, SweepSetup<T> s, StepTime st_host, StepDt<S, kDeviceDt> step,
                   T* __restrict__ partial, int j_begin, int j_end, PerimeterFluxes<T> perim, ActiveTiles tiles = {},
                   ExtremesFields<T> ext = {}, ExtremesRule<T> rule = {}) {
  static_assert(!kRecord || kDeviceDt, "the update records the extremes in fused steps only");
  __shared__ EdgeFlux<T> fx[BY][BX];
  __shared__ EdgeFlux<T> fy[BY][BX];
  __shared__ T scratch[32];
  __shared__ unsigned votes[32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int i = blockIdx.x * (BX - 1) + tx - 1, j = j_begin + blockIdx.y * (BY - 1) + ty - 1;
  if constexpr (kDeviceDt) {  // a fused step, launched dependent on the previous phase 2 (dependent_launch.cuh)
    exec::cuda::wait_for_prerequisites();
    exec::cuda::allow_dependent_launch();  // this step's phase 2 may be scheduled once the last blocks run
  }
  const S dt = step.get();
  const auto when = step.when(st_host);
  const double t = when.time();
  const bool owner = tx > 0 && ty > 0 && i < s.nx && j < j_end;
  T local = T(INFINITY);
  unsigned bits = 0;  // NonzeroBits of this thread's new cell in its tile (active_tiles.hpp)
  // Stopped (device clock, dt = 0; the same value in the whole block): nothing is written, the
  // state stays in the buffer the last step wrote (the host tracks the buffer from the steps
  // taken), and phase 2 reads no minimum. Host steps always have dt > 0.
  if (!step.taken()) return;
  if constexpr (kDeviceDt) {  // the next step's levels, known now: off phase 2's path (FusedStepOut)
    if (blockIdx.x == 0 && blockIdx.y == 0)
      side_levels(s.bc, advance_time(t, step.clock->dt, step.clock->t_stop), step.out.next_levels, tx + BX * ty);
  }
  const int tile = blockIdx.y * gridDim.x + blockIdx.x;
  const auto keep_partial = [&](T v) {
    if constexpr (kDeviceDt) exec::cuda::atomic_min_key(step.out.min_key, v);
    else partial[tile] = v;
  };
  bool quiet = false;  // step n is the identity on the tile (active_tiles.hpp)
  if (kTiles) {
    const TileFlags f = tiles.in[tile];
    quiet = !f.pinned && !f.dirty;
    if (kPhase1 && quiet && f.quiet_before) {
      if (tx == 0 && ty == 0) {
        keep_partial(local_dt(Conserved<T>{T(0), T(0), T(0), T(0)}, s.inv_dx, s.inv_dy, s.physics));
        tiles.out[tile].quiet_before = 1;  // (its input flags need no clearing: not dirty)
      }
      return;
    }
  }
  // Cell (i, j) is read by the x-edge when i >= 0, by the y-edge when j >= 0, by the update when
  // the thread is an owner: a cell of the grid in each case.
  const OwnCellSource<Src, T, S> cs(src, i, j, i >= 0 && i < s.nx && j >= 0 && j < j_end);
  // The tile's first row computes no x-edge: only owners (tx, ty >= 1) read fx, so fx[0] would
  // be read by none (the tile below computes that row's edges for its own cells); a warp of its
  // own at BX = 32, it skips the edge whole.
  if (ty > 0 && j < j_end && i < s.nx) {
    fx[ty][tx] = x_edge_flux(cs, s, when, i + 1, j, false);
    perim.keep(perimeter_x_edge(s, i + 1, j), fx[ty][tx]);
  }
  if (i >= 0 && i < s.nx && j < j_end) {
    fy[ty][tx] = y_edge_flux(cs, s, when, i, j + 1, false);
    perim.keep(perimeter_y_edge(s, i, j + 1), fy[ty][tx]);
  }
  __syncthreads();
  if (owner) {
    const std::size_t k = static_cast<std::size_t>(j - s.row0) * s.nx + i;
    const KeptCell<S, T> w = keep_cell<T>(out, k, update_from_edge_fluxes(cs.exact(i, j), fx[ty][tx - 1], fx[ty][tx],
                                                                          fy[ty - 1][tx], fy[ty][tx], s, t, dt,
                                                                          step.decay(s), i, j));
    if constexpr (kRecord) record_extremes(ext, k, w.seen, advance_time(t, step.clock->dt, step.clock->t_stop), rule);
    if (kPhase1) local = local_dt(w.seen, s.inv_dx, s.inv_dy, s.physics);
    if (kTiles) bits = nonzero_bits(is_zero_state(w.value), tx - 1, ty - 1, BX - 1, BY - 1);
  }
  if (kPhase1) {
    unsigned tile_bits = 0;
    local = exec::cuda::block_reduce<exec::ReduceOp::min>(local, scratch, bits, kTiles ? votes : nullptr, &tile_bits);
    if (tx == 0 && ty == 0) {
      keep_partial(local);
      if (kTiles) mark_tile(tiles, tile, tile_bits, quiet);
    }
  }
}

/// The four boundary rates summed over a block, each value by exec::cuda::block_reduce (its tree);
/// valid in thread 0. scratch: 32 doubles of shared memory.
__device__ inline void block_sum_rates(BoundaryRates& r, double* scratch) {
  double* parts[4] = {&r.water_in, &r.water_out, &r.pollutant_in, &r.pollutant_out};
  for (double* p : parts) {
    *p = exec::cuda::block_reduce<exec::ReduceOp::sum>(*p, scratch);
    __syncthreads();
  }
}

/// Mass balance of a host-driven step about to be taken (balance.hpp), one block: the perimeter
/// edges' inflow/outflow rates of the current state at time t are summed, then thread 0
/// accumulates them over dt. (The fused step's k_fused_balance does this from the update's own
/// fluxes.)
template <class T, class Src>
__global__ void k_boundary_balance(Src src, SweepSetup<T> s, StepTime st, double dt, double decay_rate,
                                   Balance* balance) {
  __shared__ double scratch[32];
  const double t = st.t;
  BoundaryRates r;
  for (int e = threadIdx.x; e < perimeter_edges(s); e += blockDim.x) r += perimeter_edge_rates(src, s, st, e);
  block_sum_rates(r, scratch);
  if (threadIdx.x != 0) return;
  double rw, rc;
  release_totals(s.rel, t, rw, rc);
  accumulate_step(*balance, r, rw, rc, dt, decay_rate);
}

/// Inflow/outflow rates of the perimeter edges of the ranges, one after another (the MPI layer
/// sums them in tree order).
template <class T, class Src>
__global__ void k_edge_rates(Src src, SweepSetup<T> s, StepTime st, EdgeRanges r, BoundaryRates* __restrict__ out) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  BoundaryRates* o = out + k;
  for (int q = 0; q < r.count; ++q) {
    const int n = r.end[q] - r.begin[q];
    if (k < n) {
      *o = perimeter_edge_rates(src, s, st, r.begin[q] + k);
      return;
    }
    k -= n;
  }
}

/// Next dt of the device clock: 0 once stopped (error, step limit or stop time reached, or the
/// step would end at or after the hold time), else eq. 16 from min_local clamped to the stop time.
__device__ inline double next_dt(const DeviceClock& c, const DtRule& rule) {
  if (c.error || c.steps >= c.step_limit || c.t >= c.t_stop) return 0.0;
  const double dt = global_dt(rule, c.min_local, c.t_stop - c.t);
  return held(c.t, dt, c.t_stop, c.t_hold) ? 0.0 : dt;
}

/// The clock's next step: dt (next_dt) and, for a state in double (kClockDecay), its decay factor,
/// decay_factor of the rate and dt as each cell's update computed it before: once a step here,
/// off the cells' path (4% of the mixed estuary update's instructions).
/// decay_rate: Physics' in double.
template <class S>
__device__ inline void set_next_step(DeviceClock& c, const DtRule& rule, double decay_rate) {
  c.dt = next_dt(c, rule);
  if constexpr (kClockDecay<S>) c.decay = decay_factor(decay_rate, c.dt);
}

/// The balance of a fused step (balance.hpp), accumulated by k_fused_balance from the perimeter
/// fluxes the update kernel kept (PerimeterFluxes): the water and pollutant that crossed the
/// boundary are exactly what the cells next to it gained or lost.
template <class T>
struct FusedBalance {
  const T* h = nullptr;
  const T* hc = nullptr;
  SweepSetup<T> s;
  double decay_rate = 0;
  Balance* balance = nullptr;
};

/// Phase 2 of the fused step, one thread: when a step was taken (dt > 0), advance the clock by dt,
/// keep the step's start and length for its balance (step_t, step_dt), take the levels of the new
/// time and the minimum of the new state's local dt that the update left (FusedStepOut; error = 1
/// when not physical), and set the minimum back to +inf; then set the next dt (clamped to the stop
/// time, 0 once there, at the step limit or at the hold). A stopped step sets step_dt = 0 and
/// changes nothing else: its update wrote nothing, and the next dt of an unchanged clock is again
/// 0. It lies on every step's critical path, so it is a few loads and stores; the balance is summed
/// beside the next step (k_fused_balance).
template <class T, class S>
__global__ void __launch_bounds__(32)
    k_fused_phase2(FusedStepOut out, DeviceClock* clock, DtRule rule, double decay_rate) {
  // Launched dependent on the update (dependent_launch.cuh): resident before it ends, and the next
  // step's update may be scheduled while this block runs.
  exec::cuda::wait_for_prerequisites();
  exec::cuda::allow_dependent_launch();
  if (threadIdx.x != 0) return;
  DeviceClock c = *clock;
  if (!(c.dt > 0)) {
    clock->step_dt = 0.0;
    return;
  }
  const T v = exec::from_ordered_key<T>(*out.min_key);
  *out.min_key = exec::ordered_key<T>(T(INFINITY));
  c.step_t = c.t;
  c.step_dt = c.dt;
  c.t = advance_time(c.t, c.dt, c.t_stop);
  for (int k = 0; k < 4; ++k) c.level[k] = out.next_levels[k];
  c.steps += 1;
  c.min_local = static_cast<double>(v);
  if (!(v > T(0))) c.error = 1;
  set_next_step<S>(c, rule, decay_rate);
  *clock = c;
}

/// The balance of the step phase 2 last took (the clock's step_t and step_dt; none when step_dt
/// is 0), one block of 1024 threads: the rates of the perimeter fluxes its update kept, summed in
/// a fixed order (each thread its edges e = threadIdx.x + 1024 k in turn, then block_sum_rates),
/// accumulated over step_dt. It runs on a side branch beside the next step's update, which keeps
/// its fluxes in the other buffer; the next phase 2, which rewrites step_t and step_dt, waits
/// for it.
template <class T>
__global__ void __launch_bounds__(1024) k_fused_balance(FusedBalance<T> fb, const DeviceClock* clock) {
  __shared__ double scratch[32];
  const double dt = clock->step_dt, t = clock->step_t;
  if (!(dt > 0)) return;
  BoundaryRates r;
#pragma unroll 4
  for (int e = threadIdx.x; e < perimeter_edges(fb.s); e += blockDim.x)
    r += perimeter_rates_of(fb.s, e, static_cast<double>(fb.h[e]), static_cast<double>(fb.hc[e]));
  block_sum_rates(r, scratch);
  if (threadIdx.x != 0) return;
  double rw, rc;
  release_totals(fb.s.rel, t, rw, rc);
  accumulate_step(*fb.balance, r, rw, rc, dt, fb.decay_rate);
}

/// The extremes of the fused step's input state, the state at the clock's time (extremes.hpp),
/// on a side branch beside the update kernel, which only reads that state too; phase 2, which
/// advances the clock, waits for both. A stopped step (dt = 0) records nothing: its buffer is not
/// the current state.
/// Cells of tiles all zero in that state (tiles: active_tiles.hpp) are not read: recording a zero
/// state changes no record (extremes.hpp: 0 is not above a maximum, and the cell is not wet).
template <class T>
__global__ void k_record_step_start(ConstFields<T> f, std::size_t n, const DeviceClock* clock, ExtremesFields<T> e,
                                    ExtremesRule<T> r, TileMap tiles) {
  const std::size_t k = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (k < n && clock->dt > 0 && !tiles.zero_at(k)) record_extremes(e, k, extremes_input(f, k, r), clock->t, r);
}

/// k_record_step_start with the active-tile flags on: block (bx, by) records the cells of tile
/// (bx, by) (thread (tx, ty) the cell (bx w + tx, by h + ty), tx < w, ty < h), so the block of an
/// all-zero tile leaves after one flag load. A cell whose depth records nothing (ExtremesRule::records:
/// depth <= 0 or NaN; with the concentration's records only, not wet) is not read further.
template <class T>
__global__ void k_record_step_start_tiles(ConstFields<T> f, int ny, const DeviceClock* clock, ExtremesFields<T> e,
                                          ExtremesRule<T> r, TileMap tiles) {
  if (!(clock->dt > 0) || tiles.flags[blockIdx.y * tiles.tiles_x + blockIdx.x].zero) return;
  const int i = blockIdx.x * tiles.tile_w + threadIdx.x, j = blockIdx.y * tiles.tile_h + threadIdx.y;
  if (static_cast<int>(threadIdx.x) >= tiles.tile_w || static_cast<int>(threadIdx.y) >= tiles.tile_h || i >= tiles.nx ||
      j >= ny)
    return;
  const std::size_t k = static_cast<std::size_t>(j) * tiles.nx + i;
  if (!r.records(depth_at(f, k))) return;
  record_extremes(e, k, extremes_input(f, k, r), clock->t, r);
}

/// Sets the stop time, step limit and hold time of a new advance(), the first dt from min_local
/// and the levels of the clock's time (boundaries bc); 128 threads.
template <class S>
__global__ void k_fused_start(DeviceClock* clock, double t_stop, long long step_limit, double t_hold, DtRule rule,
                              double decay_rate, Boundaries bc) {
  __shared__ double levels[4];
  side_levels(bc, clock->t, levels, threadIdx.x);
  __syncthreads();
  if (threadIdx.x != 0) return;
  DeviceClock c = *clock;
  for (int k = 0; k < 4; ++k) c.level[k] = levels[k];
  c.t_stop = t_stop;
  c.step_limit = step_limit;
  c.t_hold = t_hold;
  if (!(c.min_local > 0)) c.error = 1;
  set_next_step<S>(c, rule, decay_rate);
  *clock = c;
}

}  // namespace ria::swe::cuda
