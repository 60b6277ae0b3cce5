// Coordinate reference systems of DEMs (as WKT): whether the model can use one (it computes in
// metres on a projected grid), and its CF-1.8 grid-mapping attributes for the NetCDF output.
// Implemented with GDAL's OGRSpatialReference (crs_gdal.cpp); without GDAL the WKT of an ESRI
// ASCII grid's .prj is checked by its keywords and gives no grid mapping (crs_nogdal.cpp).
#pragma once

#include <cmath>
#include <string>
#include <vector>

namespace ria::io {

/// One attribute of a CF grid-mapping variable: a text value or a list of numbers.
struct CfAttribute {
  std::string name;
  std::string text;             // used when numbers is empty
  std::vector<double> numbers;
};

/// Why the model cannot use coordinates of this CRS ("" when it can, or when wkt is empty):
/// geographic coordinates (degrees), a projected or local CRS whose linear unit is not the metre,
/// or (with GDAL, given the grid's centre) a Mercator projection more than 1% off true scale there.
std::string crs_unusable_reason(const std::string& wkt, double x_centre = std::nan(""), double y_centre = std::nan(""));

/// The CRS without its vertical part (a compound CRS's horizontal one), for values converted to
/// metres from the vertical CRS's unit; the WKT as it is when it has none (or without GDAL).
std::string crs_without_vertical(const std::string& wkt);

/// CF grid-mapping attributes (grid_mapping_name, projection parameters, ellipsoid) for the
/// projections CF names that DEMs commonly use: transverse_mercator (UTM included) and
/// lambert_conformal_conic (2SP). Empty for other or unreadable CRSs (the WKT is still written).
std::vector<CfAttribute> cf_grid_mapping(const std::string& wkt);

}  // namespace ria::io
