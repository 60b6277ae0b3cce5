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
#include "io/raster/raster.hpp"

namespace ria::io {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string read_whole_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw IoError("cannot read '" + path + "': it is a directory");
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

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
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
  const std::string l = lower(s);
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

bool looks_like_esri_ascii(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::string first;
  if (!(f >> first)) return false;
  const std::string k = lower(first);
  return k == "ncols" || k == "nrows";
}

void check_raster_size(double nx, double ny, const std::string& where) {
  constexpr double kBytesPerCell = 16;  // the values as read plus the south-to-north copy
  const double cells = nx * ny, need = kBytesPerCell * cells;
  std::ostringstream o;
  o << where << " declares " << fmt(nx) << " x " << fmt(ny) << " = " << fmt(cells) << " cells; reading it needs about "
    << format_gib(need) << " of host memory";
  if (cells > 2147483647.0) throw InputError(o.str() + ", and a grid holds at most 2^31 cells");
  const double have = available_host_memory_bytes();
  if (have > 0 && need > have)
    throw InputError(o.str() + ", " + format_gib(have) + " are available; crop or coarsen it first (gdal_translate)");
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

Raster read_esri_ascii(const std::string& path, RasterInfo* info) {
  const std::string text = read_whole_file(path);
  const std::string where = "'" + path + "'";
  std::istringstream in(text);
  std::string line;
  int lineno = 0;
  auto at = [&](int l) { return InputError(where + " line " + std::to_string(l) + ": "); };
  auto fail = [&](int l, const std::string& what) { return InputError(where + " line " + std::to_string(l) + ": " + what); };
  (void)at;

  // Header: "key value" lines until the first line that starts like a number.
  std::map<std::string, std::pair<double, int>> keys;  // lower-case key -> value, line
  std::vector<std::string> first_data;
  int first_data_line = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (lineno == 1 && line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);
    const std::vector<std::string> t = tokens(line);
    if (t.empty()) continue;
    const char c0 = t[0][0];
    if (digit(c0) || c0 == '-' || c0 == '+' || c0 == '.' || is_nan_word(t[0])) {
      if (keys.empty())
        throw InputError(where + " is not an ESRI ASCII grid (it starts with '" + t[0].substr(0, 40) + "', expected 'ncols')");
      first_data = t;
      first_data_line = lineno;
      break;
    }
    const std::string k = lower(t[0]);
    if (keys.empty() && k != "ncols" && k != "nrows")
      throw InputError(where + " is not an ESRI ASCII grid (it starts with '" + t[0].substr(0, 40) + "', expected 'ncols')");
    static const char* known[] = {"ncols", "nrows", "xllcorner", "xllcenter", "yllcorner", "yllcenter",
                                  "cellsize", "dx", "dy", "nodata_value"};
    if (std::find(std::begin(known), std::end(known), k) == std::end(known))
      throw fail(lineno, "unknown ESRI ASCII grid header key '" + t[0] +
                             "' (expected ncols, nrows, xllcorner|xllcenter, yllcorner|yllcenter, cellsize or dx and "
                             "dy, NODATA_value)");
    if (t.size() != 2 || !is_decimal(t[1]))
      throw fail(lineno, "expected '" + t[0] + " <decimal number>', got '" + line.substr(0, 80) + "'");
    if (auto it = keys.find(k); it != keys.end())
      throw fail(lineno, "'" + t[0] + "' is given again (first on line " + std::to_string(it->second.second) + ")");
    keys[k] = {std::strtod(t[1].c_str(), nullptr), lineno};
  }
  auto has = [&](const char* k) { return keys.count(k) > 0; };
  auto val = [&](const char* k) { return keys.at(k).first; };
  auto bad_header = [&](const std::string& what) { return InputError(where + ": ESRI ASCII grid header " + what); };
  if (keys.empty()) throw InputError(where + " is not an ESRI ASCII grid (it is empty, expected 'ncols')");
  for (const char* k : {"ncols", "nrows"})
    if (!has(k) || !(val(k) >= 1) || val(k) != std::floor(val(k)))
      throw bad_header("needs " + std::string(k) + " <positive integer>");
  if (has("xllcorner") == has("xllcenter") || has("yllcorner") == has("yllcenter"))
    throw bad_header("needs one of xllcorner and xllcenter, and one of yllcorner and yllcenter");
  double dx, dy;
  if (has("cellsize") && !has("dx") && !has("dy")) dx = dy = val("cellsize");
  else if (!has("cellsize") && has("dx") && has("dy")) dx = val("dx"), dy = val("dy");
  else throw bad_header("needs either cellsize or both dx and dy");
  const double ncols = val("ncols"), nrows = val("nrows");
  check_raster_size(ncols, nrows, where);

  Raster r;
  r.nx = static_cast<int>(ncols);
  r.ny = static_cast<int>(nrows);
  r.dx = dx;
  r.dy = dy;
  const bool x_centre = has("xllcenter"), y_centre = has("yllcenter");
  r.x0 = x_centre ? val("xllcenter") - 0.5 * dx : val("xllcorner");
  r.y0 = y_centre ? val("yllcenter") - 0.5 * dy : val("yllcorner");
  check_raster_geometry(r, where);

  // Data: one row per line, exactly ncols decimal numbers (or nan), the first row the northernmost.
  // Stored in file order first (grown as read, so a header that promises more than the file holds
  // allocates nothing), then flipped to rows south to north.
  const bool has_nodata = has("nodata_value");
  const double nodata = has_nodata ? val("nodata_value") : kNaN;
  long long nodata_cells = 0, nan_cells = 0;
  r.v.reserve(std::min(r.cells(), text.size() / 2 + 1));
  int rows = 0;
  std::vector<std::string> t = first_data;
  int l = first_data_line;
  while (l > 0) {
    if (!t.empty()) {
      if (rows == r.ny)
        throw fail(l, "more rows of values than the nrows = " + std::to_string(r.ny) + " the header declares");
      if (t.size() != static_cast<std::size_t>(r.nx))
        throw fail(l, "row " + std::to_string(rows + 1) + " has " + std::to_string(t.size()) +
                          " values; the header declares ncols = " + std::to_string(r.nx));
      for (std::size_t i = 0; i < t.size(); ++i) {
        double x;
        if (is_decimal(t[i])) x = std::strtod(t[i].c_str(), nullptr);
        else if (is_nan_word(t[i])) x = kNaN;
        else
          throw fail(l, "'" + t[i].substr(0, 40) + "' (value " + std::to_string(i + 1) + " of row " +
                            std::to_string(rows + 1) + ") is not a decimal number");
        if (std::isnan(x)) ++nan_cells;
        else if (has_nodata && x == nodata) ++nodata_cells, x = kNaN;
        else if (!std::isfinite(x)) throw fail(l, "'" + t[i] + "' is out of the range of a double");
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

  std::filesystem::path prj(path);
  prj.replace_extension(".prj");
  std::error_code ec;
  if (std::filesystem::is_regular_file(prj, ec)) {
    std::ifstream f(prj);
    std::ostringstream s;
    s << f.rdbuf();
    r.crs_wkt = s.str();
    r.crs_wkt.erase(0, r.crs_wkt.find_first_not_of(" \t\r\n"));
    while (!r.crs_wkt.empty() && std::isspace(static_cast<unsigned char>(r.crs_wkt.back()))) r.crs_wkt.pop_back();
  }
  if (info) {
    *info = RasterInfo{};
    info->driver = "AAIGrid (built-in ESRI ASCII reader)";
    describe_raster(r, *info);
    const auto a = r.crs_wkt.find('"'), b = a == std::string::npos ? a : r.crs_wkt.find('"', a + 1);
    info->crs_name = b == std::string::npos ? "" : r.crs_wkt.substr(a + 1, b - a - 1);
    info->nodata_cells = nodata_cells;
    info->nan_cells = nan_cells;
    info->has_nodata_value = has_nodata;
    info->nodata_value = has_nodata ? nodata : 0;
  }
  return r;
}

}  // namespace ria::io
