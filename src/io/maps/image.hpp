// Quicklook pictures: an RGB image, colour maps and ticks (pure C++, always built), the map raster
// (land, clean water, field, coastline: pure C++), and, with cairo (RIA_CAIRO), the map, chart and
// SPH particle renderers (text, colour bar, markers; UTF-8 labels) and PNG input/output. Without cairo,
// png_built() is false and the renderers and PNG functions throw IoError ("not built").
#pragma once

#include <array>
#include <limits>
#include <string>
#include <vector>

#include "ria/grid/grid.hpp"
#include "ria/sph/eos.hpp"
#include "ria/sph/particles.hpp"

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

/// True when this build draws maps and charts and writes PNG files (configured with RIA_CAIRO).
bool png_built();
/// Writes `img` as an 8-bit RGB PNG (cairo's writer) atomically: temporary file + rename.
/// IoError on failure (naming the path), or when not built.
void write_png(const std::string& path, const Image& img);
/// Reads a PNG file (cairo's reader) as RGB (alpha dropped). IoError when it is not a readable PNG.
Image read_png(const std::string& path);

/// Fixed colours of the maps.
namespace map_colours {
inline constexpr Rgb nodata{255, 255, 255};    // bed without value
inline constexpr Rgb water{190, 222, 245};     // water with field <= threshold ("clean")
inline constexpr Rgb coast{25, 55, 110};       // water pixels next to land: the wet/dry outline
inline constexpr Rgb frame{60, 60, 60};
inline constexpr Rgb gauge{220, 30, 40};       // gauge markers
inline constexpr Rgb release{250, 130, 0};     // release markers
}  // namespace map_colours

struct MapMarker {
  enum class Kind { gauge, release };
  Kind kind = Kind::gauge;
  double x = 0, y = 0;  // model coordinates [m]
  std::string name;     // label drawn beside the marker (UTF-8); may be empty
};

struct MapStyle {
  std::string title;       // drawn at the top, large (UTF-8)
  std::string time_label;  // drawn under the title, e.g. "t = 2:00:00"
  std::string units;       // colour-bar label, e.g. "concentration [kg m-3]"
  double vmin = 0, vmax = 1;  // colour range of the field (log_scale needs vmin > 0)
  bool log_scale = false;
  enum class Palette { concentration, depth } palette = Palette::concentration;
  double threshold = 0;  // water cells with field <= threshold are drawn as clean water
  int max_pixels = 1000; // the map's longer side in pixels, at most
  std::vector<MapMarker> markers;
};

/// The log colour scale of a concentration map, from the arrival threshold (or 1e-4 of c_max where
/// that is higher: four decades at most) to c_max, the largest source concentration. Every water
/// cell above the threshold is coloured: those below the scale's foot in its lowest colour.
void set_concentration_scale(MapStyle& s, double arrival_threshold, double c_max);

/// Colour of t in [0, 1] (clamped): concentration = viridis (dark purple -> yellow), depth =
/// light -> dark blue.
Rgb palette_colour(MapStyle::Palette p, double t);
/// Position of v in the style's colour range, 0..1 (unclamped; log scale: < 0 below vmin).
double colour_position(double v, const MapStyle& s);

/// Where the map lies in the rendered image: its top-left pixel, size, and metres per pixel.
struct MapFrame {
  int x0 = 0, y0 = 0, width = 0, height = 0;
  double pixel = 1;  // [m]
  /// Pixel (column, row) of model point (x, y), north up.
  std::array<double, 2> to_pixel(const Grid& g, double x, double y) const {
    return {x0 + (x - g.x0) / pixel, y0 + (g.ny * g.dy - (y - g.y0)) / pixel};
  }
};
/// The frame of render_map(g, ..., s): cells are scaled to an integer number of pixels (>= 1), or
/// subsampled, so that the longer side fits in s.max_pixels; the map starts below the title lines.
MapFrame map_frame(const Grid& g, const MapStyle& s);

/// The map area alone (frame.width x frame.height): each cell is land (field NaN: the bed as a grey
/// hillshade lit from the north-west, or map_colours::nodata where the bed is NaN), clean water
/// (field <= threshold: map_colours::water) or the field's palette colour; water pixels that touch
/// a land pixel are map_colours::coast. Row 0 of the fields is the SOUTH row.
/// std::invalid_argument if a field's size is not g.cells().
Image map_raster(const Grid& g, const std::vector<double>& bed_elevation, const std::vector<double>& field,
                 const MapStyle& s);

/// A quicklook map: map_raster framed at map_frame, title and time label on top, a colour bar with
/// tick labels and the units on the right, a scale bar below, and the markers (gauges: red discs,
/// releases: orange diamonds, with their names). Needs cairo (IoError otherwise).
Image render_map(const Grid& g, const std::vector<double>& bed_elevation, const std::vector<double>& field,
                 const MapStyle& s);

struct Series {
  std::string name;  // legend text; empty = not in the legend
  std::vector<double> x, y;  // NaN in y breaks the line
  Rgb colour{0, 0, 0};
  bool dashed = false;
  bool points = false;  // a filled disc at each point instead of a line (measurements)
};

struct Panel {
  std::string title, xlabel, ylabel;
  std::vector<Series> series;
  /// x range; when not xmin < xmax (the default), the range of the data. The y range is automatic:
  /// the data within the x range, with a 5% margin.
  double xmin = std::numeric_limits<double>::quiet_NaN(), xmax = std::numeric_limits<double>::quiet_NaN();
};

/// A line chart of stacked panels (e.g. one per gauge), each with a title, framed axes, tick
/// labels, axis labels, light grid lines and a legend in its top-right corner. Needs cairo.
Image render_chart(const std::vector<Panel>& panels, int width = 900, int panel_height = 260);

/// A side view of SPH particles (2-D: the x-z plane; 3-D: projected on it): fluid particles as
/// discs of diameter dp coloured by their pressure (viridis, its colour bar on the right),
/// boundary particles grey under them, equal scales on both axes, ticks in metres, the title on
/// top. Needs cairo.
Image render_particles(const sph::Particles& p, const sph::Tait& eos, double dp, const std::string& title,
                       int width = 900);

/// "Nice" tick positions (steps 1, 2, 2.5 or 5 x 10^k) within [lo, hi], at most max_ticks and, when
/// possible, at least 3; with log_scale, powers of ten (or lo, a midpoint, hi when too few).
std::vector<double> nice_ticks(double lo, double hi, int max_ticks, bool log_scale = false);
/// A tick label: "%.4g", with values within 1e-9 of the span from zero written as 0.
std::string tick_label(double v, double span);

}  // namespace ria::io
