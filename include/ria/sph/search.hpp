// The neighbour-search variants of the SPH rates (docs/sph.md, "GPU backend"): the one list of
// their names, used by `ria sph run --search` and `ria bench sph --search`.
//   cell_range: each particle walks the slot ranges of its neighbour cells, cells of h (one range
//               per row of up to five cells, src/sph/cell_list.hpp), reading its neighbours from
//               memory (on the GPU one thread per particle, through the read-only data cache);
//               the serial and OpenMP backends' search.
//   tiles:      (CUDA) one warp per cell of 2h: the warp copies its neighbour cells' particles
//               into shared memory, 32 at a time, and each lane sums the tile for one particle of
//               the cell (GPUSPH's shared-memory search).
//   list:       (CUDA) cell_range in a step's first rate evaluation (on cells of at least
//               2h (1 + 0.04) / 2), which also keeps where each particle's neighbours within
//               2h (1 + 0.04) lie, as masks of its screened runs; the step's second evaluation
//               reads the list, without sorting and searching again, when the predictor's moves
//               stay within the skin (src/sph/neighbour_list.hpp), and searches otherwise.
// In double both find the same neighbours; their cells differ, so each particle's sums run in a
// different order and the two agree to round-off (on one search and backend, results are bitwise
// reproducible). list finds the same neighbours as cell_range; its second evaluation runs in the
// order of the step's first sort, not of a second one, so it agrees with cell_range to round-off.
// In mixed precision positions are relative to the cell, so a pair exactly 2h
// apart may count in one search and not the other by the last bit of r^2 (it adds nothing).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace ria::sph {

/// Cells that would outnumber what the search's 32-bit cell starts hold: what() is the cause and
/// the scenario's remedy; cause() the cause alone, for a caller whose user sizes the set-up
/// another way (`ria bench sph`, by --particles).
class CellCountError : public std::invalid_argument {
 public:
  CellCountError(const std::string& cause, const std::string& remedy)
      : std::invalid_argument(cause + ": " + remedy), cause_(cause) {}
  const std::string& cause() const { return cause_; }

 private:
  std::string cause_;
};

enum class Search { cell_range, tiles, list };
constexpr Search kSearches[] = {Search::cell_range, Search::tiles, Search::list};

inline const char* search_name(Search s) {
  switch (s) {
    case Search::cell_range: return "cell-range";
    case Search::tiles: return "tiles";
    case Search::list: return "list";
  }
  return "unknown search";  // not reached: the switch names every variant
}

/// Every search's name, in kSearches' order (the CLI's choices).
inline std::vector<std::string> search_names() {
  std::vector<std::string> names;
  for (Search s : kSearches) names.push_back(search_name(s));
  return names;
}

/// Throws std::invalid_argument naming the value and the variants.
inline Search parse_search(const std::string& name) {
  for (Search s : kSearches)
    if (name == search_name(s)) return s;
  throw std::invalid_argument("neighbour search '" + name + "' does not exist (expected cell-range, tiles or list)");
}

}  // namespace ria::sph
