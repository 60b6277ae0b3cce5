// What the cairo renderers (map_render_cairo.cpp, chart_render_cairo.cpp) and the PNG writer
// share: a canvas (an RGB24 cairo image surface and its context), conversion to and from Image,
// colours, and UTF-8 text through cairo's toy text API. Internal to src/io; only built with cairo.
#pragma once

#include <cairo.h>

#include <string>

#include "io/maps/image.hpp"

namespace ria::io::cairo_draw {

/// `s` with every byte sequence that is not valid UTF-8 replaced by U+FFFD: cairo refuses invalid
/// strings by putting the whole context into an error state.
std::string valid_utf8(const std::string& s);

/// A cairo image surface (CAIRO_FORMAT_RGB24) of w x h pixels, filled with `background`.
class Canvas {
 public:
  Canvas(int w, int h, Rgb background = {255, 255, 255});
  ~Canvas();
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;
  cairo_t* cr() const { return cr_; }
  cairo_surface_t* surface() const { return surface_; }
  /// The pixels as an Image; std::runtime_error when cairo reports an error on the context.
  Image image();

 private:
  cairo_surface_t* surface_ = nullptr;
  cairo_t* cr_ = nullptr;
};

/// A new RGB24 surface holding img's pixels (the caller destroys it).
cairo_surface_t* surface_from_image(const Image& img);
/// The pixels of an RGB24 or ARGB32 image surface (alpha dropped).
Image image_from_surface(cairo_surface_t* s);

inline void set_colour(cairo_t* cr, Rgb c) { cairo_set_source_rgb(cr, c[0] / 255.0, c[1] / 255.0, c[2] / 255.0); }

/// Sets the sans-serif face ("DejaVu Sans" when installed) at `size` pixels.
void set_font(cairo_t* cr, double size, bool bold = false);
/// Advance width of s in the current font [px].
double text_width(cairo_t* cr, const std::string& s);
/// Draws s (UTF-8) with its top-left corner at (x, y) in the current font and source colour;
/// with `halo`, a white outline first so that it reads over a map.
void text(cairo_t* cr, double x, double y, const std::string& s, bool halo = false);
/// Draws s reading upwards (rotated 90 degrees anticlockwise), its start at (x, y).
void text_up(cairo_t* cr, double x, double y, const std::string& s);

}  // namespace ria::io::cairo_draw
