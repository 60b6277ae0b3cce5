// ensemble.nc in a build without NetCDF: the writer refuses (callers check netcdf_built() first).
#include "io/io_error.hpp"
#include "io/netcdf/netcdf_ensemble.hpp"

namespace ria::io {

void write_ensemble_netcdf(const std::string& path, const NcEnsemble&) {
  throw IoError("cannot write '" + path + "': ria was built without NetCDF (configure with -DRIA_NETCDF=ON and "
                "install libnetcdf-c++4-dev)");
}

}  // namespace ria::io
