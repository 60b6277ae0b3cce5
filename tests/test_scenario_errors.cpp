// Scenario files (src/io/scenario_toml.cpp): every class of mistake is an InputError naming the file,
// the line and what was expected; --set overrides are checked like the file.
#include <gtest/gtest.h>

#include <string>

#include "scenario_fixture.hpp"

using namespace ria;
using namespace ria::test;

TEST(ScenarioErrors, SyntaxErrorHasLineAndColumn) {
  const std::string m = error_of("[domain]\nsource = \"dem\"\nres = [1,\n");
  EXPECT_EQ(m.rfind("scn.toml:", 0), 0u) << m;
  EXPECT_TRUE(contains(m, "TOML syntax error")) << m;
  EXPECT_TRUE(contains(error_of("a = 1\nb = = 2\n"), "scn.toml:2:")) << error_of("a = 1\nb = = 2\n");
}

TEST(ScenarioErrors, UnknownKeysSuggestTheNearest) {
  const std::string text = kMinimal + "[physics]\ngravity = 9.81\nmanining = 0.03\n";
  expect_error(text, "manining", "unknown key 'manining' in [physics]; did you mean 'manning'?");
  const std::string far = kMinimal + "[physics]\nroughness = 0.03\n";
  expect_error(far, "roughness", "valid keys are: gravity, manning, diffusivity, half_life, dry_depth");
  expect_error("nmae = \"x\"\n" + kMinimal, "nmae", "unknown key 'nmae' in the top level; did you mean 'name'?");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"level\"\nconstituents = [{name = \"M2\", amplitud = 1}]\n",
               "amplitud", "unknown key 'amplitud' in [boundary.0.constituents.0]; did you mean 'amplitude'?");
  expect_error(kMinimal + "[output]\npng_time = [\"1 h\"]\n", "png_time", "did you mean 'png_times'?");
}

TEST(ScenarioErrors, WrongTypesAndEnumerations) {
  expect_error(kMinimal + "cfl = \"fast\"\n", "cfl", "time.cfl: expected a number in (0, 1], got string \"fast\"");
  expect_error(kMinimal + "[output]\nnetcdf = \"yes\"\n", "netcdf", "output.netcdf: expected true or false, got string");
  expect_error(kMinimal + "[domain.x]\n", "[domain.x]", "unknown key 'x' in [domain]");
  expect_error("[domain]\nsource = \"dme\"\n[time]\nduration = 1\n", "source",
               "domain.source: expected one of \"dem\", \"analytic\", \"synthetic_estuary\", got \"dme\"; did you mean 'dem'?");
  expect_error(kMinimal + "[[boundary]]\nside = \"West\"\nkind = \"wall\"\n", "side = ", "did you mean 'west'?");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"tide\"\n", "tide",
               "expected one of \"wall\", \"open\", \"level\", \"discharge\"");
  expect_error(kMinimal + "[boundary]\nside = \"west\"\n", "[boundary]", "expected an array of tables ([[boundary]]");
  expect_error("[domain]\nsource = \"synthetic_estuary\"\ncells = 10.5\n[time]\nduration = 1\n", "cells",
               "domain.cells: expected an integer in [4, 100000], got number 10.5");
  expect_error(kMinimal + "[physics]\nmanning = true\n", "manning", "physics.manning: expected a number >= 0, got boolean true");
}

TEST(ScenarioErrors, Ranges) {
  const std::string level = "[[boundary]]\nside = \"west\"\nkind = \"level\"\n";
  const std::string q = "[[boundary]]\nside = \"east\"\nkind = \"discharge\"\n";
  const std::string rel = "[[release]]\nx = 0\ny = 0\nconcentration = 1\n";
  const std::string dur0 = "[domain]\nsource = \"synthetic_estuary\"\n[time]\nduration = 0\n";
  expect_error(dur0, "duration", "time.duration: expected a duration > 0 s, got 0 s");
  expect_error(kMinimal + "output_interval = \"3 h\"\n", "output_interval", "expected a duration <= time.duration");
  expect_error(kMinimal + "output_interval = 0\n", "output_interval", "expected a duration > 0");
  expect_error(kMinimal + "cfl = 1.5\n", "cfl", "time.cfl: expected a number in (0, 1], got 1.5");
  expect_error(kMinimal + "cfl = 0\n", "cfl", "in (0, 1]");
  expect_error(kMinimal + "[physics]\nmanning = -0.01\n", "manning", "physics.manning: expected a number >= 0, got -0.01");
  expect_error(kMinimal + "[physics]\ndiffusivity = -1\n", "diffusivity", "expected a number >= 0");
  expect_error(kMinimal + "[physics]\nhalf_life = \"-1 h\"\n", "half_life", "physics.half_life: expected a duration >= 0");
  expect_error(kMinimal + "[physics]\ndry_depth = 0\n", "dry_depth", "expected a number > 0, got 0");
  expect_error(kMinimal + "[physics]\ngravity = -9.81\n", "gravity", "expected a number > 0");
  expect_error(kMinimal + "[physics]\ngravity = nan\n", "gravity", "expected a finite number");
  const std::string dem = "[domain]\nsource = \"dem\"\ndem = \"x.tif\"\n";
  expect_error(dem + "resolution = -5\n[time]\nduration = 1\n", "resolution", "expected a number >= 0");
  expect_error(dem + "bbox = [10, 0, 5, 1]\n[time]\nduration = 1\n", "bbox", "xmin < xmax and ymin < ymax");
  expect_error(dem + "bbox = [0, 0, 5]\n[time]\nduration = 1\n", "bbox", "expected an array of 4 numbers, got 3 elements");
  expect_error("[domain]\nsource = \"synthetic_estuary\"\ncells = 2\n[time]\nduration = 1\n", "cells",
               "expected an integer in [4, 100000], got 2");
  expect_error(kMinimal + level + "mean_level = 0\nsegment = [5, 1]\n", "segment", "from < to");
  expect_error(kMinimal + level + "constituents = [{name = \"M2\", amplitude = -1}]\n", "amplitude",
               "boundary.0.constituents.0.amplitude: expected a number >= 0, got -1");
  expect_error(kMinimal + q + "discharge = 0\n", "discharge = 0", "boundary.0.discharge: expected a number > 0, got 0");
  expect_error(kMinimal + q + "discharge = 5\nconcentration = -1\n", "concentration", "expected a number >= 0");
  expect_error(kMinimal + "[[patch]]\nconcentration = 1\ncircle = {x = 0, y = 0, radius = 0}\n", "circle",
               "patch.0.circle.radius: expected a number > 0");
  expect_error(kMinimal + "[[patch]]\nconcentration = 1\npolygon = [[0, 0], [1, 0]]\n", "polygon",
               "expected at least 3 [x, y] vertices, got 2");
  expect_error(kMinimal + "[[patch]]\nconcentration = 1\npolygon = [[0, 0], [1, 0], [1]]\n", "polygon",
               "element 2 is an array");
  expect_error(kMinimal + "[[patch]]\nconcentration = -2\ncircle = {x = 0, y = 0, radius = 1}\n", "concentration",
               "patch.0.concentration: expected a number >= 0");
  expect_error(kMinimal + rel + "discharge = 0\n", "discharge", "release.0.discharge: expected a number > 0");
  expect_error(kMinimal + rel + "discharge = 1\nradius = -1\n", "radius", "release.0.radius: expected a number >= 0");
  expect_error(kMinimal + rel + "discharge = 1\nstart = -5\n", "start", "release.0.start: expected a duration >= 0");
  expect_error(kMinimal + rel + "discharge = 1\nduration = \"0 h\"\n", "duration = \"0", "expected a duration > 0 s");
  expect_error(kMinimal + "[[gauge]]\nname = \"\"\nx = 0\ny = 0\n", "name", "gauge.0.name: expected a non-empty string");
  expect_error(kMinimal + "[[gauge]]\nname = \"a\"\nx = 0\ny = 0\n[[gauge]]\nname = \"a\"\nx = 1\ny = 1\n",
               "name = \"a\"\nx = 1", "gauge name 'a' is already used by gauge.0 (line 7)");
  expect_error(kMinimal + "[output]\npng_times = [\"1 h\", \"-1 h\"]\n", "png_times", "element 1: expected a duration >= 0");
  expect_error(kMinimal + "[output]\ncheckpoint_interval = -1\n", "checkpoint_interval", "expected a duration >= 0");
  expect_error(kMinimal + "[output]\narrival_threshold = 0\n", "arrival_threshold", "expected a number > 0");
}

TEST(ScenarioErrors, RequiredKeys) {
  expect_error("[time]\nduration = 1\n", "[time]", "missing required table [domain]");
  expect_error("[domain]\nvalues = \"depth\"\n[time]\nduration = 1\n", "[domain]", "missing required key 'source' in [domain]");
  expect_error("[domain]\nsource = \"dem\"\n[time]\nduration = 1\n", "[domain]", "missing required key 'dem' in [domain]");
  expect_error("[domain]\nsource = \"analytic\"\n[time]\nduration = 1\n", "[domain]", "missing required key 'analytic'");
  expect_error("[domain]\nsource = \"analytic\"\nanalytic = \"riter\"\n[time]\nduration = 1\n", "riter",
               "did you mean 'ritter'?");
  expect_error("[domain]\nsource = \"synthetic_estuary\"\n[time]\ncfl = 0.5\n", "[time]",
               "missing required key 'duration' in [time]");
  expect_error("[domain]\nsource = \"synthetic_estuary\"\n", "[domain]", "missing required table [time]");
  expect_error("[domain]\nsource = \"synthetic_estuary\"\ndem = \"x.tif\"\n[time]\nduration = 1\n", "dem =",
               "domain.dem: not used with source = \"synthetic_estuary\"");
  expect_error(kMinimal + "[[boundary]]\nkind = \"wall\"\n", "[[boundary]]", "missing required key 'side' in [boundary.0]");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\n", "[[boundary]]", "missing required key 'kind'");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"level\"\n", "[[boundary]]",
               "a level boundary needs mean_level and/or constituents, or a series");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"level\"\nconstituents = []\nseries = \"x.csv\"\n",
               "series", "either a series or mean_level/constituents, not both");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"discharge\"\n", "[[boundary]]",
               "a discharge boundary needs discharge (m3/s) or a series");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"discharge\"\ndischarge = 1\nseries = [[0, 1], [1, 2]]\n",
               "series", "either discharge or a series, not both");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"wall\"\nmean_level = 1\n", "mean_level",
               "boundary.0.mean_level: not used for kind = \"wall\" (keys used for kind = \"wall\": side, kind, segment)");
  expect_error(kMinimal + "[initial]\nkind = \"raster\"\n", "[initial]", "missing required key 'path' in [initial]");
  expect_error(kMinimal + "[initial]\nkind = \"analytic\"\n", "kind", "needs domain.source = \"analytic\"");
  expect_error(kMinimal + "[[patch]]\nconcentration = 1\n", "[[patch]]", "a patch needs circle");
  expect_error(kMinimal + "[[release]]\nx = 0\ny = 0\nconcentration = 1\n", "[[release]]",
               "missing required key 'discharge' in [release.0]");
}

TEST(ScenarioErrors, OneBoundaryPerSide) {
  const std::string text = kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"open\"\n" +
                           "[[boundary]]\nside = \"west\"\nkind = \"level\"\nmean_level = 1\n";
  expect_error(text, "side = \"west\"\nkind = \"level\"",
               "boundary.1.side: side \"west\" is already given by boundary.0 (line 7); the solver supports one boundary "
               "segment per side");
}

TEST(ScenarioErrors, Constituents) {
  const std::string b = kMinimal + "[[boundary]]\nside = \"south\"\nkind = \"level\"\n";
  expect_error(b + "constituents = [{name = \"M3\", amplitude = 1}]\n", "constituents",
               "unknown constituent \"M3\"; did you mean 'M2'?");
  expect_error(b + "constituents = [{name = \"XYZ12\", amplitude = 1}]\n", "constituents",
               "known constituents are: M2, S2, N2, K2, K1, O1, P1, Q1, M4, MS4, M6, MN4");
  expect_error(b + "constituents = [{name = \"M2\", period = \"12 h\", amplitude = 1}]\n", "constituents",
               "give either name or period, not both");
  expect_error(b + "constituents = [{amplitude = 1}]\n", "constituents", "needs a name (e.g. \"M2\") or a period");
  expect_error(b + "constituents = [{name = \"K1\"}]\n", "constituents", "missing required key 'amplitude'");
  const auto s = io::parse_scenario(b + "constituents = [{name = \"m2\", amplitude = 1}, {name = \"K1\", amplitude = 1}]\n",
                                    "s.toml", "");
  EXPECT_EQ(s.boundaries[0].constituents[0].name, "M2");
  EXPECT_NEAR(s.boundaries[0].constituents[0].period, 12.4206012 * 3600, 12.4206012 * 3600 * 1e-6);
  EXPECT_NEAR(s.boundaries[0].constituents[1].period, 360 / 15.0410686 * 3600, 1e-6);
}

TEST(ScenarioErrors, OverlappingSources) {
  const std::string p = "[[patch]]\nname = \"a\"\nconcentration = 1\ncircle = {x = 0, y = 0, radius = 10}\n";
  expect_error(kMinimal + p + "[[patch]]\nname = \"b\"\nconcentration = 1\ncircle = {x = 15, y = 0, radius = 6}\n",
               10, "patch 'b' overlaps patch 'a' (patch.0, line 6); patches must not overlap");
  EXPECT_EQ(error_of(kMinimal + p + "[[patch]]\nconcentration = 1\ncircle = {x = 25, y = 0, radius = 6}\n"), "(no error)");
  expect_error(kMinimal + p + "[[patch]]\nname = \"c\"\nconcentration = 1\npolygon = [[5, -20], [30, -20], [5, 20]]\n",
               10, "(a polygon is compared by its bounding box)");
  const std::string r = "[[release]]\nname = \"r1\"\nx = 0\ny = 0\nradius = 10\ndischarge = 1\nconcentration = 1\n"
                        "start = \"1 h\"\nduration = \"2 h\"\n";
  const auto r2 = [](double x) {
    return "[[release]]\nname = \"r2\"\nx = " + std::to_string(x) + "\ny = 0\ndischarge = 1\nconcentration = 1\n";
  };
  expect_error(kMinimal + r + r2(5) + "start = \"2 h\"\n", 15,
               "release 'r2' overlaps release 'r1' (release.0, line 6) in space and in time");
  EXPECT_EQ(error_of(kMinimal + r + r2(5) + "start = \"3 h\"\n"), "(no error)");  // after r1 ends
  EXPECT_EQ(error_of(kMinimal + r + r2(50)), "(no error)") << "apart";
}

TEST(ScenarioOverrides, ChangeAndAddValues) {
  const std::string text = kMinimal + "[[gauge]]\nname = \"a\"\nx = 0\ny = 0\n[[gauge]]\nname = \"b\"\nx = 1\ny = 1\n" +
                           "[[boundary]]\nside = \"west\"\nkind = \"wall\"\n" +
                           "[[release]]\nx = 0\ny = 0\ndischarge = 1\nconcentration = 1\n";
  const auto s = io::parse_scenario(text, "s.toml", "",
                                    {"time.duration=3h", "output.netcdf=false", "physics.manning=0.03",
                                     "boundary.0.kind=open", "gauge.1.x=4.5", "release.0.start=2h",
                                     "time.start=2026-11-23T06:00:00+01:00", "output.png_times=[\"1 h\", 60]",
                                     "name = spill test", "domain.cells=64"});
  EXPECT_DOUBLE_EQ(s.time.duration, 3 * 3600);
  EXPECT_FALSE(s.output.netcdf);
  EXPECT_DOUBLE_EQ(s.physics.manning, 0.03);
  EXPECT_EQ(s.boundaries[0].kind, sim::BoundarySpec::Kind::open);
  EXPECT_DOUBLE_EQ(s.gauges[1].x, 4.5);
  EXPECT_DOUBLE_EQ(s.releases[0].start, 7200);
  EXPECT_EQ(s.time.start, "2026-11-23T05:00:00Z");
  EXPECT_EQ(s.output.png_times, (std::vector<double>{60, 3600}));
  EXPECT_EQ(s.name, "spill test");
  EXPECT_EQ(s.domain.cells, 64);
}

TEST(ScenarioOverrides, BadKeysAndValuesNameSet) {
  const std::string g = kMinimal + "[[gauge]]\nname = \"a\"\nx = 0\ny = 0\n";
  const auto starts = [](const std::string& m, const std::string& p) { return m.rfind(p, 0) == 0; };
  std::string m = error_of(g, {"gauge.1.x=4.5"});
  EXPECT_TRUE(starts(m, "--set gauge.1.x: index 1 is past the end of 'gauge' (1 element)")) << m;
  m = error_of(kMinimal, {"boundary.0.kind=open"});
  EXPECT_TRUE(starts(m, "--set boundary.0.kind: index 0 is past the end of 'boundary'")) << m;
  m = error_of(kMinimal, {"time.cfl=fast"});
  EXPECT_TRUE(starts(m, "--set time.cfl: time.cfl: expected a number in (0, 1], got string \"fast\"")) << m;
  m = error_of(kMinimal, {"physics.maning=0.03"});
  EXPECT_TRUE(starts(m, "--set physics.maning: unknown key 'maning' in [physics]; did you mean 'manning'?")) << m;
  m = error_of(kMinimal, {"time.duration"});
  EXPECT_TRUE(starts(m, "--set time.duration: expected KEY=VALUE")) << m;
  m = error_of(kMinimal, {"time..duration=1"});
  EXPECT_TRUE(starts(m, "--set time..duration: invalid key")) << m;
  m = error_of(kMinimal, {"time.duration.x=1"});
  EXPECT_TRUE(starts(m, "--set time.duration.x: 'time.duration' is a value, not a table")) << m;
  m = error_of(kMinimal, {"time.duration=-2h"});
  EXPECT_TRUE(starts(m, "--set time.duration: time.duration: expected a duration >= 0")) << m;
  m = error_of(g, {"gauge.x=1"});
  EXPECT_TRUE(starts(m, "--set gauge.x: 'gauge' is an array: expected an index")) << m;
}
