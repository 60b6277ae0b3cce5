// CF-1.8 NetCDF-4 output of maps (depth, free surface, velocity, concentration), the bed and
// run-wide extremes (the gridded ria.nc; gauge time series go to their own file, netcdf_gauges.hpp,
// so that CF readers find exactly one field per standard name here). Plain C++ types only: no netCDF header appears here, so callers
// build whether or not ria was configured with NetCDF (RIA_NETCDF); without it the writer's
// constructor throws IoError and netcdf_built() returns false.
//
// File layout (dimensions x, y, time):
//   x(x), y(y)                cell centres [m], projection_x/y_coordinate
//   time(time)                "seconds since <start>", calendar proleptic_gregorian
//   crs                       only when a WKT is given: crs_wkt, spatial_ref (GDAL) and, for
//                             transverse Mercator and Lambert conformal conic, the CF parameters
//   bed_elevation(y, x)       [m] positive up, above the vertical datum of the DEM
//   depth, eta, u, v, concentration (time, y, x)   float, NaN -> _FillValue (dry cells)
//   max_depth, max_speed, max_concentration, first_wet_time, arrival_time (y, x)
// concentration and max_concentration carry the scenario's unit (NcHeader::concentration_units).
// Fields are row-major with row j = 0 the south row, i.e. (y, x) with y increasing.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "io/netcdf/nc_file_info.hpp"
#include "ria/grid/grid.hpp"
#include "ria/swe/solver.hpp"

namespace ria::io {

/// True when this build can write NetCDF (configured with RIA_NETCDF and netcdf-cxx4 found).
bool netcdf_built();

struct NcHeader : NcFileInfo {
  Grid grid;                                    // cell (i, j) centre x0+(i+0.5)dx, y0+(j+0.5)dy
  std::vector<double> bed_elevation;            // nx*ny [m], positive up (empty: not written)
};

/// Fields of one output time, each nx*ny row-major or null (slice left as _FillValue).
/// NaN means "no value" (dry) and is written as _FillValue.
struct NcFields {
  const std::vector<double>* depth = nullptr;
  const std::vector<double>* eta = nullptr;
  const std::vector<double>* u = nullptr;
  const std::vector<double>* v = nullptr;
  const std::vector<double>* conc = nullptr;
};

/// Writer of one NetCDF file. Every public call leaves a complete, readable file on disk (it ends
/// with a sync), so a run killed between outputs keeps all slices written so far.
/// Errors: IoError naming the path and the netCDF error text; std::invalid_argument when a
/// field's size does not match the grid.
class NetcdfOutput {
 public:
  /// Creates (overwrites) `path` as NetCDF-4 (HDF5), defines everything, writes coordinates and
  /// bed, syncs.
  NetcdfOutput(const std::string& path, const NcHeader& header);
  ~NetcdfOutput();  // closes if still open, never throws
  NetcdfOutput(const NetcdfOutput&) = delete;
  NetcdfOutput& operator=(const NetcdfOutput&) = delete;

  /// Appends one time slice at time t [s since start], then syncs.
  void append(double t, const NcFields& f);
  /// Run-wide extremes (swe/extremes.hpp) written (or overwritten), typically once at the end:
  /// max depth, max speed, max concentration, time [s] the cell was first wet and time of first
  /// arrival of concentration above `threshold` (NaN: never -> _FillValue). An empty vector leaves
  /// that variable as it is.
  void write_extremes(const swe::HostExtremes& e, double threshold);
  void close();  // idempotent
  std::size_t slices() const;
  const std::string& path() const { return path_; }

 private:
  struct Impl;
  std::string path_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ria::io
