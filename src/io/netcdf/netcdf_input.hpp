// A 2-D field read from a NetCDF file onto the model grid: the initial free surface of a run
// (initial.kind = "netcdf"), typically the `eta` of an earlier run's ria.nc. Without NetCDF in
// the build the reader throws NotBuiltError (ria/errors.hpp).
#pragma once

#include <array>

#include <cmath>
#include <string>
#include <vector>

#include "ria/grid/grid.hpp"

namespace ria::io {

/// The free surface of initial.kind = "netcdf": `variable`, shaped (time, y, x) or (y, x), at the
/// time slice whose time coordinate equals `time` [s] (time < 0: the last slice; the coordinate's
/// units, when given, "seconds|minutes|hours|days since ...", converted to seconds), as nx * ny
/// values row by row from the south; _FillValue -> NaN. The x and y coordinate variables, when
/// present, must be the model grid's cell centres (rows stored north-first are flipped). IoError
/// when the file cannot be read, InputError (naming the file and variable) for a missing
/// variable, a grid mismatch, a time that is not in the file, time units of another kind, or a
/// variable that is not a free surface: a standard_name, when present, other than
/// water_surface_height_above_reference_datum (what ria writes for eta), sea_surface_height* or
/// sea_surface_elevation, or units, when present, other than metres. So depth, u or v of a
/// ria.nc are refused instead of being taken for the water level.
std::vector<double> read_netcdf_free_surface(const std::string& path, const std::string& variable, double time,
                                             const Grid& grid);

/// The velocity component `component` (0: x, 1: y) of initial.velocity, read as
/// read_netcdf_free_surface reads the surface: InputError unless the variable may be that
/// component: a standard_name, when present, of a water velocity's x component
/// (sea_water_x_velocity, eastward_sea_water_velocity, their barotropic_ and _at_u_location
/// variants) or y component (y_velocity, northward), and units, when present, of metres per second
/// in any usual spelling (m s-1, m/s, meters s-1, m.s-1). So eta, depth or the other component
/// of a ria.nc are refused.
std::vector<double> read_netcdf_velocity(const std::string& path, const std::string& variable, int component,
                                         double time, const Grid& grid);

/// The pollutant concentration of initial.concentration, read as read_netcdf_free_surface reads
/// the surface: InputError unless the variable may be a concentration in `units` (the scenario's
/// pollutant.units): its units, when present, those, and its standard_name, when present, not a
/// free surface's or a velocity's. So eta, u or v of a ria.nc, or its concentration written in
/// other units, are refused.
std::vector<double> read_netcdf_concentration(const std::string& path, const std::string& variable, double time,
                                              const Grid& grid, const std::string& units);

/// The date of a slice (netcdf_slice_date): `t` [s since 1970-01-01T00:00:00Z], NaN when there is
/// none; when the file's time coordinate names a date ria cannot read, or a calendar other than
/// the Gregorian one, `unreadable` says so.
struct SliceDate {
  double t = NAN;
  std::string unreadable;
};

/// The UTC instant of the slice at `time` seconds (< 0: the last) of `variable` in `path`: its
/// time coordinate after the reference date of that coordinate's units ("seconds since 2026-01-01
/// 00:00:00", as ria writes them; the UDUNITS forms of parse_cf_reference_date). NaN when the
/// variable has no time axis or no such slice, the file cannot be read, or ria was built without
/// NetCDF (the reads of the fields report what is wrong with the file).
SliceDate netcdf_slice_date(const std::string& path, const std::string& variable, double time);

/// The lengths of the x and y dimensions of a file ria wrote (ria.nc), or NaN, NaN when it has
/// none, cannot be read, or ria was built without NetCDF.
std::array<double, 2> netcdf_grid_size(const std::string& path);

/// The first and last values of the `time` coordinate of a file ria wrote (ria.nc, gauges.nc), in
/// its own units (ria writes seconds), or NaN, NaN when the file cannot be read, has no time or
/// none yet, or ria was built without NetCDF. Read in a child process, as the fields are.
std::array<double, 2> netcdf_time_span(const std::string& path);

}  // namespace ria::io
