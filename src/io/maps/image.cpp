// The pure parts of io/maps/image.hpp: the image, colour maps, ticks, the map frame and raster.
#include "io/maps/image.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace ria::io {
namespace {

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  const auto k = static_cast<std::size_t>(q * (v.size() - 1));
  std::nth_element(v.begin(), v.begin() + k, v.end());
  return v[k];
}

// Grey level per cell (NaN = nodata): a hillshade lit from the north-west at 45 degrees, vertically
// exaggerated so that 90% of the slopes are below ~31 degrees, blended with the elevation itself.
std::vector<double> bed_grey(const Grid& g, const std::vector<double>& z) {
  const int nx = g.nx, ny = g.ny;
  auto at = [&](int i, int j) { return z[static_cast<std::size_t>(j) * nx + i]; };
  // One-sided or central difference along one axis, skipping nodata and out-of-grid neighbours.
  auto diff = [&](int i, int j, int di, int dj, double h) {
    const int ia = i - di, ja = j - dj, ib = i + di, jb = j + dj;
    const bool a = ia >= 0 && ja >= 0 && !std::isnan(at(ia, ja)), b = ib < nx && jb < ny && !std::isnan(at(ib, jb));
    const double za = a ? at(ia, ja) : at(i, j), zb = b ? at(ib, jb) : at(i, j);
    return (a || b) ? (zb - za) / ((a + b) * h) : 0.0;
  };
  std::vector<double> gx(z.size()), gy(z.size()), slopes, valid;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * nx + i;
      if (std::isnan(z[k])) continue;
      gx[k] = diff(i, j, 1, 0, g.dx);
      gy[k] = diff(i, j, 0, 1, g.dy);
      slopes.push_back(std::hypot(gx[k], gy[k]));
      valid.push_back(z[k]);
    }
  const double p90 = percentile(slopes, 0.9);
  const double exaggeration = p90 > 0 ? std::max(1.0, 0.6 / p90) : 1.0;
  const double zlo = percentile(valid, 0.02), zhi = percentile(valid, 0.98);
  const double lx = -0.5, ly = 0.5, lz = std::sqrt(0.5);  // towards the light: azimuth 315, altitude 45
  std::vector<double> grey(z.size(), std::nan(""));
  for (std::size_t k = 0; k < z.size(); ++k) {
    if (std::isnan(z[k])) continue;
    const double nx_ = -exaggeration * gx[k], ny_ = -exaggeration * gy[k];
    const double shade = std::max(0.0, (nx_ * lx + ny_ * ly + lz) / std::sqrt(nx_ * nx_ + ny_ * ny_ + 1));
    const double e = zhi > zlo ? std::clamp((z[k] - zlo) / (zhi - zlo), 0.0, 1.0) : 0.5;
    grey[k] = 95 + 140 * (0.6 * shade + 0.4 * e);
  }
  return grey;
}

}  // namespace

Image::Image(int w, int h, Rgb background) : width(w), height(h) {
  if (w < 0 || h < 0) throw std::invalid_argument("Image: negative size");
  rgb.resize(static_cast<std::size_t>(w) * h * 3);
  for (std::size_t k = 0; k < rgb.size(); k += 3) std::copy(background.begin(), background.end(), rgb.begin() + k);
}

void Image::set(int x, int y, Rgb c) {
  if (x < 0 || y < 0 || x >= width || y >= height) return;
  std::copy(c.begin(), c.end(), rgb.begin() + (static_cast<std::size_t>(y) * width + x) * 3);
}

Rgb Image::get(int x, int y) const {
  if (x < 0 || y < 0 || x >= width || y >= height) throw std::out_of_range("Image::get outside the image");
  const unsigned char* p = &rgb[(static_cast<std::size_t>(y) * width + x) * 3];
  return {p[0], p[1], p[2]};
}

Rgb palette_colour(MapStyle::Palette p, double t) {
  // viridis sampled at 0, 0.1, ..., 1 (matplotlib); "Blues" from light to dark (ColorBrewer).
  static constexpr unsigned char kViridis[11][3] = {{68, 1, 84},    {72, 36, 117},  {65, 68, 135},  {53, 95, 141},
                                                    {42, 120, 142}, {33, 145, 140}, {34, 168, 132}, {68, 191, 112},
                                                    {122, 209, 81}, {189, 223, 38}, {253, 231, 37}};
  static constexpr unsigned char kBlues[8][3] = {{222, 235, 247}, {198, 219, 239}, {158, 202, 225}, {107, 174, 214},
                                                 {66, 146, 198},  {33, 113, 181},  {8, 81, 156},    {8, 48, 107}};
  const bool conc = p == MapStyle::Palette::concentration;
  const auto* cp = conc ? kViridis : kBlues;
  const int n = conc ? 11 : 8;
  t = std::isnan(t) ? 0 : std::clamp(t, 0.0, 1.0);
  const double s = t * (n - 1);
  const int k = std::min(static_cast<int>(s), n - 2);
  const double f = s - k;
  Rgb c;
  for (int q = 0; q < 3; ++q) c[q] = static_cast<unsigned char>(std::lround(cp[k][q] + f * (cp[k + 1][q] - cp[k][q])));
  return c;
}

std::vector<double> nice_ticks(double lo, double hi, int max_ticks, bool log_scale) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) return {};
  if (!(lo < hi)) return {lo};
  max_ticks = std::max(max_ticks, 3);
  std::vector<double> t;
  if (log_scale && lo > 0) {
    for (const double m : {10.0, 5.0, 2.0}) {  // powers of ten, then 1-2-5 steps within decades
      t.clear();
      for (int e = static_cast<int>(std::floor(std::log10(lo))); e <= static_cast<int>(std::ceil(std::log10(hi))); ++e)
        for (const double f : {1.0, 2.0, 5.0}) {
          const double v = f * std::pow(10.0, e);
          if ((f == 1 || m <= f) && v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) t.push_back(v);
        }
      if (m == 10 && t.size() > static_cast<std::size_t>(max_ticks)) {  // too many decades: every k-th
        const std::size_t step = (t.size() + max_ticks - 1) / max_ticks;
        std::vector<double> u;
        for (std::size_t k = 0; k < t.size(); k += step) u.push_back(t[k]);
        return u;
      }
      if (t.size() >= 3 && t.size() <= static_cast<std::size_t>(max_ticks)) return t;
    }
    return {lo, std::sqrt(lo * hi), hi};
  }
  for (double p = std::pow(10.0, std::floor(std::log10(hi - lo)) - 2);; p *= 10)
    for (const double m : {1.0, 2.0, 2.5, 5.0}) {
      const double step = m * p;
      const double k0 = std::ceil(lo / step - 1e-9), k1 = std::floor(hi / step + 1e-9);
      if (k1 - k0 + 1 > max_ticks) continue;
      if (k1 - k0 + 1 < 3) return {lo, 0.5 * (lo + hi), hi};
      for (double k = k0; k <= k1; ++k) t.push_back(k * step);
      return t;
    }
}

void set_concentration_scale(MapStyle& s, double arrival_threshold, double c_max) {
  s.vmax = c_max;
  s.vmin = std::max(arrival_threshold, 1e-4 * c_max);
  s.log_scale = true;
  s.threshold = arrival_threshold;
}

double colour_position(double v, const MapStyle& s) {
  if (s.log_scale) {
    const double hi = s.vmax > 0 ? s.vmax : 1, lo = s.vmin > 0 && s.vmin < hi ? s.vmin : hi * 1e-4;
    return v > 0 ? std::log10(v / lo) / std::log10(hi / lo) : -1;
  }
  return s.vmax > s.vmin ? (v - s.vmin) / (s.vmax - s.vmin) : 1;
}

std::string tick_label(double v, double span) {
  if (std::abs(v) < 1e-9 * span) v = 0;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

MapFrame map_frame(const Grid& g, const MapStyle& s) {
  if (g.nx < 1 || g.ny < 1) throw std::invalid_argument("map: empty grid");
  // Pixel size [m]: an integer number of pixels per cell, or every k-th cell, to fit max_pixels.
  const double width_m = g.nx * g.dx, height_m = g.ny * g.dy, d = std::min(g.dx, g.dy);
  const double natural = std::max(width_m, height_m) / d;
  const int max_pixels = std::max(s.max_pixels, 16);
  MapFrame f;
  f.pixel = natural <= max_pixels ? d / std::floor(max_pixels / natural) : d * std::ceil(natural / max_pixels);
  f.width = std::max(1, static_cast<int>(std::lround(width_m / f.pixel)));
  f.height = std::max(1, static_cast<int>(std::lround(height_m / f.pixel)));
  // Title (26 px) and time label (20 px) lines above the map, each only when given.
  f.x0 = 12;
  f.y0 = 12 + (s.title.empty() ? 0 : 30) + (s.time_label.empty() ? 0 : 20) + 2;
  return f;
}

Image map_raster(const Grid& g, const std::vector<double>& bed, const std::vector<double>& field, const MapStyle& s) {
  if (bed.size() != g.cells() || field.size() != g.cells())
    throw std::invalid_argument("map: bed and field must have nx * ny = " + std::to_string(g.cells()) + " values");
  const MapFrame f = map_frame(g, s);
  const double height_m = g.ny * g.dy;
  const std::vector<double> grey = bed_grey(g, bed);
  Image img(f.width, f.height);
  std::vector<char> water(static_cast<std::size_t>(f.width) * f.height, 0);
  for (int py = 0; py < f.height; ++py) {
    const int j = std::clamp(static_cast<int>(std::floor((height_m - (py + 0.5) * f.pixel) / g.dy)), 0, g.ny - 1);
    for (int px = 0; px < f.width; ++px) {
      const int i = std::clamp(static_cast<int>(std::floor((px + 0.5) * f.pixel / g.dx)), 0, g.nx - 1);
      const std::size_t k = static_cast<std::size_t>(j) * g.nx + i;
      Rgb c = map_colours::nodata;
      if (!std::isnan(field[k])) {
        water[static_cast<std::size_t>(py) * f.width + px] = 1;
        c = field[k] > s.threshold ? palette_colour(s.palette, colour_position(field[k], s)) : map_colours::water;
      } else if (!std::isnan(grey[k])) {
        const auto v = static_cast<unsigned char>(grey[k]);
        c = {v, v, v};
      }
      img.set(px, py, c);
    }
  }
  // The wet/dry outline: water pixels with a land pixel among their 4 neighbours.
  auto is_land = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < f.width && y < f.height && !water[static_cast<std::size_t>(y) * f.width + x];
  };
  for (int py = 0; py < f.height; ++py)
    for (int px = 0; px < f.width; ++px)
      if (water[static_cast<std::size_t>(py) * f.width + px] &&
          (is_land(px - 1, py) || is_land(px + 1, py) || is_land(px, py - 1) || is_land(px, py + 1)))
        img.set(px, py, map_colours::coast);
  return img;
}

}  // namespace ria::io
