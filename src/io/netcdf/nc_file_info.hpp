// What every NetCDF file of a run carries beside its data: CRS, time origin, global attributes and
// the concentration unit (shared by ria.nc's NcHeader and gauges.nc's NcGaugeHeader).
#pragma once

#include <string>
#include <vector>

#include "io/raster/crs.hpp"

namespace ria::io {

struct NcFileInfo {
  std::string crs_wkt;                             // CRS as WKT; empty: no grid_mapping variable
  std::vector<CfAttribute> grid_mapping;           // CF attributes of the crs variable (crs.hpp), may be empty
  std::string start_iso = "2000-01-01T00:00:00Z";  // UTC start -> "seconds since 2000-01-01 00:00:00"
  std::string title, source, history;              // global attributes (skipped when empty)
  std::string concentration_units = "1";           // units attribute of the concentrations (UDUNITS text)
};

}  // namespace ria::io
