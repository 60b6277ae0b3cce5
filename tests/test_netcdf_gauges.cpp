// gauges.nc: the CF-1.8 timeSeries file of the gauges, read back with the netCDF C API: layout,
// attributes (featureType, cf_role, units from the scenario), whole UTF-8 names longer than 64
// bytes, the values with _FillValue for NaN, and that a killed writer keeps every record.
#include <gtest/gtest.h>
#include <netcdf.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <limits>
#include <string>
#include <vector>

#include "io/io_error.hpp"
#include "io/netcdf/netcdf_gauges.hpp"
#include "netcdf_reader.hpp"

using namespace ria::io;
using ria::test::Reader;
using ria::test::TempDir;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const std::string kLongName =
    "Ría de Vigo, muelle de trasatlánticos, extremo norte del espigón (estación mareográfica nº 3)";

NcGaugeHeader make_header(bool crs) {
  NcGaugeHeader h;
  h.stations = {{"harbour", 1005, 2010}, {kLongName, 1035, 2050}};
  if (crs) {
    h.crs_wkt = "PROJCS[\"test\"]";
    h.grid_mapping = {{"grid_mapping_name", "transverse_mercator", {}}};
  }
  h.start_iso = "2000-01-01T00:00:00Z";
  h.title = "test run: gauges";
  h.concentration_units = "ppm";
  return h;
}

const std::vector<NcGaugeRecord> kFirst{{5.0, {{1.1, 2.2, 0.3, -0.4, 1e-3}, {0.0, -1.0, kNaN, kNaN, kNaN}}}};
const std::vector<NcGaugeRecord> kMore{{10.0, {{1.2, 2.3, 0.31, -0.41, 2e-3}, {0.1, -0.9, 0.01, 0.02, 0.5}}},
                                       {15.0, {{1.3, 2.4, 0.32, -0.42, 3e-3}, {0.2, -0.8, 0.02, 0.03, 0.6}}}};

std::string dim_name(const Reader& r, int d) {
  char n[NC_MAX_NAME + 1];
  EXPECT_EQ(nc_inq_dimname(r.id, d, n), NC_NOERR);
  return n;
}

}  // namespace

TEST(GaugeNetcdf, IsACfTimeSeriesFileWithWholeNamesAndTheScenarioUnits) {
  TempDir tmp;
  const std::string path = tmp.file("gauges.nc");
  {
    GaugeNetcdf out(path, make_header(true));
    out.append(kFirst);
    out.append(kMore);
    out.append({});
    EXPECT_EQ(out.records(), 3u);
  }
  Reader r(path);
  EXPECT_EQ(r.att(NC_GLOBAL, "Conventions"), "CF-1.8");
  EXPECT_EQ(r.att(NC_GLOBAL, "featureType"), "timeSeries");
  EXPECT_EQ(r.att(NC_GLOBAL, "title"), "test run: gauges");
  EXPECT_EQ(r.dim("station"), 2u);
  EXPECT_EQ(r.dim("time"), 3u);
  EXPECT_EQ(r.dim("name_strlen"), kLongName.size());  // sized to the longest name, in bytes
  ASSERT_GT(kLongName.size(), 64u);

  // Station names, whole (UTF-8 bytes as given), NUL padded.
  EXPECT_EQ(r.att("station_name", "cf_role"), "timeseries_id");
  std::vector<char> names(2 * kLongName.size());
  ASSERT_EQ(nc_get_var_text(r.id, r.var("station_name"), names.data()), NC_NOERR);
  EXPECT_EQ(std::string(names.data()), "harbour");
  EXPECT_EQ(std::string(names.data() + kLongName.size(), kLongName.size()), kLongName);

  EXPECT_EQ(r.doubles("x", 2), (std::vector<double>{1005, 1035}));
  EXPECT_EQ(r.doubles("y", 2), (std::vector<double>{2010, 2050}));
  EXPECT_EQ(r.att("x", "standard_name"), "projection_x_coordinate");
  EXPECT_EQ(r.att("y", "units"), "m");
  EXPECT_EQ(r.doubles("time", 3), (std::vector<double>{5, 10, 15}));
  EXPECT_EQ(r.att("time", "units"), "seconds since 2000-01-01 00:00:00");
  EXPECT_EQ(r.att("time", "standard_name"), "time");
  EXPECT_EQ(r.att("crs", "grid_mapping_name"), "transverse_mercator");

  // The series: (station, time), doubles, NaN stored as _FillValue.
  const char* vars[5] = {"depth", "eta", "u", "v", "concentration"};
  std::vector<NcGaugeRecord> all = kFirst;
  all.insert(all.end(), kMore.begin(), kMore.end());
  for (int q = 0; q < 5; ++q) {
    SCOPED_TRACE(vars[q]);
    int ndims = 0, dims[2];
    nc_type type;
    ASSERT_EQ(nc_inq_var(r.id, r.var(vars[q]), nullptr, &type, &ndims, dims, nullptr), NC_NOERR);
    EXPECT_EQ(type, NC_DOUBLE);
    ASSERT_EQ(ndims, 2);
    EXPECT_EQ(dim_name(r, dims[0]), "station");
    EXPECT_EQ(dim_name(r, dims[1]), "time");
    const std::vector<double> got = r.doubles(vars[q], 6);
    for (std::size_t s = 0; s < 2; ++s)
      for (std::size_t t = 0; t < 3; ++t) {
        const double want = all[t].values[s][q];
        EXPECT_EQ(got[s * 3 + t], std::isnan(want) ? NC_FILL_DOUBLE : want) << "station " << s << " record " << t;
      }
    EXPECT_EQ(r.att(vars[q], "coordinates"), "time x y station_name");
    EXPECT_EQ(r.att(vars[q], "grid_mapping"), "crs");
  }
  EXPECT_EQ(r.att("depth", "standard_name"), "sea_floor_depth_below_sea_surface");
  EXPECT_EQ(r.att("u", "standard_name"), "sea_water_x_velocity");
  EXPECT_EQ(r.att("u", "units"), "m s-1");
  EXPECT_EQ(r.att("concentration", "units"), "ppm");
  EXPECT_EQ(r.att("concentration", "standard_name"), "<absent>");
}

TEST(GaugeNetcdf, WithoutWktThereIsNoGridMapping) {
  TempDir tmp;
  { GaugeNetcdf out(tmp.file("g.nc"), make_header(false)); }
  Reader r(tmp.file("g.nc"));
  EXPECT_FALSE(r.has_var("crs"));
  EXPECT_EQ(r.att("eta", "grid_mapping"), "<absent>");
  EXPECT_EQ(r.dim("time"), 0u);
}

TEST(GaugeNetcdf, AKilledWriterLeavesEveryAppendedRecord) {
  TempDir tmp;
  const std::string path = tmp.file("crash.nc");
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    try {
      GaugeNetcdf out(path, make_header(true));
      out.append(kMore);
      kill(getpid(), SIGKILL);  // no close, no destructor
    } catch (...) {
      _exit(2);
    }
    _exit(3);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status));
  Reader r(path);
  EXPECT_EQ(r.dim("time"), 2u);
  EXPECT_EQ(r.doubles("concentration", 4), (std::vector<double>{2e-3, 3e-3, 0.5, 0.6}));
}

TEST(GaugeNetcdf, MisuseAndFailuresAreReported) {
  TempDir tmp;
  EXPECT_THROW(GaugeNetcdf(tmp.file("none.nc"), NcGaugeHeader{}), std::invalid_argument);
  try {
    GaugeNetcdf out(tmp.file("no_dir/g.nc"), make_header(false));
    ADD_FAILURE() << "expected IoError";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot create NetCDF file '" + tmp.file("no_dir/g.nc") + "'"),
              std::string::npos);
  }
  GaugeNetcdf out(tmp.file("g.nc"), make_header(false));
  EXPECT_THROW(out.append({{0.0, {{1, 2, 3, 4, 5}}}}), std::invalid_argument);  // 1 station of 2
  EXPECT_EQ(out.records(), 0u);
  out.close();
  out.close();
  EXPECT_THROW(out.append(kFirst), IoError);
}
