// Raster input and GeoTIFF output through GDAL (compiled when RIA_GDAL=ON).
#include <cpl_conv.h>
#include <cpl_error.h>
#include <cpl_string.h>
#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <limits>
#include <map>
#include <mutex>

#include "io/io_error.hpp"
#include "io/raster/raster.hpp"
#include "io/text_case.hpp"
#include "io/text_file.hpp"

namespace ria::io {
namespace {

void register_drivers_once() {
  static std::once_flag once;
  std::call_once(once, [] { GDALAllRegister(); });
}

/// While alive, GDAL's warnings and errors on this thread are captured instead of printed;
/// message() is the last failure (or, if none, the last warning), for exception texts.
class GdalErrors {
 public:
  GdalErrors() {
    CPLErrorReset();
    CPLPushErrorHandlerEx(&GdalErrors::handler, this);
  }
  ~GdalErrors() { CPLPopErrorHandler(); }
  GdalErrors(const GdalErrors&) = delete;
  GdalErrors& operator=(const GdalErrors&) = delete;

  bool failed() const { return !failure_.empty(); }
  std::string message() const {
    const std::string& m = failure_.empty() ? warning_ : failure_;
    return m.empty() ? "no reason given" : m;
  }

 private:
  static void CPL_STDCALL handler(CPLErr cls, CPLErrorNum, const char* msg) {
    auto* self = static_cast<GdalErrors*>(CPLGetErrorHandlerUserData());
    if (!self || cls == CE_Debug || cls == CE_None) return;
    (cls == CE_Warning ? self->warning_ : self->failure_) = msg ? msg : "";
  }
  std::string failure_, warning_;
};

/// True for a GDAL subdataset name, DRIVER:"file":variable or DRIVER:file:variable (NETCDF:"dem.nc":z,
/// NETCDF:dem.nc:z, HDF5:"f.h5"://z): a driver's upper-case name of two or more characters, a colon.
bool is_subdataset_name(const std::string& path) {
  const std::size_t colon = path.find(':');
  if (colon == std::string::npos || colon < 2) return false;
  for (std::size_t k = 0; k < colon; ++k)
    if (!(std::isupper(static_cast<unsigned char>(path[k])) || std::isdigit(static_cast<unsigned char>(path[k])) || path[k] == '_'))
      return false;
  return true;
}

/// The names of the subdatasets a container file (NetCDF, HDF) lists, comma separated.
std::string subdataset_list(GDALDataset& ds) {
  std::string list;
  char** md = ds.GetMetadata("SUBDATASETS");
  for (int k = 0; md && md[k]; ++k) {
    const std::string item = md[k];
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos || item.compare(eq - 5, 5, "_NAME") != 0) continue;
    list += (list.empty() ? "" : ", ") + item.substr(eq + 1);
  }
  return list;
}

/// InputError when a NetCDF raster's x or y coordinate variable (named x/y/X/Y, or with axis X/Y
/// or a projection_x/y_coordinate standard name) is in a unit other than metres (km, say): GDAL
/// takes the numbers as they are. Degrees are left to the CRS check.
void check_netcdf_axis_units(GDALDataset& ds, const std::string& where) {
  std::map<std::string, std::map<std::string, std::string>> attrs;  // variable -> attribute -> value
  char** md = ds.GetMetadata();
  for (int k = 0; md && md[k]; ++k) {
    const std::string item = md[k];
    const std::size_t hash = item.find('#'), eq = item.find('=');
    if (hash == std::string::npos || eq == std::string::npos || hash > eq) continue;
    attrs[item.substr(0, hash)][item.substr(hash + 1, eq - hash - 1)] = item.substr(eq + 1);
  }
  for (const auto& [var, a] : attrs) {
    auto value = [&](const char* key) {
      const auto it = a.find(key);
      return it == a.end() ? std::string() : it->second;
    };
    const std::string axis = value("axis"), standard = value("standard_name");
    const bool is_axis = var == "x" || var == "y" || var == "X" || var == "Y" || axis == "X" || axis == "Y" ||
                         standard == "projection_x_coordinate" || standard == "projection_y_coordinate";
    const std::string unit = value("units");
    const std::string lower = lower_case(unit);
    if (!is_axis || unit.empty() || lower.rfind("degree", 0) == 0 || is_metres(unit)) continue;
    throw InputError(where + ": its coordinate variable '" + var + "' is in '" + unit +
                     "'; the model needs coordinates in metres: convert them first" +
                     (lower == "km" || lower.rfind("kilomet", 0) == 0
                          ? " (ncap2 -s '" + var + "=" + var + "*1000' " + "FILE, then set its units to \"m\")"
                          : ""));
  }
}

/// InputError when a raw raster's data file (ENVI, EHdr, a raw VRT band) is shorter than its header
/// says band 1 needs: GDAL's raw readers give the missing part as zeros, a flat bed at 0 m.
void check_raw_data_size(GDALDataset& ds, GDALRasterBand& band, const std::string& where) {
  GDALDataset::RawBinaryLayout layout;
  if (!ds.GetRawBinaryLayout(layout) || layout.osRawFilename.empty()) return;
  const GIntBig nx = band.GetXSize(), ny = band.GetYSize();
  const GIntBig value = GDALGetDataTypeSizeBytes(layout.eDataType);
  // The farthest value from the start of the file: rows or values may run backwards (negative offsets).
  const GIntBig need = GIntBig(layout.nImageOffset) + std::max<GIntBig>(0, (ny - 1) * layout.nLineOffset) +
                       std::max<GIntBig>(0, (nx - 1) * layout.nPixelOffset) + value;
  VSIStatBufL st;
  if (VSIStatL(layout.osRawFilename.c_str(), &st) != 0) return;  // GDAL's own read reports it
  if (GIntBig(st.st_size) < need)
    throw InputError(where + " is shorter than its header says: its data file '" + layout.osRawFilename + "' holds " +
                     std::to_string(GIntBig(st.st_size)) + " bytes, band 1's " + std::to_string(nx) + " x " +
                     std::to_string(ny) + " values need " + std::to_string(need));
}

/// IoError naming the path and the reason when `path` is not a readable file. Paths GDAL resolves
/// itself (/vsizip/..., directories of multi-file formats) are left to GDAL.
void check_readable(const std::string& path) {
  if (path.rfind("/vsi", 0) == 0 || is_subdataset_name(path)) return;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return;  // GDAL reads some formats from a directory
  require_file_or_pipe(path, "raster");
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw IoError("cannot read '" + path + "': " + std::strerror(errno));
  std::fclose(f);
}

/// The CRS of a sibling .prj file (GDAL did not parse it: an ESRI WKT file starting with a blank
/// line, or a grid GDAL does not open: an ESRI grid with a byte-order mark). Empty when there is
/// none; InputError for a .prj that holds no CRS GDAL can read (the raster's unit could not be checked).
OGRSpatialReference sibling_prj_crs(const std::string& path) {
  OGRSpatialReference srs;
  std::filesystem::path prj(path);
  prj.replace_extension(".prj");
  std::error_code ec;
  if (path.rfind("/vsi", 0) == 0 || !std::filesystem::is_regular_file(prj, ec)) return srs;
  std::ifstream f(prj);
  std::ostringstream text;
  text << f.rdbuf();
  std::string wkt = text.str();
  wkt.erase(0, wkt.find_first_not_of(" \t\r\n"));
  if (wkt.empty()) return srs;  // an empty .prj: no CRS
  if (srs.SetFromUserInput(wkt.c_str()) != OGRERR_NONE)
    throw InputError("'" + prj.string() + "' beside '" + path + "' is not a coordinate reference system GDAL can read: "
                     "repair it, or remove it to take the raster's coordinates as metres of a local system");
  // An ESRI WKT has no authority code; a unique full match in the EPSG database gives it.
  int n = 0;
  int* confidence = nullptr;
  OGRSpatialReferenceH* matches = srs.FindMatches(nullptr, &n, &confidence);
  if (n == 1 && confidence[0] == 100) srs = *OGRSpatialReference::FromHandle(matches[0]);
  OSRFreeSRSArray(matches);
  CPLFree(confidence);
  return srs;
}

OGRSpatialReference dataset_crs(GDALDataset& ds, const std::string& path) {
  if (const OGRSpatialReference* s = ds.GetSpatialRef()) return *s;
  return sibling_prj_crs(path);
}

/// IoError when PROJ's database (proj.db) cannot be found: GDAL then builds CRSs from a file's
/// keys without their units (a GeoTIFF in feet reads as metres), so no CRS could be checked.
void require_proj_database(const std::string& where) {
  // "" when EPSG:4326 can be looked up; else PROJ's reason (missing, or of another version).
  static const std::string problem = [] {
    CPLErrorReset();
    OGRSpatialReference probe;
    if (probe.importFromEPSG(4326) == OGRERR_NONE) return std::string();
    const std::string why = CPLGetLastErrorMsg();
    return why.empty() ? std::string("no reason given") : why;
  }();
  if (!problem.empty())
    throw IoError(where + " has a CRS, which cannot be checked: GDAL finds no PROJ database it can use (proj.db; "
                  "PROJ_DATA=" + std::string(std::getenv("PROJ_DATA") ? std::getenv("PROJ_DATA") : "unset") +
                  ", PROJ_LIB=" + std::string(std::getenv("PROJ_LIB") ? std::getenv("PROJ_LIB") : "unset") + ": " +
                  problem + "); set PROJ_DATA to the directory that holds it (/usr/share/proj on Debian)");
}

/// "NAD83 / Oregon South (EPSG:32126)"; empty for an empty CRS.
std::string crs_name(const OGRSpatialReference& srs) {
  if (srs.IsEmpty()) return "";
  std::string name = srs.GetName() ? srs.GetName() : "(unnamed)";
  const char* auth = srs.GetAuthorityName(nullptr);
  const char* code = srs.GetAuthorityCode(nullptr);
  if (auth && code) name += std::string(" (") + auth + ":" + code + ")";
  return name;
}

/// Band 1 of `path` as a Raster (rows south to north), and its description with the nodata counts.
Raster load(const std::string& path, RasterInfo* info) {
  register_drivers_once();
  check_readable(path);
  GdalErrors errors;
  // ESRI ASCII grids are read in double precision (GDAL's default is float32), as without GDAL;
  // the data type given, GDAL's AAIGrid does not scan the values at open to choose one.
  const char* open_options[] = {"DATATYPE=Float64", nullptr};
  const char* aaigrid[] = {"AAIGrid", nullptr};
  if (path.rfind("/vsi", 0) != 0 && looks_like_esri_ascii(path)) {
    // The strict reader takes the values (GDAL's AAIGrid is lenient); GDAL the CRS, as for others.
    Raster r = read_esri_ascii(path, info);
    GDALDatasetUniquePtr ds(GDALDataset::Open(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, aaigrid, open_options));
    const OGRSpatialReference srs = ds ? dataset_crs(*ds, path) : sibling_prj_crs(path);
    if (!srs.IsEmpty()) require_proj_database("'" + path + "'");
    r.crs_wkt.clear();
    char* wkt = nullptr;
    if (!srs.IsEmpty() && srs.exportToWkt(&wkt) == OGRERR_NONE && wkt) r.crs_wkt = wkt;
    CPLFree(wkt);
    if (info) {
      info->driver = "AAIGrid";
      info->crs_wkt = r.crs_wkt;
      info->crs_name = crs_name(srs);
    }
    return r;
  }
  GDALDatasetUniquePtr ds(GDALDataset::Open(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, aaigrid, open_options));
  if (!ds)
    ds.reset(GDALDataset::Open(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY | GDAL_OF_VERBOSE_ERROR));
  const std::string where = "'" + path + "'";
  if (!ds) throw InputError(where + " is not a raster GDAL can read (" + errors.message() + ")");
  if (ds->GetRasterCount() < 1) {
    const std::string subdatasets = subdataset_list(*ds);
    if (!subdatasets.empty())
      throw InputError(where + " holds several rasters: " + subdatasets + "; give the one to read by its name");
    throw InputError(where + " has no raster band");
  }
  // Band 1 is read (a BAG's elevation beside its uncertainty; `ria dem info` counts the bands); a
  // picture (band 1 its red or a palette's indices) is no elevation and is refused.
  const GDALColorInterp first = ds->GetRasterBand(1)->GetColorInterpretation();
  if (first == GCI_RedBand || first == GCI_PaletteIndex)
    throw InputError(where + " is a picture (band 1 holds " + (first == GCI_RedBand ? "red" : "a palette's indices") +
                     "), not elevations; give the DEM it was drawn from");
  const std::string driver = ds->GetDriver() ? ds->GetDriver()->GetDescription() : "unknown";
  if (driver == "netCDF") check_netcdf_axis_units(*ds, where);

  Raster r;
  r.nx = ds->GetRasterXSize();
  r.ny = ds->GetRasterYSize();
  double gt[6];
  bool north_first = true;  // rows in the file run from north to south
  if (ds->GetGeoTransform(gt) == CE_None) {
    if (gt[2] != 0 || gt[4] != 0)
      throw InputError(where + " has a rotated or sheared geotransform; warp it to a north-up grid first (gdalwarp)");
    if (!(gt[1] > 0) || gt[5] == 0) throw InputError(where + " has a degenerate geotransform (pixel size 0 or negative x)");
    north_first = gt[5] < 0;
    r.dx = gt[1];
    r.dy = std::abs(gt[5]);
    r.x0 = gt[0];
    r.y0 = north_first ? gt[3] + r.ny * gt[5] : gt[3];
  } else {
    // GDAL's default (pixel coordinates, 1 x 1 cells at the origin) is no place on Earth.
    const char* how = ds->GetGCPCount() > 0 ? "is located by ground control points, not a geotransform"
                      : ds->GetMetadata("RPC") ? "is located by rational polynomial coefficients, not a geotransform"
                                               : "has no geotransform (where its cells are and how large)";
    throw InputError(where + " " + how + "; ria needs a north-up grid: warp it first (gdalwarp -t_srs EPSG:NNNN)" +
                     (driver == "netCDF" ? ", or give its coordinate variables the attributes GDAL recognises them by "
                                           "(standard_name projection_x_coordinate and projection_y_coordinate, or axis X and Y)"
                                         : ""));
  }
  check_raster_geometry(r, where);
  check_raster_size(r.nx, r.ny, where);
  const OGRSpatialReference srs = dataset_crs(*ds, path);
  if (!srs.IsEmpty()) {
    require_proj_database(where);
    char* wkt = nullptr;
    if (srs.exportToWkt(&wkt) == OGRERR_NONE && wkt) r.crs_wkt = wkt;
    CPLFree(wkt);
  }

  GDALRasterBand* band = ds->GetRasterBand(1);
  check_raw_data_size(*ds, *band, where);
  std::vector<double> raw(r.cells());
  if (band->RasterIO(GF_Read, 0, 0, r.nx, r.ny, raw.data(), r.nx, r.ny, GDT_Float64, 0, 0, nullptr) != CE_None)
    throw InputError(where + " is damaged or shorter than its header says: reading its values failed (" +
                     errors.message() + ")");
  // A mask other than the nodata value's (an internal mask, an alpha band): its 0 cells are no
  // data. GDAL takes an alpha band for the mask only when the data are bytes or 16-bit integers;
  // a float DEM's alpha band is taken here too.
  GDALRasterBand* mask_band = nullptr;
  const int mask_flags = band->GetMaskFlags();
  if (!(mask_flags & GMF_ALL_VALID) && !(mask_flags & GMF_NODATA)) mask_band = band->GetMaskBand();
  for (int b = 2; b <= ds->GetRasterCount() && !mask_band; ++b)
    if (ds->GetRasterBand(b)->GetColorInterpretation() == GCI_AlphaBand) mask_band = ds->GetRasterBand(b);
  std::vector<double> mask;
  if (mask_band) {
    mask.resize(r.cells());
    if (mask_band->RasterIO(GF_Read, 0, 0, r.nx, r.ny, mask.data(), r.nx, r.ny, GDT_Float64, 0, 0, nullptr) != CE_None)
      throw InputError(where + " is damaged: reading its mask failed (" + errors.message() + ")");
  }
  int has_nodata = 0, has_scale = 0, has_offset = 0;
  const double nodata = band->GetNoDataValue(&has_nodata);
  double scale = band->GetScale(&has_scale), offset = band->GetOffset(&has_offset);
  if (!has_scale) scale = 1;
  if (!has_offset) offset = 0;
  const std::string unit = band->GetUnitType() ? band->GetUnitType() : "";
  const bool f32 = band->GetRasterDataType() == GDT_Float32;
  const bool nodata_nan = has_nodata && std::isnan(nodata);
  long long nodata_cells = 0, masked_cells = 0, nan_cells = 0, inf_cells = 0;
  r.v.resize(r.cells());
  for (int row = 0; row < r.ny; ++row) {
    const int j = north_first ? r.ny - 1 - row : row;
    for (int i = 0; i < r.nx; ++i) {
      const std::size_t at = static_cast<std::size_t>(row) * r.nx + i;
      const double x = raw[at];
      double& out = r.v[static_cast<std::size_t>(j) * r.nx + i];
      out = std::numeric_limits<double>::quiet_NaN();
      if (!mask.empty() && mask[at] == 0) {
        ++masked_cells;
      } else if (std::isnan(x)) {
        ++(nodata_nan ? nodata_cells : nan_cells);
      } else if (has_nodata && (x == nodata || (f32 && static_cast<float>(x) == static_cast<float>(nodata)))) {
        ++nodata_cells;
      } else if (!std::isfinite(x)) {
        ++inf_cells;  // +-inf, not declared nodata: read as NaN and counted, never as a value
      } else {
        out = x * scale + offset;
      }
    }
  }
  if (info) {
    *info = RasterInfo{};
    info->driver = driver;
    describe_raster(r, *info);
    info->crs_name = crs_name(srs);
    info->nodata_cells = nodata_cells;
    info->masked_cells = masked_cells;
    info->nan_cells = nan_cells;
    info->inf_cells = inf_cells;
    info->has_nodata_value = has_nodata != 0;
    info->unit = unit;
    info->bands = ds->GetRasterCount();
    // GDAL has turned a pixel-is-point raster's geotransform to the corners already.
    if (const char* a = ds->GetMetadataItem(GDALMD_AREA_OR_POINT); a && EQUAL(a, GDALMD_AOP_POINT))
      info->nodes_said_by = "its AREA_OR_POINT=Point tag";
    info->nodata_value = has_nodata ? nodata : 0;
  }
  return r;
}

void remove_quietly(const std::string& path) {
  std::error_code ec;
  std::filesystem::remove(path, ec);
}

}  // namespace

bool gdal_built() { return true; }

Raster read_raster(const std::string& path, RasterInfo* info) { return load(path, info); }

RasterInfo raster_info(const std::string& path) {
  RasterInfo info;
  load(path, &info);
  return info;
}

void write_geotiff(const std::string& path, const Raster& r) {
  if (r.nx < 1 || r.ny < 1 || r.v.size() != r.cells())
    throw std::invalid_argument("write_geotiff: raster size does not match its values for '" + path + "'");
  register_drivers_once();
  GdalErrors errors;
  GDALDriver* driver = GetGDALDriverManager()->GetDriverByName("GTiff");
  if (!driver) throw IoError("cannot write '" + path + "': this GDAL has no GTiff driver");
  const std::string tmp = path + ".tmp";
  char** options = nullptr;
  options = CSLSetNameValue(options, "COMPRESS", "DEFLATE");
  options = CSLSetNameValue(options, "PREDICTOR", "3");  // floating-point predictor: smaller DEMs
  options = CSLSetNameValue(options, "TILED", "YES");
  options = CSLSetNameValue(options, "BIGTIFF", "IF_SAFER");
  GDALDataset* ds = driver->Create(tmp.c_str(), r.nx, r.ny, 1, GDT_Float32, options);
  CSLDestroy(options);
  if (!ds) throw IoError("cannot write '" + path + "' (" + errors.message() + ")");

  double gt[6] = {r.x0, r.dx, 0, r.y0 + r.ny * r.dy, 0, -r.dy};
  ds->SetGeoTransform(gt);
  bool bad_crs = false;
  if (!r.crs_wkt.empty()) bad_crs = ds->SetProjection(r.crs_wkt.c_str()) != CE_None;
  GDALRasterBand* band = ds->GetRasterBand(1);
  band->SetNoDataValue(kGeotiffNoData);
  band->SetUnitType("m");  // the values are metres (read_raster converts other units on reading)
  std::vector<float> buf(r.cells());
  for (int row = 0; row < r.ny; ++row) {  // north row first
    const int j = r.ny - 1 - row;
    for (int i = 0; i < r.nx; ++i) {
      const double x = r.at(i, j);
      buf[static_cast<std::size_t>(row) * r.nx + i] = std::isnan(x) ? static_cast<float>(kGeotiffNoData) : static_cast<float>(x);
    }
  }
  const bool write_failed =
      band->RasterIO(GF_Write, 0, 0, r.nx, r.ny, buf.data(), r.nx, r.ny, GDT_Float32, 0, 0, nullptr) != CE_None;
  GDALClose(ds);
  if (write_failed || bad_crs || errors.failed()) {
    remove_quietly(tmp);
    remove_quietly(tmp + ".aux.xml");
    if (bad_crs && !write_failed) throw InputError("cannot write '" + path + "': the CRS is not valid WKT (" + errors.message() + ")");
    throw IoError("writing '" + path + "' failed (" + errors.message() + ")");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    remove_quietly(tmp);
    throw IoError("cannot rename '" + tmp + "' to '" + path + "': " + reason);
  }
  std::error_code ec;
  if (std::filesystem::exists(tmp + ".aux.xml", ec)) std::filesystem::rename(tmp + ".aux.xml", path + ".aux.xml", ec);
}

}  // namespace ria::io
