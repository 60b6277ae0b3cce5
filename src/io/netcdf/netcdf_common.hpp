// What the NetCDF writers (netcdf_output.cpp: gridded ria.nc; netcdf_gauges.cpp: gauges.nc;
// netcdf_ensemble.cpp: ensemble.nc) share: CF time units, error translation, the time coordinate,
// the grid-mapping variable, and the grid's axes (ria.nc and ensemble.nc).
// Internal to src/io (it includes the netCDF headers); only compiled with RIA_NETCDF.
#pragma once

#include <netcdf.h>

#include <netcdf>
#include <string>
#include <vector>

#include "io/raster/crs.hpp"
#include "io/io_error.hpp"
#include "ria/grid/grid.hpp"

namespace ria::io::nc_detail {

namespace nc = netCDF;

constexpr std::size_t kSeriesChunk = 512;  // records per chunk along a time dimension
// The calendar of every time ria writes: ISO 8601's, Gregorian also before 1582-10-15 (CF's
// "standard" is Julian there, so a date before it would be read 10 days or more off).
constexpr const char* kCalendar = "proleptic_gregorian";
constexpr const char* kReferences =
    "Viñas et al. 2012, A multi-GPU shallow water simulation with transport of contaminants";
constexpr const char* kConcComment =
    "depth-averaged concentration C = hc/h, in the units of the scenario's concentrations (pollutant.units)";

/// What the five quantities of the maps (ria.nc) and of the gauge series (gauges.nc) are: name, long_name, standard_name, units.
struct Quantity {
  const char* name;
  const char* long_name;
  const char* standard_name;  // "" when no CF name fits
  const char* units;
};
inline constexpr Quantity kQuantities[5] = {
    {"depth", "water depth", "sea_floor_depth_below_sea_surface", "m"},
    {"eta", "free-surface elevation above the vertical datum",
     "water_surface_height_above_reference_datum", "m"},
    {"u", "depth-averaged velocity, x component", "sea_water_x_velocity", "m s-1"},
    {"v", "depth-averaged velocity, y component", "sea_water_y_velocity", "m s-1"},
    {"concentration", "pollutant concentration", "", ""},  // units: the scenario's pollutant.units
};

/// "2000-01-01T00:00:00Z" -> "seconds since 2000-01-01 00:00:00" (CF/udunits reference time).
std::string cf_time_units(std::string s);

/// The path to give the netCDF library for `path`: netCDF-C reads '\' in a path as a directory
/// separator and "scheme:..." as a URL, so a relative path goes as "./path", and a path holding a
/// '\' is an IoError naming it (the library would open another file).
std::string library_path(const std::string& path);

/// The netCDF error text of an exception (nc_strerror of its code when it has one).
std::string nc_text(const nc::exceptions::NcException& e);

/// Where HDF5 says only "HDF error" for a write into `path` (or `path`.partial) that failed: " (the
/// file has reached the file-size limit, ulimit -f, of N bytes)" or " (its file system has N bytes
/// free)" when one of them is the likely cause, "" otherwise.
std::string write_failure_cause(const std::string& path);

/// Runs f; a netCDF failure becomes IoError("cannot <verb> NetCDF file '<path>': <reason>").
template <class F>
void guarded(const std::string& path, const char* verb, F&& f) {
  try {
    f();
  } catch (const nc::exceptions::NcException& e) {
    throw IoError(std::string("cannot ") + verb + " NetCDF file '" + path + "': " + nc_text(e) +
                  (e.errorCode() == NC_EHDFERR ? write_failure_cause(path) : ""));
  }
}

/// A file being written whose failed close is reported once, by close(): netcdf-cxx4's destructor
/// closes a file again when its close threw, and prints the library's message to stderr. Here a
/// close that fails (a full disk) marks the file closed before it throws; what netCDF holds of it
/// stays until the process ends (nc_abort after a failed nc_close crashes in HDF5 1.10).
class WriteFile : public nc::NcFile {
 public:
  void close() {
    try {
      nc::NcFile::close();
    } catch (...) {
      nullObject = true;
      throw;
    }
  }
};

/// Opens `path` for writing (replacing it) as NetCDF-4; IoError naming the path and the reason
/// (a missing directory is named as such: netCDF-4 reports every HDF5 create failure as EACCES).
void create_file(nc::NcFile& file, const std::string& path);

/// Conventions, title, source, history (each skipped when empty) and references.
void put_global_attributes(nc::NcFile& file, const std::string& title, const std::string& source,
                           const std::string& history);

/// A CF time coordinate along the unlimited dimension d, chunked by kSeriesChunk records.
nc::NcVar time_variable(nc::NcFile& file, const char* name, const nc::NcDim& d, const char* long_name,
                        const std::string& units);

/// The grid-mapping variable "crs": the CRS as WKT for CF readers (crs_wkt) and GDAL
/// (spatial_ref), plus the CF parameters of crs.hpp.
void define_crs(nc::NcFile& file, const std::string& wkt, const std::vector<CfAttribute>& grid_mapping);

/// A grid's horizontal axes: the dimensions x (nx) and y (ny) and their coordinate variables, the
/// cell centres in projection coordinates [m] (CF axes X and Y).
struct GridAxes {
  nc::NcDim x_dim, y_dim;
  nc::NcVar x, y;
};
GridAxes define_grid_axes(nc::NcFile& file, const Grid& g);
/// Writes the cell centres of g into the axes' variables.
void put_cell_centres(const GridAxes& axes, const Grid& g);

/// Adds a text attribute unless value is empty.
inline void put_text(const nc::NcVar& v, const char* name, const std::string& value) {
  if (!value.empty()) v.putAtt(name, value);
}

}  // namespace ria::io::nc_detail
