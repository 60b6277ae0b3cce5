// The neighbour list of Search::list (search.hpp), on the CUDA backend: a step's first rate
// evaluation searches cell ranges as Search::cell_range does and also writes, for each particle,
// where its neighbours within the list radius R = 2h (1 + kListSkin) lie; the step's second
// evaluation (at the predictor's half-step positions, sph/symplectic.hpp) reads the list instead
// of sorting and searching again.
//
// Why it is exact. Between the two evaluations only the predictor moves particles: a fluid
// particle by dt/2 |v| (its velocity at the step's start), a boundary particle not at all. A pair
// within 2h at the half step was therefore within 2h + dt v_max at the start, v_max the largest
// fluid speed there. The list holds every pair within R at the start, so when dt v_max <= 2h
// kListSkin kListSkinUsed (list_holds) it holds every pair of the half step; the second evaluation
// tests r < 2h on each listed slot, the same test as the screen's, and keeps those. The rest of
// the skin (1 - kListSkinUsed of it, 2h / 100 at least) is left to round-off, ~1e-7 of a cell in
// float. The search's window reaches 2 cells each way, so its cells are at least R / 2 (list_cells):
// every slot within R of a particle lies in its window. When the step is too long for the skin,
// or a particle needs more of the list than it holds (list_capacity), the step sorts and searches
// again as Search::cell_range does.
//
// Layout. The search screens a row's slots 32 at a time into a bit mask (search_cuda.cuh,
// screen_run); the list keeps each such mask with a slot within R, as one 8-byte word (uint2):
// x = list_head(b0, dj, dk), the mask's first slot b0 (kListSlotBits bits) and the row of its
// cells relative to a's cell (dj, dk in -2..2, three bits each), from which the mixed precision's
// relative positions rebuild r_a - r_b (MixedLoads::Frame); y = the mask, bit k for slot b0 + k.
// A particle's words q = 0 .. its count - 1 are word list_word(a, q, capacity): the kListLanes = 32
// particles of a warp hold a block of capacity x 32 words, word q of lane l at q * 32 + l, so a
// warp's loads of its lanes' q-th words are 256 contiguous bytes. A mask holds the ~8 slots within
// R of a row's run of up to 32 in 8 bytes, where a word per slot took 4 bytes each.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "ria/config.hpp"

namespace ria::sph {

/// The list radius over the support radius, less one: R = 2h (1 + kListSkin).
constexpr double kListSkin = 0.04;
/// The share of the skin the particles may use up between the two evaluations (list_holds).
constexpr double kListSkinUsed = 0.5;
constexpr int kListSlotBits = 26;
constexpr std::uint32_t kListSlotMask = (1u << kListSlotBits) - 1;
/// The slots a mask's head can name: 2^26, 67 million particles.
constexpr std::uint64_t kListMaxSlots = std::uint64_t(1) << kListSlotBits;

/// Refuses (std::invalid_argument) what the list search cannot run: the SPS closure, whose
/// stresses take a search of their own, and `particles` >= 2^26, more slots than a head names.
inline void check_list_limits(bool sps, double particles) {
  if (sps)
    throw std::invalid_argument("neighbour search 'list' does not run with the SPS closure (physics.turbulence = \"sps\": its "
                                "stresses take a search of their own); use --search cell-range");
  if (particles >= static_cast<double>(kListMaxSlots))
    throw std::invalid_argument("neighbour search 'list' names at most 2^26 particles, and the set-up has up to " +
                                std::to_string(static_cast<long long>(particles)) + "; use --search cell-range");
}

/// The head of the mask whose first slot is b0, in the row (dj, dk) away from a's cell (|dj|,
/// |dk| <= 2).
RIA_HD inline std::uint32_t list_head(std::uint32_t b0, int dj, int dk) {
  return b0 | static_cast<std::uint32_t>(dj + 2) << kListSlotBits | static_cast<std::uint32_t>(dk + 2) << (kListSlotBits + 3);
}
RIA_HD inline std::uint32_t head_slot(std::uint32_t e) { return e & kListSlotMask; }
/// The row of a head as its codes dj + 2, dk + 2 (0..4), and as (dj, dk).
RIA_HD inline std::uint32_t head_code_j(std::uint32_t e) { return e >> kListSlotBits & 7u; }
RIA_HD inline std::uint32_t head_code_k(std::uint32_t e) { return e >> (kListSlotBits + 3); }
RIA_HD inline int head_dj(std::uint32_t e) { return static_cast<int>(head_code_j(e)) - 2; }
RIA_HD inline int head_dk(std::uint32_t e) { return static_cast<int>(head_code_k(e)) - 2; }

/// The particles whose words interleave (a warp's): a particle's word q + 1 lies kListLanes words
/// after its word q.
constexpr std::uint32_t kListLanes = 32;

/// The word that holds particle a's mask q, in a list of `capacity` words a particle.
RIA_HD inline std::size_t list_word(std::uint32_t a, std::uint32_t q, std::uint32_t capacity) {
  return (static_cast<std::size_t>(a / kListLanes) * capacity + q) * kListLanes + a % kListLanes;
}

/// The words a list of n particles, `capacity` a particle, takes: whole blocks of kListLanes
/// particles (list_word).
inline std::size_t list_words(std::size_t n, std::uint32_t capacity) {
  return (n + kListLanes - 1) / kListLanes * kListLanes * capacity;
}

/// The list radius [m] of a support 2h.
inline double list_radius(double support) { return (1.0 + kListSkin) * support; }

/// Words (masks) a particle. A particle's masks are those of the rows its window reaches: a row's
/// n slots make ceil(n / 32) <= 1 + n / 32 masks, so a particle needs at most rows + N / 32, N the
/// slots of its window, rows 5^(dim - 1). The bound takes the window's 5 cells each way at 1.25
/// R / 2 (list_cells gives cells of R / 2 to 1.25 R / 2 along an axis of 4 or more cells of R),
/// its lattice points (spacing dp) and a quarter more for compression and the walls' layers. In
/// 3-D at h = 1.5 dp: 62; at h = sqrt(3) dp: 81.
inline std::uint32_t list_capacity(int dim, double h_over_dp) {
  const double side = 5.0 * 1.25 * 0.5 * list_radius(2.0 * h_over_dp);  // the window [dp]
  const double points = std::pow(side, dim);
  return static_cast<std::uint32_t>(std::pow(5.0, dim - 1)) + static_cast<std::uint32_t>(std::ceil(1.25 * points / 32.0));
}

/// Whether a step of dt, taken from a state whose fluid moves at most v_max, stays within the
/// skin of a list built on that state, support = 2h.
inline bool list_holds(double dt, double v_max, double support) {
  return dt * v_max <= kListSkinUsed * kListSkin * support;
}

}  // namespace ria::sph
