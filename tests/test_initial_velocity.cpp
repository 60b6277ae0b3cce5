// Initial velocity fields beside the free surface (initial.velocity): read from the scenario,
// turned into discharges q = h (u, v) of the wet cells, refused where a wet cell has none.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>

#include "app/domain.hpp"
#include "io/io_error.hpp"
#include "ria/sim/diagnostics.hpp"
#include "ria/sim/model.hpp"
#include "run_fixture.hpp"
#include "scenario_fixture.hpp"

using namespace ria;
using namespace ria::test;

namespace {

const std::string kRaster = kMinimal + "[initial]\nkind = \"raster\"\npath = \"eta.asc\"\n";

/// 4 x 3 cells of 10 m, bed at -2 m except cell (1, 2), which stands at +1 m (land).
sim::Domain flat_domain() {
  sim::Domain d;
  d.grid.nx = 4, d.grid.ny = 3, d.grid.dx = d.grid.dy = 10;
  d.bed_z.assign(d.grid.cells(), -2.0);
  d.bed_z[2 * 4 + 1] = 1.0;
  return d;
}

sim::Scenario raster_scenario() {
  return io::parse_scenario(kRaster + "velocity = [\"u.asc\", \"v.asc\"]\n", "scn.toml", "/base", {});
}

/// An ESRI ASCII grid on flat_domain's grid (origin 0, 10 m cells), every cell `value` except the
/// land cell (1, 2), which is nodata.
void write_grid(const std::string& path, double value) {
  std::ofstream o(path);
  o << "ncols 4\nnrows 3\nxllcorner 0\nyllcorner 0\ncellsize 10\nNODATA_value -9999\n";
  for (int row = 0; row < 3; ++row) {  // the first row written is the northernmost (j = 2)
    const int j = 2 - row;
    for (int i = 0; i < 4; ++i) o << (j == 2 && i == 1 ? -9999.0 : value) << (i < 3 ? " " : "\n");
  }
}

}  // namespace

TEST(InitialVelocity, RastersAreReadOnTheGridAndAMissingOneNamesItsKey) {
  const std::string dir = fresh_temp_dir("initial_velocity_rasters");
  write_grid(dir + "/eta.asc", 0.5);
  write_grid(dir + "/u.asc", 0.75);
  write_grid(dir + "/v.asc", -0.25);
  const sim::Scenario sc = io::parse_scenario(kRaster + "velocity = [\"u.asc\", \"v.asc\"]\n", dir + "/scn.toml", dir, {});
  const sim::Domain d = flat_domain();
  const sim::InitialFields f = app::load_initial_fields(sc, d);
  ASSERT_EQ(f.u.size(), d.grid.cells());
  ASSERT_EQ(f.v.size(), d.grid.cells());
  EXPECT_EQ(f.eta[0], 0.5);
  EXPECT_EQ(f.u[3], 0.75);
  EXPECT_EQ(f.v[4], -0.25);
  EXPECT_TRUE(std::isnan(f.u[2 * 4 + 1]));  // nodata on the land cell
  const sim::Model m = sim::build_model(sc, d, f);
  EXPECT_EQ(m.init.qx[0], 2.5 * 0.75);  // h = eta - z = 0.5 + 2
  EXPECT_EQ(m.init.qy[0], 2.5 * -0.25);

  // A raster of other cell heights (the same columns, 4 x 3 of 10 x 20 m) is not on the grid.
  {
    std::ofstream o(dir + "/v.asc");
    o << "ncols 4\nnrows 3\nxllcorner 0\nyllcorner 0\ndx 10\ndy 20\n";
    for (int row = 0; row < 3; ++row) o << "0 0 0 0\n";
  }
  try {
    app::load_initial_fields(sc, d);
    FAIL() << "a velocity raster of 20 m rows was taken for the grid's 10 m rows";
  } catch (const io::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("v.asc' is a 4 x 3 raster of 10 x 20 m cells at (0, 0); the model grid is 4 x 3 of "
                                         "10 m"),
              std::string::npos)
        << e.what();
  }
  std::filesystem::remove(dir + "/v.asc");
  try {
    app::load_initial_fields(sc, d);
    FAIL() << "a missing velocity raster was accepted";
  } catch (const std::exception& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("initial.velocity"), std::string::npos) << msg;
    EXPECT_NE(msg.find("v.asc"), std::string::npos) << msg;
  }
}

TEST(InitialVelocity, ScenarioKeysAndTheirErrors) {
  const sim::Scenario s = raster_scenario();
  ASSERT_EQ(s.initial.velocity.size(), 2u);
  EXPECT_EQ(s.initial.velocity[0], "/base/u.asc");  // resolved like initial.path
  EXPECT_EQ(s.initial.velocity[1], "/base/v.asc");
  EXPECT_TRUE(io::parse_scenario(kRaster, "scn.toml", "/base", {}).initial.velocity.empty());
  const sim::Scenario nc = io::parse_scenario(
      kMinimal + "[initial]\nkind = \"netcdf\"\npath = \"a.nc\"\nvelocity = [\"u\", \"v\"]\n", "scn.toml", "/base", {});
  EXPECT_EQ(nc.initial.velocity, (std::vector<std::string>{"u", "v"}));  // variable names stay names

  expect_error(kRaster + "velocity = [\"u.asc\"]\n", "velocity", "expected an array of 2 non-empty strings, got 1");
  expect_error(kRaster + "velocity = \"u.asc\"\n", "velocity", "expected an array of two strings");
  expect_error(kRaster + "velocity = [\"u.asc\", 3]\n", "velocity", "got an element");
  expect_error(kMinimal + "[initial]\nkind = \"still\"\nvelocity = [\"u.asc\", \"v.asc\"]\n", "velocity",
               "with kind = \"still\"");
}

TEST(InitialVelocity, WetCellsGetDischargesDryCellsStayAtRest) {
  const sim::Scenario sc = raster_scenario();
  const sim::Domain d = flat_domain();
  sim::InitialFields f;
  f.eta.assign(d.grid.cells(), 0.5);
  f.u.assign(d.grid.cells(), 0.75);
  f.v.assign(d.grid.cells(), -0.25);
  f.u[2 * 4 + 1] = std::numeric_limits<double>::quiet_NaN();  // nodata on the land cell: allowed
  const sim::Model m = sim::build_model(sc, d, f);
  for (std::size_t k = 0; k < d.grid.cells(); ++k) {
    if (k == 2 * 4 + 1) {
      EXPECT_EQ(m.init.h[k], 0.0);
      EXPECT_EQ(m.init.qx[k], 0.0);
      EXPECT_EQ(m.init.qy[k], 0.0);
    } else {
      EXPECT_EQ(m.init.h[k], 2.5);
      EXPECT_EQ(m.init.qx[k], 2.5 * 0.75);
      EXPECT_EQ(m.init.qy[k], 2.5 * -0.25);
    }
  }
}

TEST(InitialConcentration, WetCellsCarryItDryCellsHoldNonePatchesSetTheirOwn) {
  // C = 0.4 everywhere but the land cell (nodata): hc = h C in the wet cells, 0 on land; a patch
  // over cell (0, 0) sets its C to 2 there. A negative or missing C in a wet cell is refused.
  const std::string dir = fresh_temp_dir("initial_concentration");
  write_grid(dir + "/eta.asc", 0.5);
  write_grid(dir + "/c.asc", 0.4);
  const std::string text = kRaster + "concentration = \"c.asc\"\n[[patch]]\nname = \"p\"\n"
                                     "circle = { x = 5.0, y = 5.0, radius = 1.0 }\nconcentration = 2.0\n";
  const sim::Scenario sc = io::parse_scenario(text, dir + "/scn.toml", dir, {});
  EXPECT_EQ(sc.initial.concentration, dir + "/c.asc");
  const sim::Domain d = flat_domain();
  sim::InitialFields f = app::load_initial_fields(sc, d);
  ASSERT_EQ(f.c.size(), d.grid.cells());
  EXPECT_TRUE(std::isnan(f.c[2 * 4 + 1]));
  const sim::Model m = sim::build_model(sc, d, f);
  for (std::size_t k = 0; k < d.grid.cells(); ++k)
    EXPECT_EQ(m.init.hc[k], k == 0 ? 2.5 * 2.0 : k == 2 * 4 + 1 ? 0.0 : 2.5 * 0.4) << k;
  // The maps' colour bar reaches the largest concentration brought in: the patch's here, and the
  // carried field's where it is the largest (a cell of 3).
  EXPECT_EQ(sim::largest_concentration_brought(sc, m), 2.0);
  f.c[6] = 3.0;
  EXPECT_DOUBLE_EQ(sim::largest_concentration_brought(sc, sim::build_model(sc, d, f)), 3.0);
  f.c[6] = 0.4;
  f.c[5] = -0.1;
  try {
    sim::build_model(sc, d, f);
    FAIL() << "a negative concentration was accepted";
  } catch (const sim::ModelError& e) {
    EXPECT_TRUE(contains(e.what(), "initial.concentration: cell (i, j) = (1, 1) at x = 15, y = 15 is wet (depth 2.5 m) and has concentration -0.1"))
        << e.what();
  }
  f.c[5] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(sim::build_model(sc, d, f), sim::ModelError);
  expect_error(kMinimal + "[initial]\nkind = \"still\"\nconcentration = \"c.asc\"\n", "concentration", "with kind = \"still\"");
  expect_error(kRaster + "concentration = \"\"\n", "concentration", "initial.concentration");
  expect_error(kMinimal + "[initial]\nkind = \"netcdf\"\npath = \"a.nc\"\nconcentration = \"\"\n", "concentration",
               "initial.concentration");
}

TEST(InitialVelocity, WetCellWithoutVelocityIsRefused) {
  const sim::Scenario sc = raster_scenario();
  const sim::Domain d = flat_domain();
  sim::InitialFields f;
  f.eta.assign(d.grid.cells(), 0.5);
  f.u.assign(d.grid.cells(), 0.0);
  f.v.assign(d.grid.cells(), 0.0);
  f.v[1 * 4 + 3] = std::numeric_limits<double>::quiet_NaN();
  try {
    sim::build_model(sc, d, f);
    FAIL() << "a wet cell without a velocity was accepted";
  } catch (const sim::ModelError& e) {
    EXPECT_TRUE(contains(e.what(), "initial.velocity: cell (i, j) = (3, 1) at x = 35, y = 15 is wet (depth 2.5 m)")) << e.what();
  }
  f.v[1 * 4 + 3] = 45.0;  // faster than any estuary: a unit mistake (cm/s, knots)
  EXPECT_THROW(sim::build_model(sc, d, f), sim::ModelError);
  f.v.resize(5);
  EXPECT_THROW(sim::build_model(sc, d, f), sim::ModelError);
}
