// Raster input without GDAL (RIA_GDAL=OFF): only ESRI ASCII grids are read; GeoTIFF output is
// unavailable.
#include <filesystem>
#include <stdexcept>

#include "io/io_error.hpp"
#include "io/raster/raster.hpp"

namespace ria::io {
namespace {

Raster load(const std::string& path, RasterInfo* info) {
  try {
    return read_esri_ascii(path, info);
  } catch (const InputError& e) {
    const std::string ext = std::filesystem::path(path).extension().string();
    if (ext == ".asc" || ext == ".ASC") throw;
    throw InputError(std::string(e.what()) +
                     "; this ria was built without GDAL and reads only ESRI ASCII grids (rebuild with -DRIA_GDAL=ON)");
  }
}

}  // namespace

bool gdal_built() { return false; }

Raster read_raster(const std::string& path, RasterInfo* info) { return load(path, info); }

RasterInfo raster_info(const std::string& path) {
  RasterInfo info;
  load(path, &info);
  return info;
}

void write_geotiff(const std::string& path, const Raster&) {
  throw std::runtime_error("cannot write '" + path + "': GeoTIFF output needs GDAL, and this ria was built without it "
                           "(rebuild with -DRIA_GDAL=ON)");
}

}  // namespace ria::io
