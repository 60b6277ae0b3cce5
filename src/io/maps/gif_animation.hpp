// Animated GIF output through giflib (Debian libgif-dev; RIA_GIF): frames of the map renderer
// (image.hpp) quantised to 256 colours each (giflib's GifQuantizeBuffer, Heckbert's median cut) and
// LZW-encoded by giflib as they come, so a long run keeps no frames in memory. Without giflib,
// gif_built() is false and GifAnimation's constructor throws IoError ("not built").
#pragma once

#include <memory>
#include <string>

#include "io/maps/image.hpp"

namespace ria::io {

/// True when this build writes animated GIFs (configured with RIA_GIF).
bool gif_built();

/// An animated GIF written frame by frame: GIF89a, looping forever (the NETSCAPE2.0 extension),
/// each frame `delay_cs` hundredths of a second with its own 256-colour table.
class GifAnimation {
 public:
  /// Creates (truncates) `path`; the screen size is the first frame's. IoError naming the path when
  /// it cannot be created, or when not built.
  GifAnimation(const std::string& path, int delay_cs);
  ~GifAnimation();
  GifAnimation(const GifAnimation&) = delete;
  GifAnimation& operator=(const GifAnimation&) = delete;

  /// Appends a frame. std::invalid_argument when its size differs from the first frame's; IoError
  /// when giflib cannot write it.
  void add(const Image& frame);
  /// Writes the trailer and closes the file (also done by the destructor, which never throws).
  /// IoError when giflib cannot. A file closed without frames holds only its header.
  void close();
  int frames() const { return frames_; }

 private:
  struct File;
  std::unique_ptr<File> file_;
  std::string path_;
  int delay_cs_ = 0, frames_ = 0;
};

}  // namespace ria::io
