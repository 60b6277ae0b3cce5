// Maps, charts and PNG files in a build without cairo (RIA_CAIRO=OFF): png_built() is false and
// every call that would draw or touch a PNG file says so. `ria run` checks png_built() first and
// warns once instead of calling these.
#include "io/maps/image.hpp"
#include "io/io_error.hpp"

namespace ria::io {
namespace {

[[noreturn]] void not_built(const std::string& what) {
  throw IoError(what + " needs cairo, and ria was built without it (install libcairo2-dev and configure with "
                       "-DRIA_CAIRO=ON)");
}

}  // namespace

bool png_built() { return false; }
void write_png(const std::string& path, const Image&) { not_built("writing the PNG file '" + path + "'"); }
Image read_png(const std::string& path) { not_built("reading the PNG file '" + path + "'"); }
Image render_map(const Grid&, const std::vector<double>&, const std::vector<double>&, const MapStyle&) {
  not_built("drawing a map");
}
Image render_chart(const std::vector<Panel>&, int, int) { not_built("drawing a chart"); }
Image render_particles(const sph::Particles&, const sph::Tait&, double, const std::string&, int) {
  not_built("drawing particles");
}

}  // namespace ria::io
