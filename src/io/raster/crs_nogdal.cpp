// Without GDAL rasters are read as ESRI ASCII grids without their .prj, so there is never a WKT.
#include "io/raster/crs.hpp"

namespace ria::io {

std::string crs_unusable_reason(const std::string&) { return ""; }
std::vector<CfAttribute> cf_grid_mapping(const std::string&) { return {}; }

}  // namespace ria::io
