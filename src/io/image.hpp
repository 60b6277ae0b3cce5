// Quicklook pictures: an RGB image with a few drawing primitives and a bitmap font, a map renderer
// (field in colour over a grey hillshade of the bed, colour bar, title) and a line-chart renderer
// (stacked panels with axes, ticks and a legend), and PNG output. All drawing is pure C++.
#pragma once

#include <array>
#include <limits>
#include <string>
#include <vector>

#include "ria/grid/grid.hpp"

namespace ria::io {

using Rgb = std::array<unsigned char, 3>;

/// An 8-bit RGB image, row 0 at the TOP, 3 bytes per pixel, row-major.
struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;

  Image() = default;
  Image(int w, int h, Rgb background = {255, 255, 255});
  /// Sets a pixel; coordinates outside the image are ignored.
  void set(int x, int y, Rgb c);
  Rgb get(int x, int y) const;
};

// ---- drawing primitives (coordinates in pixels, y down; everything is clipped to the image) ----
void fill_rect(Image& img, int x, int y, int w, int h, Rgb c);
void draw_rect(Image& img, int x, int y, int w, int h, Rgb c);  // 1-pixel outline
/// A line of `thickness` pixels; dashed lines alternate 8 pixels on, 5 off.
void draw_line(Image& img, double x0, double y0, double x1, double y1, Rgb c, int thickness = 1, bool dashed = false);
/// Text in the 5x7 bitmap font, top-left corner at (x, y), each font pixel drawn as scale x scale.
void draw_text(Image& img, int x, int y, const std::string& s, Rgb c, int scale = 1);
/// Text rotated 90 degrees anticlockwise (reading upwards), starting at (x, y) = its bottom-left.
void draw_text_up(Image& img, int x, int y, const std::string& s, Rgb c, int scale = 1);
int text_width(const std::string& s, int scale = 1);
int text_height(int scale = 1);

/// True: write_png is available. With GDAL it writes through GDAL's PNG driver (deflate-compressed);
/// without GDAL a built-in writer produces a valid, uncompressed PNG.
bool png_built();
/// Writes `img` as an 8-bit RGB PNG atomically (temporary file + rename); IoError on failure.
void write_png(const std::string& path, const Image& img);

struct MapStyle {
  std::string title;       // drawn at the top, large
  std::string time_label;  // drawn under the title, e.g. "t = 2.00 h"
  std::string units;       // drawn above the colour bar
  double vmin = 0, vmax = 1;  // colour range of the field (log_scale needs vmin > 0)
  bool log_scale = false;
  enum class Palette { concentration, depth } palette = Palette::concentration;
  double threshold = 0;  // cells with field <= threshold (or NaN) show the bed
  int max_pixels = 1000; // the map's longer side in pixels, at most
};

/// Colour of t in [0, 1] (clamped): concentration = viridis-like (dark purple -> yellow), depth =
/// light -> dark blue.
Rgb palette_colour(MapStyle::Palette p, double t);

/// A quicklook map. The bed (elevation, NaN = nodata -> white) is drawn as a grey hillshade lit from
/// the north-west, vertically exaggerated so that relief shows; the field is drawn over it in the
/// palette's colours where field > threshold and not NaN. Row 0 of the fields is the SOUTH row; the
/// map is drawn north up. Cells are scaled to an integer number of pixels (>= 1), or subsampled,
/// so that the map's longer side fits in max_pixels. Around it: title and time label on top, a
/// colour bar with 3-5 tick labels and the units on the right, a scale bar below.
/// std::invalid_argument if a field's size is not g.cells().
Image render_map(const Grid& g, const std::vector<double>& bed_elevation, const std::vector<double>& field,
                 const MapStyle& s);

struct Series {
  std::string name;  // legend text; empty = not in the legend
  std::vector<double> x, y;  // NaN in y breaks the line
  Rgb colour{0, 0, 0};
  bool dashed = false;
};

struct Panel {
  std::string title, xlabel, ylabel;
  std::vector<Series> series;
  /// x range; when not xmin < xmax (the default), the range of the data. The y range is automatic:
  /// the data within the x range, with a 5% margin.
  double xmin = std::numeric_limits<double>::quiet_NaN(), xmax = std::numeric_limits<double>::quiet_NaN();
};

/// A line chart of stacked panels (e.g. one per gauge), each with a title, framed axes, tick
/// labels, axis labels, light grid lines and a legend in its top-right corner.
Image render_chart(const std::vector<Panel>& panels, int width = 900, int panel_height = 260);

/// "Nice" tick positions (steps 1, 2, 2.5 or 5 x 10^k) within [lo, hi], at most max_ticks and, when
/// possible, at least 3; with log_scale, powers of ten (or lo, a midpoint, hi when too few).
std::vector<double> nice_ticks(double lo, double hi, int max_ticks, bool log_scale = false);

}  // namespace ria::io
