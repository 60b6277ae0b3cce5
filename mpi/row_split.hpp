// The row blocks of the ranks (grid/grid.hpp RowBlock): contiguous owned rows in rank order, each
// stored with up to G ghost rows on each side that has a neighbour (ghost cell expansion, Viñas et
// al. section 5: neighbours exchange G rows every G steps).
#pragma once

#include <string>
#include <vector>

#include "ria/grid/grid.hpp"

namespace ria::mpi {

enum class Split { even, wet };

/// "even" or "wet"; anything else is refused naming the value.
Split parse_split(const std::string& s);
const char* to_string(Split s);

/// Owned rows per rank in rank order: `even` splits the rows as evenly as integers allow; `wet`
/// balances the work, a row weighing its wet cells plus 1/8 of its dry ones (dry cells cost a
/// flux evaluation too, about an eighth of a wet one's arithmetic). Every block owns at least
/// `ghost` rows (and at least one): a smaller grid or more ranks is refused with the sizes.
std::vector<RowBlock> split_rows(const Grid& g, int ranks, int ghost, Split how, const std::vector<double>& depth,
                                 double h_dry);

}  // namespace ria::mpi
