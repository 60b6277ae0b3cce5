// Single-band rasters (DEMs): reading through GDAL (or, without GDAL, ESRI ASCII grids only),
// cropping, bilinear resampling to the model's square cells, nodata filling and GeoTIFF output.
// Errors: io::IoError when a file cannot be read or written, io::InputError when its content is
// not acceptable (io/io_error.hpp).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "ria/grid/grid.hpp"

namespace ria::io {

/// True when this build reads and writes rasters through GDAL (RIA_GDAL=ON).
bool gdal_built();

/// A single-band raster on a regular grid, rows from SOUTH to NORTH (row 0 = southernmost), so it
/// maps directly onto ria::Grid: (x0, y0) is the lower-left corner of cell (0, 0), whose centre is
/// (x0 + dx/2, y0 + dy/2). v is row-major, nx values per row; NaN = nodata.
struct Raster {
  int nx = 0, ny = 0;
  double x0 = 0, y0 = 0, dx = 1, dy = 1;
  std::vector<double> v;
  std::string crs_wkt;  // empty = unknown / local coordinates

  Grid grid() const;
  double at(int i, int j) const { return v[static_cast<std::size_t>(j) * nx + i]; }
  std::size_t cells() const { return static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny); }
};

/// What `ria dem info` shows about a raster file, as the reader sees it.
struct RasterInfo {
  std::string driver;  // GDAL driver short name, e.g. "GTiff", "AAIGrid"
  int nx = 0, ny = 0;
  double dx = 0, dy = 0, xmin = 0, ymin = 0, xmax = 0, ymax = 0;
  std::string crs_wkt, crs_name;  // empty when the file has no CRS
  long long nodata_cells = 0;     // cells equal to the nodata value
  long long masked_cells = 0;     // cells a mask band (an internal mask, an alpha band) marks invalid
  long long nan_cells = 0;        // cells that are NaN in the file (and not its declared nodata)
  long long inf_cells = 0;        // cells that are +-inf in the file, not its declared nodata (read as NaN)
  double min = 0, max = 0;        // over valid cells; NaN when there are none
  bool has_nodata_value = false;
  double nodata_value = 0;
  std::string unit;  // the band's unit as the file names it (GDAL's unit type; "" when none)
  int bands = 1;              // the file's bands; band 1 is read
  std::string nodes_said_by;  // how the file says its values are at cell centres, which the reader took
                              // into account ("its xllcenter header", "its AREA_OR_POINT=Point tag"); "" if not
};

/// Reads band 1 of any raster GDAL reads (north-up geotransforms only: a rotated one, or none, is
/// an InputError; cells a mask band marks invalid are nodata). Nodata values and NaN both become
/// NaN in Raster::v. The values are the band's, in its unit (RasterInfo::unit);
/// read_elevation_raster gives elevations in metres. Without GDAL only ESRI ASCII grids are read
/// (read_esri_ascii). Errors: missing/unreadable file -> IoError naming the path and the reason; a
/// file that is not a raster -> InputError. With `info`, also fills what raster_info returns, from
/// the same read.
Raster read_raster(const std::string& path, RasterInfo* info = nullptr);

/// The file as the reader sees it: size, geometry, CRS, nodata and NaN cell counts, valid range.
RasterInfo raster_info(const std::string& path);

/// Metres in one unit of a band's unit `unit` ("" when the file names none: metres); InputError
/// naming `where` for a unit that is not metres, centimetres or feet (international or US survey).
double metres_per_unit(const std::string& unit, const std::string& where);

/// True for the metre as files spell it: m, metre(s), meter(s), in any case.
bool is_metres(const std::string& unit);

/// InputError naming `what` when cells of a raster that declares no nodata value hold exactly
/// -9999 or -99999 in its unit (`metres` m each; `r` in metres), the nodata values of ESRI and USGS
/// grids: within the range of plausible elevations, they would become shafts 10 km deep (and
/// resampling would blend them into their neighbours).
void check_undeclared_nodata(const Raster& r, double metres, const std::string& what);

/// True for a unit of metres per second as files spell it ("m s-1", "m/s", "meters second-1", ...).
bool is_metres_per_second(const std::string& unit);

/// read_raster for a length (a DEM's elevations, a free surface): the values converted to metres
/// (metres_per_unit of the band's unit), and in `info` (when given) the range in metres too.
Raster read_elevation_raster(const std::string& path, RasterInfo* info = nullptr);

/// Human-readable multi-line description (for `ria dem info`), ending with a newline.
std::string format_raster_info(const RasterInfo& info);

/// Reads an ESRI ASCII grid strictly (pure C++; read_raster uses it also with GDAL): header keys
/// ncols, nrows, xllcorner|xllcenter, yllcorner|yllcenter, cellsize (or dx and dy), optional
/// NODATA_value, case-insensitive, in any order, each once with one decimal number (NODATA_value
/// also nan); then nrows lines of exactly
/// ncols decimal numbers (or nan), the first row being the NORTHERNMOST. Anything else (hexadecimal,
/// "-", a short or extra row, a missing value) is an InputError naming the file and line. A sibling
/// .prj file, when present, gives crs_wkt. When `info` is given it is filled as raster_info does.
Raster read_esri_ascii(const std::string& path, RasterInfo* info = nullptr);

/// True when the file's first word (after a UTF-8 byte-order mark) is an ESRI ASCII grid's header
/// key (case-insensitive): ncols, nrows, xllcorner, ..., as GDAL's reader takes them.
bool looks_like_esri_ascii(const std::string& path);

/// InputError (naming `where`, the size and the memory it needs) when a raster of nx x ny cells
/// has more than 2^31 cells or would not fit in the host memory available now; called before its
/// values are allocated.
void check_raster_size(double nx, double ny, const std::string& where);

/// InputError naming `where` unless the cell sizes lie in [1e-6, 1e7] and the extent is finite
/// and within +-1e9 (an inf or absurd geotransform).
void check_raster_geometry(const Raster& r, const std::string& where);

/// Fills the geometry, CRS and valid-range fields of `info` from `r` (not driver, crs_name or the
/// nodata fields).
void describe_raster(const Raster& r, RasterInfo& info);

/// Crops to bbox = {xmin, ymin, xmax, ymax} in raster coordinates: keeps the whole cells whose
/// centre lies inside (boundary included). InputError if the box is empty, does not overlap the
/// raster, or leaves fewer than 2 x 2 cells.
Raster crop(const Raster& r, const std::array<double, 4>& bbox);

/// Bilinear resampling to square cells of size `res` covering the same extent: nx = round(width /
/// res) (at least 1), likewise ny, the new grid centred on the old extent. At each target centre
/// the 4 surrounding source centres are weighted bilinearly (positions beyond the outermost source
/// centres are clamped to them); nodata neighbours are left out and the weights renormalised; the
/// result is nodata where the nearest source cell is nodata. InputError if res <= 0 or the result
/// would exceed 2^31 cells.
Raster resample_bilinear(const Raster& r, double res);

/// Replaces every nodata (NaN) cell by `value`.
void fill_nodata(Raster& r, double value);

/// For node-registered rasters, whose (xll, yll) is the first NODE (a cell centre) although the file
/// calls it a corner: moves the origin by half a cell to the south-west so that it is a corner.
/// InputError naming `what` when the file itself said so (`info`.nodes_said_by), which the reader
/// took into account: a second shift would put every value half a cell off.
void shift_to_node_registration(Raster& r, const RasterInfo& info, const std::string& what);

/// Writes a GeoTIFF (float32, deflate, nodata -9999 where NaN, CRS kept, north-up) atomically:
/// a temporary file in the same directory, then a rename. IoError on failure; needs GDAL (without
/// it, throws std::runtime_error).
void write_geotiff(const std::string& path, const Raster& r);

/// Nodata value written to GeoTIFFs.
constexpr double kGeotiffNoData = -9999.0;

}  // namespace ria::io
