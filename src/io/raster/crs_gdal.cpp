// CRS checks and CF grid mappings with GDAL's OGRSpatialReference (crs.hpp).
// CF-1.8 appendix F: transverse_mercator and lambert_conformal_conic parameter names.
#include <ogr_spatialref.h>

#include <cmath>
#include <sstream>

#include "io/raster/crs.hpp"

namespace ria::io {
namespace {

bool parse(const std::string& wkt, OGRSpatialReference& srs) {
  return !wkt.empty() && srs.importFromWkt(wkt.c_str()) == OGRERR_NONE;
}

}  // namespace

std::string crs_unusable_reason(const std::string& wkt) {
  OGRSpatialReference srs;
  if (!parse(wkt, srs)) return "";
  const char* name = srs.GetName();
  const std::string label = name ? std::string("'") + name + "'" : std::string("its CRS");
  if (srs.IsGeographic())
    return "is in geographic coordinates (" + label + ", degrees); the model needs a projected CRS in metres: "
           "reproject it first (e.g. gdalwarp -t_srs EPSG:326NN for UTM zone NN)";
  const char* unit = nullptr;
  const double metres = srs.GetLinearUnits(&unit);
  if (srs.IsProjected() && std::fabs(metres - 1.0) > 1e-12) {
    std::ostringstream o;
    o << "has coordinates in " << (unit ? unit : "a non-metre unit") << " (" << metres << " m, " << label
      << "); the model computes in metres: reproject it to a metric CRS first";
    return o.str();
  }
  return "";
}

std::vector<CfAttribute> cf_grid_mapping(const std::string& wkt) {
  OGRSpatialReference srs;
  if (!parse(wkt, srs) || !srs.IsProjected()) return {};
  const char* projection = srs.GetAttrValue("PROJECTION");
  const std::string p = projection ? projection : "";
  auto parm = [&](const char* name, double fallback) { return srs.GetNormProjParm(name, fallback); };
  std::vector<CfAttribute> a;
  if (p == SRS_PT_TRANSVERSE_MERCATOR) {
    a = {{"grid_mapping_name", "transverse_mercator", {}},
         {"scale_factor_at_central_meridian", "", {parm(SRS_PP_SCALE_FACTOR, 1.0)}},
         {"longitude_of_central_meridian", "", {parm(SRS_PP_CENTRAL_MERIDIAN, 0.0)}},
         {"latitude_of_projection_origin", "", {parm(SRS_PP_LATITUDE_OF_ORIGIN, 0.0)}}};
  } else if (p == SRS_PT_LAMBERT_CONFORMAL_CONIC_2SP) {
    a = {{"grid_mapping_name", "lambert_conformal_conic", {}},
         {"standard_parallel", "", {parm(SRS_PP_STANDARD_PARALLEL_1, 0.0), parm(SRS_PP_STANDARD_PARALLEL_2, 0.0)}},
         {"longitude_of_central_meridian", "", {parm(SRS_PP_CENTRAL_MERIDIAN, 0.0)}},
         {"latitude_of_projection_origin", "", {parm(SRS_PP_LATITUDE_OF_ORIGIN, 0.0)}}};
  } else {
    return {};
  }
  a.push_back({"false_easting", "", {parm(SRS_PP_FALSE_EASTING, 0.0)}});
  a.push_back({"false_northing", "", {parm(SRS_PP_FALSE_NORTHING, 0.0)}});
  a.push_back({"semi_major_axis", "", {srs.GetSemiMajor()}});
  a.push_back({"inverse_flattening", "", {srs.GetInvFlattening()}});
  return a;
}

}  // namespace ria::io
