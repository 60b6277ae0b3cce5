// initial.kind = "netcdf" fields written as other CF writers write them: packed (scale_factor,
// add_offset, _FillValue and missing_value in the stored type), x running east to west, and the
// dimensions in (x, y) order.
#include <gtest/gtest.h>
#include <netcdf.h>

#include <cmath>
#include <string>
#include <vector>

#include "io/io_error.hpp"
#include "io/netcdf/netcdf_input.hpp"
#include "io/raster/raster.hpp"
#include "netcdf_reader.hpp"

using namespace ria;
using namespace ria::io;
using ria::test::TempDir;

namespace {

/// 4 x 3 cells of 10 m x 20 m with lower-left corner (1000, 2000): centres x 1005..1035, y 2010..2050.
Grid grid() {
  Grid g;
  g.nx = 4, g.ny = 3, g.dx = 10, g.dy = 20, g.x0 = 1000, g.y0 = 2000;
  return g;
}

/// The free surface of cell (i, j), as the model grid orders it.
double eta_at(int i, int j) { return 0.5 + 0.01 * i + 0.1 * j; }

struct FieldFile {
  bool x_first = false;   // dimensions (x, y) instead of (y, x)
  bool x_reversed = false;
  bool packed = false;    // short, eta = stored * 0.001 + 0.25; cell (1, 2) _FillValue, (3, 0) and (0, 1) the
                          // two values of missing_value (CF allows a vector)
};

std::string write(TempDir& tmp, const FieldFile& ff) {
  const Grid g = grid();
  const std::string path = tmp.file("field.nc");
  int id, dx, dy, vx, vy, var;
  EXPECT_EQ(nc_create(path.c_str(), NC_NETCDF4 | NC_CLOBBER, &id), NC_NOERR);
  nc_def_dim(id, "x", g.nx, &dx);
  nc_def_dim(id, "y", g.ny, &dy);
  nc_def_var(id, "x", NC_DOUBLE, 1, &dx, &vx);
  nc_def_var(id, "y", NC_DOUBLE, 1, &dy, &vy);
  const int dims[2] = {ff.x_first ? dx : dy, ff.x_first ? dy : dx};
  nc_def_var(id, "eta", ff.packed ? NC_SHORT : NC_DOUBLE, 2, dims, &var);
  const std::string units = "m";
  nc_put_att_text(id, var, "units", units.size(), units.c_str());
  const short fill = -32767, missing[2] = {-32000, -31999};
  const double scale = 0.001, offset = 0.25;
  if (ff.packed) {
    nc_def_var_fill(id, var, 0, &fill);
    nc_put_att_short(id, var, "missing_value", NC_SHORT, 2, missing);
    nc_put_att_double(id, var, "scale_factor", NC_DOUBLE, 1, &scale);
    nc_put_att_double(id, var, "add_offset", NC_DOUBLE, 1, &offset);
  }
  nc_enddef(id);
  std::vector<double> x(g.nx), y(g.ny);
  for (int i = 0; i < g.nx; ++i) x[i] = g.x_centre(ff.x_reversed ? g.nx - 1 - i : i);
  for (int j = 0; j < g.ny; ++j) y[j] = g.y_centre(j);
  nc_put_var_double(id, vx, x.data());
  nc_put_var_double(id, vy, y.data());
  // Stored in the file's order: element (a, b) of dims[0] x dims[1].
  std::vector<double> stored;
  const int n0 = ff.x_first ? g.nx : g.ny, n1 = ff.x_first ? g.ny : g.nx;
  for (int a = 0; a < n0; ++a)
    for (int b = 0; b < n1; ++b) {
      int i = ff.x_first ? a : b;
      const int j = ff.x_first ? b : a;
      if (ff.x_reversed) i = g.nx - 1 - i;
      double v = eta_at(i, j);
      if (ff.packed)
        v = i == 1 && j == 2 ? fill : i == 3 && j == 0 ? missing[0] : i == 0 && j == 1 ? missing[1] : std::round((v - offset) / scale);
      stored.push_back(v);
    }
  nc_put_var_double(id, var, stored.data());
  EXPECT_EQ(nc_close(id), NC_NOERR);
  return path;
}

}  // namespace

TEST(NetcdfInputCf, APackedFieldIsUnpackedAndItsFillAndMissingValuesAreDry) {
  TempDir tmp;
  FieldFile ff;
  ff.packed = true;
  const std::vector<double> eta = read_netcdf_free_surface(write(tmp, ff), "eta", -1, grid());
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 4; ++i) {
      const double got = eta[static_cast<std::size_t>(j) * 4 + i];
      if ((i == 1 && j == 2) || (i == 3 && j == 0) || (i == 0 && j == 1))
        EXPECT_TRUE(std::isnan(got)) << i << "," << j;
      else  // to the packing's step, 0.001 m: read raw it would be hundreds of metres
        EXPECT_NEAR(got, eta_at(i, j), 0.0005 + 1e-12) << i << "," << j;
    }
}

TEST(NetcdfInputCf, AnXAxisRunningEastToWestIsTurnedRound) {
  TempDir tmp;
  FieldFile ff;
  ff.x_reversed = true;
  const std::vector<double> eta = read_netcdf_free_surface(write(tmp, ff), "eta", -1, grid());
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 4; ++i) EXPECT_EQ(eta[static_cast<std::size_t>(j) * 4 + i], eta_at(i, j)) << i << "," << j;
}

TEST(NetcdfInputCf, DimensionsInXYOrderAreRefused) {
  TempDir tmp;
  FieldFile ff;
  ff.x_first = true;
  try {
    read_netcdf_free_surface(write(tmp, ff), "eta", -1, grid());
    ADD_FAILURE() << "a field stored (x, y) was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("variable 'eta' has its dimensions in the order (x, y): expected (time, y, x) "
                                         "or (y, x), x varying fastest (reorder it, e.g. `ncpdq -a y,x`)"),
              std::string::npos)
        << e.what();
  }
}

namespace {

/// A DEM as a CF NetCDF file (through GDAL's netCDF driver): x and y in `axis_units` (with their
/// standard names when `named`), variables z (the bed) and, with `second`, w.
std::string dem_file(TempDir& tmp, const std::string& name, const std::string& axis_units, bool second, bool named = true) {
  const Grid g = grid();
  const std::string path = tmp.file(name);
  int id, dx, dy, vx, vy, vz, vw;
  EXPECT_EQ(nc_create(path.c_str(), NC_NETCDF4 | NC_CLOBBER, &id), NC_NOERR);
  nc_def_dim(id, "x", g.nx, &dx);
  nc_def_dim(id, "y", g.ny, &dy);
  nc_def_var(id, "x", NC_DOUBLE, 1, &dx, &vx);
  nc_def_var(id, "y", NC_DOUBLE, 1, &dy, &vy);
  for (int v : {vx, vy}) nc_put_att_text(id, v, "units", axis_units.size(), axis_units.c_str());
  if (named)
    for (const auto& [v, n] : {std::pair<int, std::string>{vx, "projection_x_coordinate"}, {vy, "projection_y_coordinate"}})
      nc_put_att_text(id, v, "standard_name", n.size(), n.c_str());
  const int dims[2] = {dy, dx};
  nc_def_var(id, "z", NC_DOUBLE, 2, dims, &vz);
  if (second) nc_def_var(id, "w", NC_DOUBLE, 2, dims, &vw);
  nc_enddef(id);
  const double k = axis_units == "km" ? 1e-3 : 1;
  std::vector<double> x(g.nx), y(g.ny), z(g.cells(), -5.0);
  for (int i = 0; i < g.nx; ++i) x[i] = k * g.x_centre(i);
  for (int j = 0; j < g.ny; ++j) y[j] = k * g.y_centre(j);
  nc_put_var_double(id, vx, x.data());
  nc_put_var_double(id, vy, y.data());
  nc_put_var_double(id, vz, z.data());
  if (second) nc_put_var_double(id, vw, z.data());
  EXPECT_EQ(nc_close(id), NC_NOERR);
  return path;
}

std::string raster_error(const std::string& path) {
  try {
    read_raster(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(NetcdfInputCf, ADemInKilometresIsRefusedAndSeveralVariablesAreNamed) {
  if (!gdal_built()) GTEST_SKIP() << "NetCDF DEMs are read through GDAL";
  TempDir tmp;
  // GDAL takes the axis values as they are: a DEM in km would be a model 1000 times too small.
  const std::string km = dem_file(tmp, "km.nc", "km", false);
  EXPECT_NE(raster_error(km).find("its coordinate variable 'x' is in 'km'; the model needs coordinates in metres: convert "
                                  "them first (ncap2 -s 'x=x*1000' FILE"),
            std::string::npos)
      << raster_error(km);
  const Raster m = read_raster(dem_file(tmp, "metre.nc", "m", false));
  EXPECT_DOUBLE_EQ(m.x0, 1000);
  EXPECT_DOUBLE_EQ(m.dx, 10);
  // Axes GDAL does not recognise (no standard_name or axis): GDAL would give 1 x 1 cells at the origin.
  const std::string bare = dem_file(tmp, "bare.nc", "m", false, false);
  EXPECT_NE(raster_error(bare).find("bare.nc' has no geotransform"), std::string::npos) << raster_error(bare);
  EXPECT_NE(raster_error(bare).find("standard_name projection_x_coordinate"), std::string::npos) << raster_error(bare);
  // Two variables: named, and either read by GDAL's subdataset name, quoted or not.
  const std::string two = dem_file(tmp, "two.nc", "m", true);
  EXPECT_NE(raster_error(two).find("holds several rasters: NETCDF:\"" + two + "\":z, NETCDF:\"" + two +
                                   "\":w; give the one to read by its name"),
            std::string::npos)
      << raster_error(two);
  EXPECT_EQ(read_raster("NETCDF:\"" + two + "\":z").at(1, 1), -5);
  EXPECT_EQ(read_raster("NETCDF:" + two + ":z").at(1, 1), -5);
}
