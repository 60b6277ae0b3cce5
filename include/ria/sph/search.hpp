// The neighbour-search variants of the SPH rates (docs/sph.md, "GPU backend"): the one list of
// their names, used by `ria sph run --search` and `ria bench sph --search`.
//   cell_range: each particle walks the slot ranges of its neighbour cells (one range per row of
//               up to three cells, cell_list.hpp), reading its neighbours from memory (on the GPU
//               one thread per particle, through the read-only data cache); the serial and OpenMP
//               backends' search.
//   tiles:      (CUDA) one warp per cell: the warp copies its neighbour cells' particles into
//               shared memory, 32 at a time, and each lane sums the tile for one particle of the
//               cell (GPUSPH's shared-memory search).
// Both visit every particle's neighbours in the same order (ranges in order, slots ascending), so
// they give bitwise the same rates.
#pragma once

#include <stdexcept>
#include <string>

namespace ria::sph {

enum class Search { cell_range, tiles };

inline const char* search_name(Search s) {
  switch (s) {
    case Search::cell_range: return "cell-range";
    case Search::tiles: return "tiles";
  }
  return "unknown search";  // not reached: the switch names every variant
}

/// Throws std::invalid_argument naming the value and the variants.
inline Search parse_search(const std::string& name) {
  for (Search s : {Search::cell_range, Search::tiles})
    if (name == search_name(s)) return s;
  throw std::invalid_argument("neighbour search '" + name + "' does not exist (expected cell-range or tiles)");
}

}  // namespace ria::sph
