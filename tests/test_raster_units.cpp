// The unit of a raster band (GDAL's unit type): read_elevation_raster returns metres, converting
// centimetres and feet (international and US survey), and refuses a unit it does not know;
// read_raster returns the band's values and names the unit. The unit is set here with GDAL itself
// on a GeoTIFF that write_geotiff wrote in metres.
#include <gtest/gtest.h>
#include <gdal_priv.h>

#include <filesystem>
#include <string>

#include "io/io_error.hpp"
#include "io/raster/raster.hpp"

using namespace ria::io;
namespace fs = std::filesystem;

namespace {

/// A 3 x 2 GeoTIFF of the values 1 .. 6 whose band says its unit is `unit`.
std::string raster_in(const std::string& unit) {
  const fs::path dir = fs::temp_directory_path() / "ria_test_raster_units";
  fs::create_directories(dir);
  const std::string path = (dir / (unit.empty() ? std::string("none") : unit)).string() + ".tif";
  Raster r;
  r.nx = 3, r.ny = 2, r.dx = r.dy = 10, r.x0 = 0, r.y0 = 0;
  r.v = {1, 2, 3, 4, 5, 6};
  write_geotiff(path, r);
  GDALAllRegister();
  GDALDataset* ds = static_cast<GDALDataset*>(GDALOpen(path.c_str(), GA_Update));
  EXPECT_NE(ds, nullptr);
  if (ds) {
    ds->GetRasterBand(1)->SetUnitType(unit.c_str());
    GDALClose(ds);
  }
  return path;
}

}  // namespace

TEST(RasterUnits, CentimetresAndFeetAreReadAsMetres) {
  for (const auto& [unit, metres] : {std::pair<std::string, double>{"", 1.0},
                                     {"m", 1.0},
                                     {"metre", 1.0},
                                     {"cm", 0.01},
                                     {"ft", 0.3048},
                                     {"US survey foot", 1200.0 / 3937.0},
                                     {"metres above sea level", 1.0},
                                     {"m (NAVD88)", 1.0},
                                     {"feet NAVD88", 0.3048}}) {
    RasterInfo info;
    const std::string path = raster_in(unit);
    const Raster r = read_elevation_raster(path, &info);
    ASSERT_EQ(r.v.size(), 6u) << unit;
    for (std::size_t k = 0; k < 6; ++k) EXPECT_DOUBLE_EQ(r.v[k], metres * (k + 1.0)) << unit << " " << k;
    EXPECT_DOUBLE_EQ(info.max, 6 * metres) << unit;
    EXPECT_EQ(info.unit, unit);
    EXPECT_EQ(read_raster(path).v[5], 6.0) << unit;  // the band's own values
  }
}

TEST(RasterUnits, AnotherUnitIsRefusedByName) {
  try {
    read_elevation_raster(raster_in("furlong"));
    ADD_FAILURE() << "values in furlongs were read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("its values are in 'furlong'; expected metres, centimetres or feet"),
              std::string::npos)
        << e.what();
  }
}
