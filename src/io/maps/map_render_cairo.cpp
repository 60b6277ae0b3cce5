// The quicklook map of io/maps/image.hpp drawn with cairo: the map raster (image.cpp) painted pixel for
// pixel, then title, time, colour bar, scale bar and markers as vector graphics and text.
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "io/maps/cairo_draw.hpp"
#include "io/maps/image.hpp"

namespace ria::io {
namespace {

using namespace cairo_draw;

constexpr Rgb kBlack{0, 0, 0};
constexpr double kTitleSize = 18, kLabelSize = 12, kMarkerSize = 11;

/// A gauge (disc) or release (diamond) marker centred on (x, y), white-edged, with its name.
void draw_marker(cairo_t* cr, const MapMarker& m, double x, double y) {
  const double r = 5;
  if (m.kind == MapMarker::Kind::gauge) {
    cairo_arc(cr, x, y, r, 0, 2 * 3.141592653589793);
  } else {
    cairo_move_to(cr, x, y - r - 1.5);
    cairo_line_to(cr, x + r + 1.5, y);
    cairo_line_to(cr, x, y + r + 1.5);
    cairo_line_to(cr, x - r - 1.5, y);
    cairo_close_path(cr);
  }
  set_colour(cr, m.kind == MapMarker::Kind::gauge ? map_colours::gauge : map_colours::release);
  cairo_fill_preserve(cr);
  cairo_set_line_width(cr, 1.5);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_stroke(cr);
  set_font(cr, kMarkerSize);
  set_colour(cr, kBlack);
  text(cr, x + r + 4, y - kMarkerSize * 0.6, m.name, true);
}

}  // namespace

Image render_map(const Grid& g, const std::vector<double>& bed, const std::vector<double>& field, const MapStyle& s) {
  const MapFrame f = map_frame(g, s);
  const Image raster = map_raster(g, bed, field, s);
  const double width_m = g.nx * g.dx;

  // Measure the text that sets the image width: title, time, tick labels, units, marker names.
  const std::vector<double> ticks = nice_ticks(s.vmin, s.vmax, 5, s.log_scale);
  double title_w, time_w, label_w = 0, units_w, names_w = 0;
  {
    Canvas probe(1, 1);
    cairo_t* cr = probe.cr();
    set_font(cr, kTitleSize, true);
    title_w = text_width(cr, s.title);
    set_font(cr, kLabelSize);
    time_w = text_width(cr, s.time_label);
    units_w = text_width(cr, s.units);
    for (double t : ticks) label_w = std::max(label_w, text_width(cr, tick_label(t, s.vmax - s.vmin)));
    set_font(cr, kMarkerSize);
    for (const MapMarker& m : s.markers) {
      const double right = f.to_pixel(g, m.x, m.y)[0] + 9 + text_width(cr, m.name);
      names_w = std::max(names_w, right - (f.x0 + f.width));
    }
  }
  const int pad = 12, units_h = s.units.empty() ? 0 : 22;
  const int bar_x = f.x0 + f.width + 18 + static_cast<int>(std::ceil(std::max(0.0, names_w)));
  const int bar_w = 16, bar_y = f.y0 + units_h, bar_h = std::max(f.height - units_h, 120);
  const int width = static_cast<int>(std::ceil(std::max({bar_x + bar_w + 8 + label_w + pad, bar_x + units_w + pad,
                                                          f.x0 + title_w + pad, f.x0 + time_w + pad})));
  const int height = std::max(f.y0 + f.height, bar_y + bar_h) + 34 + pad;
  Canvas canvas(width, height);
  cairo_t* cr = canvas.cr();

  // Title and time.
  set_colour(cr, kBlack);
  set_font(cr, kTitleSize, true);
  text(cr, f.x0, 12, s.title);
  set_font(cr, kLabelSize);
  text(cr, f.x0, 12 + (s.title.empty() ? 0 : 30), s.time_label);

  // The map, pixel for pixel, and its frame (outside it, so that the raster stays exact).
  cairo_surface_t* map = surface_from_image(raster);
  cairo_set_source_surface(cr, map, f.x0, f.y0);
  cairo_paint(cr);
  cairo_surface_destroy(map);
  set_colour(cr, map_colours::frame);
  cairo_set_line_width(cr, 1);
  cairo_rectangle(cr, f.x0 - 0.5, f.y0 - 0.5, f.width + 1, f.height + 1);
  cairo_stroke(cr);

  // Markers, clipped to the map.
  cairo_save(cr);
  cairo_rectangle(cr, f.x0, f.y0, width - f.x0, f.height);
  cairo_clip(cr);
  for (const MapMarker& m : s.markers) {
    const auto [px, py] = f.to_pixel(g, m.x, m.y);
    draw_marker(cr, m, px, py);
  }
  cairo_restore(cr);

  // Colour bar: units above, the palette from vmax (top) to vmin, ticks and labels on the right.
  set_colour(cr, kBlack);
  set_font(cr, kLabelSize);
  text(cr, bar_x, f.y0, s.units);
  for (int v = 0; v < bar_h; ++v) {
    set_colour(cr, palette_colour(s.palette, 1.0 - (v + 0.5) / bar_h));
    cairo_rectangle(cr, bar_x, bar_y + v, bar_w, 1);
    cairo_fill(cr);
  }
  set_colour(cr, map_colours::frame);
  cairo_rectangle(cr, bar_x - 0.5, bar_y - 0.5, bar_w + 1, bar_h + 1);
  cairo_stroke(cr);
  for (double t : ticks) {
    const double ty = bar_y + std::round((1.0 - std::clamp(colour_position(t, s), 0.0, 1.0)) * (bar_h - 1)) + 0.5;
    set_colour(cr, map_colours::frame);
    cairo_move_to(cr, bar_x + bar_w, ty);
    cairo_line_to(cr, bar_x + bar_w + 5, ty);
    cairo_stroke(cr);
    set_colour(cr, kBlack);
    text(cr, bar_x + bar_w + 8, ty - 7, tick_label(t, s.vmax - s.vmin));
  }

  // Scale bar: a 1-2-5 length near a quarter of the map width.
  const double target = 0.25 * width_m, e = std::pow(10.0, std::floor(std::log10(target)));
  const double len = target >= 5 * e ? 5 * e : target >= 2 * e ? 2 * e : e;
  const double sy = std::max(f.y0 + f.height, bar_y + bar_h) + 16, sl = std::max(1.0, std::round(len / f.pixel));
  set_colour(cr, kBlack);
  cairo_rectangle(cr, f.x0, sy, sl, 2);
  cairo_rectangle(cr, f.x0, sy - 4, 1, 8);
  cairo_rectangle(cr, f.x0 + sl - 1, sy - 4, 1, 8);
  cairo_fill(cr);
  char buf[32];
  if (len >= 1000) std::snprintf(buf, sizeof buf, "%g km", len / 1000);
  else std::snprintf(buf, sizeof buf, "%g m", len);
  text(cr, f.x0 + sl + 8, sy - 8, buf);
  return canvas.image();
}

}  // namespace ria::io
