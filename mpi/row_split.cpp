#include "mpi/row_split.hpp"

#include <algorithm>
#include <stdexcept>

namespace ria::mpi {

Split parse_split(const std::string& s) {
  if (s == "even") return Split::even;
  if (s == "wet") return Split::wet;
  throw std::invalid_argument("--split '" + s + "': expected 'even' or 'wet'");
}

const char* to_string(Split s) {
  switch (s) {
    case Split::even: return "even";
    case Split::wet: return "wet";
  }
  return "?";
}

namespace {

/// Row r's first row: the prefix of row weights closest to r / ranks of the total, at least
/// `min_rows` rows after the previous start and leaving min_rows for each rank after it.
std::vector<int> starts_by_weight(const std::vector<double>& w, int ranks, int min_rows) {
  const int ny = static_cast<int>(w.size());
  std::vector<double> prefix(ny + 1, 0.0);
  for (int j = 0; j < ny; ++j) prefix[j + 1] = prefix[j] + w[j];
  std::vector<int> start(ranks + 1, 0);
  start[ranks] = ny;
  for (int r = 1; r < ranks; ++r) {
    const double target = prefix[ny] * r / ranks;
    int j = static_cast<int>(std::lower_bound(prefix.begin(), prefix.end(), target) - prefix.begin());
    if (j > 0 && target - prefix[j - 1] < prefix[j] - target) --j;
    j = std::max(j, start[r - 1] + min_rows);
    j = std::min(j, ny - (ranks - r) * min_rows);
    start[r] = j;
  }
  return start;
}

}  // namespace

std::vector<RowBlock> split_rows(const Grid& g, int ranks, int ghost, Split how, const std::vector<double>& depth,
                                 double h_dry) {
  if (ranks < 1) throw std::invalid_argument("the number of ranks must be >= 1");
  if (ghost < 1) throw std::invalid_argument("--ghost-rows must be >= 1");
  const int min_rows = ranks > 1 ? ghost : 1;
  if (static_cast<long>(ranks) * min_rows > g.ny)
    throw std::invalid_argument("the grid has " + std::to_string(g.ny) + " rows: " + std::to_string(ranks) +
                                " ranks with --ghost-rows " + std::to_string(ghost) + " need at least " +
                                std::to_string(static_cast<long>(ranks) * min_rows) +
                                " (each rank owns at least as many rows as it sends); use fewer ranks or ghost rows");
  std::vector<double> w(g.ny, 1.0);
  if (how == Split::wet) {
    if (depth.size() != g.cells()) throw std::invalid_argument("wet split: the depth field does not match the grid");
    for (int j = 0; j < g.ny; ++j) {
      double s = 0;
      for (int i = 0; i < g.nx; ++i) s += depth[static_cast<std::size_t>(j) * g.nx + i] > h_dry ? 1.0 : 0.125;
      w[j] = s;
    }
  }
  const std::vector<int> start = starts_by_weight(w, ranks, min_rows);
  std::vector<RowBlock> out(ranks);
  for (int r = 0; r < ranks; ++r) {
    RowBlock& b = out[r];
    b.owned_begin = start[r];
    b.owned_end = start[r + 1];
    b.stored_begin = r > 0 ? b.owned_begin - ghost : 0;
    b.stored_end = r + 1 < ranks ? b.owned_end + ghost : g.ny;
  }
  return out;
}

}  // namespace ria::mpi
