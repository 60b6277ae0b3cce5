// The kernel variants of the CUDA backend's `--kernel` (the paper's Table II columns, and fused):
// how each computes the edge fluxes and the time step, and its block shape. Used by
// cuda_solver_cuda.cu, and kMinStripWaves by the strips' plan test (tests/test_strip_plan.cpp).
#pragma once

#include <stdexcept>
#include <string>

namespace ria::swe {

/// How a variant computes the edge fluxes and the time step (the paper's Table II columns).
enum class Flux { naive, tiled };
enum class DtMode { tree, two_phase, device };
/// bx x by threads a block (a tile of (bx - 1) x (by - 1) cells); where the active tiles are
/// off, with float fluxes, wet_by replaces by (0: by); where they are on, tiles_bx x tiles_by
/// replaces the shape (0: bx x by). The fused kernel's 32 x 16 tiles compute 2.20 edges a cell
/// where 32 x 8 compute 2.36: with the cell fetched once (OwnCellSource, 1-2% of it), 6-9% faster
/// in float on the water column (docs/performance.md). Double keeps 32 x 8 there, because at its
/// 80 registers an SM holds one 512-thread block (512 threads) against three 256-thread ones
/// (768). Where the active tiles run, the finer 15 x 15 tiles skip more land: on Coos Bay at 50 m
/// 34% of them hold or touch water against 38% of 31 x 7 ones; on an H200 8 members sharing the
/// GPU ran 8-9% faster and a lone day 5-9% (docs/performance.md, 2026-11-27).
/// Where a fused variant runs its update by column strips (strip_kernel_cuda.cuh) instead of tiles,
/// the active tiles being off: never; with a float state on grids whose strips fill the device
/// kMinStripWaves times or more (fused: measured on the H100 in float with the strips' held
/// factors and 17 rows, the strips were 1.0-1.5% faster than the tiles at 2100^2 and 2200^2 (2.0
/// and 2.2 waves), 3-5% at 2300^2-2500^2, 1% slower at 2000^2 (1.8 waves) and 11% at 1000^2, and
/// in mixed 11-21% slower; docs/performance.md); or always (fused-strips, in every precision, to
/// test them).
enum class StripUse { never, large_float, always };
inline constexpr int kMinStripWaves = 2;

struct Variant {
  const char* name;
  Flux flux;
  DtMode dt;
  bool textures;
  int bx, by;
  int wet_by = 0;
  int tiles_bx = 0, tiles_by = 0;
  StripUse strips = StripUse::never;
};

inline constexpr Variant kVariants[] = {
    {"fused", Flux::tiled, DtMode::device, true, 32, 8, 16, 16, 16, StripUse::large_float},
    {"naive", Flux::naive, DtMode::tree, false, 16, 16},
    {"decoupled", Flux::tiled, DtMode::tree, false, 16, 16},
    {"decoupled-2phase", Flux::tiled, DtMode::two_phase, false, 16, 16},
    {"optimized", Flux::tiled, DtMode::two_phase, true, 16, 16},
    {"optimized-8x8", Flux::tiled, DtMode::two_phase, true, 8, 8},
    {"optimized-32x8", Flux::tiled, DtMode::two_phase, true, 32, 8},
    {"optimized-32x16", Flux::tiled, DtMode::two_phase, true, 32, 16},
    {"fused-16x16", Flux::tiled, DtMode::device, true, 16, 16},
    {"fused-strips", Flux::tiled, DtMode::device, true, 32, 8, 16, 16, 16, StripUse::always},
};

/// Whether a variant runs its fused step with the active tiles on bx x by blocks (its tiles_bx x
/// tiles_by, or bx x by): the update kernels with the tiles' flags are built for those only.
constexpr bool runs_active_tiles(int bx, int by) {
  for (const Variant& v : kVariants)
    if (v.dt == DtMode::device && (v.tiles_bx > 0 ? v.tiles_bx == bx && v.tiles_by == by : v.bx == bx && v.by == by))
      return true;
  return false;
}

inline const Variant& find_variant(const std::string& name) {
  for (const Variant& v : kVariants)
    if (name == v.name) return v;
  std::string known;
  for (const Variant& v : kVariants) known += std::string(known.empty() ? "" : ", ") + v.name;
  throw std::invalid_argument("kernel '" + name + "' does not exist for backend 'cuda' (expected one of: " + known + ")");
}

}  // namespace ria::swe
