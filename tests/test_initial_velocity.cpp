// Initial velocity fields beside the free surface (initial.velocity): read from the scenario,
// turned into discharges q = h (u, v) of the wet cells, refused where a wet cell has none.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ria/sim/model.hpp"
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

}  // namespace

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
    EXPECT_TRUE(contains(e.what(), "initial.velocity: cell (i, j) = (3, 1) is wet (depth 2.5 m)")) << e.what();
  }
  f.v[1 * 4 + 3] = 45.0;  // faster than any estuary: a unit mistake (cm/s, knots)
  EXPECT_THROW(sim::build_model(sc, d, f), sim::ModelError);
  f.v.resize(5);
  EXPECT_THROW(sim::build_model(sc, d, f), sim::ModelError);
}
