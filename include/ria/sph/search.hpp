// The neighbour-search variants of the SPH rates (docs/sph.md, "GPU backend"): the one list of
// their names, used by `ria sph run --search` and `ria bench sph --search`.
//   cell_range: each particle walks the slot ranges of its neighbour cells, cells of h (one range
//               per row of up to five cells, src/sph/cell_list.hpp), reading its neighbours from
//               memory (on the GPU one thread per particle, through the read-only data cache);
//               the serial and OpenMP backends' search.
//   tiles:      (CUDA) one warp per cell of 2h: the warp copies its neighbour cells' particles
//               into shared memory, 32 at a time, and each lane sums the tile for one particle of
//               the cell (GPUSPH's shared-memory search).
// In double both find the same neighbours; their cells differ, so each particle's sums run in a
// different order and the two agree to round-off (on one search and backend, results are bitwise
// reproducible). In mixed precision positions are relative to the cell, so a pair exactly 2h
// apart may count in one search and not the other by the last bit of r^2 (it adds nothing).
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
