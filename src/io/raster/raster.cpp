// The parts of io/raster/raster.hpp that need no GDAL: description, crop, bilinear resampling, nodata
// filling (the ESRI ASCII reader is raster_esri_ascii.cpp).
#include "io/raster/raster.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "io/io_error.hpp"
#include "io/raster/crs.hpp"
#include "io/text_case.hpp"
#include "ria/grid/cell_text.hpp"

namespace ria::io {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string fmt(double v, int digits = 10) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

}  // namespace

Grid Raster::grid() const {
  Grid g;
  g.nx = nx;
  g.ny = ny;
  g.dx = dx;
  g.dy = dy;
  g.x0 = x0;
  g.y0 = y0;
  return g;
}

void describe_raster(const Raster& r, RasterInfo& info) {
  info.nx = r.nx;
  info.ny = r.ny;
  info.dx = r.dx;
  info.dy = r.dy;
  info.xmin = r.x0;
  info.ymin = r.y0;
  info.xmax = r.x0 + r.nx * r.dx;
  info.ymax = r.y0 + r.ny * r.dy;
  info.crs_wkt = r.crs_wkt;
  info.min = kNaN;
  info.max = kNaN;
  for (double x : r.v) {
    if (std::isnan(x)) continue;
    if (!(x >= info.min)) info.min = x;  // also true while min is NaN
    if (!(x <= info.max)) info.max = x;
  }
}

bool is_metres(const std::string& unit) {
  const std::string u = lower_case(unit);
  return u == "m" || u == "metre" || u == "metres" || u == "meter" || u == "meters";
}

void check_undeclared_nodata(const Raster& r, double metres, const std::string& what) {
  for (const double sentinel : {-9999.0, -99999.0}) {
    long long n = 0;
    std::size_t first = 0;
    for (std::size_t k = 0; k < r.v.size(); ++k)
      if (r.v[k] == sentinel * metres && n++ == 0) first = k;
    if (n == 0) continue;
    std::ostringstream o;
    o << what << ": " << n << " cell(s) hold exactly " << sentinel << " (the first, cell " << cell_at(r.grid(), first)
      << "), the nodata value of ESRI and USGS grids, which the raster does not declare: declare it (gdal_edit.py "
         "-a_nodata "
      << sentinel << " FILE, or a NODATA_value line in an ESRI grid's header)";
    throw InputError(o.str());
  }
}

double metres_per_unit(const std::string& unit, const std::string& where) {
  // The unit's first word decides ("metres above sea level", "m (NAVD88)", "US survey foot").
  const std::string u = lower_case(unit);
  const std::size_t end = u.find_first_of(" (,;[");
  const std::string w = u.substr(0, end);
  const bool survey = u.find("survey") != std::string::npos || w == "us-ft" || w == "ftus" || w == "foot_us" ||
                      w == "us_survey_foot";
  if (w.empty() || is_metres(w)) return 1;
  if (w == "cm" || w == "centimetre" || w == "centimetres" || w == "centimeter" || w == "centimeters") return 0.01;
  if (survey && (w == "us" || w == "us-ft" || w == "ftus" || w == "foot_us" || w == "us_survey_foot" || w == "ft" ||
                 w == "foot" || w == "feet"))
    return 1200.0 / 3937.0;
  if (w == "ft" || w == "foot" || w == "feet" || w == "international") return 0.3048;
  throw InputError(where + ": its values are in '" + unit + "'; expected metres, centimetres or feet (international or US "
                   "survey), which ria converts to metres");
}

namespace {
/// Lower case, with the spellings of metre and second shortened and spaces, dots, '*' and '^' left out:
/// "meters s-1", "m.s-1", "m s**-1" and "m s^-1" all become "ms-1", "meter/second" "m/s".
std::string unit_key(const std::string& u) {
  std::string s;
  for (char c : u)
    if (c != ' ' && c != '.' && c != '*' && c != '^') s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* w : {"meters", "metres", "meter", "metre"})
    for (std::size_t k; (k = s.find(w)) != std::string::npos;) s.replace(k, std::string(w).size(), "m");
  for (const char* w : {"seconds", "second", "sec"})
    for (std::size_t k; (k = s.find(w)) != std::string::npos;) s.replace(k, std::string(w).size(), "s");
  return s;
}
}  // namespace

bool is_metres_per_second(const std::string& unit) {
  const std::string k = unit_key(unit);
  return k == "ms-1" || k == "m/s";
}

Raster read_elevation_raster(const std::string& path, RasterInfo* info) {
  RasterInfo own;
  RasterInfo& i = info ? *info : own;
  Raster r = read_raster(path, &i);
  const double k = metres_per_unit(i.unit, "'" + path + "'");
  if (k != 1) {
    for (double& v : r.v) v *= k;
    i.min *= k, i.max *= k;
    // A vertical CRS in that unit no longer describes the values (a GIS would take them as feet).
    r.crs_wkt = i.crs_wkt = crs_without_vertical(r.crs_wkt);
  }
  return r;
}

std::string format_raster_info(const RasterInfo& a) {
  const long long cells = static_cast<long long>(a.nx) * a.ny;
  const long long valid = cells - a.nodata_cells - a.masked_cells - a.nan_cells - a.inf_cells;
  std::ostringstream o;
  o << "driver      " << a.driver << "\n";
  o << "size        " << a.nx << " x " << a.ny << " cells (" << cells << ")\n";
  o << "cell size   " << fmt(a.dx) << " x " << fmt(a.dy) << (a.dx == a.dy ? " (square)" : "") << "\n";
  o << "extent      x " << fmt(a.xmin) << " .. " << fmt(a.xmax) << ", y " << fmt(a.ymin) << " .. " << fmt(a.ymax)
    << "  (" << fmt(a.xmax - a.xmin) << " x " << fmt(a.ymax - a.ymin) << ")\n";
  o << "CRS         " << (a.crs_wkt.empty() ? "none (local coordinates)" : (a.crs_name.empty() ? "(unnamed)" : a.crs_name))
    << "\n";
  o << "nodata      ";
  if (a.has_nodata_value) o << "value " << fmt(a.nodata_value) << ": " << a.nodata_cells << " cells";
  else o << "no nodata value";
  if (a.masked_cells > 0) o << "; masked: " << a.masked_cells << " cells";
  o << "; NaN: " << a.nan_cells << " cells; inf: " << a.inf_cells << " cells; valid: " << valid << " cells (";
  char pct[16];
  std::snprintf(pct, sizeof pct, "%.1f%%", cells ? 100.0 * valid / cells : 0.0);
  o << pct << ")\n";
  if (a.bands > 1) o << "bands       " << a.bands << " (band 1 read)\n";
  if (!a.unit.empty()) o << "unit        " << a.unit << "\n";
  o << "elevation   ";
  if (std::isnan(a.min)) o << "no valid cells\n";
  else o << "min " << fmt(a.min, 6) << ", max " << fmt(a.max, 6) << (a.unit.empty() ? "" : " " + a.unit) << "\n";  // float32: 6 digits
  return o.str();
}

Raster crop(const Raster& r, const std::array<double, 4>& bbox) {
  const double xmin = bbox[0], ymin = bbox[1], xmax = bbox[2], ymax = bbox[3];
  const std::string box = "bbox (" + fmt(xmin) + ", " + fmt(ymin) + ", " + fmt(xmax) + ", " + fmt(ymax) + ")";
  if (!(xmin < xmax) || !(ymin < ymax)) throw InputError(box + ": expected xmin < xmax and ymin < ymax");
  // Cell i is kept when xmin <= x0 + (i + 1/2) dx <= xmax (with a tolerance of 1e-9 cell).
  constexpr double eps = 1e-9;
  const double fi0 = std::ceil((xmin - r.x0) / r.dx - 0.5 - eps), fi1 = std::floor((xmax - r.x0) / r.dx - 0.5 + eps);
  const double fj0 = std::ceil((ymin - r.y0) / r.dy - 0.5 - eps), fj1 = std::floor((ymax - r.y0) / r.dy - 0.5 + eps);
  const int i0 = static_cast<int>(std::max(0.0, fi0)), i1 = static_cast<int>(std::min(r.nx - 1.0, fi1));
  const int j0 = static_cast<int>(std::max(0.0, fj0)), j1 = static_cast<int>(std::min(r.ny - 1.0, fj1));
  const std::string extent = "the raster covers x " + fmt(r.x0) + " .. " + fmt(r.x0 + r.nx * r.dx) + ", y " +
                             fmt(r.y0) + " .. " + fmt(r.y0 + r.ny * r.dy);
  if (i1 < i0 || j1 < j0) throw InputError(box + " does not overlap the raster (" + extent + ")");
  if (i1 - i0 < 1 || j1 - j0 < 1)
    throw InputError(box + " keeps only " + std::to_string(i1 - i0 + 1) + " x " + std::to_string(j1 - j0 + 1) +
                     " cells, at least 2 x 2 are needed (" + extent + ")");
  Raster c;
  c.nx = i1 - i0 + 1;
  c.ny = j1 - j0 + 1;
  c.dx = r.dx;
  c.dy = r.dy;
  c.x0 = r.x0 + i0 * r.dx;
  c.y0 = r.y0 + j0 * r.dy;
  c.crs_wkt = r.crs_wkt;
  c.v.resize(c.cells());
  for (int j = 0; j < c.ny; ++j)
    std::copy_n(r.v.begin() + (static_cast<std::size_t>(j0 + j) * r.nx + i0), c.nx, c.v.begin() + static_cast<std::size_t>(j) * c.nx);
  return c;
}

namespace {

// Interpolation stencil along one axis: target centre s (in source index units, centre of cell k at
// k) -> lower neighbour k0, upper k1 = k0 + 1 (or k0 for a single cell), weight t of k1, nearest.
struct Stencil {
  int k0, k1, nearest;
  double t;
};

Stencil stencil(double s, int n) {
  s = std::clamp(s, 0.0, n - 1.0);
  Stencil st;
  st.k0 = std::min(static_cast<int>(std::floor(s)), std::max(n - 2, 0));
  st.k1 = std::min(st.k0 + 1, n - 1);
  st.t = st.k1 == st.k0 ? 0.0 : s - st.k0;
  st.nearest = st.t <= 0.5 ? st.k0 : st.k1;
  return st;
}

}  // namespace

Raster resample_bilinear(const Raster& r, double res) {
  if (!(res > 0) || !std::isfinite(res)) throw InputError("resolution must be a positive number, got " + fmt(res));
  if (r.nx < 1 || r.ny < 1) throw InputError("cannot resample an empty raster");
  const double width = r.nx * r.dx, height = r.ny * r.dy;
  if (res > width || res > height)  // one cell would be larger than the raster itself
    throw InputError("resolution " + fmt(res) + " is larger than the raster (" + fmt(width) + " x " + fmt(height) +
                     "): one cell would hold more than the raster covers");
  const double fnx = std::max(1.0, std::round(width / res)), fny = std::max(1.0, std::round(height / res));
  if (fnx * fny > 2147483647.0)
    throw InputError("resolution " + fmt(res) + " gives " + fmt(fnx) + " x " + fmt(fny) + " cells, more than 2^31");
  Raster o;
  o.nx = static_cast<int>(fnx);
  o.ny = static_cast<int>(fny);
  o.dx = o.dy = res;
  o.x0 = r.x0 + 0.5 * (width - o.nx * res);  // centred on the source extent
  o.y0 = r.y0 + 0.5 * (height - o.ny * res);
  o.crs_wkt = r.crs_wkt;
  o.v.resize(o.cells());
  std::vector<Stencil> sx(o.nx), sy(o.ny);
  for (int i = 0; i < o.nx; ++i) sx[i] = stencil((o.x0 + (i + 0.5) * res - r.x0) / r.dx - 0.5, r.nx);
  for (int j = 0; j < o.ny; ++j) sy[j] = stencil((o.y0 + (j + 0.5) * res - r.y0) / r.dy - 0.5, r.ny);
  for (int j = 0; j < o.ny; ++j) {
    const Stencil& b = sy[j];
    for (int i = 0; i < o.nx; ++i) {
      const Stencil& a = sx[i];
      double& out = o.v[static_cast<std::size_t>(j) * o.nx + i];
      if (std::isnan(r.at(a.nearest, b.nearest))) {
        out = kNaN;
        continue;
      }
      const int ii[4] = {a.k0, a.k1, a.k0, a.k1}, jj[4] = {b.k0, b.k0, b.k1, b.k1};
      const double w[4] = {(1 - a.t) * (1 - b.t), a.t * (1 - b.t), (1 - a.t) * b.t, a.t * b.t};
      double sum = 0, wsum = 0;
      for (int q = 0; q < 4; ++q) {
        const double x = r.at(ii[q], jj[q]);
        if (std::isnan(x) || w[q] == 0) continue;
        sum += w[q] * x;
        wsum += w[q];
      }
      out = sum / wsum;  // wsum > 0: the nearest cell is valid and has weight >= 1/4
    }
  }
  return o;
}

void fill_nodata(Raster& r, double value) {
  for (double& x : r.v)
    if (std::isnan(x)) x = value;
}

void shift_to_node_registration(Raster& r, const RasterInfo& info, const std::string& what) {
  if (!info.nodes_said_by.empty())
    throw InputError(what + ": node registration is asked for, but the file already says its values are at cell "
                     "centres (" + info.nodes_said_by + "), which the reader takes into account; leave it out");
  r.x0 -= 0.5 * r.dx;
  r.y0 -= 0.5 * r.dy;
}

}  // namespace ria::io
