// NetCDF output: the file is read back with the netCDF C API and checked for CF layout,
// attributes, exact float round trip of the maps, extremes, the CRS, and that a writer
// killed after appending (no close) leaves a readable file with every appended slice.
#include <gtest/gtest.h>
#include <netcdf.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "io/io_error.hpp"
#include "io/netcdf/netcdf_input.hpp"
#include "io/netcdf/netcdf_output.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "netcdf_reader.hpp"

using namespace ria;
using namespace ria::io;
using ria::test::Reader;
using ria::test::TempDir;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const std::string kWkt =
    "PROJCS[\"ETRS89 / UTM zone 29N\",GEOGCS[\"ETRS89\",DATUM[\"European_Terrestrial_Reference_"
    "System_1989\",SPHEROID[\"GRS 1980\",6378137,298.257222101]],PRIMEM[\"Greenwich\",0],"
    "UNIT[\"degree\",0.0174532925199433]],PROJECTION[\"Transverse_Mercator\"],"
    "PARAMETER[\"central_meridian\",-9],UNIT[\"metre\",1],AUTHORITY[\"EPSG\",\"25829\"]]";

/// 4 x 3 cells of 10 m x 20 m with lower-left corner (1000, 2000).
NcHeader make_header(bool crs) {
  NcHeader h;
  h.grid.nx = 4;
  h.grid.ny = 3;
  h.grid.dx = 10;
  h.grid.dy = 20;
  h.grid.x0 = 1000;
  h.grid.y0 = 2000;
  if (crs) {
    h.crs_wkt = kWkt;
    h.grid_mapping = {{"grid_mapping_name", "transverse_mercator", {}}, {"standard_parallel", "", {43.0, 42.5}}};
  }
  h.start_iso = "2000-01-01T00:00:00Z";
  h.title = "test run";
  h.source = "ria test";
  h.history = "created by test_netcdf_output";
  h.concentration_units = "kg m-3";
  h.bed_elevation.resize(h.grid.cells());
  for (std::size_t k = 0; k < h.bed_elevation.size(); ++k) h.bed_elevation[k] = -1.0 - 0.1 * k;
  return h;
}

/// A field with distinct, non-float-exact values; cell `nan_cell` is NaN (dry).
std::vector<double> field(double base, std::size_t n, std::size_t nan_cell) {
  std::vector<double> f(n);
  for (std::size_t k = 0; k < n; ++k) f[k] = base + 0.1 * k + 1e-9;
  f[nan_cell] = kNaN;
  return f;
}

/// Expects the stored floats to be float(value), or _FillValue where the value is NaN.
void expect_stored(const std::vector<float>& got, const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t k = 0; k < want.size(); ++k) {
    if (std::isnan(want[k]))
      EXPECT_EQ(got[k], NC_FILL_FLOAT) << "cell " << k;
    else
      EXPECT_EQ(got[k], static_cast<float>(want[k])) << "cell " << k;
  }
}

/// Two slices (t = 0 and 600 s) of five distinct fields, each with one NaN cell.
struct TwoSlices {
  std::vector<double> f[2][5];
  TwoSlices() {
    for (int s = 0; s < 2; ++s)
      for (int q = 0; q < 5; ++q) f[s][q] = field(10.0 * q + s, 12, static_cast<std::size_t>(q + s));
  }
  void write(NetcdfOutput& out) const {
    for (int s = 0; s < 2; ++s) out.append(600.0 * s, {&f[s][0], &f[s][1], &f[s][2], &f[s][3], &f[s][4]});
  }
  /// A closed file of the two slices.
  void write_file(const std::string& path, const NcHeader& h) const {
    NetcdfOutput out(path, h);
    write(out);
  }
};

}  // namespace

TEST(NetcdfOutput, IsBuilt) { EXPECT_TRUE(netcdf_built()); }

TEST(NetcdfOutput, DimensionsCoordinatesAndAttributesFollowCf) {
  TempDir tmp;
  const std::string path = tmp.file("run.nc");
  {
    NetcdfOutput out(path, make_header(true));
    TwoSlices().write(out);
    EXPECT_EQ(out.slices(), 2u);
    out.close();
    out.close();  // idempotent
  }
  Reader r(path);
  int format = 0;
  ASSERT_EQ(nc_inq_format(r.id, &format), NC_NOERR);
  EXPECT_EQ(format, NC_FORMAT_NETCDF4);
  EXPECT_EQ(r.dim("x"), 4u);
  EXPECT_EQ(r.dim("y"), 3u);
  EXPECT_EQ(r.dim("time"), 2u);
  int unlimited[4], n_unlimited = 0;
  ASSERT_EQ(nc_inq_unlimdims(r.id, &n_unlimited, unlimited), NC_NOERR);
  EXPECT_EQ(n_unlimited, 1);  // time
  int nvars = 0;
  ASSERT_EQ(nc_inq_nvars(r.id, &nvars), NC_NOERR);
  EXPECT_EQ(nvars, 15);  // x, y, time, crs, bed, 5 maps, 5 extremes: no gauge variables (gauges.nc)

  // Cell centres: x0 + (i + 1/2) dx, y0 + (j + 1/2) dy, south to north.
  EXPECT_EQ(r.doubles("x", 4), (std::vector<double>{1005, 1015, 1025, 1035}));
  EXPECT_EQ(r.doubles("y", 3), (std::vector<double>{2010, 2030, 2050}));
  EXPECT_EQ(r.doubles("time", 2), (std::vector<double>{0, 600}));

  EXPECT_EQ(r.att(NC_GLOBAL, "Conventions"), "CF-1.8");
  EXPECT_EQ(r.att(NC_GLOBAL, "title"), "test run");
  EXPECT_EQ(r.att(NC_GLOBAL, "source"), "ria test");
  EXPECT_EQ(r.att(NC_GLOBAL, "history"), "created by test_netcdf_output");
  EXPECT_NE(r.att(NC_GLOBAL, "references").find("Viñas et al. 2012"), std::string::npos);
  EXPECT_EQ(r.att(NC_GLOBAL, "featureType"), "<absent>");  // gridded, not a discrete sampling geometry
  EXPECT_EQ(r.att(NC_GLOBAL, "institution"), "<absent>");

  EXPECT_EQ(r.att("x", "standard_name"), "projection_x_coordinate");
  EXPECT_EQ(r.att("y", "standard_name"), "projection_y_coordinate");
  EXPECT_EQ(r.att("x", "units"), "m");
  EXPECT_EQ(r.att("y", "axis"), "Y");
  EXPECT_EQ(r.att("time", "units"), "seconds since 2000-01-01 00:00:00");
  EXPECT_EQ(r.att("time", "calendar"), "proleptic_gregorian");
  EXPECT_EQ(r.att("time", "standard_name"), "time");

  EXPECT_EQ(r.att("depth", "standard_name"), "sea_floor_depth_below_sea_surface");
  EXPECT_EQ(r.att("depth", "units"), "m");
  EXPECT_EQ(r.att("eta", "standard_name"), "water_surface_height_above_reference_datum");
  EXPECT_EQ(r.att("u", "standard_name"), "sea_water_x_velocity");
  EXPECT_EQ(r.att("v", "standard_name"), "sea_water_y_velocity");
  EXPECT_EQ(r.att("u", "units"), "m s-1");
  EXPECT_EQ(r.att("concentration", "units"), "kg m-3");  // the scenario's pollutant.units
  EXPECT_EQ(r.att("max_concentration", "units"), "kg m-3");
  EXPECT_EQ(r.att("concentration", "standard_name"), "<absent>");
  EXPECT_EQ(r.att("bed_elevation", "units"), "m");

  // Maps: float, (time, y, x), _FillValue, one chunk per slice, deflate 4 with shuffle.
  for (const char* name : {"depth", "eta", "u", "v", "concentration"}) {
    const int v = r.var(name);
    nc_type type;
    int ndims, dims[3];
    ASSERT_EQ(nc_inq_var(r.id, v, nullptr, &type, &ndims, dims, nullptr), NC_NOERR);
    EXPECT_EQ(type, NC_FLOAT);
    ASSERT_EQ(ndims, 3);
    char dn[NC_MAX_NAME + 1];
    const char* want[3] = {"time", "y", "x"};
    for (int d = 0; d < 3; ++d) {
      nc_inq_dimname(r.id, dims[d], dn);
      EXPECT_STREQ(dn, want[d]);
    }
    float fill = 0;
    ASSERT_EQ(nc_get_att_float(r.id, v, "_FillValue", &fill), NC_NOERR);
    EXPECT_EQ(fill, NC_FILL_FLOAT);
    int storage;
    std::size_t chunks[3];
    ASSERT_EQ(nc_inq_var_chunking(r.id, v, &storage, chunks), NC_NOERR);
    EXPECT_EQ(storage, NC_CHUNKED);
    EXPECT_EQ(chunks[0], 1u);
    EXPECT_EQ(chunks[1], 3u);
    EXPECT_EQ(chunks[2], 4u);
    int shuffle, deflate, level;
    ASSERT_EQ(nc_inq_var_deflate(r.id, v, &shuffle, &deflate, &level), NC_NOERR);
    EXPECT_TRUE(shuffle);
    EXPECT_TRUE(deflate);
    EXPECT_EQ(level, 4);
    EXPECT_EQ(r.att(v, "grid_mapping"), "crs");
  }

  // Grid mapping with the WKT, for CF readers and for GDAL.
  ASSERT_TRUE(r.has_var("crs"));
  EXPECT_EQ(r.att("crs", "crs_wkt"), kWkt);
  EXPECT_EQ(r.att("crs", "spatial_ref"), kWkt);
  EXPECT_EQ(r.att("crs", "grid_mapping_name"), "transverse_mercator");
  double parallels[2] = {0, 0};
  std::size_t n_parallels = 0;
  EXPECT_EQ(nc_inq_attlen(r.id, r.var("crs"), "standard_parallel", &n_parallels), NC_NOERR);
  EXPECT_EQ(n_parallels, 2u);
  EXPECT_EQ(nc_get_att_double(r.id, r.var("crs"), "standard_parallel", parallels), NC_NOERR);
  EXPECT_EQ(parallels[1], 42.5);
  EXPECT_EQ(r.att("bed_elevation", "grid_mapping"), "crs");
  EXPECT_EQ(r.att("max_depth", "grid_mapping"), "crs");
}

TEST(NetcdfOutput, TwoSlicesAndBedRoundTripAsFloatWithFillForNaN) {
  TempDir tmp;
  const std::string path = tmp.file("run.nc");
  const NcHeader h = make_header(false);
  const TwoSlices data;
  data.write_file(path, h);
  Reader r(path);
  const char* names[5] = {"depth", "eta", "u", "v", "concentration"};
  for (int s = 0; s < 2; ++s)
    for (int q = 0; q < 5; ++q) {
      SCOPED_TRACE(std::string(names[q]) + " slice " + std::to_string(s));
      expect_stored(r.floats(names[q], s, 12), data.f[s][q]);
    }
  expect_stored(r.map("bed_elevation"), h.bed_elevation);
}

TEST(NetcdfOutput, NullFieldLeavesTheSliceFilled) {
  TempDir tmp;
  const std::string path = tmp.file("run.nc");
  const std::vector<double> h(12, 1.5);
  {
    NetcdfOutput out(path, make_header(false));
    out.append(30, {&h, nullptr, nullptr, nullptr, nullptr});
  }
  Reader r(path);
  expect_stored(r.floats("depth", 0, 12), h);
  expect_stored(r.floats("concentration", 0, 12), std::vector<double>(12, kNaN));
}

TEST(NetcdfOutput, WithoutWktThereIsNoGridMapping) {
  TempDir tmp;
  const std::string path = tmp.file("run.nc");
  { NetcdfOutput out(path, make_header(false)); }
  Reader r(path);
  EXPECT_FALSE(r.has_var("crs"));
  EXPECT_EQ(r.att("depth", "grid_mapping"), "<absent>");
  EXPECT_EQ(r.att("bed_elevation", "grid_mapping"), "<absent>");
  EXPECT_EQ(r.dim("time"), 0u);
}

TEST(NetcdfOutput, ExtremesAreWrittenAndOverwritten) {
  TempDir tmp;
  const std::string path = tmp.file("run.nc");
  const std::vector<double> max_h = field(2.0, 12, 0), max_c = field(0.5, 12, 1);
  std::vector<double> arrival(12, kNaN);
  arrival[5] = 3600.25;
  arrival[6] = 7200;
  const std::vector<double> max_u = field(1.5, 12, 2);
  std::vector<double> wet(12, kNaN);
  wet[5] = 1800.5;
  {
    NetcdfOutput out(path, make_header(false));
    swe::HostExtremes first;
    first.max_depth.assign(12, 9.0);
    out.write_extremes(first, 0.5);  // a first pass, replaced below
    swe::HostExtremes e;
    e.max_depth = max_h, e.max_speed = max_u, e.max_concentration = max_c, e.first_wet_time = wet, e.arrival_time = arrival;
    out.write_extremes(e, 1e-3);
  }
  Reader r(path);
  expect_stored(r.map("max_depth"), max_h);
  expect_stored(r.map("max_concentration"), max_c);
  expect_stored(r.map("arrival_time"), arrival);
  expect_stored(r.map("max_speed"), max_u);
  expect_stored(r.map("first_wet_time"), wet);
  double threshold = 0;
  ASSERT_EQ(nc_get_att_double(r.id, r.var("arrival_time"), "threshold", &threshold), NC_NOERR);
  EXPECT_EQ(threshold, 1e-3);
  EXPECT_EQ(r.att("arrival_time", "units"), "seconds since 2000-01-01 00:00:00");
  EXPECT_EQ(r.att("arrival_time", "long_name"), "time of first arrival of concentration above threshold");
  EXPECT_EQ(r.att("max_depth", "units"), "m");
  EXPECT_EQ(r.att("max_concentration", "units"), "kg m-3");
  EXPECT_EQ(r.att("max_speed", "units"), "m s-1");
  EXPECT_EQ(r.att("first_wet_time", "units"), "seconds since 2000-01-01 00:00:00");
}

TEST(NetcdfOutput, ExtremesNotWrittenStayFilled) {
  TempDir tmp;
  const std::string path = tmp.file("run.nc");
  { NetcdfOutput out(path, make_header(false)); }
  Reader r(path);
  expect_stored(r.map("max_depth"), std::vector<double>(12, kNaN));
}

TEST(NetcdfOutput, AKilledWriterLeavesEveryAppendedSlice) {
  TempDir tmp;
  const std::string path = tmp.file("crash.nc");
  const TwoSlices data;
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {  // the run: create, append 2 slices, then die uncleanly
    try {
      NetcdfOutput out(path, make_header(true));
      data.write(out);
      kill(getpid(), SIGKILL);  // no close, no destructor, no atexit handlers
    } catch (...) {
      _exit(2);
    }
    _exit(3);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status)) << "child exit status " << WEXITSTATUS(status);
  ASSERT_EQ(WTERMSIG(status), SIGKILL);

  Reader r(path);
  EXPECT_EQ(r.dim("time"), 2u);
  EXPECT_EQ(r.doubles("time", 2), (std::vector<double>{0, 600}));
  for (int s = 0; s < 2; ++s) expect_stored(r.floats("eta", s, 12), data.f[s][1]);
  EXPECT_EQ(r.att("crs", "crs_wkt"), kWkt);
}

TEST(NetcdfOutput, CreateFailureIsAnIoErrorNamingThePathAndTheReason) {
  TempDir tmp;
  const std::string path = tmp.file("no_such_dir/x.nc");
  try {
    NetcdfOutput out(path, make_header(false));
    FAIL() << "expected IoError";
  } catch (const IoError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("cannot create NetCDF file '" + path + "'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("No such file or directory"), std::string::npos) << msg;
  }
}

TEST(NetcdfOutput, ReadOnlyDirectoryGivesPermissionDenied) {
  if (geteuid() == 0) GTEST_SKIP() << "root ignores directory permissions";
  TempDir tmp;
  const std::string dir = tmp.file("ro");
  std::filesystem::create_directory(dir);
  std::filesystem::permissions(dir, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  try {
    NetcdfOutput out(dir + "/x.nc", make_header(false));
    ADD_FAILURE() << "expected IoError";
  } catch (const IoError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot create NetCDF file '" + dir + "/x.nc': Permission denied");
  }
  std::filesystem::permissions(dir, std::filesystem::perms::owner_all);
}

TEST(NetcdfOutput, MisuseIsReported) {
  TempDir tmp;
  const std::string path = tmp.file("run.nc");
  NetcdfOutput out(path, make_header(false));
  const std::vector<double> wrong(5, 1.0);
  EXPECT_THROW(out.append(0, {&wrong, nullptr, nullptr, nullptr, nullptr}), std::invalid_argument);
  EXPECT_EQ(out.slices(), 0u);
  swe::HostExtremes e;
  e.max_speed = wrong;
  EXPECT_THROW(out.write_extremes(e, 0.1), std::invalid_argument);
  out.close();
  EXPECT_THROW(out.append(0, {}), IoError);
}

TEST(NetcdfOutput, TimeUnitsDropAUtcSuffixAndKeepAnotherOffset) {
  TempDir tmp;
  NcHeader h = make_header(false);
  h.start_iso = "2024-06-01T12:30:00+00:00";
  { NetcdfOutput out(tmp.file("a.nc"), h); }
  EXPECT_EQ(Reader(tmp.file("a.nc")).att("time", "units"), "seconds since 2024-06-01 12:30:00");
  h.start_iso = "2024-06-01T12:30:00-03:00";
  { NetcdfOutput out(tmp.file("b.nc"), h); }
  EXPECT_EQ(Reader(tmp.file("b.nc")).att("time", "units"), "seconds since 2024-06-01 12:30:00 -03:00");
}

// initial.kind = "netcdf": a slice of an earlier run's file read back onto the model grid.
TEST(NetcdfInput, ReadsASliceByTimeOrTheLastOneWithFillAsNaN) {
  TempDir tmp;
  const std::string path = tmp.file("run.nc");
  const NcHeader h = make_header(false);
  const TwoSlices data;
  data.write_file(path, h);
  for (double t : {0.0, 600.0, -1.0}) {
    const std::vector<double> eta = read_netcdf_free_surface(path, "eta", t, h.grid);
    const std::vector<double>& want = data.f[t == 0.0 ? 0 : 1][1];
    ASSERT_EQ(eta.size(), want.size());
    for (std::size_t k = 0; k < eta.size(); ++k) {
      if (std::isnan(want[k])) {
        EXPECT_TRUE(std::isnan(eta[k])) << k;
      } else {
        EXPECT_EQ(eta[k], static_cast<double>(static_cast<float>(want[k]))) << k;
      }
    }
  }
  const std::vector<double> bed = read_netcdf_free_surface(path, "bed_elevation", -1, h.grid);  // a (y, x) variable
  EXPECT_EQ(bed[5], static_cast<double>(static_cast<float>(h.bed_elevation[5])));
}

TEST(NetcdfInput, ErrorsNameTheFileVariableGridAndTime) {
  TempDir tmp;
  const std::string path = tmp.file("run.nc");
  const NcHeader h = make_header(false);
  TwoSlices().write_file(path, h);
  auto message = [&](const std::string& file, const std::string& var, double t, Grid g) {
    try {
      read_netcdf_free_surface(file, var, t, g);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message(path, "zeta", -1, h.grid).find("has no variable 'zeta'"), std::string::npos);
  EXPECT_NE(message(path, "eta", 300, h.grid).find("no slice at time = 300 s"), std::string::npos);
  Grid bigger = h.grid;
  bigger.nx = 5;
  EXPECT_NE(message(path, "eta", -1, bigger).find("is 4 x 3 (x by y); the model grid is 5 x 3"), std::string::npos);
  Grid shifted = h.grid;
  shifted.x0 += 5;
  EXPECT_NE(message(path, "eta", -1, shifted).find("coordinate x[0] = 1005"), std::string::npos)
      << message(path, "eta", -1, shifted);
  EXPECT_NE(message(tmp.file("none.nc"), "eta", -1, h.grid).find("cannot read"), std::string::npos);
  std::ofstream(tmp.file("text.nc")) << "not netcdf";
  EXPECT_NE(message(tmp.file("text.nc"), "eta", -1, h.grid).find("is not a NetCDF file"), std::string::npos);
}

TEST(NetcdfInput, AFreeSurfaceIsRefusedUnlessItsAttributesFit) {
  TempDir tmp;
  const std::string path = tmp.file("run.nc");
  const NcHeader h = make_header(false);
  TwoSlices().write_file(path, h);
  EXPECT_EQ(read_netcdf_free_surface(path, "eta", -1, h.grid).size(), h.grid.cells());
  for (const auto& [var, attrs] : {std::pair<const char*, const char*>{"u", "standard_name 'sea_water_x_velocity' and units 'm s-1'"},
                                   {"depth", "standard_name 'sea_floor_depth_below_sea_surface' and units 'm'"},
                                   {"concentration", "standard_name '(none)' and units 'kg m-3'"}}) {
    try {
      read_netcdf_free_surface(path, var, -1, h.grid);
      ADD_FAILURE() << var << " taken for a free surface";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("variable '" + std::string(var) + "' (initial.variable) has " + attrs +
                                           ": it is not a free surface"),
                std::string::npos)
          << e.what();
    }
  }
  // No standard_name, units m (the bed elevation of a ria.nc): not clearly wrong, read.
  EXPECT_EQ(read_netcdf_free_surface(path, "bed_elevation", -1, h.grid).size(), h.grid.cells());
  EXPECT_THROW(read_netcdf_free_surface(path, "zeta", -1, h.grid), InputError);
  EXPECT_THROW(read_netcdf_free_surface(tmp.file("none.nc"), "eta", -1, h.grid), IoError);
}

/// A ria.nc of TwoSlices on make_header(false)'s grid in tmp, and the path to it.
static std::string two_slice_file(TempDir& tmp, const NcHeader& h, const TwoSlices& data = {}) {
  const std::string path = tmp.file("run.nc");
  data.write_file(path, h);
  return path;
}

// initial.velocity: u and v of a ria.nc are read; eta, depth or the other component are refused.
TEST(NetcdfInput, AVelocityIsRefusedUnlessItsAttributesFit) {
  TempDir tmp;
  const NcHeader h = make_header(false);
  const std::string path = two_slice_file(tmp, h);
  EXPECT_EQ(read_netcdf_velocity(path, "u", 0, -1, h.grid).size(), h.grid.cells());
  EXPECT_EQ(read_netcdf_velocity(path, "v", 1, -1, h.grid).size(), h.grid.cells());
  auto message = [&](const char* var, int component) {
    try {
      read_netcdf_velocity(path, var, component, -1, h.grid);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  std::string e = message("eta", 0);
  EXPECT_NE(e.find("variable 'eta' (initial.velocity[0]) has standard_name 'water_surface_height_above_reference_datum' "
                   "and units 'm': it is not the x velocity"),
            std::string::npos)
      << e;
  e = message("v", 0);  // the components swapped
  EXPECT_NE(e.find("variable 'v' (initial.velocity[0]) has standard_name 'sea_water_y_velocity'"), std::string::npos) << e;
  e = message("depth", 1);
  EXPECT_NE(e.find("(initial.velocity[1])"), std::string::npos) << e;
  EXPECT_NE(e.find("it is not the y velocity"), std::string::npos) << e;
  // Other models' spellings of the same: a depth-averaged name, metres per second spelled out.
  int id = -1, var = -1;
  ASSERT_EQ(nc_open(path.c_str(), NC_WRITE, &id), NC_NOERR);
  ASSERT_EQ(nc_inq_varid(id, "u", &var), NC_NOERR);
  ASSERT_EQ(nc_redef(id), NC_NOERR);
  const std::string name = "barotropic_sea_water_x_velocity", units = "meters s-1";
  ASSERT_EQ(nc_put_att_text(id, var, "standard_name", name.size(), name.c_str()), NC_NOERR);
  ASSERT_EQ(nc_put_att_text(id, var, "units", units.size(), units.c_str()), NC_NOERR);
  ASSERT_EQ(nc_close(id), NC_NOERR);
  EXPECT_EQ(read_netcdf_velocity(path, "u", 0, -1, h.grid).size(), h.grid.cells());
  EXPECT_NE(message("u", 1).find("it is not the y velocity"), std::string::npos);
}

// initial.concentration: the concentration of a ria.nc in the scenario's units is read as written
// (float); in other units, or eta, u or v, it is refused.
TEST(NetcdfInput, AConcentrationIsReadInTheScenariosUnitsOnly) {
  TempDir tmp;
  const NcHeader h = make_header(false);  // concentration in kg m-3
  const TwoSlices data;
  const std::string path = two_slice_file(tmp, h, data);
  const std::vector<double> c = read_netcdf_concentration(path, "concentration", 600, h.grid, "kg m-3");
  ASSERT_EQ(c.size(), h.grid.cells());
  for (std::size_t k = 0; k < c.size(); ++k) {
    if (std::isnan(data.f[1][4][k])) continue;
    EXPECT_EQ(c[k], static_cast<double>(static_cast<float>(data.f[1][4][k]))) << k;
  }
  auto message = [&](const char* var, const char* units) {
    try {
      read_netcdf_concentration(path, var, -1, h.grid, units);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  std::string e = message("concentration", "g m-3");
  EXPECT_NE(e.find("variable 'concentration' (initial.concentration) has standard_name '(none)' and units 'kg m-3': "
                   "expected a concentration in pollutant.units = 'g m-3'"),
            std::string::npos)
      << e;
  EXPECT_NE(message("eta", "kg m-3").find("(initial.concentration) has standard_name 'water_surface_height"), std::string::npos);
  EXPECT_NE(message("u", "m s-1").find("(initial.concentration) has standard_name 'sea_water_x_velocity'"), std::string::npos);
  EXPECT_NE(message("max_concentration", "kg m-3").find("a run's maximum, not a state"), std::string::npos);
}

// The time coordinate in its units: slices at 0 and 600 "hours since" are at 0 and 2 160 000 s.
TEST(NetcdfInput, TheTimeCoordinateIsReadInItsUnits) {
  TempDir tmp;
  const NcHeader h = make_header(false);
  const TwoSlices data;
  const std::string path = two_slice_file(tmp, h, data);
  const auto set_units = [&](const std::string& units) {
    int id = -1, var = -1;
    ASSERT_EQ(nc_open(path.c_str(), NC_WRITE, &id), NC_NOERR);
    ASSERT_EQ(nc_inq_varid(id, "time", &var), NC_NOERR);
    ASSERT_EQ(nc_redef(id), NC_NOERR);
    ASSERT_EQ(nc_put_att_text(id, var, "units", units.size(), units.c_str()), NC_NOERR);
    ASSERT_EQ(nc_close(id), NC_NOERR);
  };
  set_units("Hours since 2026-11-23 00:00:00");  // (any case)
  const std::vector<double> eta = read_netcdf_free_surface(path, "eta", 600 * 3600.0, h.grid);
  EXPECT_EQ(eta[1], static_cast<double>(static_cast<float>(data.f[1][1][1])));
  try {
    read_netcdf_free_surface(path, "eta", 600, h.grid);
    ADD_FAILURE() << "600 s found where the slices are at 0 and 600 h";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("its 2 slices run from 0 to 2.16e+06 s"), std::string::npos) << e.what();
  }
  // The slice's date: 600 h after the units' date, 2026-12-18T00:00:00Z; with an offset after a
  // space (as ria writes a time.start given with one) the instant in UTC.
  EXPECT_EQ(format_utc_time(netcdf_slice_date(path, "eta", 600 * 3600.0).t), "2026-12-18T00:00:00Z");
  EXPECT_EQ(format_utc_time(netcdf_slice_date(path, "eta", -1).t), "2026-12-18T00:00:00Z");  // the last
  EXPECT_EQ(format_utc_time(netcdf_slice_date(path, "eta", 0).t), "2026-11-23T00:00:00Z");
  EXPECT_TRUE(std::isnan(netcdf_slice_date(path, "eta", 600).t));  // no such slice
  set_units("seconds since 2026-11-23 06:00:00 +05:30");
  EXPECT_EQ(format_utc_time(netcdf_slice_date(path, "eta", 0).t), "2026-11-23T00:30:00Z");
  // The reference dates of UDUNITS and other CF writers: a zone name, a short or unpadded offset,
  // an unpadded date, a fraction of a second, ISO 8601.
  for (const auto& [units, utc] : {std::pair<const char*, const char*>{"seconds since 2026-11-23 06:00:00 UTC", "2026-11-23T06:00:00Z"},
                                   {"seconds since 2026-11-23 06:00:00.0 GMT", "2026-11-23T06:00:00Z"},
                                   {"seconds since 2026-11-23 06:00:00 -08", "2026-11-23T14:00:00Z"},
                                   {"seconds since 2026-11-23 06:00:00+0530", "2026-11-23T00:30:00Z"},
                                   {"seconds since 2026-11-23T06:00:00Z", "2026-11-23T06:00:00Z"},
                                   {"seconds since 1970-1-1 0:0:0", "1970-01-01T00:00:00Z"},
                                   {"seconds since 2026-11-23", "2026-11-23T00:00:00Z"}}) {
    set_units(units);
    const SliceDate d = netcdf_slice_date(path, "eta", 0);
    EXPECT_EQ(format_utc_time(d.t), utc) << units;
    EXPECT_EQ(d.unreadable, "") << units;
  }
  set_units("seconds since 2026-02-30 00:00:00");  // no such day: said, not taken as no date
  EXPECT_TRUE(std::isnan(netcdf_slice_date(path, "eta", 0).t));
  EXPECT_NE(netcdf_slice_date(path, "eta", 0).unreadable.find(
                "units = \"seconds since 2026-02-30 00:00:00\" name no date ria reads"),
            std::string::npos);
  set_units("seconds since 2026-11-23");
  {
    int id = -1, var = -1;
    const std::string calendar = "360_day";
    ASSERT_EQ(nc_open(path.c_str(), NC_WRITE, &id), NC_NOERR);
    ASSERT_EQ(nc_inq_varid(id, "time", &var), NC_NOERR);
    ASSERT_EQ(nc_redef(id), NC_NOERR);
    ASSERT_EQ(nc_put_att_text(id, var, "calendar", calendar.size(), calendar.c_str()), NC_NOERR);
    ASSERT_EQ(nc_close(id), NC_NOERR);
  }
  EXPECT_TRUE(std::isnan(netcdf_slice_date(path, "eta", 0).t));
  EXPECT_NE(netcdf_slice_date(path, "eta", 0).unreadable.find("calendar = \"360_day\" is not the Gregorian one"),
            std::string::npos);
  set_units("seconds");  // no date
  EXPECT_TRUE(std::isnan(netcdf_slice_date(path, "eta", 0).t));
  set_units("furlongs since 2026-11-23");
  try {
    read_netcdf_free_surface(path, "eta", 600, h.grid);
    ADD_FAILURE() << "time units in furlongs accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("the time coordinate 'time' has units 'furlongs since 2026-11-23'; expected "
                                         "seconds, minutes, hours or days since a date"),
              std::string::npos)
        << e.what();
  }
}
