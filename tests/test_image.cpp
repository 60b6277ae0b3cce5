// Quicklook images: text, colour maps, ticks, the map and chart renderers, PNG output.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "io/bitmap_font.hpp"
#include "io/image.hpp"
#include "io/raster.hpp"

namespace fs = std::filesystem;
using namespace ria::io;

namespace {

struct BoundingBox {
  int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
  long count = 0;
};

// Pixels of colour c with x < x_end.
BoundingBox find_colour(const Image& img, Rgb c, int x_end = 1 << 30) {
  BoundingBox b;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < std::min(img.width, x_end); ++x)
      if (img.get(x, y) == c) {
        b.x0 = std::min(b.x0, x), b.y0 = std::min(b.y0, y), b.x1 = std::max(b.x1, x), b.y1 = std::max(b.y1, y);
        ++b.count;
      }
  return b;
}

bool is_grey(Rgb c) { return c[0] == c[1] && c[1] == c[2]; }

std::string temp_file(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "ria_test_image" /
                       ::testing::UnitTest::GetInstance()->current_test_info()->name();
  fs::create_directories(dir);
  return (dir / name).string();
}

}  // namespace

TEST(Image, TextUsesTheBitmapFont) {
  Image img(20, 10);
  draw_text(img, 1, 1, "A", {0, 0, 0});
  int ink = 0, expected = 0;
  for (int row = 0; row < font::kGlyphHeight; ++row)
    for (int col = 0; col < 5; ++col) expected += (font::glyph_row('A', row) >> (4 - col)) & 1;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) ink += img.get(x, y)[0] == 0;
  EXPECT_EQ(ink, expected);
  EXPECT_GT(expected, 10);
  EXPECT_EQ(text_width("abc", 2), 34);
  // Every printable character has ink except the space.
  for (char c = 33; c < 127; ++c) {
    int bits = 0;
    for (int row = 0; row < font::kGlyphHeight; ++row) bits |= font::glyph_row(c, row);
    EXPECT_NE(bits, 0) << c;
  }
}

TEST(Image, PalettesAndTicks) {
  const Rgb lo = palette_colour(MapStyle::Palette::concentration, 0), hi = palette_colour(MapStyle::Palette::concentration, 1);
  EXPECT_EQ(lo, (Rgb{68, 1, 84}));
  EXPECT_EQ(hi, (Rgb{253, 231, 37}));
  const Rgb deep = palette_colour(MapStyle::Palette::depth, 1), shallow = palette_colour(MapStyle::Palette::depth, 0);
  EXPECT_GT(deep[2], deep[0]);
  EXPECT_GT(shallow[0] + shallow[1] + shallow[2], deep[0] + deep[1] + deep[2]);
  EXPECT_EQ(nice_ticks(0, 1, 5), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
  EXPECT_EQ(nice_ticks(1e-4, 1, 5, true).size(), 5u);
  for (auto [lo_, hi_] : {std::pair{0.0, 0.037}, {-3.0, 17.0}, {0.2, 0.8}, {101.0, 102.0}}) {
    const auto t = nice_ticks(lo_, hi_, 5);
    EXPECT_GE(t.size(), 3u);
    EXPECT_LE(t.size(), 5u);
    for (double v : t) EXPECT_TRUE(v >= lo_ - 1e-12 && v <= hi_ + 1e-12);
  }
  const auto lt = nice_ticks(0.01, 0.1, 5, true);
  EXPECT_GE(lt.size(), 3u);
}

TEST(Image, MapIsNorthUpWithFieldColoursAndColourBar) {
  ria::Grid g;
  g.nx = 40, g.ny = 20, g.dx = g.dy = 10;
  std::vector<double> bed(g.cells()), field(g.cells(), 0.0);
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) bed[j * g.nx + i] = -5 + 0.3 * i + 0.1 * j;
  // Block A (0.5) in the north-west corner, block B (0.9) in the south-east corner.
  for (int j = 16; j < 20; ++j)
    for (int i = 0; i < 6; ++i) field[j * g.nx + i] = 0.5;
  for (int j = 0; j < 3; ++j)
    for (int i = 35; i < 40; ++i) field[j * g.nx + i] = 0.9;
  bed[10 * g.nx + 20] = std::nan("");  // nodata, dry -> white
  MapStyle s;
  s.title = "Concentration";
  s.time_label = "t = 1.50 h";
  s.units = "kg/m3";
  s.threshold = 0.01;
  s.max_pixels = 400;
  const Image img = render_map(g, bed, field, s);
  ASSERT_GT(img.width, 400);
  ASSERT_GT(img.height, 200);
  // 10 pixels per cell: A is 6 x 4 cells, B 5 x 3 cells; the map is 400 x 200 pixels (the colour
  // bar on its right may have the same colours).
  const BoundingBox a0 = find_colour(img, palette_colour(s.palette, 0.5));
  const BoundingBox a = find_colour(img, palette_colour(s.palette, 0.5), a0.x0 + 400);
  const BoundingBox b = find_colour(img, palette_colour(s.palette, 0.9), a0.x0 + 400);
  EXPECT_EQ(a.x1 - a.x0 + 1, 60);
  EXPECT_EQ(a.y1 - a.y0 + 1, 40);
  EXPECT_EQ(a.count, 60 * 40);
  EXPECT_EQ(b.count, 50 * 30);
  EXPECT_EQ(b.x1 - a.x0 + 1, 400);
  EXPECT_EQ(b.y1 - a.y0 + 1, 200);
  // North up: A is at the top-left corner of the map, B at its bottom-right corner, 400 x 200 apart.
  EXPECT_EQ(img.get(a.x0 - 1, a.y0), (Rgb{60, 60, 60}));  // the map frame
  EXPECT_EQ(img.get(a.x0, a.y0 - 1), (Rgb{60, 60, 60}));
  const int map_x0 = a.x0, map_y0 = a.y0;
  EXPECT_EQ(img.get(map_x0 + 399, map_y0 + 199), palette_colour(s.palette, 0.9));
  EXPECT_EQ(img.get(map_x0 + 400, map_y0 + 199), (Rgb{60, 60, 60}));
  EXPECT_TRUE(is_grey(img.get(map_x0 + 200, map_y0 + 50)));                     // bed
  EXPECT_EQ(img.get(map_x0 + 205, map_y0 + 95), (Rgb{255, 255, 255}));          // nodata cell (20, 10)
  EXPECT_GT(img.get(map_x0 + 395, map_y0 + 5)[0], img.get(map_x0 + 5, map_y0 + 195)[0]);  // higher bed is lighter
  // A colour bar right of the map: a column of >= 100 coloured pixels.
  int longest = 0;
  for (int x = map_x0 + 401; x < img.width; ++x) {
    int run = 0;
    for (int y = 0; y < img.height; ++y) {
      run = is_grey(img.get(x, y)) ? 0 : run + 1;
      longest = std::max(longest, run);
    }
  }
  EXPECT_GE(longest, 100);
  // Title text (black) above the map.
  bool title_ink = false;
  for (int y = 0; y < map_y0 - 2; ++y)
    for (int x = 0; x < img.width; ++x) title_ink |= img.get(x, y) == Rgb{0, 0, 0};
  EXPECT_TRUE(title_ink);
  EXPECT_THROW(render_map(g, bed, std::vector<double>(3), s), std::invalid_argument);
}

TEST(Image, LargeGridsAreSubsampledToMaxPixels) {
  ria::Grid g;
  g.nx = 3000, g.ny = 10, g.dx = g.dy = 1;
  std::vector<double> bed(g.cells(), 0.0), depth(g.cells(), 2.0);
  MapStyle s;
  s.palette = MapStyle::Palette::depth;
  s.vmax = 4;
  s.max_pixels = 1000;
  const Image img = render_map(g, bed, depth, s);
  EXPECT_LE(img.width, 1000 + 150);
  EXPECT_GE(img.width, 1000);
  EXPECT_GE(find_colour(img, palette_colour(s.palette, 0.5)).count, 1000 * 3);  // 3000 x 10 cells -> 1000 x 3 pixels
}

TEST(Image, ChartDrawsEverySeriesInItsColour) {
  std::vector<Panel> panels(3);
  const Rgb red{220, 30, 30}, blue{30, 60, 200};
  for (int p = 0; p < 3; ++p) {
    panels[p].title = "Gauge " + std::to_string(5 + 2 * p);
    panels[p].xlabel = "time (s)";
    panels[p].ylabel = "water level (cm)";
    Series measured{"measured", {}, {}, blue, false}, model{"model", {}, {}, red, true};
    for (int k = 0; k <= 400; ++k) {
      const double t = 0.05 * k;
      measured.x.push_back(t), measured.y.push_back(3 * std::sin(0.5 * t + p));
      model.x.push_back(t), model.y.push_back(k == 200 ? std::nan("") : 2.5 * std::sin(0.5 * t + p + 0.2));
    }
    panels[p].series = {measured, model};
    panels[p].xmin = 0, panels[p].xmax = 20;
  }
  const Image img = render_chart(panels, 900, 260);
  EXPECT_EQ(img.width, 900);
  EXPECT_EQ(img.height, 3 * 260);
  const BoundingBox r = find_colour(img, red), b = find_colour(img, blue);
  EXPECT_GT(b.count, 3 * 700);  // a 2-pixel line across ~800 pixels, three times
  EXPECT_GT(r.count, 3 * 300);  // dashed
  EXPECT_LT(r.count, b.count);
  EXPECT_LT(b.y0, 260);  // first panel
  EXPECT_GT(b.y1, 520);  // last panel
}

TEST(Image, WritePngWritesAPngOfTheSameSize) {
  if (!png_built()) GTEST_SKIP() << "no PNG writer in this build";
  Image img(37, 21, {10, 20, 30});
  img.set(3, 4, {200, 100, 50});
  const std::string path = temp_file("x.png");
  write_png(path, img);
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  std::ifstream f(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 33u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(bytes.substr(12, 4), "IHDR");
  EXPECT_EQ(static_cast<unsigned char>(bytes[19]), 37);  // width, big-endian
  EXPECT_EQ(static_cast<unsigned char>(bytes[23]), 21);  // height
  if (gdal_built()) {  // GDAL reads it back: band 1 (red), rows top first
    const Raster r = read_raster(path);
    EXPECT_EQ(r.nx, 37);
    EXPECT_EQ(r.ny, 21);
    EXPECT_EQ(r.at(3, r.ny - 1 - 4), 200);
    EXPECT_EQ(r.at(0, 0), 10);
  }
  EXPECT_THROW(write_png(temp_file("no_such_dir/x.png"), img), std::exception);
}
