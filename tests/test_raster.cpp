// Rasters: ESRI ASCII parsing, crop, bilinear resampling, nodata handling; with GDAL, GeoTIFF
// round trips and errors; on the real Monai bathymetry when the shared data is present.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "io/io_error.hpp"
#include "io/raster/crs.hpp"
#include "io/raster/raster.hpp"

namespace fs = std::filesystem;
using namespace ria::io;

namespace {

const double kNaN = std::nan("");

// A file in a per-test temporary directory.
std::string temp_file(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "ria_test_raster" /
                       ::testing::UnitTest::GetInstance()->current_test_info()->name();
  fs::create_directories(dir);
  return (dir / name).string();
}

std::string write_text(const std::string& name, const std::string& text) {
  const std::string path = temp_file(name);
  std::ofstream(path) << text;
  return path;
}

Raster make_raster(int nx, int ny, double x0, double y0, double dx, double dy) {
  Raster r;
  r.nx = nx, r.ny = ny, r.x0 = x0, r.y0 = y0, r.dx = dx, r.dy = dy;
  r.v.assign(r.cells(), 0.0);
  return r;
}

// A data file of the shared data set, or "" when absent.
std::string shared_data(const std::string& rel) {
  std::vector<fs::path> roots;
  if (const char* d = std::getenv("RIA_DATA_DIR")) roots.emplace_back(d);
#ifdef RIA_SOURCE_DIR
  roots.push_back(fs::path(RIA_SOURCE_DIR) / ".." / "shared" / "data");
#endif
  for (const fs::path& r : roots)
    if (fs::is_regular_file(r / rel)) return (r / rel).string();
  return "";
}

const char* kEsri =
    "ncols 3\n"
    "nrows 2\n"
    "xllcorner 100\n"
    "yllcorner 200\n"
    "cellsize 10\n"
    "NODATA_value -9999\n"
    "1 2 3\n"
    "4 -9999 6\n";

void expect_esri_values(const Raster& r) {
  ASSERT_EQ(r.nx, 3);
  ASSERT_EQ(r.ny, 2);
  EXPECT_DOUBLE_EQ(r.x0, 100);
  EXPECT_DOUBLE_EQ(r.y0, 200);
  EXPECT_DOUBLE_EQ(r.dx, 10);
  EXPECT_DOUBLE_EQ(r.dy, 10);
  // The first data line is the NORTH row (j = 1).
  EXPECT_EQ(r.at(0, 1), 1);
  EXPECT_EQ(r.at(2, 1), 3);
  EXPECT_EQ(r.at(0, 0), 4);
  EXPECT_TRUE(std::isnan(r.at(1, 0)));
  EXPECT_EQ(r.at(2, 0), 6);
}

}  // namespace

TEST(EsriAscii, CornerRowsNorthFirstNodataIsNaN) {
  const std::string path = write_text("a.asc", kEsri);
  RasterInfo info;
  expect_esri_values(read_esri_ascii(path, &info));
  EXPECT_EQ(info.nodata_cells, 1);
  EXPECT_EQ(info.nan_cells, 0);
  EXPECT_TRUE(info.has_nodata_value);
  EXPECT_EQ(info.nodata_value, -9999);
  EXPECT_EQ(info.min, 1);
  EXPECT_EQ(info.max, 6);
  EXPECT_DOUBLE_EQ(info.xmax, 130);
  EXPECT_DOUBLE_EQ(info.ymax, 220);
  // read_raster (through GDAL when built) reads the same grid.
  expect_esri_values(read_raster(path));
  const RasterInfo gi = raster_info(path);
  EXPECT_EQ(gi.nodata_cells, 1);
  EXPECT_EQ(gi.min, 1);
  EXPECT_EQ(gi.max, 6);
}

TEST(EsriAscii, CentreRegistrationAndCaseInsensitiveKeys) {
  const std::string path = write_text("c.asc",
                                      "NCOLS 2\nNROWS 2\nXLLCENTER 105\nYLLCENTER 205\nCELLSIZE 10\n"
                                      "1.5 2.5\n3.5 nan\n");
  RasterInfo info;
  const Raster r = read_esri_ascii(path, &info);
  EXPECT_DOUBLE_EQ(r.x0, 100);
  EXPECT_DOUBLE_EQ(r.y0, 200);
  EXPECT_EQ(r.at(0, 1), 1.5);
  EXPECT_EQ(r.at(0, 0), 3.5);
  EXPECT_TRUE(std::isnan(r.at(1, 0)));
  EXPECT_FALSE(info.has_nodata_value);
  EXPECT_EQ(info.nan_cells, 1);
  const ria::Grid g = r.grid();
  EXPECT_DOUBLE_EQ(g.x_centre(0), 105);
  EXPECT_DOUBLE_EQ(g.y_centre(0), 205);
}

// GDAL writes a float grid's nodata as float32's limit in full; a writer printing floats writes
// the cells -3.4028235e+38: the same float32, so nodata (as GDAL matches it). A value near it
// that is another float32 is not.
TEST(EsriAscii, ANodataAtTheFloatLimitMatchesCellsPrintedAsFloats) {
  const std::string path = write_text("f.asc",
                                      "ncols 3\nnrows 1\nxllcorner 0\nyllcorner 0\ncellsize 1\n"
                                      "NODATA_value -3.4028234663852886e+38\n-3.4028235e+38 1 -3.4028e+38\n");
  RasterInfo info;
  const Raster r = read_esri_ascii(path, &info);
  EXPECT_TRUE(std::isnan(r.at(0, 0)));
  EXPECT_EQ(r.at(1, 0), 1);
  EXPECT_EQ(r.at(2, 0), -3.4028e+38);
  EXPECT_EQ(info.nodata_cells, 1);
}

TEST(EsriAscii, Errors) {
  EXPECT_THROW(read_esri_ascii(temp_file("missing.asc")), IoError);
  EXPECT_THROW(read_raster(temp_file("missing.asc")), IoError);
  EXPECT_THROW(read_esri_ascii(write_text("short.asc", "ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 2 3\n")),
               InputError);
  EXPECT_THROW(read_esri_ascii(write_text("nocell.asc", "ncols 1\nnrows 1\nxllcorner 0\nyllcorner 0\n1\n")), InputError);
  EXPECT_THROW(read_esri_ascii(write_text("word.asc", "ncols 2\nnrows 1\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 x\n")),
               InputError);
  const std::string text = write_text("notes.txt", "this is not a raster, just some notes\n");
  EXPECT_THROW(read_esri_ascii(text), InputError);
  try {
    read_raster(text);
    FAIL() << "read_raster accepted a text file";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("notes.txt"), std::string::npos) << e.what();
  }
}

// The message of the InputError that reading `text` as a raster gives ("" when it is accepted),
// checked to be the same through read_esri_ascii and read_raster (GDAL's reader when built).
std::string esri_error(const std::string& name, const std::string& text) {
  const std::string path = write_text(name, text);
  std::string direct, through;
  try {
    read_esri_ascii(path);
  } catch (const InputError& e) {
    direct = e.what();
  }
  try {
    read_raster(path);
  } catch (const InputError& e) {
    through = e.what();
  }
  EXPECT_EQ(direct, through) << name;
  return direct;
}

TEST(EsriAscii, HeaderThatDisagreesWithItsDataIsRefusedWithTheLine) {
  const std::string h = "ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 10\n";  // 5 lines
  struct Case {
    const char* name;
    std::string text, expect;
  };
  const Case cases[] = {
      {"extra_row.asc", h + "1 2 3\n4 5 6\n7 8 9\n", "line 8: more rows of values than the nrows = 2"},
      {"short_row.asc", h + "1 2\n3 4 5 6\n", "line 6: row 1 has 2 values; the header declares ncols = 3"},
      {"last_missing.asc", h + "1 2 3\n4 5\n", "line 7: row 2 has 2 values"},
      {"rows_missing.asc", h + "1 2 3\n\n", "1 rows of values (the file ends at line 7); the header declares nrows = 2"},
      {"dash.asc", h + "1 2 3\n4 - 6\n", "line 7: '-' (value 2 of row 2) is not a decimal number"},
      {"hex.asc", h + "1 2 3\n4 0x10 6\n", "line 7: '0x10' (value 2 of row 2) is not a decimal number"},
      {"suffix.asc", h + "1 -999y.000 3\n4 5 6\n", "line 6: '-999y.000'"},
      {"inf.asc", h + "1 2 inf\n4 5 6\n", "line 6: 'inf'"},
      {"two_sizes.asc", "ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 100 200\n1 2 3\n4 5 6\n",
       "line 5: expected 'cellsize <decimal number>'"},
      {"inf_size.asc", "ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize inf\n1 2 3\n4 5 6\n",
       "line 5: expected 'cellsize <decimal number>'"},
      {"inf_size2.asc", "ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1.8e308\n1 2 3\n4 5 6\n",
       "cell size in x is inf; expected a finite size in [1e-06, 10000000]"},
      {"huge_size.asc", "ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1.7e308\n1 2 3\n4 5 6\n",
       "cell size in x is 1.7e+308"},
      {"zero_size.asc", "ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 0\n1 2 3\n4 5 6\n", "cell size in x is 0"},
      {"neg_size.asc", "ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize -5\n1 2 3\n4 5 6\n", "cell size in x is -5"},
      {"far.asc", "ncols 3\nnrows 2\nxllcorner 1e300\nyllcorner 0\ncellsize 1\n1 2 3\n4 5 6\n", "is not finite or beyond"},
      {"twice.asc", "ncols 3\nnrows 2\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 2 3\n4 5 6\n",
       "line 3: 'nrows' is given again (first on line 2)"},
      {"frac.asc", "ncols 2.5\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 2 3\n4 5 6\n", "needs ncols <positive integer>"},
      {"huge.asc", "ncols 100000\nnrows 100000\nxllcorner 0\nyllcorner 0\ncellsize 1\n1\n",
       "declares 100000 x 100000 = 1e+10 cells; reading it needs about 149 GiB of host memory"},
  };
  for (const Case& c : cases) {
    const std::string m = esri_error(c.name, c.text);
    EXPECT_NE(m.find(c.expect), std::string::npos) << c.name << ": " << m;
    EXPECT_NE(m.find(c.name), std::string::npos) << m;
  }
  // What stays accepted: signs, exponents, a leading dot, nan cells, CRLF line ends, blank lines.
  EXPECT_EQ(esri_error("ok.asc", "ncols 3\r\nnrows 2\r\nxllcorner -1.5e3\r\nyllcorner +0\r\ncellsize .5\r\n"
                                 "1 -2.5 3e2\r\n\r\n+4 .5 nan\r\n\r\n"),
            "");
  const Raster r = read_raster(temp_file("ok.asc"));
  EXPECT_EQ(r.at(2, 1), 300);
  EXPECT_EQ(r.at(1, 0), 0.5);
  EXPECT_TRUE(std::isnan(r.at(2, 0)));
  EXPECT_EQ(r.x0, -1500);
}

TEST(Gdal, HugeDeclaredSizeAndTruncatedFilesAreInputErrors) {
  if (!gdal_built()) GTEST_SKIP() << "built without GDAL";
  // A VRT (XML) declaring 100000 x 100000 cells: refused before allocating 80 GB.
  const std::string vrt = write_text("huge.vrt",
                                     "<VRTDataset rasterXSize=\"100000\" rasterYSize=\"100000\">\n"
                                     "  <GeoTransform>0, 1, 0, 100000, 0, -1</GeoTransform>\n"
                                     "  <VRTRasterBand dataType=\"Float32\" band=\"1\"/>\n</VRTDataset>\n");
  try {
    read_raster(vrt);
    FAIL() << "a 1e10-cell raster was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("huge.vrt' declares 100000 x 100000 = 1e+10 cells; reading it needs about 149 GiB"),
              std::string::npos)
        << e.what();
  }
  // A GeoTIFF cut short: its content is bad (exit 2), not an I/O failure.
  Raster r = make_raster(64, 64, 0, 0, 1, 1);
  for (std::size_t k = 0; k < r.v.size(); ++k) r.v[k] = std::sin(0.37 * k);  // incompressible enough
  const std::string tif = temp_file("cut.tif");
  write_geotiff(tif, r);
  fs::resize_file(tif, fs::file_size(tif) / 2);
  try {
    read_raster(tif);
    FAIL() << "a truncated GeoTIFF was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cut.tif"), std::string::npos) << e.what();
  } catch (const IoError& e) {
    FAIL() << "IoError (exit 3) for a truncated file: " << e.what();
  }
}

TEST(Raster, CropKeepsCellsWhoseCentreIsInside) {
  Raster r = make_raster(10, 8, 0, 0, 1, 1);
  for (int j = 0; j < r.ny; ++j)
    for (int i = 0; i < r.nx; ++i) r.v[j * r.nx + i] = i + 100 * j;
  r.crs_wkt = "LOCAL_CS[\"test\"]";
  const Raster c = crop(r, {2.2, 3.0, 6.5, 5.5});  // centres x 2.5..6.5, y 3.5..5.5
  EXPECT_EQ(c.nx, 5);
  EXPECT_EQ(c.ny, 3);
  EXPECT_DOUBLE_EQ(c.x0, 2);
  EXPECT_DOUBLE_EQ(c.y0, 3);
  EXPECT_EQ(c.at(0, 0), 302);
  EXPECT_EQ(c.at(4, 2), 506);
  EXPECT_EQ(c.crs_wkt, r.crs_wkt);
  const Raster all = crop(r, {-100, -100, 100, 100});
  EXPECT_EQ(all.nx, 10);
  EXPECT_EQ(all.ny, 8);
  EXPECT_THROW(crop(r, {20, 20, 30, 30}), InputError);     // no overlap
  EXPECT_THROW(crop(r, {2.2, 3.0, 2.8, 6.0}), InputError);  // one column
  EXPECT_THROW(crop(r, {5, 5, 1, 1}), InputError);          // inverted
}

TEST(Raster, BilinearReproducesLinearFieldsInTheInterior) {
  Raster r = make_raster(20, 16, 10, -5, 2.0, 1.5);
  auto f = [](double x, double y) { return 3 + 0.5 * x - 0.25 * y; };
  const ria::Grid g = r.grid();
  for (int j = 0; j < r.ny; ++j)
    for (int i = 0; i < r.nx; ++i) r.v[j * r.nx + i] = f(g.x_centre(i), g.y_centre(j));
  const Raster o = resample_bilinear(r, 0.7);
  EXPECT_EQ(o.nx, 57);  // round(40 / 0.7)
  EXPECT_EQ(o.ny, 34);  // round(24 / 0.7)
  EXPECT_DOUBLE_EQ(o.dx, 0.7);
  EXPECT_DOUBLE_EQ(o.dy, 0.7);
  EXPECT_NEAR(o.x0 + 0.5 * o.nx * o.dx, r.x0 + 0.5 * r.nx * r.dx, 1e-12);  // same centre
  const ria::Grid og = o.grid();
  int checked = 0;
  for (int j = 0; j < o.ny; ++j)
    for (int i = 0; i < o.nx; ++i) {
      const double x = og.x_centre(i), y = og.y_centre(j);
      if (x < g.x_centre(0) || x > g.x_centre(r.nx - 1) || y < g.y_centre(0) || y > g.y_centre(r.ny - 1)) continue;
      EXPECT_NEAR(o.at(i, j), f(x, y), 1e-12);
      ++checked;
    }
  EXPECT_GT(checked, 1500);
  // The same square cell size leaves values unchanged.
  Raster sq = make_raster(6, 4, 0, 0, 1, 1);
  for (std::size_t k = 0; k < sq.v.size(); ++k) sq.v[k] = std::sin(1.0 * k);
  const Raster same = resample_bilinear(sq, 1.0);
  ASSERT_EQ(same.v.size(), sq.v.size());
  for (std::size_t k = 0; k < sq.v.size(); ++k) EXPECT_DOUBLE_EQ(same.v[k], sq.v[k]);
  EXPECT_THROW(resample_bilinear(sq, 0), InputError);
  EXPECT_THROW(resample_bilinear(sq, -1), InputError);
  // Coarser than the raster (6 x 4 m): one cell of 1e5 m would hold 2.5e9 times its area.
  try {
    resample_bilinear(sq, 1e5);
    ADD_FAILURE() << "a resolution coarser than the raster was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("resolution 100000 is larger than the raster (6 x 4)"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(resample_bilinear(sq, 4.0).ny, 1);  // one row of a narrow raster: as coarse as its height, allowed
}

TEST(Raster, BilinearLeavesOutNodataAndRenormalises) {
  Raster r = make_raster(2, 2, 0, 0, 1, 1);
  r.v = {1, kNaN, 3, 5};  // (0,0) = 1, (1,0) = nodata, (0,1) = 3, (1,1) = 5
  const Raster o = resample_bilinear(r, 0.5);  // 4 x 4, centres 0.25, 0.75, 1.25, 1.75
  ASSERT_EQ(o.nx, 4);
  ASSERT_EQ(o.ny, 4);
  // Target (1,1) at (0.75, 0.75): weights 9/16, (3/16 on nodata), 3/16, 1/16 -> (9 + 9 + 5) / 13.
  EXPECT_NEAR(o.at(1, 1), 23.0 / 13.0, 1e-14);
  EXPECT_TRUE(std::isnan(o.at(2, 1)));  // nearest source cell (1,0) is nodata
  EXPECT_TRUE(std::isnan(o.at(3, 0)));
  EXPECT_EQ(o.at(0, 0), 1);  // clamped to the corner cell
  EXPECT_EQ(o.at(3, 3), 5);
  for (double v : o.v) EXPECT_TRUE(std::isnan(v) || (v >= 1 && v <= 5));
}

TEST(Raster, FillNodataAndNodeRegistration) {
  Raster r = make_raster(2, 1, 0, 0, 2, 4);
  r.v = {kNaN, 7};
  fill_nodata(r, 5);
  EXPECT_EQ(r.v[0], 5);
  EXPECT_EQ(r.v[1], 7);
  shift_to_node_registration(r, RasterInfo{}, "r");
  EXPECT_DOUBLE_EQ(r.x0, -1);
  EXPECT_DOUBLE_EQ(r.y0, -2);
  // A grid whose header already places its values at cell centres is not shifted again.
  const std::string centred = write_text("centred.asc", "ncols 2\nnrows 1\nxllcenter 105\nyllcenter 205\ncellsize 10\n-1 -2\n");
  RasterInfo info;
  Raster c = read_raster(centred, &info);
  EXPECT_DOUBLE_EQ(c.x0, 100);
  try {
    shift_to_node_registration(c, info, "'centred.asc'");
    ADD_FAILURE() << "a grid placed by xllcenter was shifted again";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'centred.asc': node registration is asked for, but the file already says its "
                                         "values are at cell centres (its xllcenter/yllcenter header)"),
              std::string::npos)
        << e.what();
  }
  EXPECT_DOUBLE_EQ(c.x0, 100);
}

TEST(Raster, FormatInfo) {
  RasterInfo info;
  info.driver = "GTiff";
  info.nx = 393, info.ny = 244, info.dx = info.dy = 0.014;
  info.xmax = 5.502, info.ymax = 3.416;
  info.has_nodata_value = true, info.nodata_value = -9999, info.nodata_cells = 12;
  info.min = -0.135, info.max = 0.125;
  const std::string s = format_raster_info(info);
  for (const char* want : {"393 x 244", "0.014", "5.502", "none (local", "-9999: 12 cells", "-0.135", "0.125"})
    EXPECT_NE(s.find(want), std::string::npos) << want << " not in\n" << s;
}

TEST(Gdal, GeotiffRoundTripKeepsGeometryNodataAndCrs) {
  if (!gdal_built()) GTEST_SKIP() << "built without GDAL";
  Raster r = make_raster(5, 4, 1000, 2000, 25, 25);
  for (std::size_t k = 0; k < r.v.size(); ++k) r.v[k] = -10.25 + 0.5 * k;
  r.v[7] = kNaN;
  r.crs_wkt =
      "PROJCS[\"NAD83 / Oregon South\",GEOGCS[\"NAD83\",DATUM[\"North_American_Datum_1983\",SPHEROID[\"GRS 1980\","
      "6378137,298.257222101,AUTHORITY[\"EPSG\",\"7019\"]],AUTHORITY[\"EPSG\",\"6269\"]],PRIMEM[\"Greenwich\",0,"
      "AUTHORITY[\"EPSG\",\"8901\"]],UNIT[\"degree\",0.0174532925199433,AUTHORITY[\"EPSG\",\"9122\"]],AUTHORITY["
      "\"EPSG\",\"4269\"]],PROJECTION[\"Lambert_Conformal_Conic_2SP\"],PARAMETER[\"latitude_of_origin\","
      "41.6666666666667],PARAMETER[\"central_meridian\",-120.5],PARAMETER[\"standard_parallel_1\",44],PARAMETER["
      "\"standard_parallel_2\",42.3333333333333],PARAMETER[\"false_easting\",1500000],PARAMETER[\"false_northing\","
      "0],UNIT[\"metre\",1,AUTHORITY[\"EPSG\",\"9001\"]],AXIS[\"Easting\",EAST],AXIS[\"Northing\",NORTH],AUTHORITY["
      "\"EPSG\",\"32127\"]]";
  const std::string path = temp_file("dem.tif");
  write_geotiff(path, r);
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  const Raster b = read_raster(path);
  ASSERT_EQ(b.nx, 5);
  ASSERT_EQ(b.ny, 4);
  EXPECT_DOUBLE_EQ(b.x0, 1000);
  EXPECT_DOUBLE_EQ(b.y0, 2000);
  EXPECT_DOUBLE_EQ(b.dx, 25);
  EXPECT_DOUBLE_EQ(b.dy, 25);
  for (std::size_t k = 0; k < r.v.size(); ++k) {
    if (std::isnan(r.v[k])) EXPECT_TRUE(std::isnan(b.v[k])) << k;
    else EXPECT_EQ(b.v[k], static_cast<float>(r.v[k])) << k;
  }
  EXPECT_FALSE(b.crs_wkt.empty());
  EXPECT_NE(b.crs_wkt.find("32127"), std::string::npos) << b.crs_wkt;
  const RasterInfo info = raster_info(path);
  EXPECT_EQ(info.driver, "GTiff");
  EXPECT_EQ(info.nodata_cells, 1);
  EXPECT_EQ(info.nan_cells, 0);
  EXPECT_TRUE(info.has_nodata_value);
  EXPECT_EQ(info.nodata_value, kGeotiffNoData);
  EXPECT_NE(info.crs_name.find("Oregon South"), std::string::npos) << info.crs_name;
  EXPECT_EQ(info.min, -10.25);
  EXPECT_EQ(info.max, -10.25 + 0.5 * 19);
}

// +-inf that is not the declared nodata is counted (the model refuses it in a DEM or a level,
// app/domain.cpp) and read as NaN, never as a value: in a DEM it became land at fill_elevation.
TEST(Gdal, InfiniteValuesAreCountedAsDamageNotRead) {
  if (!gdal_built()) GTEST_SKIP() << "built without GDAL";
  Raster r = make_raster(5, 4, 0, 0, 10, 10);
  for (std::size_t k = 0; k < r.v.size(); ++k) r.v[k] = -4.0;
  r.v[3] = std::numeric_limits<double>::infinity();
  r.v[5] = -std::numeric_limits<double>::infinity();
  const std::string path = temp_file("inf.tif");
  write_geotiff(path, r);
  RasterInfo info;
  const Raster b = read_raster(path, &info);
  EXPECT_EQ(info.inf_cells, 2);
  EXPECT_EQ(info.nan_cells, 0);
  EXPECT_EQ(info.nodata_cells, 0);
  EXPECT_TRUE(std::isnan(b.v[3]));
  EXPECT_TRUE(std::isnan(b.v[5]));
  EXPECT_EQ(info.min, -4.0);
  EXPECT_EQ(info.max, -4.0);
}

TEST(Gdal, ErrorsNameTheFile) {
  if (!gdal_built()) GTEST_SKIP() << "built without GDAL";
  try {
    read_raster(temp_file("none.tif"));
    FAIL();
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("none.tif"), std::string::npos) << e.what();
  }
  try {
    read_raster(write_text("f.txt", "hello world\nthis is text\n"));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'" + temp_file("f.txt") + "' is not a raster GDAL can read ("),
              std::string::npos)
        << e.what();
  }
  Raster r = make_raster(2, 2, 0, 0, 1, 1);
  EXPECT_THROW(write_geotiff(temp_file("no_such_dir/x.tif"), r), IoError);
}

TEST(SharedData, MonaiBathymetry) {
  const std::string path = shared_data("okushiri_monai/Benchmark_2_Bathymetry.asc");
  if (path.empty()) GTEST_SKIP() << "okushiri_monai/Benchmark_2_Bathymetry.asc not found (set RIA_DATA_DIR)";
  const RasterInfo info = raster_info(path);
  EXPECT_EQ(info.nx, 393);
  EXPECT_EQ(info.ny, 244);
  EXPECT_NEAR(info.dx, 0.014, 1e-12);
  EXPECT_NEAR(info.dy, 0.014, 1e-12);
  EXPECT_EQ(info.nodata_cells + info.nan_cells, 0);
  EXPECT_LT(info.min, -0.1);
  EXPECT_GT(info.max, 0.1);
  const Raster r = read_raster(path);
  EXPECT_EQ(r.at(0, r.ny - 1), -0.13535);  // first value in the file (north-west corner), in double precision
  EXPECT_DOUBLE_EQ(r.x0, 0);
  EXPECT_DOUBLE_EQ(r.y0, 0);
}

TEST(SharedData, CoosBayHasCrsAndNodata) {
  const std::string path = shared_data("coos_bay/coos_bay_conroy_elev_msl_50m.asc");
  if (path.empty()) GTEST_SKIP() << "coos_bay/coos_bay_conroy_elev_msl_50m.asc not found (set RIA_DATA_DIR)";
  const RasterInfo info = raster_info(path);
  EXPECT_EQ(info.nx, 657);
  EXPECT_EQ(info.ny, 531);
  EXPECT_FALSE(info.crs_wkt.empty());
  EXPECT_GT(info.nodata_cells, info.nx * info.ny / 2);
  EXPECT_LT(info.min, -15);
}

namespace ria::io {
namespace {

const char* kUtm10 =
    "PROJCS[\"WGS 84 / UTM zone 10N\",GEOGCS[\"WGS 84\",DATUM[\"WGS_1984\",SPHEROID[\"WGS 84\",6378137,298.257223563]],"
    "PRIMEM[\"Greenwich\",0],UNIT[\"degree\",0.0174532925199433]],PROJECTION[\"Transverse_Mercator\"],"
    "PARAMETER[\"latitude_of_origin\",0],PARAMETER[\"central_meridian\",-123],PARAMETER[\"scale_factor\",0.9996],"
    "PARAMETER[\"false_easting\",500000],PARAMETER[\"false_northing\",0],UNIT[\"metre\",1]]";
const char* kOregonSouthFeet =
    "PROJCS[\"NAD83 / Oregon South (ft)\",GEOGCS[\"NAD83\",DATUM[\"North_American_Datum_1983\",SPHEROID[\"GRS 1980\","
    "6378137,298.257222101]],PRIMEM[\"Greenwich\",0],UNIT[\"degree\",0.0174532925199433]],"
    "PROJECTION[\"Lambert_Conformal_Conic_2SP\"],PARAMETER[\"standard_parallel_1\",43],"
    "PARAMETER[\"standard_parallel_2\",42.3333333333333],PARAMETER[\"latitude_of_origin\",41.6666666666667],"
    "PARAMETER[\"central_meridian\",-120.5],PARAMETER[\"false_easting\",4921259.843],PARAMETER[\"false_northing\",0],"
    "UNIT[\"foot\",0.3048]]";
const char* kWgs84 =
    "GEOGCS[\"WGS 84\",DATUM[\"WGS_1984\",SPHEROID[\"WGS 84\",6378137,298.257223563]],PRIMEM[\"Greenwich\",0],"
    "UNIT[\"degree\",0.0174532925199433]]";

double number(const std::vector<CfAttribute>& a, const std::string& name, std::size_t k = 0) {
  for (const CfAttribute& x : a)
    if (x.name == name) return k < x.numbers.size() ? x.numbers[k] : kNaN;
  return kNaN;
}

TEST(Crs, CfGridMappingOfTransverseMercatorAndLambert) {
  if (!gdal_built()) GTEST_SKIP() << "built without GDAL";
  const auto utm = cf_grid_mapping(kUtm10);
  ASSERT_FALSE(utm.empty());
  EXPECT_EQ(utm[0].name, "grid_mapping_name");
  EXPECT_EQ(utm[0].text, "transverse_mercator");
  EXPECT_DOUBLE_EQ(number(utm, "longitude_of_central_meridian"), -123);
  EXPECT_DOUBLE_EQ(number(utm, "scale_factor_at_central_meridian"), 0.9996);
  EXPECT_DOUBLE_EQ(number(utm, "false_easting"), 500000);
  EXPECT_DOUBLE_EQ(number(utm, "semi_major_axis"), 6378137);
  EXPECT_NEAR(number(utm, "inverse_flattening"), 298.257223563, 1e-9);
  // Lambert 2SP (in feet: the parameters come back normalised to metres and degrees).
  const auto lcc = cf_grid_mapping(kOregonSouthFeet);
  ASSERT_FALSE(lcc.empty());
  EXPECT_EQ(lcc[0].text, "lambert_conformal_conic");
  EXPECT_DOUBLE_EQ(number(lcc, "standard_parallel", 0), 43);
  EXPECT_NEAR(number(lcc, "standard_parallel", 1), 42.3333333333333, 1e-12);
  EXPECT_NEAR(number(lcc, "false_easting"), 4921259.843 * 0.3048, 1e-3);
  EXPECT_TRUE(cf_grid_mapping(kWgs84).empty());  // not projected
  EXPECT_TRUE(cf_grid_mapping("").empty());
}

// With GDAL, and without it (the WKT's keywords, crs_nogdal.cpp).
TEST(Crs, GeographicAndFeetAreRefusedMetricProjectedAccepted) {
  EXPECT_EQ(crs_unusable_reason(kUtm10), "");
  EXPECT_EQ(crs_unusable_reason(""), "");
  EXPECT_NE(crs_unusable_reason(kWgs84).find("geographic coordinates"), std::string::npos);
  const std::string feet = crs_unusable_reason(kOregonSouthFeet);
  EXPECT_NE(feet.find("foot"), std::string::npos) << feet;
  EXPECT_NE(feet.find("0.3048"), std::string::npos) << feet;
}

// A .prj beside the grid that holds no CRS: refused naming it (GDAL) or as unreadable (without
// GDAL), never taken for local metres.
TEST(Crs, AnUnreadablePrjIsRefused) {
  const std::string path = write_text("g.asc", "ncols 2\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 2\n3 4\n");
  write_text("g.prj", "garbage not wkt\n");
  try {
    const Raster r = read_elevation_raster(path);
    EXPECT_FALSE(gdal_built()) << "GDAL read the garbage .prj";
    EXPECT_NE(crs_unusable_reason(r.crs_wkt).find("not a WKT coordinate reference system this build can read (it begins "
                                                  "'garbage not wkt'"),
              std::string::npos)
        << crs_unusable_reason(r.crs_wkt);
  } catch (const InputError& e) {
    EXPECT_TRUE(gdal_built()) << e.what();
    EXPECT_NE(std::string(e.what()).find("g.prj' beside '" + path + "' is not a coordinate reference system GDAL can read"),
              std::string::npos)
        << e.what();
  }
  write_text("g.prj", "  \n");  // empty: no CRS
  EXPECT_TRUE(read_elevation_raster(path).crs_wkt.empty());
}

}  // namespace
}  // namespace ria::io
