// Strict reader of ESRI ASCII grids (io/raster/raster.hpp read_esri_ascii), used with and without GDAL:
// GDAL's AAIGrid driver pads short rows, reads hexadecimal and stops at the first bad token, so a
// header that disagrees with its data would pass silently. Also the size and geometry checks that
// every raster reader applies.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

#include "io/host_memory.hpp"
#include "io/io_error.hpp"
#include "io/text_case.hpp"
#include "io/text_file.hpp"
#include "io/raster/raster.hpp"

namespace ria::io {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string read_whole_file(const std::string& path) {
  require_file_or_pipe(path, "raster");
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw IoError("cannot read '" + path + "': " + std::strerror(errno));
  std::string s;
  char buf[1 << 16];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) throw IoError("reading '" + path + "' failed");
  return s;
}

bool digit(char c) { return c >= '0' && c <= '9'; }

// A decimal number: [+-] (D+ [. D*] | . D+) [(e|E) [+-] D+]; no hexadecimal, inf or nan.
bool is_decimal(const std::string& s) {
  std::size_t i = 0, n = s.size();
  if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
  std::size_t digits = 0;
  while (i < n && digit(s[i])) ++i, ++digits;
  if (i < n && s[i] == '.') {
    ++i;
    while (i < n && digit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
    const std::size_t e0 = i;
    while (i < n && digit(s[i])) ++i;
    if (i == e0) return false;
  }
  return i == n;
}

// "nan", "NaN", "-nan": a NaN cell (GDAL writes NaN so).
bool is_nan_word(const std::string& s) {
  const std::string l = lower_case(s);
  return l == "nan" || l == "-nan" || l == "+nan";
}

std::vector<std::string> tokens(const std::string& line) {
  std::vector<std::string> t;
  std::istringstream in(line);
  for (std::string w; in >> w;) t.push_back(w);
  return t;
}

std::string fmt(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

}  // namespace

namespace {
/// The header keys of an ESRI ASCII grid (lower case); GDAL's reader takes them in any order.
const char* const kHeaderKeys[] = {"ncols", "nrows", "xllcorner", "xllcenter", "yllcorner", "yllcenter",
                                   "cellsize", "dx", "dy", "nodata_value"};
bool is_header_key(const std::string& lower_key) {
  return std::find(std::begin(kHeaderKeys), std::end(kHeaderKeys), lower_key) != std::end(kHeaderKeys);
}
}  // namespace

bool looks_like_esri_ascii(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::string first;
  if (!(f >> first)) return false;
  if (first.compare(0, 3, "\xEF\xBB\xBF") == 0) first.erase(0, 3);  // a UTF-8 byte-order mark
  return is_header_key(lower_case(first));
}

void check_raster_size(double nx, double ny, const std::string& where) {
  constexpr double kBytesPerCell = 16;  // the values as read plus the south-to-north copy
  const double cells = nx * ny, need = kBytesPerCell * cells;
  std::ostringstream o;
  o << where << " declares " << fmt(nx) << " x " << fmt(ny) << " = " << fmt(cells) << " cells; reading it needs about "
    << format_gib(need) << " of host memory";
  if (cells > 2147483647.0) throw InputError(o.str() + ", and a grid holds at most 2^31 cells");
  const HostRoom have = host_memory_room();
  if (have.bytes > 0 && need > have.bytes)
    throw InputError(o.str() + ", " + have.said() + "; crop or coarsen it first (gdal_translate)");
}

void check_raster_geometry(const Raster& r, const std::string& where) {
  constexpr double kMinCell = 1e-6, kMaxCell = 1e7, kMaxCoord = 1e9;
  for (const auto& [name, d] : {std::pair<const char*, double>{"x", r.dx}, {"y", r.dy}})
    if (!(d >= kMinCell && d <= kMaxCell))
      throw InputError(where + ": cell size in " + name + " is " + fmt(d) + "; expected a finite size in [" +
                       fmt(kMinCell) + ", " + fmt(kMaxCell) + "] (units of its CRS, metres for the model)");
  const double corners[4] = {r.x0, r.y0, r.x0 + r.nx * r.dx, r.y0 + r.ny * r.dy};
  for (double c : corners)
    if (!(std::fabs(c) <= kMaxCoord))
      throw InputError(where + ": extent x " + fmt(corners[0]) + " .. " + fmt(corners[2]) + ", y " + fmt(corners[1]) +
                       " .. " + fmt(corners[3]) + " is not finite or beyond +-" + fmt(kMaxCoord) +
                       "; expected projected coordinates");
}

namespace {

InputError line_error(const std::string& where, int line, const std::string& what) {
  return InputError(where + " line " + std::to_string(line) + ": " + what);
}

/// The header of an ESRI ASCII grid: its "key value" lines, and the first row of values, which
/// ends it.
struct AsciiHeader {
  std::map<std::string, std::pair<double, int>> keys;  // lower-case key -> value, line
  std::vector<std::string> first_row;
  int first_row_line = 0;
  bool has(const char* k) const { return keys.count(k) > 0; }
  double val(const char* k) const { return keys.at(k).first; }
};

/// Header: "key value" lines until the first line that starts like a number (lineno counts the
/// lines read).
AsciiHeader read_header(std::istream& in, int& lineno, const std::string& where) {
  AsciiHeader h;
  std::string line;
  while (std::getline(in, line)) {
    ++lineno;
    if (lineno == 1 && line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);
    const std::vector<std::string> t = tokens(line);
    if (t.empty()) continue;
    const char c0 = t[0][0];
    if (digit(c0) || c0 == '-' || c0 == '+' || c0 == '.' || is_nan_word(t[0])) {
      if (h.keys.empty())
        throw InputError(where + " is not an ESRI ASCII grid (it starts with '" + t[0].substr(0, 40) + "', expected 'ncols')");
      h.first_row = t;
      h.first_row_line = lineno;
      break;
    }
    const std::string k = lower_case(t[0]);
    if (h.keys.empty() && !is_header_key(k))
      throw InputError(where + " is not an ESRI ASCII grid (it starts with '" + t[0].substr(0, 40) + "', expected 'ncols')");
    if (!is_header_key(k))
      throw line_error(where, lineno,
                       "unknown ESRI ASCII grid header key '" + t[0] +
                           "' (expected ncols, nrows, xllcorner|xllcenter, yllcorner|yllcenter, cellsize or dx and "
                           "dy, NODATA_value)");
    // NODATA_value may be nan, as GDAL writes a grid whose nodata is NaN.
    const bool nan_nodata = k == "nodata_value" && t.size() == 2 && is_nan_word(t[1]);
    if (t.size() != 2 || !(is_decimal(t[1]) || nan_nodata))
      throw line_error(where, lineno, "expected '" + t[0] + " <decimal number>', got '" + line.substr(0, 80) + "'");
    if (auto it = h.keys.find(k); it != h.keys.end())
      throw line_error(where, lineno,
                       "'" + t[0] + "' is given again (first on line " + std::to_string(it->second.second) + ")");
    h.keys[k] = {nan_nodata ? kNaN : std::strtod(t[1].c_str(), nullptr), lineno};
  }
  return h;
}

/// The grid the header declares (size, cell size, lower-left corner), checked; no values yet.
Raster declared_grid(const AsciiHeader& h, const std::string& where) {
  auto bad_header = [&](const std::string& what) { return InputError(where + ": ESRI ASCII grid header " + what); };
  if (h.keys.empty()) throw InputError(where + " is not an ESRI ASCII grid (it is empty, expected 'ncols')");
  for (const char* k : {"ncols", "nrows"})
    if (!h.has(k) || !(h.val(k) >= 1) || h.val(k) != std::floor(h.val(k)))
      throw bad_header("needs " + std::string(k) + " <positive integer>");
  if (h.has("xllcorner") == h.has("xllcenter") || h.has("yllcorner") == h.has("yllcenter"))
    throw bad_header("needs one of xllcorner and xllcenter, and one of yllcorner and yllcenter");
  double dx, dy;
  if (h.has("cellsize") && !h.has("dx") && !h.has("dy")) dx = dy = h.val("cellsize");
  else if (!h.has("cellsize") && h.has("dx") && h.has("dy")) dx = h.val("dx"), dy = h.val("dy");
  else throw bad_header("needs either cellsize or both dx and dy");
  const double ncols = h.val("ncols"), nrows = h.val("nrows");
  check_raster_size(ncols, nrows, where);

  Raster r;
  r.nx = static_cast<int>(ncols);
  r.ny = static_cast<int>(nrows);
  r.dx = dx;
  r.dy = dy;
  const bool x_centre = h.has("xllcenter"), y_centre = h.has("yllcenter");
  r.x0 = x_centre ? h.val("xllcenter") - 0.5 * dx : h.val("xllcorner");
  r.y0 = y_centre ? h.val("yllcenter") - 0.5 * dy : h.val("yllcorner");
  check_raster_geometry(r, where);
  return r;
}

/// A cell holding the declared nodata value: equal to it, or, for a nodata value at float32's
/// limit (-3.4028234663852886e+38, as GDAL writes a float grid's), the same float32 (a writer that
/// prints floats writes that value -3.4028235e+38), as GDAL's reader matches them.
bool is_nodata(double x, double nodata) {
  if (x == nodata) return true;
  const float f = static_cast<float>(nodata);
  return std::fabs(f) == std::numeric_limits<float>::max() && static_cast<float>(x) == f;
}

struct ValueCounts {
  long long nodata = 0, nan = 0;  // cells holding the declared nodata value, and NaN cells
};

/// Data: one row per line, exactly ncols decimal numbers (or nan), the first row the northernmost.
/// Stored in file order first (grown as read, so a header that promises more than the file holds
/// allocates nothing; `text_size` bounds the reservation), then flipped to rows south to north.
ValueCounts read_values(std::istream& in, int& lineno, const AsciiHeader& h, std::size_t text_size,
                        const std::string& where, Raster& r) {
  const bool has_nodata = h.has("nodata_value");
  const double nodata = has_nodata ? h.val("nodata_value") : kNaN;
  ValueCounts n;
  r.v.reserve(std::min(r.cells(), text_size / 2 + 1));
  int rows = 0;
  std::vector<std::string> t = h.first_row;
  int l = h.first_row_line;
  std::string line;
  while (l > 0) {
    if (!t.empty()) {
      if (rows == r.ny)
        throw line_error(where, l, "more rows of values than the nrows = " + std::to_string(r.ny) + " the header declares");
      if (t.size() != static_cast<std::size_t>(r.nx))
        throw line_error(where, l,
                         "row " + std::to_string(rows + 1) + " has " + std::to_string(t.size()) +
                             " values; the header declares ncols = " + std::to_string(r.nx));
      for (std::size_t i = 0; i < t.size(); ++i) {
        double x;
        if (is_decimal(t[i])) x = std::strtod(t[i].c_str(), nullptr);
        else if (is_nan_word(t[i])) x = kNaN;
        else
          throw line_error(where, l,
                           "'" + t[i].substr(0, 40) + "' (value " + std::to_string(i + 1) + " of row " +
                               std::to_string(rows + 1) + ") is not a decimal number");
        if (std::isnan(x)) ++(has_nodata && std::isnan(nodata) ? n.nodata : n.nan);  // NaN is nodata when declared so
        else if (has_nodata && is_nodata(x, nodata)) ++n.nodata, x = kNaN;
        else if (!std::isfinite(x)) throw line_error(where, l, "'" + t[i] + "' is out of the range of a double");
        r.v.push_back(x);
      }
      ++rows;
    }
    if (!std::getline(in, line)) break;
    l = ++lineno;
    t = tokens(line);
  }
  if (rows != r.ny)
    throw InputError(where + ": " + std::to_string(rows) + " rows of values (the file ends at line " +
                     std::to_string(lineno) + "); the header declares nrows = " + std::to_string(r.ny));
  for (int j = 0; j < r.ny / 2; ++j)
    std::swap_ranges(r.v.begin() + static_cast<std::ptrdiff_t>(j) * r.nx,
                     r.v.begin() + static_cast<std::ptrdiff_t>(j + 1) * r.nx,
                     r.v.begin() + static_cast<std::ptrdiff_t>(r.ny - 1 - j) * r.nx);
  return n;
}

/// The CRS (WKT) of the .prj file beside the grid, trimmed; empty when there is none.
std::string read_prj(const std::string& path) {
  std::filesystem::path prj(path);
  prj.replace_extension(".prj");
  std::error_code ec;
  if (!std::filesystem::is_regular_file(prj, ec)) return "";
  std::ifstream f(prj);
  std::ostringstream s;
  s << f.rdbuf();
  std::string wkt = s.str();
  wkt.erase(0, wkt.find_first_not_of(" \t\r\n"));
  while (!wkt.empty() && std::isspace(static_cast<unsigned char>(wkt.back()))) wkt.pop_back();
  return wkt;
}

}  // namespace

Raster read_esri_ascii(const std::string& path, RasterInfo* info) {
  const std::string text = read_whole_file(path);
  const std::string where = "'" + path + "'";
  std::istringstream in(text);
  int lineno = 0;
  const AsciiHeader header = read_header(in, lineno, where);
  Raster r = declared_grid(header, where);
  const ValueCounts counts = read_values(in, lineno, header, text.size(), where, r);
  r.crs_wkt = read_prj(path);
  if (info) {
    const bool has_nodata = header.has("nodata_value");
    *info = RasterInfo{};
    info->driver = "AAIGrid (built-in ESRI ASCII reader)";
    describe_raster(r, *info);
    const auto a = r.crs_wkt.find('"'), b = a == std::string::npos ? a : r.crs_wkt.find('"', a + 1);
    info->crs_name = b == std::string::npos ? "" : r.crs_wkt.substr(a + 1, b - a - 1);
    info->nodata_cells = counts.nodata;
    info->nan_cells = counts.nan;
    info->has_nodata_value = has_nodata;
    if (header.has("xllcenter") || header.has("yllcenter")) info->nodes_said_by = "its xllcenter/yllcenter header";
    info->nodata_value = has_nodata ? header.val("nodata_value") : 0;
  }
  return r;
}

}  // namespace ria::io
