// CF-1.8 NetCDF-4 file of an ensemble's statistics per cell (`ria ensemble`'s ensemble.nc).
// Plain C++ types only: callers build without NetCDF too (then netcdf_built() is false and
// write_ensemble_netcdf throws IoError).
//
// File layout (dimensions x, y, threshold):
//   x(x), y(y), crs, bed_elevation(y, x)      as in ria.nc (netcdf_output.hpp)
//   threshold(threshold)                      concentrations of the exceedance probabilities
//   exceedance_probability(threshold, y, x)   fraction of the finished members whose maximum
//                                             concentration exceeds the threshold
//   max_concentration_mean, max_concentration_p10, _p50, _p90 (y, x)
//   arrival_time_earliest, arrival_time_median (y, x)   "seconds since <start>", or "s" after
//                                             each member's own start where their starts differ
// All float, NaN -> _FillValue (cells dry in every member; arrivals that did not happen).
// Global attributes: ensemble_members, ensemble_members_finished.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "io/netcdf/nc_file_info.hpp"
#include "ria/grid/grid.hpp"

namespace ria::io {

struct NcEnsemble : NcFileInfo {
  Grid grid;
  std::vector<double> bed_elevation;  // nx*ny [m], positive up (empty: not written)
  int members = 0, members_finished = 0;
  double arrival_threshold = 0;
  bool starts_differ = false;  // the members' time.start differ: arrivals count from each one's own
  std::vector<double> thresholds;
  // Fields nx*ny, row-major, row j = 0 the south row; all must be set.
  const std::vector<std::vector<double>>* exceedance = nullptr;  // [threshold][cell]
  const std::vector<double>* max_conc_mean = nullptr;
  std::array<const std::vector<double>*, 3> max_conc_percentile{};  // p10, p50, p90
  const std::vector<double>* arrival_earliest = nullptr;
  const std::vector<double>* arrival_median = nullptr;
};

/// Writes `path` as `path.partial` and renames it into place, so a failed write leaves no
/// truncated file. IoError naming the path; std::invalid_argument on a field of the wrong size.
void write_ensemble_netcdf(const std::string& path, const NcEnsemble& e);

}  // namespace ria::io
