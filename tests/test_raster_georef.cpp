// Rasters that say where they are, and which cells hold data, in ways other than a north-up
// geotransform and a nodata value: read as GDAL's own tools read them, or refused naming the file.
// The files are made here with GDAL itself: no geotransform, ground control points, extra bands,
// an alpha band and an internal mask, a raw (ENVI) file cut short; ESRI ASCII headers in GDAL's
// orders; CRSs in feet, a Mercator far from its true-scale latitude, a non-Greenwich prime meridian.
#include <gtest/gtest.h>
#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "io/io_error.hpp"
#include "io/raster/crs.hpp"
#include "io/raster/raster.hpp"

using namespace ria::io;
namespace fs = std::filesystem;

namespace {

std::string path_of(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "ria_test_raster_georef";
  fs::create_directories(dir);
  return (dir / name).string();
}

/// A 3 x 2 Float32 GTiff of bands x (1 .. 6 in band 1), north-up at (1000, 2020) with 10 m cells
/// when `georeferenced`; `edit` changes it before it is closed.
template <class Edit>
std::string tiff(const std::string& name, int bands, bool georeferenced, Edit edit) {
  GDALAllRegister();
  const std::string path = path_of(name);
  GDALDataset* ds = GetGDALDriverManager()->GetDriverByName("GTiff")->Create(path.c_str(), 3, 2, bands, GDT_Float32, nullptr);
  EXPECT_NE(ds, nullptr);
  double gt[6] = {1000, 10, 0, 2020, 0, -10};
  if (georeferenced) ds->SetGeoTransform(gt);
  std::vector<float> v = {1, 2, 3, 4, 5, 6};
  for (int b = 1; b <= bands; ++b)
    EXPECT_EQ(ds->GetRasterBand(b)->RasterIO(GF_Write, 0, 0, 3, 2, v.data(), 3, 2, GDT_Float32, 0, 0, nullptr), CE_None);
  edit(*ds);
  GDALClose(ds);
  return path;
}

std::string error_of(const std::string& path) {
  try {
    read_raster(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string write_text(const std::string& name, const std::string& text) {
  const std::string path = path_of(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::string wkt_of(const char* user_input) {
  OGRSpatialReference srs;
  EXPECT_EQ(srs.SetFromUserInput(user_input), OGRERR_NONE) << user_input;
  char* wkt = nullptr;
  srs.exportToWkt(&wkt);
  const std::string s = wkt ? wkt : "";
  CPLFree(wkt);
  return s;
}

}  // namespace

TEST(RasterGeoref, NoGeotransformAndGroundControlPointsAreRefused) {
  // GDAL's default for such a file is 1 x 1 cells at the origin: no place on Earth.
  const std::string bare = tiff("bare.tif", 1, false, [](GDALDataset&) {});
  EXPECT_NE(error_of(bare).find("bare.tif' has no geotransform"), std::string::npos) << error_of(bare);
  const std::string gcp = tiff("gcp.tif", 1, false, [](GDALDataset& ds) {
    GDAL_GCP points[3];
    GDALInitGCPs(3, points);
    const double px[3][4] = {{0, 0, 1000, 2020}, {3, 0, 1030, 2020}, {0, 2, 1000, 2000}};
    for (int k = 0; k < 3; ++k)
      points[k].dfGCPPixel = px[k][0], points[k].dfGCPLine = px[k][1], points[k].dfGCPX = px[k][2], points[k].dfGCPY = px[k][3];
    OGRSpatialReference utm;
    utm.importFromEPSG(32610);
    ds.SetGCPs(3, points, &utm);
    GDALDeinitGCPs(3, points);
  });
  EXPECT_NE(error_of(gcp).find("is located by ground control points"), std::string::npos) << error_of(gcp);
  EXPECT_NE(error_of(gcp).find("gdalwarp"), std::string::npos);
}

TEST(RasterGeoref, BandOneIsReadAPictureIsRefusedAnAlphaBandIsTheMask) {
  // A second band (a BAG's uncertainty): band 1 is read, and `ria dem info` says so.
  const std::string two = tiff("two.tif", 2, true, [](GDALDataset&) {});
  RasterInfo two_info;
  EXPECT_EQ(read_raster(two, &two_info).at(2, 1), 3);
  EXPECT_EQ(two_info.bands, 2);
  EXPECT_NE(format_raster_info(two_info).find("bands       2 (band 1 read)"), std::string::npos);
  // A picture: red, green, blue.
  const std::string rgb = tiff("rgb.tif", 3, true, [](GDALDataset& ds) {
    for (int b = 1; b <= 3; ++b) ds.GetRasterBand(b)->SetColorInterpretation(GDALColorInterp(GCI_RedBand + b - 1));
  });
  EXPECT_NE(error_of(rgb).find("rgb.tif' is a picture (band 1 holds red), not elevations"), std::string::npos)
      << error_of(rgb);
  // Band 2 an alpha band, transparent (0) over the file's first cell (the north-west one).
  const std::string alpha = tiff("alpha.tif", 2, true, [](GDALDataset& ds) {
    GDALRasterBand* a = ds.GetRasterBand(2);
    a->SetColorInterpretation(GCI_AlphaBand);
    std::vector<float> opaque = {0, 255, 255, 255, 255, 255};
    EXPECT_EQ(a->RasterIO(GF_Write, 0, 0, 3, 2, opaque.data(), 3, 2, GDT_Float32, 0, 0, nullptr), CE_None);
  });
  RasterInfo info;
  const Raster r = read_raster(alpha, &info);
  EXPECT_TRUE(std::isnan(r.at(0, 1))) << r.at(0, 1);  // the north row is j = 1
  EXPECT_EQ(r.at(1, 1), 2);
  EXPECT_EQ(r.at(0, 0), 4);
  EXPECT_EQ(info.masked_cells, 1);
  EXPECT_NE(format_raster_info(info).find("masked: 1 cells; NaN: 0 cells; inf: 0 cells; valid: 5 cells"), std::string::npos)
      << format_raster_info(info);
}

TEST(RasterGeoref, CellsOfAnInternalMaskAreNoData) {
  // A per-dataset mask, as GDAL writes for JPEG-compressed and warped products: cell (2, 1) of the
  // file (its south-east cell) invalid, holding -100 beneath, which must not become a bed.
  const std::string masked = tiff("masked.tif", 1, true, [](GDALDataset& ds) {
    std::vector<float> v = {1, 2, 3, 4, 5, -100};
    EXPECT_EQ(ds.GetRasterBand(1)->RasterIO(GF_Write, 0, 0, 3, 2, v.data(), 3, 2, GDT_Float32, 0, 0, nullptr), CE_None);
    EXPECT_EQ(ds.CreateMaskBand(GMF_PER_DATASET), CE_None);
    std::vector<unsigned char> m = {255, 255, 255, 255, 255, 0};
    EXPECT_EQ(ds.GetRasterBand(1)->GetMaskBand()->RasterIO(GF_Write, 0, 0, 3, 2, m.data(), 3, 2, GDT_Byte, 0, 0, nullptr),
              CE_None);
  });
  RasterInfo info;
  const Raster r = read_raster(masked, &info);
  EXPECT_TRUE(std::isnan(r.at(2, 0)));
  EXPECT_EQ(r.at(1, 0), 5);
  EXPECT_EQ(info.masked_cells, 1);
  EXPECT_EQ(info.min, 1);
}

TEST(RasterGeoref, ARawFileShorterThanItsHeaderIsRefused) {
  // GDAL's ENVI reader gives the missing part of a cut data file as zeros (a bed at 0 m).
  GDALAllRegister();
  const std::string bil = path_of("cut.bil");
  GDALDataset* ds = GetGDALDriverManager()->GetDriverByName("ENVI")->Create(bil.c_str(), 200, 100, 1, GDT_Float32, nullptr);
  ASSERT_NE(ds, nullptr);
  double gt[6] = {1000, 10, 0, 3000, 0, -10};
  ds->SetGeoTransform(gt);
  std::vector<float> v(200 * 100, -7.0f);
  EXPECT_EQ(ds->GetRasterBand(1)->RasterIO(GF_Write, 0, 0, 200, 100, v.data(), 200, 100, GDT_Float32, 0, 0, nullptr), CE_None);
  GDALClose(ds);
  EXPECT_EQ(error_of(bil), "");
  fs::resize_file(bil, 4000);
  EXPECT_NE(error_of(bil).find("is shorter than its header says: its data file '" + bil + "' holds 4000 bytes, band 1's "
                               "200 x 100 values need 80000"),
            std::string::npos)
      << error_of(bil);
}

TEST(RasterGeoref, EsriAsciiHeadersInAnyOrderGoThroughTheStrictReader) {
  fs::remove(path_of("bom.prj"));
  // GDAL's AAIGrid takes any key first (and pads a short row with 0); the strict reader is used.
  const std::string order = write_text("order.asc",
                                       "xllcorner 100\nyllcorner 200\nncols 3\nnrows 2\ncellsize 10\n-1 -2 -3\n-4 -5\n");
  EXPECT_NE(error_of(order).find("order.asc' line 7: row 2 has 2 values; the header declares ncols = 3"), std::string::npos)
      << error_of(order);
  const std::string bom = write_text("bom.asc", "\xEF\xBB\xBFncols 2\nnrows 1\nxllcorner 100\nyllcorner 200\ncellsize 10\n-1 -2\n");
  const Raster b = read_raster(bom);
  EXPECT_EQ(b.nx, 2);
  EXPECT_EQ(b.at(1, 0), -2);
  // GDAL does not open such a grid; its .prj still gives the CRS (here degrees, which the model refuses).
  write_text("bom.prj", wkt_of("EPSG:4326"));
  const std::string crs = read_raster(bom).crs_wkt;
  EXPECT_NE(crs_unusable_reason(crs).find("is in geographic coordinates"), std::string::npos) << crs;
  // The header GDAL writes for a grid whose nodata is NaN.
  const std::string nan = write_text("nan.asc", "ncols 2\nnrows 1\nxllcorner 100\nyllcorner 200\ncellsize 10\n"
                                                "NODATA_value  nan\nnan -2\n");
  RasterInfo info;
  const Raster n = read_raster(nan, &info);
  EXPECT_TRUE(std::isnan(n.at(0, 0)));
  EXPECT_EQ(info.nodata_cells, 1);
  EXPECT_EQ(info.nan_cells, 0);
}

TEST(RasterGeoref, LocalFeetAndMercatorOffScaleAreRefused) {
  const std::string local_ft =
      "LOCAL_CS[\"site grid (ft)\",LOCAL_DATUM[\"site\",0],UNIT[\"Foot\",0.3048],AXIS[\"X\",EAST],AXIS[\"Y\",NORTH]]";
  EXPECT_NE(crs_unusable_reason(local_ft).find("has coordinates in Foot (0.3048 m"), std::string::npos)
      << crs_unusable_reason(local_ft);
  // Pseudo-Mercator at Coos Bay (43.3 N, y = 5.36e6 m): a "metre" is 0.728 ground metres.
  const std::string web = wkt_of("EPSG:3857");
  const std::string why = crs_unusable_reason(web, -1.36e7, 5.36e6);
  EXPECT_NE(why.find("is in a Mercator projection ('WGS 84 / Pseudo-Mercator') whose metres at the grid's latitude (43.3 "
                     "degrees) are 0.728 ground metres: lengths would be off by 1.37x, areas by 1.89x"),
            std::string::npos)
      << why;
  EXPECT_EQ(crs_unusable_reason(web, 1000, 2000), "");  // at the equator it is true to scale
  EXPECT_EQ(crs_unusable_reason(wkt_of("+proj=merc +lat_ts=43.3 +datum=WGS84"), 0, 3.9e6), "");  // true scale there
}

TEST(RasterGeoref, LongitudesFromAnotherPrimeMeridianSaySo) {
  // MGI (Ferro) / Austria West Zone: central meridian 28 degrees east of Ferro, 17.67 west of Greenwich.
  bool found = false;
  for (const CfAttribute& a : cf_grid_mapping(wkt_of("EPSG:31281")))
    if (a.name == "longitude_of_prime_meridian") {
      found = true;
      ASSERT_EQ(a.numbers.size(), 1u);
      EXPECT_NEAR(a.numbers[0], -17.6666666666667, 1e-9);
    }
  EXPECT_TRUE(found);
  for (const CfAttribute& a : cf_grid_mapping(wkt_of("EPSG:32610"))) EXPECT_NE(a.name, "longitude_of_prime_meridian");
}

TEST(RasterGeoref, AnUndeclaredNodataValueIsRefusedInTheRastersUnit) {
  // -9999 US survey feet (the vertical CRS's unit): read as -3047.7 m, still the file's -9999.
  const std::string ft = tiff("navd88_sentinel.tif", 1, true, [](GDALDataset& ds) {
    OGRSpatialReference srs;
    EXPECT_EQ(srs.SetFromUserInput("EPSG:32610+6360"), OGRERR_NONE);
    ds.SetSpatialRef(&srs);
    std::vector<float> v = {1, 2, 3, -9999, 5, 6};
    EXPECT_EQ(ds.GetRasterBand(1)->RasterIO(GF_Write, 0, 0, 3, 2, v.data(), 3, 2, GDT_Float32, 0, 0, nullptr), CE_None);
  });
  RasterInfo info;
  const Raster r = read_elevation_raster(ft, &info);
  try {
    check_undeclared_nodata(r, metres_per_unit(info.unit, ft), "'ft'");
    ADD_FAILURE() << "an undeclared -9999 ft was taken for an elevation";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'ft': 1 cell(s) hold exactly -9999 (the first, cell (i, j) = (0, 0) at x = 1005, "
                                         "y = 2005)"),
              std::string::npos)
        << e.what();
  }
}

TEST(RasterGeoref, ValuesConvertedFromAVerticalCrsInFeetLoseIt) {
  // UTM 10N + NAVD88 height in US survey feet (EPSG:6360): GDAL names the band's unit from the
  // vertical CRS; once the values are metres that CRS would tell a GIS they are feet.
  const std::string ft = tiff("navd88_ft.tif", 1, true, [](GDALDataset& ds) {
    OGRSpatialReference srs;
    EXPECT_EQ(srs.SetFromUserInput("EPSG:32610+6360"), OGRERR_NONE);
    ds.SetSpatialRef(&srs);
  });
  RasterInfo info;
  const Raster r = read_elevation_raster(ft, &info);
  EXPECT_NEAR(r.at(0, 1), 1200.0 / 3937.0, 1e-12);  // 1 US survey foot
  EXPECT_EQ(r.crs_wkt.find("VERT"), std::string::npos) << r.crs_wkt;
  EXPECT_NE(r.crs_wkt.find("UTM zone 10N"), std::string::npos) << r.crs_wkt;
  EXPECT_EQ(info.crs_wkt, r.crs_wkt);
  EXPECT_NE(read_raster(ft).crs_wkt.find("VERT"), std::string::npos);  // the file's own, unconverted
}
