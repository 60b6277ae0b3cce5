// Built without NetCDF: initial states cannot be read from NetCDF files (netcdf_input.hpp).
#include "io/netcdf/netcdf_input.hpp"

#include <cmath>

#include "ria/errors.hpp"

namespace ria::io {

std::vector<double> read_netcdf_free_surface(const std::string& path, const std::string&, double, const Grid&) {
  throw NotBuiltError("cannot read the initial state from '" + path +
                      "': ria was built without NetCDF (install libnetcdf-c++4-dev and configure with -DRIA_NETCDF=ON)");
}

std::vector<double> read_netcdf_velocity(const std::string& path, const std::string& variable, int, double time,
                                         const Grid& grid) {
  return read_netcdf_free_surface(path, variable, time, grid);
}

std::vector<double> read_netcdf_concentration(const std::string& path, const std::string& variable, double time,
                                              const Grid& grid, const std::string&) {
  return read_netcdf_free_surface(path, variable, time, grid);
}

SliceDate netcdf_slice_date(const std::string&, const std::string&, double) { return {}; }

std::array<double, 2> netcdf_grid_size(const std::string&) { return {NAN, NAN}; }

std::array<double, 2> netcdf_time_span(const std::string&) { return {NAN, NAN}; }

}  // namespace ria::io
