// NetCDF output in a build without NetCDF: the writer cannot be constructed, so no other member
// is ever reached; they exist only so that callers link.
#include "io/io_error.hpp"
#include "io/netcdf/netcdf_output.hpp"

namespace ria::io {

bool netcdf_built() { return false; }

struct NetcdfOutput::Impl {};

NetcdfOutput::NetcdfOutput(const std::string& path, const NcHeader&) : path_(path) {
  throw IoError(
      "NetCDF output requested but ria was built without NetCDF (configure with -DRIA_NETCDF=ON "
      "and install libnetcdf-c++4-dev); set output.netcdf = false");
}

NetcdfOutput::~NetcdfOutput() = default;
void NetcdfOutput::append(double, const NcFields&) {}
void NetcdfOutput::write_extremes(const swe::HostExtremes&, double) {}
void NetcdfOutput::close() {}
std::size_t NetcdfOutput::slices() const { return 0; }

}  // namespace ria::io
