// The side view of SPH particles of io/maps/image.hpp drawn with cairo: equal scales on both axes,
// fluid particles coloured by pressure with a colour bar, boundary particles grey, ticks in metres.
#include <cairo.h>

#include <algorithm>
#include <cmath>

#include "io/maps/cairo_draw.hpp"
#include "io/maps/image.hpp"

namespace ria::io {

using namespace cairo_draw;

Image render_particles(const sph::Particles& p, const sph::Tait& eos, double dp, const std::string& title, int width) {
  constexpr Rgb kBlack{0, 0, 0}, kFrame{60, 60, 60}, kWall{150, 150, 150};
  const int zc = p.dim == 2 ? 1 : 2;  // the height: z (3-D) or the second coordinate (2-D)
  double xlo = HUGE_VAL, xhi = -HUGE_VAL, zlo = HUGE_VAL, zhi = -HUGE_VAL, plo = HUGE_VAL, phi = -HUGE_VAL;
  for (std::size_t a = 0; a < p.size(); ++a) {
    if (p.is_out(a)) continue;  // parked outside the domain (particles.hpp)
    xlo = std::min(xlo, p.r[0][a]), xhi = std::max(xhi, p.r[0][a]);
    zlo = std::min(zlo, p.r[zc][a]), zhi = std::max(zhi, p.r[zc][a]);
    if (p.is_fluid(a)) plo = std::min(plo, eos.pressure(p.rho[a])), phi = std::max(phi, eos.pressure(p.rho[a]));
  }
  if (!(xlo < xhi)) xlo -= 0.5, xhi += 0.5;
  if (!(zlo < zhi)) zlo -= 0.5, zhi += 0.5;
  if (!(plo < phi)) plo = std::isfinite(plo) ? plo - 1 : 0, phi = std::isfinite(phi) ? phi + 1 : 1;
  xlo -= dp, xhi += dp, zlo -= dp, zhi += dp;
  // Plot area: `width` minus the margins, its height from the data's aspect (equal scales).
  width = std::max(width, 320);
  const int left = 70, right = width - 120, top = 44;
  const double scale = (right - left) / (xhi - xlo);  // pixels per metre
  const int plot_h = std::clamp(static_cast<int>(std::lround((zhi - zlo) * scale)), 60, 4 * width);
  const int bottom = top + plot_h, height = bottom + 48;
  Canvas canvas(width, height);
  cairo_t* cr = canvas.cr();
  const auto X = [&](double x) { return left + (x - xlo) * scale; };
  const auto Z = [&](double z) { return bottom - (z - zlo) * (plot_h / (zhi - zlo)); };
  set_colour(cr, kBlack);
  set_font(cr, 16, true);
  text(cr, left, 10, title);
  // Particles: walls first, then the fluid on top; a disc of diameter dp (at least 1.5 px).
  const double radius = std::max(0.75, 0.5 * dp * scale);
  cairo_save(cr);
  cairo_rectangle(cr, left, top, right - left, plot_h);
  cairo_clip(cr);
  for (int pass = 0; pass < 2; ++pass)
    for (std::size_t a = 0; a < p.size(); ++a) {
      if (p.is_out(a) || p.is_fluid(a) != (pass == 1)) continue;
      set_colour(cr, pass == 0 ? kWall
                               : palette_colour(MapStyle::Palette::concentration,
                                                (eos.pressure(p.rho[a]) - plo) / (phi - plo)));
      cairo_new_path(cr);
      cairo_arc(cr, X(p.r[0][a]), Z(p.r[zc][a]), radius, 0, 2 * M_PI);
      cairo_fill(cr);
    }
  cairo_restore(cr);
  // Frame and ticks in metres.
  set_colour(cr, kFrame);
  cairo_set_line_width(cr, 1);
  cairo_rectangle(cr, left + 0.5, top + 0.5, right - left - 1, plot_h - 1);
  cairo_stroke(cr);
  set_font(cr, 11);
  for (double t : nice_ticks(xlo, xhi, 8)) {
    const double x = std::round(X(t)) + 0.5;
    cairo_move_to(cr, x, bottom), cairo_line_to(cr, x, bottom + 5), cairo_stroke(cr);
    const std::string l = tick_label(t, xhi - xlo);
    text(cr, x - text_width(cr, l) / 2, bottom + 7, l);
  }
  for (double t : nice_ticks(zlo, zhi, 6)) {
    const double z = std::round(Z(t)) + 0.5;
    cairo_move_to(cr, left - 5, z), cairo_line_to(cr, left, z), cairo_stroke(cr);
    const std::string l = tick_label(t, zhi - zlo);
    text(cr, left - 8 - text_width(cr, l), z - 7, l);
  }
  set_font(cr, 12);
  text(cr, (left + right) / 2.0 - 20, bottom + 24, "x [m]");
  text_up(cr, 8, (top + bottom) / 2.0 + 15, "z [m]");
  // Colour bar of the fluid's pressure.
  const int bx = right + 24, bw = 16;
  for (int y = top; y < bottom; ++y) {
    set_colour(cr, palette_colour(MapStyle::Palette::concentration, 1.0 - (y - top) / double(bottom - top)));
    cairo_rectangle(cr, bx, y, bw, 1);
    cairo_fill(cr);
  }
  set_colour(cr, kFrame);
  cairo_rectangle(cr, bx + 0.5, top + 0.5, bw, plot_h - 1);
  cairo_stroke(cr);
  set_font(cr, 11);
  for (double t : nice_ticks(plo, phi, 6)) {
    const double y = top + (phi - t) / (phi - plo) * plot_h;
    cairo_move_to(cr, bx + bw, y), cairo_line_to(cr, bx + bw + 4, y), cairo_stroke(cr);
    text(cr, bx + bw + 6, y - 7, tick_label(t, phi - plo));
  }
  text(cr, bx - 4, top - 18, "p [Pa]");
  return canvas.image();
}

}  // namespace ria::io
