// Quicklook images: colour maps, ticks, the map raster (land, clean water, field, coastline), the
// cairo renderers (frame, markers, colour bar, UTF-8 text), the chart and PNG files read back.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "io/maps/image.hpp"
#include "io/output_names.hpp"
#include "io/io_error.hpp"

namespace fs = std::filesystem;
using namespace ria::io;

namespace {

struct BoundingBox {
  int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
  long count = 0;
};

template <class Pred>
BoundingBox find_pixels(const Image& img, Pred pred, int x_end = 1 << 30) {
  BoundingBox b;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < std::min(img.width, x_end); ++x)
      if (pred(img.get(x, y))) {
        b.x0 = std::min(b.x0, x), b.y0 = std::min(b.y0, y), b.x1 = std::max(b.x1, x), b.y1 = std::max(b.y1, y);
        ++b.count;
      }
  return b;
}
BoundingBox find_colour(const Image& img, Rgb c, int x_end = 1 << 30) {
  return find_pixels(img, [&](Rgb p) { return p == c; }, x_end);
}

bool is_grey(Rgb c) { return c[0] == c[1] && c[1] == c[2]; }

std::string temp_file(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "ria_test_image" /
                       ::testing::UnitTest::GetInstance()->current_test_info()->name();
  fs::create_directories(dir);
  return (dir / name).string();
}

/// 40 x 20 cells of 10 m: land (field NaN) in the 10 eastern columns, one of them without bed
/// (nodata); clean water (0) elsewhere, with a plume block of 0.5 in the north-west corner.
struct Scene {
  ria::Grid g;
  std::vector<double> bed, field;
  MapStyle s;
  Scene() {
    g.nx = 40, g.ny = 20, g.dx = g.dy = 10;
    bed.resize(g.cells());
    field.assign(g.cells(), 0.0);
    for (int j = 0; j < g.ny; ++j)
      for (int i = 0; i < g.nx; ++i) {
        bed[j * g.nx + i] = -5 + 0.3 * i + 0.1 * j;
        if (i >= 30) field[j * g.nx + i] = std::nan("");
      }
    for (int j = 16; j < 20; ++j)
      for (int i = 0; i < 6; ++i) field[j * g.nx + i] = 0.5;
    bed[10 * g.nx + 35] = std::nan("");
    s.units = "C [kg m-3]";
    s.threshold = 0.01;
    s.max_pixels = 400;
  }
};

}  // namespace

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
  EXPECT_GE(nice_ticks(0.01, 0.1, 5, true).size(), 3u);
}

TEST(MapRaster, LandCleanWaterFieldAndCoastlineNorthUp) {
  const Scene sc;
  const Image r = map_raster(sc.g, sc.bed, sc.field, sc.s);
  ASSERT_EQ(r.width, 400);  // 10 pixels per cell
  ASSERT_EQ(r.height, 200);
  // The plume block: 6 x 4 cells at the top-left (north-west), its own colour, nothing else.
  const BoundingBox a = find_colour(r, palette_colour(sc.s.palette, 0.5));
  EXPECT_EQ(a.count, 60 * 40);
  EXPECT_EQ(a.x0, 0);
  EXPECT_EQ(a.y0, 0);
  EXPECT_EQ(a.x1, 59);
  EXPECT_EQ(a.y1, 39);
  // Clean water is light blue, land a grey hillshade (the bed rises to the east: lighter), and the
  // bed without value white; land and clean water differ.
  EXPECT_EQ(r.get(150, 100), map_colours::water);
  EXPECT_TRUE(is_grey(r.get(310, 100)));
  EXPECT_NE(r.get(310, 100), map_colours::water);
  EXPECT_EQ(r.get(355, 95), map_colours::nodata);  // cell (35, 10)
  // The wet/dry outline: the last water column touching land, and only that one.
  for (int y : {0, 57, 199}) {
    EXPECT_EQ(r.get(299, y), map_colours::coast) << y;
    EXPECT_NE(r.get(298, y), map_colours::coast) << y;
    EXPECT_NE(r.get(300, y), map_colours::coast) << y;
  }
  EXPECT_EQ(find_colour(r, map_colours::coast).count, 200);
  EXPECT_THROW(map_raster(sc.g, sc.bed, std::vector<double>(3), sc.s), std::invalid_argument);
}

TEST(MapRaster, LogScaleSpreadsDecades) {
  ria::Grid g;
  g.nx = 3, g.ny = 1, g.dx = g.dy = 1;
  MapStyle s;
  s.palette = MapStyle::Palette::depth;
  s.vmin = 0.01, s.vmax = 10, s.log_scale = true, s.threshold = 1e-3, s.max_pixels = 30;
  EXPECT_NEAR(colour_position(0.1, s), 1.0 / 3, 1e-12);
  const Image r = map_raster(g, std::vector<double>(3, -5.0), {0.1, 1.0, 10.0}, s);
  EXPECT_EQ(r.get(5, 5), palette_colour(s.palette, 1.0 / 3));
  EXPECT_EQ(r.get(15, 5), palette_colour(s.palette, 2.0 / 3));
  s.log_scale = false, s.vmin = 0;  // linear: 0.1 and 1 m are nearly alike
  EXPECT_EQ(map_raster(g, std::vector<double>(3, -5.0), {0.1, 1.0, 10.0}, s).get(5, 5), palette_colour(s.palette, 0.01));
}

TEST(MapRaster, EveryCellAboveTheArrivalThresholdIsColoured) {
  // Threshold 0.01 under a source of 1000: the scale starts at 1e-4 x 1000 = 0.1; a cell of 0.05
  // (reached: above the threshold) takes the scale's lowest colour, one of 0.01 (not above it) is
  // clean water, one of 1000 the top colour.
  ria::Grid g;
  g.nx = 3, g.ny = 1, g.dx = g.dy = 1;
  MapStyle s;
  s.max_pixels = 30;
  set_concentration_scale(s, 0.01, 1000);
  EXPECT_DOUBLE_EQ(s.vmin, 0.1);
  const Image r = map_raster(g, std::vector<double>(3, -5.0), {0.05, 0.01, 1000}, s);
  EXPECT_EQ(r.get(5, 5), palette_colour(s.palette, 0));
  EXPECT_EQ(r.get(15, 5), map_colours::water);
  EXPECT_EQ(r.get(25, 5), palette_colour(s.palette, 1));
  set_concentration_scale(s, 0.5, 1000);  // a threshold above 1e-4 of the source: the scale's foot
  EXPECT_DOUBLE_EQ(s.vmin, 0.5);
}

TEST(RenderMap, WithoutCairoSaysItIsNotBuilt) {
  if (png_built()) GTEST_SKIP() << "built with cairo";
  const Scene sc;
  EXPECT_THROW(render_map(sc.g, sc.bed, sc.field, sc.s), IoError);
  EXPECT_THROW(write_png(temp_file("x.png"), Image(2, 2)), IoError);
}

TEST(RenderMap, FramesTheRasterAndDrawsMarkersColourBarAndTitle) {
  if (!png_built()) GTEST_SKIP() << "built without cairo";
  Scene sc;
  sc.s.title = "Ría de Vigo: concentración";
  sc.s.time_label = "t = 1:30:00";
  sc.s.markers = {{MapMarker::Kind::gauge, 105, 105, "Bouzas"}, {MapMarker::Kind::release, 205, 55, "vertido"}};
  const Image img = render_map(sc.g, sc.bed, sc.field, sc.s);
  const Image raster = map_raster(sc.g, sc.bed, sc.field, sc.s);
  const MapFrame f = map_frame(sc.g, sc.s);
  ASSERT_GT(img.width, f.x0 + f.width + 30);
  ASSERT_GT(img.height, f.y0 + f.height);
  // The raster is painted pixel for pixel inside a frame.
  for (auto [x, y] : {std::pair{0, 0}, {59, 39}, {150, 150}, {299, 10}, {310, 100}, {355, 95}, {399, 199}})
    EXPECT_EQ(img.get(f.x0 + x, f.y0 + y), raster.get(x, y)) << x << ", " << y;
  EXPECT_EQ(img.get(f.x0 - 1, f.y0 + 100), map_colours::frame);
  EXPECT_EQ(img.get(f.x0 + 200, f.y0 + f.height), map_colours::frame);
  // Markers at their model positions, in their colours.
  const auto gp = f.to_pixel(sc.g, 105, 105), rp = f.to_pixel(sc.g, 205, 55);
  EXPECT_EQ(gp[0], f.x0 + 105);  // 1 m per pixel, y from the north edge at 200 m
  EXPECT_EQ(gp[1], f.y0 + 95);
  EXPECT_EQ(img.get(static_cast<int>(gp[0]), static_cast<int>(gp[1])), map_colours::gauge);
  EXPECT_EQ(img.get(static_cast<int>(rp[0]), static_cast<int>(rp[1])), map_colours::release);
  EXPECT_EQ(raster.get(105, 95), map_colours::water);  // under the gauge marker: water
  // The marker names: dark text right of the gauge marker.
  const BoundingBox label = find_pixels(img, [](Rgb p) { return p[0] < 80 && p[1] < 80 && p[2] < 80; });
  EXPECT_GT(label.count, 0);
  bool name_ink = false;
  for (int y = static_cast<int>(gp[1]) - 8; y < gp[1] + 8; ++y)
    for (int x = static_cast<int>(gp[0]) + 9; x < gp[0] + 60; ++x) {
      const Rgb p = img.get(x, y);
      name_ink |= p[0] < 80 && p[1] < 80 && p[2] < 80;
    }
  EXPECT_TRUE(name_ink);
  // A colour bar right of the map: a column of >= 100 coloured (non-grey) pixels.
  int longest = 0;
  for (int x = f.x0 + f.width + 1; x < img.width; ++x) {
    int run = 0;
    for (int y = 0; y < img.height; ++y) {
      run = is_grey(img.get(x, y)) ? 0 : run + 1;
      longest = std::max(longest, run);
    }
  }
  EXPECT_GE(longest, 100);
  // Title ink above the map.
  EXPECT_GT(find_pixels(img, [](Rgb p) { return p[0] < 100; }, img.width).y0, 0);
  EXPECT_LT(find_pixels(img, [](Rgb p) { return p[0] < 100 && is_grey(p); }).y0, f.y0 - 2);
}

TEST(RenderMap, Utf8TextIsDrawnAsItsOwnGlyphs) {
  if (!png_built()) GTEST_SKIP() << "built without cairo";
  // "Ría" and "R?a" must differ (a bitmap font without accents drew both alike), and text that
  // is not valid UTF-8 is drawn with replacement characters, not refused.
  Scene sc;
  auto title_band = [&](const std::string& title) {
    sc.s.title = title;
    const Image img = render_map(sc.g, sc.bed, sc.field, sc.s);
    std::vector<unsigned char> band(img.rgb.begin(), img.rgb.begin() + 3 * img.width * (map_frame(sc.g, sc.s).y0 - 2));
    return band;
  };
  const auto accented = title_band("Ría ñ ü"), ascii = title_band("R?a ? ?"), blank = title_band(" ");
  EXPECT_NE(accented, ascii);
  EXPECT_NE(accented, blank);
  EXPECT_NO_THROW(title_band("bad \xff\xfe utf-8 \xc3"));
}

TEST(RenderChart, DrawsEverySeriesInItsColour) {
  if (!png_built()) GTEST_SKIP() << "built without cairo";
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
  // Antialiased lines: count pixels that are clearly red or clearly blue.
  const BoundingBox r = find_pixels(img, [](Rgb c) { return c[0] > 150 && c[1] < 110 && c[2] < 110; });
  const BoundingBox b = find_pixels(img, [](Rgb c) { return c[2] > 150 && c[0] < 110 && c[1] < 140; });
  EXPECT_GT(b.count, 3 * 700);  // a 2-pixel line across ~800 pixels, three times
  EXPECT_GT(r.count, 3 * 300);  // dashed
  EXPECT_LT(r.count, b.count);
  EXPECT_LT(b.y0, 260);  // first panel
  EXPECT_GT(b.y1, 520);  // last panel
}

TEST(RenderChart, PointsAreDiscsAtTheirPositionsOnly) {
  if (!png_built()) GTEST_SKIP() << "built without cairo";
  Panel pn;
  const Rgb green{20, 170, 40};
  Series pts{"measured", {1, 9}, {1, 9}, green, false, true};
  Series frame{"", {0, 10}, {0, 10}, {255, 255, 255}, false};  // white: sets the ranges only
  pn.series = {frame, pts};
  const Image img = render_chart({pn}, 400, 300);
  // Two discs of radius 4 px (about 50 px each, antialiased edges not counted) and the legend's.
  const BoundingBox g = find_pixels(img, [](Rgb c) { return c[1] > 140 && c[0] < 80 && c[2] < 90; });
  EXPECT_GT(g.count, 3 * 25);
  EXPECT_LT(g.count, 3 * 60);  // no line between them
}

TEST(Png, WrittenFilesReadBackPixelForPixel) {
  if (!png_built()) GTEST_SKIP() << "built without cairo";
  Image img(37, 21, {10, 20, 30});
  img.set(3, 4, {200, 100, 50});
  img.set(36, 20, {255, 0, 255});
  const std::string path = temp_file("x.png");
  write_png(path, img);
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  std::ifstream f(path, std::ios::binary);
  char magic[8];
  f.read(magic, 8);
  EXPECT_EQ(std::string(magic, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  const Image back = read_png(path);
  EXPECT_EQ(back.width, 37);
  EXPECT_EQ(back.height, 21);
  EXPECT_EQ(back.rgb, img.rgb);
  EXPECT_THROW(write_png(temp_file("no_such_dir/x.png"), img), IoError);
  std::ofstream(temp_file("bad.png")) << "not a png";
  EXPECT_THROW(read_png(temp_file("bad.png")), IoError);
}

TEST(RenderParticles, EqualScalesFluidByPressureWallsGrey) {
  if (!png_built()) GTEST_SKIP() << "built without cairo";
  // A 2-D tank 0.4 m wide, 0.1 m high: a wall row at the bottom (z = 0) and a fluid column
  // whose density, hence pressure, grows downwards.
  ria::sph::Particles p;
  p.dim = 2;
  const double dp = 0.01;
  for (int i = 0; i < 40; ++i) p.push({i * dp, 0.0, 0}, {0, 0, 0}, 1000, ria::sph::Kind::boundary);
  for (int j = 1; j <= 10; ++j)
    for (int i = 0; i < 5; ++i) p.push({i * dp, j * dp, 0}, {0, 0, 0}, 1000.0 + (10 - j), ria::sph::Kind::fluid);
  const ria::sph::Tait eos = ria::sph::Tait::make(1000.0, 20.0, 7.0);
  const Image img = render_particles(p, eos, dp, "tank", 900);
  EXPECT_EQ(img.width, 900);
  // Equal scales: the plot is 710 px for 0.41 m + 2 dp across, so 0.12 m high is about 0.12/0.41
  // of it; the image adds 92 px of margins.
  const double scale = 710 / (0.39 + 2 * dp);
  EXPECT_NEAR(img.height, 92 + (0.10 + 2 * dp) * scale, 2.0);
  const auto at = [&](double x, double z) {
    const int px = static_cast<int>(std::lround(70 + (x + dp) * scale));
    const int pz = static_cast<int>(std::lround(44 + (0.10 + dp - z) * (img.height - 92) / (0.10 + 2 * dp)));
    return img.get(px, pz);
  };
  EXPECT_EQ(at(0.30, 0.0), (Rgb{150, 150, 150}));  // a wall particle: grey
  // The fluid: viridis, the bottom (highest pressure) yellow, the top (lowest) dark purple.
  EXPECT_EQ(at(0.02, 0.01), palette_colour(MapStyle::Palette::concentration, 1.0));
  EXPECT_EQ(at(0.02, 0.10), palette_colour(MapStyle::Palette::concentration, 0.0));
  EXPECT_EQ(at(0.30, 0.08), (Rgb{255, 255, 255}));  // nothing there
}

// A map's file name holds its time: whole seconds as nine digits, any other time to the
// millisecond after the "s" (0.5 s and 1.5 s of a lab-scale run were both rounded to whole seconds
// and overwrote the maps of 0 s and 2 s); the names sort in time order and read back.
TEST(MapNames, WholeSecondsAsNineDigitsOtherTimesToTheMillisecond) {
  EXPECT_EQ(map_time_stamp(0), "000000000s");
  EXPECT_EQ(map_time_stamp(3600), "000003600s");
  EXPECT_EQ(map_time_stamp(0.5), "000000000s500");
  EXPECT_EQ(map_time_stamp(1.5), "000000001s500");
  EXPECT_EQ(map_time_stamp(2.0004), "000000002s");  // within the millisecond: the whole second's name
  EXPECT_EQ(map_time_stamp(604800.25), "000604800s250");
  EXPECT_EQ(map_name("depth", 0.5), "depth_t000000000s500.png");
  EXPECT_LT(map_name("depth", 2), map_name("depth", 2.5));  // sorted by name = sorted by time
  EXPECT_LT(map_name("depth", 2.5), map_name("depth", 3));
  EXPECT_LT(map_name("depth", 1.999), map_name("depth", 2));
  for (const double t : {0.0, 0.5, 2.0, 2.001, 604800.25}) {
    std::string kind;
    double back = -1;
    ASSERT_TRUE(parse_map_name(map_name("concentration", t), kind, back)) << t;
    EXPECT_EQ(kind, "concentration");
    EXPECT_EQ(back, std::llround(t * 1000) / 1000.0);
  }
  std::string kind, stem, ext;
  double t = 0;
  long long T = 0;
  for (const char* other : {"depth_t000000002.png", "depth_t2s.png", "depth_t000000002s5.png", "Depth_t000000002s.png",
                            "depth_t000000002s.png.partial", "ria.nc"})
    EXPECT_FALSE(parse_map_name(other, kind, t)) << other;
  EXPECT_EQ(restart_part(86400), "_restart_86400s");
  ASSERT_TRUE(parse_restart_name("ria_restart_86400s.nc", stem, T, ext));
  EXPECT_EQ(stem + "|" + std::to_string(T) + "|" + ext, "ria|86400|nc");
  EXPECT_FALSE(parse_restart_name("ria_restart_086400s.nc", stem, T, ext));
}
