// The fused update by column strips: where the active tiles are off (wet domains, and
// --no-dry-skip), a fused step's update without shared tiles.
//
// A warp stands for 31 columns of cells, lane l for column i = 31 bx + l - 1 (lane 0: the
// column west of the warp's, for its east edge only, as a tile's first column), and walks a strip
// of `rows` rows, j = j0 .. j0 + rows - 1, holding three cells in registers: its own (i, j), the
// one east (i + 1, j) and the one north (i, j + 1), which is the next row's own; the next row's
// north and east cells are fetched one row ahead, so their latency passes behind a row's work.
// Of each row it computes the edge east of its cell and the edge north of it; the west edge is
// the east edge of lane l - 1 (a warp shuffle) and the south edge the north edge of its previous
// row, held. A warp computes 32 x-edges and 32 y-edges a row and one row of y-edges more a strip
// for 31 cells, 2.13 edges a cell at 16 or 17 rows, as many as a 32 x 16 tile (31 x 15 cells, its
// first row's x-edges not computed); what it saves is the rest: no shared memory and no barrier
// but the reduction's, two cells fetched a cell instead of three, and the block's fixed work (the
// clock, the reduction, its atomic) spread over 16 cells a thread. A cell's factor 1/h of its
// ratios (inverse_depth) is computed once, when it becomes the east or the north cell, and held
// for its other edges (each edge computes both of its sides' otherwise: 4 a row, now 2). Measured
// on the H100 (Nsight Compute, float at 4000^2): 273 M warp instructions a step at 16 rows, 280 M
// with the factors computed by each edge, against the tiles' 352 M, at 64 registers and half their
// occupancy (docs/performance.md).
// Each edge and each update is the same function of the same states as in every other kernel.
#pragma once

#include "exec/cuda/cuda_check.hpp"
#include "swe/strip_plan.hpp"
#include "swe/swe_kernels_cuda.cuh"

namespace ria::swe::cuda {

/// The blocks an SM the strip kernel is compiled for: 8, 64 registers without spills (at 10 and
/// 12 blocks ptxas spilled; before the prefetch they ran as fast as 8 and at half its speed, H100,
/// docs/performance.md).
inline constexpr int kStripBlocks = 8;

/// The cells a lane of the strip kernel holds, as the stencil reads them (x_edge_flux of the edge
/// east of (i, j), y_edge_flux of the edge north of it): own (i, j), east (i + 1, j) and north
/// (i, j + 1). The stencil asks for them as (i + 1) - 1, i + 1, (j + 1) - 1 and j + 1, so the
/// choice folds at compile time, except at a boundary edge (x-edge 0: the east cell; y-edge 0:
/// the north cell), which the tests pick at run time.
template <class Src, class T, class S>
struct StripCells {
  const Src& src;
  int i, j;
  Conserved<T> own{}, east{}, north{};
  T own_bed{}, east_bed{}, north_bed{};
  T own_inv{}, east_inv{}, north_inv{};  // their factors inverse_depth(h, h_dry), for HoldsInverseDepths
  /// Of a value held for each of the three cells, cell (a, b)'s.
  template <class V>
  __device__ V pick(int a, int b, const V& of_own, const V& of_east, const V& of_north) const {
    return b != j ? of_north : a == i ? of_own : of_east;
  }
  __device__ Conserved<T> state(int a, int b) const { return pick(a, b, own, east, north); }
  __device__ T bed(int a, int b) const { return pick(a, b, own_bed, east_bed, north_bed); }
  __device__ T inverse_depth(int a, int b) const { return pick(a, b, own_inv, east_inv, north_inv); }
  __device__ T depth(int a, int b) const { return state(a, b).h; }
  __device__ Conserved<S> exact(int, int) const { return src.exact_of(own, i, j); }
  /// Cell (a, b) fetched into c and H, a a column of the grid (the caller clamps the lane's) and
  /// b >= 0, clamped down to the last row the source holds, `end` - 1 (the grid's last, or a row
  /// block's last stored row): a cell outside is fetched from the nearest one inside and never
  /// read (the stencil reads the own cell at a boundary edge, and a strip's last prefetch is not
  /// used). Fetched always: under a test the SASS reloaded the textures' handles every row, and the
  /// unconditional fetches ran about 2% faster on the H100 (docs/performance.md).
  __device__ void fetch(int a, int b, int end, Conserved<T>& c, T& H) const {
    const int row = b < end ? b : end - 1;
    c = src.state(a, row), H = src.bed(a, row);
  }
};

/// The west edge of a lane, from lane - 1's east edge: the fluxes the update reads of it.
template <class T>
__device__ inline EdgeFlux<T> from_west_lane(const EdgeFlux<T>& east) {
  EdgeFlux<T> w;
  w.h = __shfl_up_sync(0xffffffffu, east.h, 1);
  w.qn_l = T(0);  // read from the cell west of the edge only
  w.qn_r = __shfl_up_sync(0xffffffffu, east.qn_r, 1);
  w.qt = __shfl_up_sync(0xffffffffu, east.qt, 1);
  w.hc = __shfl_up_sync(0xffffffffu, east.hc, 1);
  return w;
}

/// Warps of `kernel`, launched in blocks of the strip kernel, that the current device holds at once.
template <class Kernel>
long long resident_strip_warps(Kernel kernel) {
  int blocks = 0, device = 0, sms = 0;
  RIA_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, 32 * kStripWarps, 0));
  RIA_CUDA_CHECK(cudaGetDevice(&device));
  RIA_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  return static_cast<long long>(blocks) * sms * kStripWarps;
}

/// The update by column strips of `rows` rows, over rows [j_begin, j_end) of the grid; grid
/// (ceil(nx / 31), ceil(ceil((j_end - j_begin) / rows) / kStripWarps)), block (32, kStripWarps).
/// Rows [row_begin, row_end) are those the source holds (the whole grid, or a row block's stored
/// rows, which include j_begin - 1 when j_begin > 0 and j_end when j_end < ny, as for
/// k_update_tiled). kDeviceDt: a fused step (as k_update_tiled's: the clock's dt and time, the
/// next levels by the first block, phase 1 by the block's atomic minimum, perim as its); else a
/// step of the host's dt at st_host, each block's minimum local dt into partial[block] (the MPI
/// row blocks, cuda_block_solver_cuda.cu; perim unused).
template <class T, class Src, class S, bool kDeviceDt = true, int kBlocks = kStripBlocks>
__global__ void __launch_bounds__(32 * kStripWarps, kBlocks)
    k_update_strips(Src src, typename Src::Out out, SweepSetup<T> s, StepTime st_host, StepDt<S, kDeviceDt> step,
                    int rows, int j_begin, int j_end, int row_begin, int row_end, T* __restrict__ partial,
                    PerimeterFluxes<T> perim) {
  __shared__ T scratch[32];
  const int lane = threadIdx.x;
  const int i = blockIdx.x * kStripColumns + lane - 1;
  const int j0 = j_begin + (blockIdx.y * kStripWarps + threadIdx.y) * rows;
  const int j1 = min(j0 + rows, j_end);
  if constexpr (kDeviceDt) {  // launched dependent on the previous phase 2 (dependent_launch.cuh)
    exec::cuda::wait_for_prerequisites();
    exec::cuda::allow_dependent_launch();
  }
  const S dt = step.get();
  const auto when = step.when(st_host);
  const double t = when.time();
  if (!step.taken()) return;  // stopped: as k_update_tiled
  if constexpr (kDeviceDt) {
    if (blockIdx.x == 0 && blockIdx.y == 0)
      side_levels(s.bc, advance_time(t, step.clock->dt, step.clock->t_stop), step.out.next_levels,
                  lane + 32 * threadIdx.y);
  }
  const bool column = i >= 0 && i < s.nx;  // the lane's column is one of the grid's
  const bool x_edge = i < s.nx;            // its east edge, 0 .. nx, is one of the grid's
  const int ci = min(max(i, 0), s.nx - 1), ce = min(i + 1, s.nx - 1);  // its and the east column, clamped
  const bool owner = lane > 0 && column;
  T local = T(INFINITY);
  if (j0 < j_end) {  // the same in the whole warp
    // Row j0 - 1 (the previous strip's last, or none) gives the strip's first south edge, through
    // the loop's own code: one copy of the y-edge's instructions computes every y-edge, so the
    // two strips that compute an edge get the same value, bit for bit, whatever the compiler
    // contracts into fused multiply-adds (a second copy before the loop, measured on the H100,
    // left a mixed run's water balance closing to 2e-13 instead of 3e-16).
    StripCells<Src, T, S> cs{src, i, j0 - 1};
    Conserved<T> next_north{}, next_east{};
    T next_north_bed{}, next_east_bed{};
    cs.fetch(ci, max(j0 - 1, row_begin), row_end, cs.north, cs.north_bed);  // row j0 - 1's own cell, first
    cs.fetch(ci, j0, row_end, next_north, next_north_bed);
    cs.fetch(ce, max(j0 - 1, row_begin), row_end, next_east, next_east_bed);
    const T eps = s.physics.h_dry;  // inverse_depth's
    cs.north_inv = swe::inverse_depth(cs.north.h, eps);
    EdgeFlux<T> south{};
#pragma unroll 1
    for (int j = j0 - 1; j < j1; ++j) {  // (not unrolled, nor its first row peeled)
      const bool row = j >= j0;  // a row of the strip, else the one before it
      cs.j = j;
      cs.own = cs.north, cs.own_bed = cs.north_bed, cs.own_inv = cs.north_inv;
      cs.north = next_north, cs.north_bed = next_north_bed;
      cs.east = next_east, cs.east_bed = next_east_bed;
      cs.fetch(ci, j + 2, row_end, next_north, next_north_bed);  // (after the strip's last row: not used)
      cs.fetch(ce, j + 1, row_end, next_east, next_east_bed);
      // The factors of the new cells, each after the fetches, the north one after the x-edge:
      // computed at the top of the row they waited for the fetches of the row before and slowed
      // 8000^2 by 8-13% (H100, docs/performance.md).
      cs.east_inv = swe::inverse_depth(cs.east.h, eps);
      EdgeFlux<T> east{}, north{};
      if (x_edge && row) {
        east = x_edge_flux(cs, s, when, i + 1, j, false);
        perim.keep(perimeter_x_edge(s, i + 1, j), east);
      }
      cs.north_inv = swe::inverse_depth(cs.north.h, eps);
      if (column) {
        north = y_edge_flux(cs, s, when, i, j + 1, false);
        perim.keep(perimeter_y_edge(s, i, j + 1), north);
      }
      const EdgeFlux<T> west = from_west_lane(east);
      if (owner && row) {
        const std::size_t k = static_cast<std::size_t>(j - s.row0) * s.nx + i;
        const KeptCell<S, T> w = keep_cell<T>(
            out, k, update_from_edge_fluxes(cs.exact(i, j), west, east, south, north, s, t, dt, step.decay(s), i, j));
        const T v = local_dt(w.seen, s.inv_dx, s.inv_dy, s.physics);
        local = v < local ? v : local;
      }
      south = north;
    }
  }
  local = exec::cuda::block_reduce<exec::ReduceOp::min>(local, scratch);
  if (lane == 0 && threadIdx.y == 0) {
    if constexpr (kDeviceDt) exec::cuda::atomic_min_key(step.out.min_key, local);
    else partial[blockIdx.y * gridDim.x + blockIdx.x] = local;
  }
}

}  // namespace ria::swe::cuda
