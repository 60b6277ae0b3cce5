// CRS checks and CF grid mappings with GDAL's OGRSpatialReference (crs.hpp).
// CF-1.8 appendix F: transverse_mercator and lambert_conformal_conic parameter names.
#include <cpl_conv.h>
#include <ogr_spatialref.h>

#include <cmath>
#include <memory>
#include <sstream>

#include "io/raster/crs.hpp"

namespace ria::io {
namespace {

bool parse(const std::string& wkt, OGRSpatialReference& srs) {
  return !wkt.empty() && srs.importFromWkt(wkt.c_str()) == OGRERR_NONE;
}

/// The latitude (degrees) of projected point (x, y) of `srs`; NaN when it cannot be had.
double latitude_of(const OGRSpatialReference& srs, double x, double y) {
  if (!std::isfinite(x) || !std::isfinite(y)) return std::nan("");
  OGRSpatialReference geographic;
  if (geographic.CopyGeogCSFrom(&srs) != OGRERR_NONE) return std::nan("");
  geographic.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
  OGRSpatialReference from(srs);
  from.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
  std::unique_ptr<OGRCoordinateTransformation> to(OGRCreateCoordinateTransformation(&from, &geographic));
  if (!to || !to->Transform(1, &x, &y)) return std::nan("");
  return y;
}

}  // namespace

std::string crs_unusable_reason(const std::string& wkt, double x_centre, double y_centre) {
  OGRSpatialReference srs;
  if (!parse(wkt, srs)) return "";
  const char* name = srs.GetName();
  const std::string label = name ? std::string("'") + name + "'" : std::string("its CRS");
  if (srs.IsGeographic())
    return "is in geographic coordinates (" + label + ", degrees); the model needs a projected CRS in metres: "
           "reproject it first (e.g. gdalwarp -t_srs EPSG:326NN for UTM zone NN)";
  const char* unit = nullptr;
  const double metres = srs.GetLinearUnits(&unit);
  if ((srs.IsProjected() || srs.IsLocal()) && std::fabs(metres - 1.0) > 1e-12) {
    std::ostringstream o;
    o << "has coordinates in " << (unit ? unit : "a non-metre unit") << " (" << metres << " m, " << label
      << "); the model computes in metres: reproject it to a metric CRS first";
    return o.str();
  }
  // A (normal) Mercator's metres are ground metres only at its true-scale latitude: elsewhere a
  // length is k = cos(lat_ts) / cos(lat) ground lengths (k0 / cos(lat) for 1SP; spherical form).
  const char* projection = srs.GetAttrValue("PROJECTION");
  const std::string p = projection ? projection : "";
  if (srs.IsProjected() && (p == SRS_PT_MERCATOR_1SP || p == SRS_PT_MERCATOR_2SP || p == "Popular_Visualisation_Pseudo_Mercator")) {
    const double deg = M_PI / 180, lat = latitude_of(srs, x_centre, y_centre);
    const double k = (p == SRS_PT_MERCATOR_2SP ? std::cos(srs.GetNormProjParm(SRS_PP_STANDARD_PARALLEL_1, 0) * deg)
                                               : srs.GetNormProjParm(SRS_PP_SCALE_FACTOR, 1)) /
                     std::cos(lat * deg);
    if (std::isfinite(k) && std::fabs(k - 1) > 0.01) {
      std::ostringstream o;
      o.precision(3);
      o << "is in a Mercator projection (" << label << ") whose metres at the grid's latitude (" << lat
        << " degrees) are " << 1 / k << " ground metres: lengths would be off by " << k << "x, areas by " << k * k
        << "x; reproject it to a projection true to scale there first (UTM: gdalwarp -t_srs EPSG:326NN)";
      return o.str();
    }
  }
  return "";
}

std::string crs_without_vertical(const std::string& wkt) {
  OGRSpatialReference srs;
  if (!parse(wkt, srs) || !srs.IsCompound() || srs.StripVertical() != OGRERR_NONE) return wkt;
  char* out = nullptr;
  std::string horizontal = wkt;
  if (srs.exportToWkt(&out) == OGRERR_NONE && out) horizontal = out;
  CPLFree(out);
  return horizontal;
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
  // The longitudes above are from the CRS's prime meridian (GetNormProjParm): CF says which.
  if (const double pm = srs.GetPrimeMeridian(); pm != 0) a.push_back({"longitude_of_prime_meridian", "", {pm}});
  a.push_back({"false_easting", "", {parm(SRS_PP_FALSE_EASTING, 0.0)}});
  a.push_back({"false_northing", "", {parm(SRS_PP_FALSE_NORTHING, 0.0)}});
  a.push_back({"semi_major_axis", "", {srs.GetSemiMajor()}});
  a.push_back({"inverse_flattening", "", {srs.GetInvFlattening()}});
  return a;
}

}  // namespace ria::io
