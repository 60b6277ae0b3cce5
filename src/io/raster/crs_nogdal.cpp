// Without GDAL the .prj beside an ESRI ASCII grid is read as text (raster_esri_ascii.cpp): its WKT
// is checked by its keywords for what the model cannot use (degrees, a unit other than the
// metre), and no CF grid mapping is derived from it.
#include "io/raster/crs.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace ria::io {
namespace {

/// The WKT's first keyword (upper case), e.g. PROJCS, PROJCRS, GEOGCS.
std::string top_keyword(const std::string& wkt) {
  std::string k;
  for (char c : wkt) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) break;
    k += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return k;
}

/// The name and metres of the projected CRS's linear unit: the last UNIT[...] of a WKT1 PROJCS
/// (its GEOGCS's angular unit comes before it) or LENGTHUNIT[...] of a WKT2 PROJCRS.
bool linear_unit(const std::string& wkt, std::string& name, double& metres) {
  std::string upper;
  for (char c : wkt) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::size_t at = upper.rfind("LENGTHUNIT[");
  std::size_t open = at == std::string::npos ? std::string::npos : at + 11;
  if (at == std::string::npos && (at = upper.rfind("UNIT[")) != std::string::npos) open = at + 5;
  if (open == std::string::npos) return false;
  const std::size_t q0 = wkt.find('"', open), q1 = q0 == std::string::npos ? q0 : wkt.find('"', q0 + 1);
  const std::size_t comma = q1 == std::string::npos ? q1 : wkt.find(',', q1);
  if (comma == std::string::npos) return false;
  name = wkt.substr(q0 + 1, q1 - q0 - 1);
  char* end = nullptr;
  metres = std::strtod(wkt.c_str() + comma + 1, &end);
  return end != wkt.c_str() + comma + 1 && metres > 0;
}

}  // namespace

std::string crs_unusable_reason(const std::string& wkt, double, double) {
  if (wkt.empty()) return "";
  const std::string top = top_keyword(wkt);
  if (top == "GEOGCS" || top == "GEOGCRS" || top == "GEOGRAPHICCRS" || top == "GEODCRS" || top == "GEODETICCRS")
    return "is in geographic coordinates (its .prj is a " + top +
           ", degrees); the model needs a projected CRS in metres: reproject it first (e.g. gdalwarp -t_srs "
           "EPSG:326NN for UTM zone NN)";
  if (top != "PROJCS" && top != "PROJCRS" && top != "PROJECTEDCRS")
    return "has a .prj that is not a WKT coordinate reference system this build can read (it begins '" +
           wkt.substr(0, 40) + "'; ria is built without GDAL): repair it, or remove it to take the raster's "
           "coordinates as metres of a local system";
  std::string name;
  double metres = 0;
  if (!linear_unit(wkt, name, metres))
    return "has a .prj whose linear unit this build cannot find (ria is built without GDAL): repair it, or remove it to "
           "take the raster's coordinates as metres of a local system";
  if (std::fabs(metres - 1.0) > 1e-12) {
    std::ostringstream o;
    o << "has coordinates in " << name << " (" << metres << " m); the model computes in metres: reproject it to a "
      << "metric CRS first";
    return o.str();
  }
  return "";
}

std::vector<CfAttribute> cf_grid_mapping(const std::string&) { return {}; }

std::string crs_without_vertical(const std::string& wkt) { return wkt; }

}  // namespace ria::io
