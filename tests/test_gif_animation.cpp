// io::GifAnimation (src/io/maps/gif_animation_giflib.cpp) read back with giflib's decoder: the
// frames, their size and delay, the loop extension, and each pixel's colour within the 5 bits per
// channel that giflib's quantiser keeps (GifQuantizeBuffer works on 5-bit colour boxes, so a
// colour alone in its box may move by up to 7 per channel; with more than 256 such colours boxes
// merge and the error grows: a frame with a hillshade and a colour bar loses some shades, as any
// 256-colour GIF does).
#include <gif_lib.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "io/io_error.hpp"
#include "io/maps/gif_animation.hpp"

namespace ria::test {
namespace {

io::Image test_frame(int w, int h, int shift) {
  io::Image img(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)  // 120 distinct colours, 5-bit distinct: each gets its own entry
      img.set(x, y, {static_cast<unsigned char>((x * 8 + shift) % 256), static_cast<unsigned char>((y % 4) * 64),
                     static_cast<unsigned char>(shift % 2 ? 248 : 16)});
  return img;
}

TEST(GifAnimation, FramesReadBackWithTheirDelayAndColours) {
  const std::string path = (std::filesystem::temp_directory_path() / "ria_test_animation.gif").string();
  const io::Image a = test_frame(30, 20, 0), b = test_frame(30, 20, 104);
  {
    io::GifAnimation gif(path, 15);
    gif.add(a);
    gif.add(b);
    EXPECT_EQ(gif.frames(), 2);
    EXPECT_THROW(gif.add(test_frame(31, 20, 0)), std::invalid_argument);
    gif.close();
  }
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0044, 0044) << "readable by group and others, as the other outputs (umask permitting)";
  int err = 0;
  GifFileType* g = DGifOpenFileName(path.c_str(), &err);
  ASSERT_NE(g, nullptr) << GifErrorString(err);
  ASSERT_EQ(DGifSlurp(g), GIF_OK) << GifErrorString(g->Error);
  EXPECT_EQ(g->SWidth, 30);
  EXPECT_EQ(g->SHeight, 20);
  ASSERT_EQ(g->ImageCount, 2);
  // giflib's decoder attaches the extensions before an image to that image: the loop extension
  // ("NETSCAPE2.0", then a sub-block 1, loop count 0 0 = forever) to the first.
  bool loop = false;
  const SavedImage& first = g->SavedImages[0];
  for (int k = 0; k + 1 < first.ExtensionBlockCount; ++k) {
    const ExtensionBlock& e = first.ExtensionBlocks[k];
    const ExtensionBlock& next = first.ExtensionBlocks[k + 1];
    if (e.Function == APPLICATION_EXT_FUNC_CODE && e.ByteCount == 11 &&
        std::string(reinterpret_cast<const char*>(e.Bytes), 11) == "NETSCAPE2.0" && next.ByteCount == 3 &&
        next.Bytes[0] == 1 && next.Bytes[1] == 0 && next.Bytes[2] == 0)
      loop = true;
  }
  EXPECT_TRUE(loop) << "NETSCAPE2.0 loop extension";
  const io::Image* frames[] = {&a, &b};
  for (int f = 0; f < 2; ++f) {
    GraphicsControlBlock gcb;
    ASSERT_EQ(DGifSavedExtensionToGCB(g, f, &gcb), GIF_OK);
    EXPECT_EQ(gcb.DelayTime, 15);
    const SavedImage& s = g->SavedImages[f];
    ASSERT_NE(s.ImageDesc.ColorMap, nullptr);
    int worst = 0;
    for (int y = 0; y < 20; ++y)
      for (int x = 0; x < 30; ++x) {
        const GifColorType c = s.ImageDesc.ColorMap->Colors[s.RasterBits[y * 30 + x]];
        const io::Rgb want = frames[f]->get(x, y);
        worst = std::max({worst, std::abs(c.Red - want[0]), std::abs(c.Green - want[1]), std::abs(c.Blue - want[2])});
      }
    EXPECT_LE(worst, 7) << "frame " << f;
  }
  DGifCloseFile(g, &err);
  std::filesystem::remove(path);
}

TEST(GifAnimation, AnUnwritablePathIsAnIoErrorNamingIt) {
  try {
    io::GifAnimation gif("/nonexistent_dir_ria/animation.gif", 15);
    FAIL() << "no error";
  } catch (const io::IoError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent_dir_ria/animation.gif"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ria::test
