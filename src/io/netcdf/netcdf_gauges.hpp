// CF-1.8 NetCDF-4 gauge time series (gauges.nc): a discrete sampling geometry with
// featureType = "timeSeries", in the orthogonal multidimensional representation (CF 9.3.1, example
// H.2). Plain C++ types only (no netCDF header); without NetCDF the constructor throws IoError.
//
// File layout (dimensions station, time (unlimited), name_strlen = the longest name in bytes):
//   station_name(station, name_strlen)  char, cf_role = "timeseries_id", whole UTF-8 names
//   x(station), y(station)              gauge position [m], projection_x/y_coordinate
//   time(time)                          "seconds since <start>", calendar proleptic_gregorian
//   crs                                 only when a WKT is given (as in ria.nc)
//   depth, eta, u, v, concentration (station, time)  double, NaN -> _FillValue (dry gauge),
//                                       coordinates = "time x y station_name"
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "io/netcdf/nc_file_info.hpp"

namespace ria::io {

struct NcStation {
  std::string name;     // stored whole
  double x = 0, y = 0;  // model coordinates [m]
};

struct NcGaugeHeader : NcFileInfo {
  std::vector<NcStation> stations;              // at least one
};

/// One gauge record: time [s] and per-station values in station order, each {h, eta, u, v, C}.
struct NcGaugeRecord {
  double t = 0;
  std::vector<std::array<double, 5>> values;
};

/// Writer of one gauge file. As NetcdfOutput, every public call ends with a sync, so a run killed
/// between calls keeps every record appended so far. Errors: IoError naming the path and the
/// netCDF error text; std::invalid_argument for no stations or a record of another station count.
class GaugeNetcdf {
 public:
  /// Creates (overwrites) `path`, defines everything, writes station names and positions, syncs.
  GaugeNetcdf(const std::string& path, const NcGaugeHeader& header);
  ~GaugeNetcdf();  // closes if still open, never throws
  GaugeNetcdf(const GaugeNetcdf&) = delete;
  GaugeNetcdf& operator=(const GaugeNetcdf&) = delete;

  /// Appends records along time, then syncs.
  void append(const std::vector<NcGaugeRecord>& records);
  void close();  // idempotent
  std::size_t records() const;
  const std::string& path() const { return path_; }

 private:
  struct Impl;
  std::string path_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ria::io
