// PNG output and input through cairo (RIA_CAIRO=ON), and the shared cairo helpers of
// cairo_draw.hpp.
#include <cairo.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "io/maps/cairo_draw.hpp"
#include "io/maps/image.hpp"
#include "io/io_error.hpp"

namespace ria::io {
namespace cairo_draw {

std::string valid_utf8(const std::string& s) {
  std::string out;
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  for (std::size_t k = 0; k < n;) {
    const unsigned char c = p[k];
    // Length of the sequence and the smallest code point it may encode (no overlong forms).
    const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    bool ok = len > 0 && k + len <= n;
    unsigned cp = len == 1 ? c : len == 2 ? c & 0x1f : len == 3 ? c & 0x0f : c & 0x07;
    for (std::size_t m = 1; ok && m < len; ++m) {
      ok = (p[k + m] & 0xc0) == 0x80;
      cp = (cp << 6) | (p[k + m] & 0x3f);
    }
    static constexpr unsigned kMin[5] = {0, 0, 0x80, 0x800, 0x10000};
    ok = ok && cp >= kMin[len] && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) && (len > 1 || c != 0);
    if (ok) {
      out.append(s, k, len);
      k += len;
    } else {
      out += "\xef\xbf\xbd";  // U+FFFD
      ++k;
    }
  }
  return out;
}

Canvas::Canvas(int w, int h, Rgb background) {
  surface_ = cairo_image_surface_create(CAIRO_FORMAT_RGB24, std::max(w, 1), std::max(h, 1));
  cr_ = cairo_create(surface_);
  set_colour(cr_, background);
  cairo_paint(cr_);
}

Canvas::~Canvas() {
  cairo_destroy(cr_);
  cairo_surface_destroy(surface_);
}

Image Canvas::image() {
  if (cairo_status(cr_) != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("drawing with cairo failed: ") + cairo_status_to_string(cairo_status(cr_)));
  return image_from_surface(surface_);
}

cairo_surface_t* surface_from_image(const Image& img) {
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, img.width, img.height);
  cairo_surface_flush(s);
  unsigned char* data = cairo_image_surface_get_data(s);
  const int stride = cairo_image_surface_get_stride(s);
  for (int y = 0; y < img.height && data; ++y) {
    auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::size_t>(y) * stride);
    for (int x = 0; x < img.width; ++x) {
      const Rgb c = img.get(x, y);
      row[x] = 0xff000000u | (std::uint32_t{c[0]} << 16) | (std::uint32_t{c[1]} << 8) | c[2];
    }
  }
  cairo_surface_mark_dirty(s);
  return s;
}

Image image_from_surface(cairo_surface_t* s) {
  cairo_surface_flush(s);
  const int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
  const int stride = cairo_image_surface_get_stride(s);
  const bool alpha = cairo_image_surface_get_format(s) == CAIRO_FORMAT_ARGB32;
  const unsigned char* data = cairo_image_surface_get_data(s);
  Image img(w, h);
  for (int y = 0; y < h && data; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::size_t>(y) * stride);
    for (int x = 0; x < w; ++x) {
      const std::uint32_t v = row[x];
      // ARGB32 is premultiplied: composite over white.
      const unsigned a = alpha ? v >> 24 : 255;
      auto ch = [&](int shift) { return static_cast<unsigned char>(((v >> shift) & 0xff) + (255 - a)); };
      img.set(x, y, {ch(16), ch(8), ch(0)});
    }
  }
  return img;
}

void set_font(cairo_t* cr, double size, bool bold) {
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
}

double text_width(cairo_t* cr, const std::string& s) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, valid_utf8(s).c_str(), &e);
  return e.x_advance;
}

void text(cairo_t* cr, double x, double y, const std::string& s, bool halo) {
  if (s.empty()) return;
  const std::string u = valid_utf8(s);
  cairo_font_extents_t fe;
  cairo_font_extents(cr, &fe);
  cairo_move_to(cr, x, y + fe.ascent);
  if (halo) {
    cairo_save(cr);
    cairo_text_path(cr, u.c_str());
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_set_line_width(cr, 3);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
    cairo_restore(cr);
    cairo_move_to(cr, x, y + fe.ascent);
  }
  cairo_show_text(cr, u.c_str());
  cairo_new_path(cr);
}

void text_up(cairo_t* cr, double x, double y, const std::string& s) {
  cairo_save(cr);
  cairo_translate(cr, x, y);
  cairo_rotate(cr, -1.5707963267948966);  // -90 degrees
  text(cr, 0, 0, s);
  cairo_restore(cr);
}

}  // namespace cairo_draw

bool png_built() { return true; }

void write_png(const std::string& path, const Image& img) {
  if (img.width < 1 || img.height < 1 || img.rgb.size() != static_cast<std::size_t>(img.width) * img.height * 3)
    throw std::invalid_argument("write_png: empty image or pixel buffer of the wrong size for '" + path + "'");
  cairo_surface_t* s = cairo_draw::surface_from_image(img);
  const std::string tmp = path + ".tmp";
  errno = 0;
  const cairo_status_t st = cairo_surface_write_to_png(s, tmp.c_str());
  cairo_surface_destroy(s);
  std::error_code ec;
  if (st != CAIRO_STATUS_SUCCESS) {
    const std::string why = st == CAIRO_STATUS_WRITE_ERROR && errno ? std::strerror(errno) : cairo_status_to_string(st);
    std::filesystem::remove(tmp, ec);
    throw IoError("cannot write '" + path + "': " + why);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string err = std::strerror(errno);
    std::filesystem::remove(tmp, ec);
    throw IoError("cannot rename '" + tmp + "' to '" + path + "': " + err);
  }
}

Image read_png(const std::string& path) {
  cairo_surface_t* s = cairo_image_surface_create_from_png(path.c_str());
  const cairo_status_t st = cairo_surface_status(s);
  if (st != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(s);
    throw IoError("cannot read PNG file '" + path + "': " + cairo_status_to_string(st));
  }
  Image img = cairo_draw::image_from_surface(s);
  cairo_surface_destroy(s);
  return img;
}

}  // namespace ria::io
