// A 2-D field read from a NetCDF file onto the model grid: the initial free surface of a run
// (initial.kind = "netcdf"), typically the `eta` of an earlier run's ria.nc. Without NetCDF in
// the build the reader throws NotBuiltError (ria/errors.hpp).
#pragma once

#include <string>
#include <vector>

#include "ria/grid/grid.hpp"

namespace ria::io {

/// `variable`, shaped (time, y, x) or (y, x), at the time slice whose time coordinate equals `time`
/// [s] (time < 0: the last slice), as nx * ny values row by row from the south; _FillValue -> NaN.
/// The x and y coordinate variables, when present, must be the model grid's cell centres (rows
/// stored north-first are flipped). IoError when the file cannot be read, InputError (naming the
/// file and variable) for a missing variable, a grid mismatch or a time that is not in the file.
std::vector<double> read_netcdf_field(const std::string& path, const std::string& variable, double time, const Grid& grid);

/// read_netcdf_field for a free surface (initial.kind = "netcdf"): InputError naming the variable,
/// its standard_name and units unless it may be one: a standard_name, when present, of
/// water_surface_height_above_reference_datum (what ria writes for eta), sea_surface_height* or
/// sea_surface_elevation, and units, when present, of metres. So depth, u or v of a ria.nc are
/// refused instead of being taken for the water level.
std::vector<double> read_netcdf_free_surface(const std::string& path, const std::string& variable, double time,
                                             const Grid& grid);

}  // namespace ria::io
