// gif_animation.hpp through giflib 5 (gif_lib.h).
#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "io/io_error.hpp"
#include "io/maps/gif_animation.hpp"

namespace ria::io {

struct GifAnimation::File {
  GifFileType* gif = nullptr;
  int width = 0, height = 0;
};

namespace {

std::string gif_error(int code) {
  const char* s = GifErrorString(code);
  return s ? s : "giflib error " + std::to_string(code);
}

}  // namespace

bool gif_built() { return true; }

GifAnimation::GifAnimation(const std::string& path, int delay_cs)
    : file_(std::make_unique<File>()), path_(path), delay_cs_(delay_cs) {
  if (delay_cs < 0 || delay_cs > 65535)
    throw std::invalid_argument("GIF frame delay " + std::to_string(delay_cs) + " cs: expected 0 to 65535");
  // Opened here rather than by EGifOpenFileName, which creates the file readable by its owner only.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) throw IoError("cannot create the animation '" + path + "': " + std::strerror(errno));
  int err = 0;
  file_->gif = EGifOpenFileHandle(fd, &err);  // owns fd once it returns a file (EGifCloseFile closes it)
  if (!file_->gif) {
    ::close(fd);  // giflib 5 fails only before it takes fd over
    throw IoError("cannot create the animation '" + path + "': " + gif_error(err));
  }
  EGifSetGifVersion(file_->gif, true);  // GIF89a: frame delays and the loop extension
}

GifAnimation::~GifAnimation() {
  try {
    close();
  } catch (...) {
  }
}

void GifAnimation::add(const Image& frame) {
  if (!file_->gif) throw IoError("animation '" + path_ + "' is closed");
  const auto fail = [&](const std::string& what) {
    throw IoError("cannot write frame " + std::to_string(frames_ + 1) + " of the animation '" + path_ + "': " + what +
                  ": " + gif_error(file_->gif->Error));
  };
  if (frames_ == 0) {
    file_->width = frame.width, file_->height = frame.height;
    if (EGifPutScreenDesc(file_->gif, frame.width, frame.height, 8, 0, nullptr) == GIF_ERROR) fail("screen descriptor");
    // NETSCAPE2.0 application extension: loop count 0 = forever.
    static const GifByteType kApp[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
    static const GifByteType kLoop[] = {1, 0, 0};
    if (EGifPutExtensionLeader(file_->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(file_->gif, sizeof kApp, kApp) == GIF_ERROR ||
        EGifPutExtensionBlock(file_->gif, sizeof kLoop, kLoop) == GIF_ERROR ||
        EGifPutExtensionTrailer(file_->gif) == GIF_ERROR)
      fail("loop extension");
  } else if (frame.width != file_->width || frame.height != file_->height) {
    throw std::invalid_argument("animation '" + path_ + "': frame " + std::to_string(frames_ + 1) + " is " +
                                std::to_string(frame.width) + " x " + std::to_string(frame.height) + " pixels, the first " +
                                std::to_string(file_->width) + " x " + std::to_string(file_->height));
  }
  const std::size_t n = static_cast<std::size_t>(frame.width) * static_cast<std::size_t>(frame.height);
  std::vector<GifByteType> r(n), g(n), b(n), index(n);
  for (std::size_t k = 0; k < n; ++k) r[k] = frame.rgb[3 * k], g[k] = frame.rgb[3 * k + 1], b[k] = frame.rgb[3 * k + 2];
  GifColorType colours[256] = {};
  int count = 256;
  if (GifQuantizeBuffer(static_cast<unsigned>(frame.width), static_cast<unsigned>(frame.height), &count, r.data(), g.data(),
                        b.data(), index.data(), colours) == GIF_ERROR)
    throw IoError("cannot quantise frame " + std::to_string(frames_ + 1) + " of the animation '" + path_ + "' to 256 colours");
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSE_DO_NOT;
  gcb.UserInputFlag = false;
  gcb.DelayTime = delay_cs_;
  gcb.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType ext[4];
  const std::size_t ext_len = EGifGCBToExtension(&gcb, ext);
  if (EGifPutExtension(file_->gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(ext_len), ext) == GIF_ERROR) fail("frame delay");
  ColorMapObject* map = GifMakeMapObject(256, colours);  // a table of 2^8 entries; `count` of them used
  if (!map) throw IoError("cannot write the animation '" + path_ + "': out of memory for a colour table");
  const int put = EGifPutImageDesc(file_->gif, 0, 0, frame.width, frame.height, false, map);
  GifFreeMapObject(map);
  if (put == GIF_ERROR) fail("image descriptor");
  for (int y = 0; y < frame.height; ++y)
    if (EGifPutLine(file_->gif, index.data() + static_cast<std::size_t>(y) * frame.width, frame.width) == GIF_ERROR)
      fail("pixels");
  ++frames_;
}

void GifAnimation::close() {
  if (!file_ || !file_->gif) return;
  GifFileType* gif = file_->gif;
  file_->gif = nullptr;
  int err = 0;
  if (EGifCloseFile(gif, &err) == GIF_ERROR) throw IoError("cannot close the animation '" + path_ + "': " + gif_error(err));
}

}  // namespace ria::io
