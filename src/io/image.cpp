// Drawing primitives, colour maps, the map and the chart renderers of io/image.hpp (pure C++).
#include "io/image.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "io/bitmap_font.hpp"

namespace ria::io {
namespace {

constexpr Rgb kWhite{255, 255, 255}, kBlack{0, 0, 0}, kFrame{60, 60, 60}, kGrid{228, 228, 228};

struct Box {  // clip rectangle, inclusive pixel bounds
  double x0, y0, x1, y1;
};

// Liang-Barsky: clips the segment p + t (q - p), t in [0, 1], to the box; false if nothing is left.
bool clip_segment(double px, double py, double qx, double qy, const Box& b, double& t0, double& t1) {
  t0 = 0;
  t1 = 1;
  const double dx = qx - px, dy = qy - py;
  auto edge = [&](double p, double q) {
    if (p == 0) return q >= 0;
    const double r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      t0 = std::max(t0, r);
    } else {
      if (r < t0) return false;
      t1 = std::min(t1, r);
    }
    return true;
  };
  return edge(-dx, px - b.x0) && edge(dx, b.x1 - px) && edge(-dy, py - b.y0) && edge(dy, b.y1 - py);
}

// A polyline with a square brush of `thickness` pixels, clipped to `clip`; the dash pattern (8 on,
// 5 off) runs on along the whole line.
void draw_polyline(Image& img, const std::vector<std::array<double, 2>>& pts, Rgb c, int thickness, bool dashed,
                   const Box& clip) {
  double dist = 0;
  const int lo = (thickness - 1) / 2;
  for (std::size_t k = 0; k + 1 < pts.size(); ++k) {
    const auto [ax, ay] = pts[k];
    const auto [bx, by] = pts[k + 1];
    const double len = std::hypot(bx - ax, by - ay);
    double t0, t1;
    if (clip_segment(ax, ay, bx, by, clip, t0, t1)) {
      const int n = std::max(1, static_cast<int>(std::ceil(std::max(std::abs(bx - ax), std::abs(by - ay)) * (t1 - t0))));
      for (int s = 0; s <= n; ++s) {
        const double t = t0 + (t1 - t0) * s / n;
        if (dashed && std::fmod(dist + t * len, 13.0) >= 8.0) continue;
        const int x = static_cast<int>(std::lround(ax + t * (bx - ax))) - lo;
        const int y = static_cast<int>(std::lround(ay + t * (by - ay))) - lo;
        for (int v = y; v < y + thickness; ++v)
          for (int u = x; u < x + thickness; ++u)
            if (u >= clip.x0 && u <= clip.x1 && v >= clip.y0 && v <= clip.y1) img.set(u, v, c);
      }
    }
    dist += len;
  }
}

std::string tick_label(double v, double span) {
  if (std::abs(v) < 1e-9 * span) v = 0;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

// Position of v in the colour range, 0..1 (unclamped), linear or logarithmic.
double colour_position(double v, const MapStyle& s) {
  if (s.log_scale) {
    const double hi = s.vmax > 0 ? s.vmax : 1, lo = s.vmin > 0 && s.vmin < hi ? s.vmin : hi * 1e-4;
    return v > 0 ? std::log10(v / lo) / std::log10(hi / lo) : -1;
  }
  return s.vmax > s.vmin ? (v - s.vmin) / (s.vmax - s.vmin) : 1;
}

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

void fill_rect(Image& img, int x, int y, int w, int h, Rgb c) {
  for (int v = std::max(y, 0); v < std::min(y + h, img.height); ++v)
    for (int u = std::max(x, 0); u < std::min(x + w, img.width); ++u) img.set(u, v, c);
}

void draw_rect(Image& img, int x, int y, int w, int h, Rgb c) {
  fill_rect(img, x, y, w, 1, c);
  fill_rect(img, x, y + h - 1, w, 1, c);
  fill_rect(img, x, y, 1, h, c);
  fill_rect(img, x + w - 1, y, 1, h, c);
}

void draw_line(Image& img, double x0, double y0, double x1, double y1, Rgb c, int thickness, bool dashed) {
  draw_polyline(img, {{x0, y0}, {x1, y1}}, c, thickness, dashed, {0, 0, img.width - 1.0, img.height - 1.0});
}

void draw_text(Image& img, int x, int y, const std::string& s, Rgb c, int scale) {
  for (std::size_t k = 0; k < s.size(); ++k)
    for (int row = 0; row < font::kGlyphHeight; ++row)
      for (int col = 0; col < font::kGlyphWidth; ++col)
        if (font::glyph_row(s[k], row) & (0x10 >> col))
          fill_rect(img, x + (static_cast<int>(k) * font::kAdvance + col) * scale, y + row * scale, scale, scale, c);
}

void draw_text_up(Image& img, int x, int y, const std::string& s, Rgb c, int scale) {
  for (std::size_t k = 0; k < s.size(); ++k)
    for (int row = 0; row < font::kGlyphHeight; ++row)
      for (int col = 0; col < font::kGlyphWidth; ++col)
        if (font::glyph_row(s[k], row) & (0x10 >> col)) {
          const int along = static_cast<int>(k) * font::kAdvance + col;  // text x -> up, text y -> right
          fill_rect(img, x + row * scale, y - (along + 1) * scale, scale, scale, c);
        }
}

int text_width(const std::string& s, int scale) {
  return s.empty() ? 0 : (static_cast<int>(s.size()) * font::kAdvance - 1) * scale;
}
int text_height(int scale) { return font::kGlyphHeight * scale; }

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

Image render_map(const Grid& g, const std::vector<double>& bed, const std::vector<double>& field, const MapStyle& s) {
  if (g.nx < 1 || g.ny < 1) throw std::invalid_argument("render_map: empty grid");
  if (bed.size() != g.cells() || field.size() != g.cells())
    throw std::invalid_argument("render_map: bed and field must have nx * ny = " + std::to_string(g.cells()) + " values");
  // Pixel size p [m]: an integer number of pixels per cell, or every k-th cell, to fit max_pixels.
  const double width_m = g.nx * g.dx, height_m = g.ny * g.dy, d = std::min(g.dx, g.dy);
  const double natural = std::max(width_m, height_m) / d;
  const int max_pixels = std::max(s.max_pixels, 16);
  const double p = natural <= max_pixels ? d / std::floor(max_pixels / natural) : d * std::ceil(natural / max_pixels);
  const int mw = std::max(1, static_cast<int>(std::lround(width_m / p)));
  const int mh = std::max(1, static_cast<int>(std::lround(height_m / p)));

  // Layout: title, time label, then the map with the colour bar on its right and a scale bar below.
  const int pad = 12;
  int y = pad;
  const int title_y = y;
  if (!s.title.empty()) y += text_height(2) + 8;
  const int time_y = y;
  if (!s.time_label.empty()) y += text_height(1) + 8;
  const int mx = pad, my = y + 2;
  const std::vector<double> ticks = nice_ticks(s.vmin, s.vmax, 5, s.log_scale);
  int label_w = 0;
  for (double t : ticks) label_w = std::max(label_w, text_width(tick_label(t, s.vmax - s.vmin)));
  const int units_h = s.units.empty() ? 0 : text_height(1) + 8;
  const int bar_x = mx + mw + 18, bar_w = 16, bar_y = my + units_h, bar_h = std::max(mh - units_h, 120);
  const int width = std::max({bar_x + bar_w + 8 + label_w + pad, bar_x + text_width(s.units) + pad,
                              mx + text_width(s.title, 2) + pad, mx + text_width(s.time_label) + pad});
  const int height = std::max(my + mh, bar_y + bar_h) + 34 + pad;
  Image img(width, height);

  draw_text(img, mx, title_y, s.title, kBlack, 2);
  draw_text(img, mx, time_y, s.time_label, kBlack, 1);
  const std::vector<double> grey = bed_grey(g, bed);
  for (int py = 0; py < mh; ++py) {
    const int j = std::clamp(static_cast<int>(std::floor((height_m - (py + 0.5) * p) / g.dy)), 0, g.ny - 1);
    for (int px = 0; px < mw; ++px) {
      const int i = std::clamp(static_cast<int>(std::floor((px + 0.5) * p / g.dx)), 0, g.nx - 1);
      const std::size_t k = static_cast<std::size_t>(j) * g.nx + i;
      Rgb c = kWhite;
      if (!std::isnan(field[k]) && field[k] > s.threshold) {
        c = palette_colour(s.palette, colour_position(field[k], s));
      } else if (!std::isnan(grey[k])) {
        const auto v = static_cast<unsigned char>(grey[k]);
        c = {v, v, v};
      }
      img.set(mx + px, my + py, c);
    }
  }
  draw_rect(img, mx - 1, my - 1, mw + 2, mh + 2, kFrame);

  // Colour bar with ticks and units.
  draw_text(img, bar_x, my, s.units, kBlack, 1);
  for (int v = 0; v < bar_h; ++v)
    fill_rect(img, bar_x, bar_y + v, bar_w, 1, palette_colour(s.palette, 1.0 - (v + 0.5) / bar_h));
  draw_rect(img, bar_x - 1, bar_y - 1, bar_w + 2, bar_h + 2, kFrame);
  for (double t : ticks) {
    const int ty = bar_y + static_cast<int>(std::lround((1.0 - std::clamp(colour_position(t, s), 0.0, 1.0)) * (bar_h - 1)));
    fill_rect(img, bar_x + bar_w, ty, 5, 1, kFrame);
    draw_text(img, bar_x + bar_w + 8, ty - 3, tick_label(t, s.vmax - s.vmin), kBlack, 1);
  }

  // Scale bar: a 1-2-5 length near a quarter of the map width.
  const double target = 0.25 * width_m, e = std::pow(10.0, std::floor(std::log10(target)));
  const double len = target >= 5 * e ? 5 * e : target >= 2 * e ? 2 * e : e;
  const int sy = std::max(my + mh, bar_y + bar_h) + 16, sl = std::max(1, static_cast<int>(std::lround(len / p)));
  fill_rect(img, mx, sy, sl, 2, kBlack);
  fill_rect(img, mx, sy - 4, 1, 8, kBlack);
  fill_rect(img, mx + sl - 1, sy - 4, 1, 8, kBlack);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g m", len);
  draw_text(img, mx + sl + 8, sy - 3, buf, kBlack, 1);
  return img;
}

Image render_chart(const std::vector<Panel>& panels, int width, int panel_height) {
  width = std::max(width, 240);
  panel_height = std::max(panel_height, 140);
  Image img(width, std::max<int>(1, static_cast<int>(panels.size())) * panel_height);
  for (std::size_t n = 0; n < panels.size(); ++n) {
    const Panel& pn = panels[n];
    const int top = static_cast<int>(n) * panel_height;
    // Ranges: x given or from the data; y from the data within the x range, plus 5%.
    double xlo = pn.xmin, xhi = pn.xmax;
    if (!(xlo < xhi)) {
      xlo = HUGE_VAL, xhi = -HUGE_VAL;
      for (const Series& s : pn.series)
        for (std::size_t k = 0; k < std::min(s.x.size(), s.y.size()); ++k)
          if (std::isfinite(s.x[k]) && std::isfinite(s.y[k])) xlo = std::min(xlo, s.x[k]), xhi = std::max(xhi, s.x[k]);
      if (!(xlo <= xhi)) xlo = 0, xhi = 1;
      if (xlo == xhi) xlo -= 0.5, xhi += 0.5;
    }
    double ylo = HUGE_VAL, yhi = -HUGE_VAL;
    for (const Series& s : pn.series)
      for (std::size_t k = 0; k < std::min(s.x.size(), s.y.size()); ++k)
        if (std::isfinite(s.y[k]) && s.x[k] >= xlo && s.x[k] <= xhi) ylo = std::min(ylo, s.y[k]), yhi = std::max(yhi, s.y[k]);
    if (!(ylo <= yhi)) ylo = 0, yhi = 1;
    if (ylo == yhi) {
      const double h = ylo == 0 ? 1 : 0.1 * std::abs(ylo);
      ylo -= h, yhi += h;
    }
    const double margin = 0.05 * (yhi - ylo);
    ylo -= margin, yhi += margin;

    const int left = 84, right = width - 18, ptop = top + 36, pbot = top + panel_height - 44;
    auto X = [&](double x) { return left + (x - xlo) / (xhi - xlo) * (right - left); };
    auto Y = [&](double y) { return pbot - (y - ylo) / (yhi - ylo) * (pbot - ptop); };
    draw_text(img, left, top + 10, pn.title, kBlack, 2);
    for (double t : nice_ticks(xlo, xhi, 8)) {
      const int x = static_cast<int>(std::lround(X(t)));
      fill_rect(img, x, ptop, 1, pbot - ptop, kGrid);
      fill_rect(img, x, pbot, 1, 5, kFrame);
      const std::string l = tick_label(t, xhi - xlo);
      draw_text(img, x - text_width(l) / 2, pbot + 8, l, kBlack, 1);
    }
    int ytick_w = 0;
    for (double t : nice_ticks(ylo, yhi, 5)) {
      const int y = static_cast<int>(std::lround(Y(t)));
      fill_rect(img, left, y, right - left, 1, kGrid);
      fill_rect(img, left - 5, y, 5, 1, kFrame);
      const std::string l = tick_label(t, yhi - ylo);
      draw_text(img, left - 9 - text_width(l), y - 3, l, kBlack, 1);
      ytick_w = std::max(ytick_w, text_width(l));
    }
    draw_text(img, (left + right - text_width(pn.xlabel)) / 2, pbot + 24, pn.xlabel, kBlack, 1);
    draw_text_up(img, std::max(4, left - 24 - ytick_w), (ptop + pbot + text_width(pn.ylabel)) / 2, pn.ylabel, kBlack, 1);

    const Box clip{static_cast<double>(left), static_cast<double>(ptop), static_cast<double>(right), static_cast<double>(pbot)};
    for (const Series& s : pn.series) {
      std::vector<std::array<double, 2>> run;  // a stretch of finite points
      auto flush = [&] {
        if (run.size() == 1) run.push_back(run[0]);
        draw_polyline(img, run, s.colour, 2, s.dashed, clip);
        run.clear();
      };
      for (std::size_t k = 0; k < std::min(s.x.size(), s.y.size()); ++k) {
        if (std::isfinite(s.x[k]) && std::isfinite(s.y[k])) run.push_back({X(s.x[k]), Y(s.y[k])});
        else flush();
      }
      flush();
    }
    draw_rect(img, left, ptop, right - left + 1, pbot - ptop + 1, kFrame);

    // Legend in the top-right corner of the plot.
    int names = 0, name_w = 0;
    for (const Series& s : pn.series)
      if (!s.name.empty()) ++names, name_w = std::max(name_w, text_width(s.name));
    if (names == 0) continue;
    const int lw = 40 + name_w, lh = 12 * names + 8, lx = right - lw - 8, ly = ptop + 8;
    fill_rect(img, lx, ly, lw, lh, kWhite);
    draw_rect(img, lx, ly, lw, lh, {150, 150, 150});
    int row = 0;
    for (const Series& s : pn.series) {
      if (s.name.empty()) continue;
      const int cy = ly + 8 + 12 * row++;
      draw_polyline(img, {{lx + 6.0, cy + 0.0}, {lx + 28.0, cy + 0.0}}, s.colour, 2, s.dashed,
                    {0, 0, width - 1.0, img.height - 1.0});
      draw_text(img, lx + 34, cy - 3, s.name, kBlack, 1);
    }
  }
  return img;
}

}  // namespace ria::io
