// The neighbour list of Search::list (search.hpp), on the CUDA backend: a step's first rate
// evaluation searches cell ranges as Search::cell_range does and also writes each particle's
// neighbours within the list radius R = 2h (1 + kListSkin) to a list; the step's second evaluation
// (at the predictor's half-step positions, sph/symplectic.hpp) reads the list instead of sorting
// and searching again.
//
// Why it is exact. Between the two evaluations only the predictor moves particles: a fluid
// particle by dt/2 |v| (its velocity at the step's start), a boundary particle not at all. A pair
// within 2h at the half step was therefore within 2h + dt v_max at the start, v_max the largest
// fluid speed there. The list holds every pair within R at the start, so when dt v_max <= 2h
// kListSkin kListSkinUsed (list_holds) it holds every pair of the half step; the second evaluation
// tests r < 2h on each entry, the same test as the screen's, and keeps those. The rest of the skin
// (1 - kListSkinUsed of it, 2h / 100 at least) is left to round-off, ~1e-7 of a cell in float.
// When the step is too long for the skin, or a particle has more listed neighbours than the list
// holds (list_capacity), the step sorts and searches again as Search::cell_range does.
//
// Layout. A particle's entries k = 0 .. its count - 1 are kept in groups of four, one 16-byte word
// (uint4) each: group q = k / 4 of particle a is word list_group(a, q, capacity), entry k its
// component k % 4. The 32 particles of a warp hold a block of capacity / 4 x 32 words, group q of
// lane l at q * 32 + l, so a warp's loads of its lanes' q-th groups are 512 contiguous bytes, and
// each lane writes its entries four at a time (a 16-byte store, where a store of each entry alone
// took as many L2 transactions as entries). Each entry packs the slot b (kListSlotBits bits) and
// the row of b's cell relative to a's cell (dj, dk in -2..2, three bits each), from which the mixed
// precision's relative positions rebuild r_a - r_b (MixedLoads::Frame).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "ria/config.hpp"

namespace ria::sph {

/// The list radius over the support radius, less one: R = 2h (1 + kListSkin).
constexpr double kListSkin = 0.04;
/// The share of the skin the particles may use up between the two evaluations (list_holds).
constexpr double kListSkinUsed = 0.5;
constexpr int kListSlotBits = 26;
constexpr std::uint32_t kListSlotMask = (1u << kListSlotBits) - 1;
/// The slots a list entry can name: 2^26, 67 million particles.
constexpr std::uint64_t kListMaxSlots = std::uint64_t(1) << kListSlotBits;

/// Entry of slot b in the row (dj, dk) away from a's cell (|dj|, |dk| <= 2).
RIA_HD inline std::uint32_t list_entry(std::uint32_t b, int dj, int dk) {
  return b | static_cast<std::uint32_t>(dj + 2) << kListSlotBits | static_cast<std::uint32_t>(dk + 2) << (kListSlotBits + 3);
}
RIA_HD inline std::uint32_t entry_slot(std::uint32_t e) { return e & kListSlotMask; }
RIA_HD inline int entry_dj(std::uint32_t e) { return static_cast<int>(e >> kListSlotBits & 7u) - 2; }
RIA_HD inline int entry_dk(std::uint32_t e) { return static_cast<int>(e >> (kListSlotBits + 3)) - 2; }

/// The word (of four entries) that holds group q of particle a's entries, in a list of `capacity`
/// entries a particle (a multiple of 4).
RIA_HD inline std::size_t list_group(std::uint32_t a, std::uint32_t q, std::uint32_t capacity) {
  return (static_cast<std::size_t>(a / 32) * (capacity / 4) + q) * 32 + a % 32;
}

/// Entries a particle: the lattice points (spacing dp) within R of a point, 4/3 pi (R/dp)^3 in
/// 3-D and pi (R/dp)^2 in 2-D, with a quarter more for compression and the walls' layers, plus 16,
/// rounded up to a multiple of 8. In 3-D at h = 1.5 dp: 176 (a lattice at rest lists 122); at
/// h = sqrt(3) dp: 264 (178).
inline std::uint32_t list_capacity(int dim, double h_over_dp) {
  const double pi = 3.14159265358979323846;
  const double r = 2.0 * h_over_dp * (1.0 + kListSkin);
  const double points = dim == 3 ? 4.0 / 3.0 * pi * r * r * r : pi * r * r;
  const auto n = static_cast<std::uint32_t>(std::ceil(1.25 * points)) + 16u;
  return (n + 7u) / 8u * 8u;
}

/// Whether a step of dt, taken from a state whose fluid moves at most v_max, stays within the
/// skin of a list built on that state, support = 2h.
inline bool list_holds(double dt, double v_max, double support) {
  return dt * v_max <= kListSkinUsed * kListSkin * support;
}

}  // namespace ria::sph
