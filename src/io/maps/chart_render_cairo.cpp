// The line chart of io/maps/image.hpp drawn with cairo: stacked panels with axes, ticks, labels,
// grid lines, antialiased (optionally dashed) series or points (filled discs) and a legend.
#include <cairo.h>

#include <algorithm>
#include <cmath>

#include "io/maps/cairo_draw.hpp"
#include "io/maps/image.hpp"

namespace ria::io {
namespace {

using namespace cairo_draw;

constexpr Rgb kBlack{0, 0, 0}, kFrame{60, 60, 60}, kGrid{228, 228, 228};

void line_style(cairo_t* cr, const Series& s) {
  set_colour(cr, s.colour);
  cairo_set_line_width(cr, 2);
  const double dash[2] = {8, 5};
  cairo_set_dash(cr, dash, s.dashed ? 2 : 0, 0);
}

/// A filled disc of radius 4 px at (x, y) in the current colour (a measured point).
void disc(cairo_t* cr, double x, double y) {
  cairo_new_path(cr);
  cairo_arc(cr, x, y, 4, 0, 2 * M_PI);
  cairo_fill(cr);
}

/// x range given or from the data; y range from the data within the x range, plus 5%.
void panel_ranges(const Panel& pn, double& xlo, double& xhi, double& ylo, double& yhi) {
  xlo = pn.xmin, xhi = pn.xmax;
  if (!(xlo < xhi)) {
    xlo = HUGE_VAL, xhi = -HUGE_VAL;
    for (const Series& s : pn.series)
      for (std::size_t k = 0; k < std::min(s.x.size(), s.y.size()); ++k)
        if (std::isfinite(s.x[k]) && std::isfinite(s.y[k])) xlo = std::min(xlo, s.x[k]), xhi = std::max(xhi, s.x[k]);
    if (!(xlo <= xhi)) xlo = 0, xhi = 1;
    if (xlo == xhi) xlo -= 0.5, xhi += 0.5;
  }
  ylo = HUGE_VAL, yhi = -HUGE_VAL;
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
}

}  // namespace

Image render_chart(const std::vector<Panel>& panels, int width, int panel_height) {
  width = std::max(width, 240);
  panel_height = std::max(panel_height, 140);
  Canvas canvas(width, std::max<int>(1, static_cast<int>(panels.size())) * panel_height);
  cairo_t* cr = canvas.cr();
  for (std::size_t n = 0; n < panels.size(); ++n) {
    const Panel& pn = panels[n];
    const int top = static_cast<int>(n) * panel_height;
    double xlo, xhi, ylo, yhi;
    panel_ranges(pn, xlo, xhi, ylo, yhi);
    const int left = 84, right = width - 18, ptop = top + 36, pbot = top + panel_height - 44;
    auto X = [&](double x) { return left + (x - xlo) / (xhi - xlo) * (right - left); };
    auto Y = [&](double y) { return pbot - (y - ylo) / (yhi - ylo) * (pbot - ptop); };
    set_colour(cr, kBlack);
    set_font(cr, 16, true);
    text(cr, left, top + 8, pn.title);
    set_font(cr, 11);
    cairo_set_line_width(cr, 1);
    for (double t : nice_ticks(xlo, xhi, 8)) {
      const double x = std::round(X(t)) + 0.5;
      set_colour(cr, kGrid);
      cairo_move_to(cr, x, ptop), cairo_line_to(cr, x, pbot), cairo_stroke(cr);
      set_colour(cr, kFrame);
      cairo_move_to(cr, x, pbot), cairo_line_to(cr, x, pbot + 5), cairo_stroke(cr);
      const std::string l = tick_label(t, xhi - xlo);
      set_colour(cr, kBlack);
      text(cr, x - text_width(cr, l) / 2, pbot + 7, l);
    }
    double ytick_w = 0;
    for (double t : nice_ticks(ylo, yhi, 5)) {
      const double y = std::round(Y(t)) + 0.5;
      set_colour(cr, kGrid);
      cairo_move_to(cr, left, y), cairo_line_to(cr, right, y), cairo_stroke(cr);
      set_colour(cr, kFrame);
      cairo_move_to(cr, left - 5, y), cairo_line_to(cr, left, y), cairo_stroke(cr);
      const std::string l = tick_label(t, yhi - ylo);
      set_colour(cr, kBlack);
      text(cr, left - 8 - text_width(cr, l), y - 7, l);
      ytick_w = std::max(ytick_w, text_width(cr, l));
    }
    set_font(cr, 12);
    text(cr, (left + right - text_width(cr, pn.xlabel)) / 2, pbot + 22, pn.xlabel);
    text_up(cr, std::max(4.0, left - 28 - ytick_w), (ptop + pbot + text_width(cr, pn.ylabel)) / 2, pn.ylabel);

    // Series, clipped to the plot; NaN breaks a line.
    cairo_save(cr);
    cairo_rectangle(cr, left, ptop, right - left, pbot - ptop);
    cairo_clip(cr);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    for (const Series& s : pn.series) {
      line_style(cr, s);
      if (s.points) {
        for (std::size_t k = 0; k < std::min(s.x.size(), s.y.size()); ++k)
          if (std::isfinite(s.x[k]) && std::isfinite(s.y[k])) disc(cr, X(s.x[k]), Y(s.y[k]));
        continue;
      }
      bool pen = false;
      for (std::size_t k = 0; k < std::min(s.x.size(), s.y.size()); ++k) {
        if (!std::isfinite(s.x[k]) || !std::isfinite(s.y[k])) {
          pen = false;
          continue;
        }
        if (pen) cairo_line_to(cr, X(s.x[k]), Y(s.y[k]));
        else cairo_move_to(cr, X(s.x[k]), Y(s.y[k]));
        pen = true;
      }
      cairo_stroke(cr);
    }
    cairo_restore(cr);
    cairo_set_dash(cr, nullptr, 0, 0);
    set_colour(cr, kFrame);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, left + 0.5, ptop + 0.5, right - left, pbot - ptop);
    cairo_stroke(cr);

    // Legend in the top-right corner of the plot.
    set_font(cr, 11);
    int names = 0;
    double name_w = 0;
    for (const Series& s : pn.series)
      if (!s.name.empty()) ++names, name_w = std::max(name_w, text_width(cr, s.name));
    if (names == 0) continue;
    const double lw = 42 + name_w, lh = 16 * names + 6, lx = right - lw - 8, ly = ptop + 8;
    cairo_rectangle(cr, lx + 0.5, ly + 0.5, lw, lh);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    set_colour(cr, {150, 150, 150});
    cairo_stroke(cr);
    int row = 0;
    for (const Series& s : pn.series) {
      if (s.name.empty()) continue;
      const double cy = ly + 11 + 16 * row++;
      line_style(cr, s);
      if (s.points) disc(cr, lx + 18, cy);
      else cairo_move_to(cr, lx + 6, cy), cairo_line_to(cr, lx + 30, cy), cairo_stroke(cr);
      cairo_set_dash(cr, nullptr, 0, 0);
      set_colour(cr, kBlack);
      text(cr, lx + 36, cy - 7, s.name);
    }
  }
  return canvas.image();
}

}  // namespace ria::io
