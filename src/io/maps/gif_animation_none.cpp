// Built without giflib (RIA_GIF=OFF): no animations (gif_animation.hpp).
#include "io/io_error.hpp"
#include "io/maps/gif_animation.hpp"

namespace ria::io {

struct GifAnimation::File {};

bool gif_built() { return false; }

GifAnimation::GifAnimation(const std::string& path, int delay_cs) : path_(path), delay_cs_(delay_cs) {
  throw IoError("cannot write the animation '" + path + "': ria was built without giflib (install libgif-dev and "
                "configure with -DRIA_GIF=ON)");
}

GifAnimation::~GifAnimation() = default;

void GifAnimation::add(const Image&) {}

void GifAnimation::close() {}

}  // namespace ria::io
