// Scenario files (src/io/scenario/scenario_toml.cpp): every class of mistake is an InputError naming the file,
// the line and what was expected; --set overrides are checked like the file.
#include <gtest/gtest.h>

#include <cmath>
#include <iterator>
#include <string>
#include <tuple>

#include "ria/sim/model.hpp"
#include "ria/sim/tide.hpp"

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
  expect_error(kMinimal + "cfl = \"fast\"\n", "cfl", "time.cfl: expected a number, got string \"fast\"");
  expect_error(kMinimal + "[output]\nnetcdf = \"yes\"\n", "netcdf", "output.netcdf: expected true or false, got string");
  expect_error(kMinimal + "[domain.x]\n", "[domain.x]", "unknown key 'x' in [domain]");
  expect_error("[domain]\nsource = \"dme\"\n[time]\nduration = 1\n", "source",
               "domain.source: expected one of \"dem\", \"analytic\", \"synthetic_estuary\", got \"dme\"; did you mean 'dem'?");
  expect_error(kMinimal + "[[boundary]]\nside = \"West\"\nkind = \"wall\"\n", "side = ", "did you mean 'west'?");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"tide\"\n", "tide",
               "expected one of \"wall\", \"open\", \"level\", \"discharge\"");
  expect_error(kMinimal + "[boundary]\nside = \"west\"\n", "[boundary]", "expected an array of tables ([[boundary]]");
  expect_error("[domain]\nsource = \"synthetic_estuary\"\ncells = 10.5\n[time]\nduration = 1\n", "cells",
               "domain.cells: expected an integer in [8, 100000], got number 10.5");
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
  expect_error(kMinimal + "cfl = 1.5\n", "cfl", "time.cfl: got 1.5; expected in [0.05, 1] (the scheme is stable up to 1");
  expect_error(kMinimal + "cfl = 0\n", "cfl", "time.cfl: got 0; expected in [0.05, 1]");
  expect_error(kMinimal + "[physics]\nmanning = -0.01\n", "manning", "physics.manning: expected a number >= 0, got -0.01");
  expect_error(kMinimal + "[physics]\ndiffusivity = -1\n", "diffusivity", "expected a number >= 0");
  expect_error(kMinimal + "[physics]\nhalf_life = \"-1 h\"\n", "half_life", "physics.half_life: expected a duration >= 0");
  expect_error(kMinimal + "[physics]\ndry_depth = 0\n", "dry_depth", "expected a number >= 1e-09, got 0");
  expect_error(kMinimal + "[physics]\ndry_depth = 1e-12\n", "dry_depth", "expected a number >= 1e-09, got 1e-12");
  expect_error(kMinimal + "[physics]\ngravity = -9.81\n", "gravity", "expected a number > 0");
  expect_error(kMinimal + "[physics]\ngravity = nan\n", "gravity", "expected a finite number");
  const std::string dem = "[domain]\nsource = \"dem\"\ndem = \"x.tif\"\n";
  expect_error(dem + "resolution = -5\n[time]\nduration = 1\n", "resolution", "expected a number >= 0");
  expect_error(dem + "bbox = [10, 0, 5, 1]\n[time]\nduration = 1\n", "bbox", "xmin < xmax and ymin < ymax");
  expect_error(dem + "bbox = [0, 0, 5]\n[time]\nduration = 1\n", "bbox", "expected an array of 4 numbers, got 3 elements");
  expect_error("[domain]\nsource = \"synthetic_estuary\"\ncells = 2\n[time]\nduration = 1\n", "cells",
               "expected an integer in [8, 100000], got 2");
  // An analytic case takes as few cells as ria validate --resolution (it took 4 to 7 before).
  expect_error("[domain]\nsource = \"analytic\"\nanalytic = \"ritter\"\ncells = 4\n[time]\nduration = 1\n", "cells",
               "domain.cells: expected an integer in [8, 100000], got 4");
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
               "element 2 has 1 entry");
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
  // Map names hold the time to the millisecond: 0.5 s and 0.5004 s would draw into one file.
  expect_error(kMinimal + "[output]\npng_times = [2, 0.5, 0.5004]\n", "png_times",
               "give maps of one name (t000000000s500); give times at least 1 ms apart");
  expect_error(kMinimal + "[output]\npng_times = [7199.9996]\n", "png_times",
               "gives the name of the end map at time.duration = 7200 s (2 h) (t000007200s)");
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
               "a level boundary needs mean_level and/or constituents, a station, or a series");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"level\"\nconstituents = []\nseries = \"x.csv\"\n",
               "series", "either a series or mean_level/constituents/station, not both");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"discharge\"\n", "[[boundary]]",
               "a discharge boundary needs discharge (m3/s) or a series");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"level\"\nmean_level = 1\ncolumn = 2\n", "column",
               "boundary.0.column: column is used only with a series file");
  // A level series is held to the bound of mean_level (a series in mm or cm is a unit mistake).
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"level\"\nseries = [[0, 0.5], [600, 1e5]]\n", "series",
               "boundary.0.series: got 100000; expected in [-10000, 10000] (a level at t = 600 s (10 min): m above the datum");
  expect_error(kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"discharge\"\ndischarge = 1\nseries = [[0, 1], [1, 2]]\n",
               "series", "either discharge or a series, not both");
  // An inline series' element: what is wrong with it, not only that it is an array.
  const std::string level = kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"level\"\n";
  expect_error(level + "series = [[0, 0], [7200]]\n", "series", "element 1 has 1 entry");
  expect_error(level + "series = [[0, 0, 5], [7200, 1]]\n", "series", "element 0 has 3 entries");
  expect_error(level + "series = [[\"0 s\", 0], [7200, 1]]\n", "series",
               "element 0: its x is string \"0 s\", not a number (a time is in seconds)");
  expect_error(level + "series = [[0, 0], [7200, nan]]\n", "series", "element 1: its y is number nan, not finite");
  expect_error(level + "series = [[0, 0], 7200]\n", "series", "element 1 is integer 7200");
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
  expect_error(b + "constituents = [{name = \"K11\", amplitude = 1}]\n", "constituents",
               "unknown constituent \"K11\"; did you mean 'K1'?");
  // A short name one edit from several (M5: M2, M3, M4, M6, M8) gets the list, not a guess.
  expect_error(b + "constituents = [{name = \"M5\", amplitude = 1}]\n", "constituents",
               "unknown constituent \"M5\"; known constituents are Sa, Ssa, Mm, MSf, Mf, 2Q1, Q1");
  expect_error(b + "constituents = [{name = \"XYZ12\", amplitude = 1}]\n", "constituents", "M6, S6, M8 (or give period");
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
  EXPECT_TRUE(starts(m, "--set time.cfl: time.cfl: expected a number, got string \"fast\"")) << m;
  m = error_of(kMinimal, {"physics.maning=0.03"});
  EXPECT_TRUE(starts(m, "--set physics.maning: unknown key 'maning' in [physics]; did you mean 'manning'?")) << m;
  m = error_of(kMinimal, {"time.duration"});
  EXPECT_TRUE(starts(m, "--set time.duration: expected KEY=VALUE")) << m;
  m = error_of(kMinimal, {"time..duration=1"});
  EXPECT_TRUE(starts(m, "--set time..duration: invalid key")) << m;
  m = error_of(kMinimal, {"time.duration.x=1"});
  EXPECT_TRUE(starts(m, "--set time.duration.x: 'time.duration' is a value, not a table")) << m;
  // time.duration is > 0: -2 h and 0 get the same bound.
  m = error_of(kMinimal, {"time.duration=-2h"});
  EXPECT_TRUE(starts(m, "--set time.duration: time.duration: expected a duration > 0, got \"-2h\"")) << m;
  m = error_of(kMinimal, {"time.duration=-5"});
  EXPECT_TRUE(starts(m, "--set time.duration: time.duration: expected a duration > 0, got -5")) << m;
  // A name already given by --set is said to be that --set's, not a line of the file.
  m = error_of(g + "[[gauge]]\nname = \"b\"\nx = 1\ny = 1\n", {"gauge.0.name=\"b\""});
  EXPECT_NE(m.find("gauge name 'b' is already used by gauge.0 (--set gauge.0.name)"), std::string::npos) << m;
  m = error_of(g, {"gauge.x=1"});
  EXPECT_TRUE(starts(m, "--set gauge.x: 'gauge' is an array: expected an index")) << m;
  // A table that --set creates is named by the --set that made it.
  m = error_of(kMinimal, {"physics.foo.bar=1"});
  EXPECT_TRUE(starts(m, "--set physics.foo.bar: unknown key 'foo' in [physics]")) << m;
  // A number with a typo is no raster path (--set values are strings first).
  m = error_of(kMinimal, {"physics.manning=0.03x"});
  EXPECT_TRUE(starts(m, "--set physics.manning: physics.manning: expected a number in [0, 1] or the path of a raster of "
                        "n, got '0.03x' (neither a number nor an existing file)")) << m;
}

TEST(ScenarioErrors, ConstituentsOfATideTableAndTheirSpeeds) {
  const std::string b = kMinimal + "[[boundary]]\nside = \"south\"\nkind = \"level\"\n";
  // Long-period and minor constituents are known (Sa was taken for a typo of S2).
  const auto s = io::parse_scenario(b + "constituents = [{name = \"Sa\", amplitude = 0.1}, {name = \"msf\", "
                                        "amplitude = 0.01}, {name = \"2N2\", amplitude = 0.02}]\n",
                                    "s.toml", "");
  EXPECT_EQ(s.boundaries[0].constituents[0].name, "Sa");
  EXPECT_NEAR(s.boundaries[0].constituents[0].period / 3600, 8765.82, 0.01);  // 360 / 0.0410686 h
  EXPECT_EQ(s.boundaries[0].constituents[1].name, "MSf");
  EXPECT_EQ(s.boundaries[0].constituents[2].name, "2N2");

  // Every speed is the Doodson sum a T + b s + c h + d p + e p1 of the fundamental speeds [deg/h]
  // (mean solar day, moon, sun, lunar perigee, perihelion), to the table's 7 decimals.
  struct Doodson {
    const char* name;
    int a, b, c, d, e;
  };
  const Doodson doodson[] = {
      {"Sa", 0, 0, 1, 0, 0},    {"Ssa", 0, 0, 2, 0, 0},   {"Mm", 0, 1, 0, -1, 0},   {"MSf", 0, 2, -2, 0, 0},
      {"Mf", 0, 2, 0, 0, 0},    {"2Q1", 1, -4, 1, 2, 0},  {"Q1", 1, -3, 1, 1, 0},   {"RHO1", 1, -3, 3, -1, 0},
      {"O1", 1, -2, 1, 0, 0},   {"P1", 1, 0, -1, 0, 0},   {"S1", 1, 0, 0, 0, 0},    {"K1", 1, 0, 1, 0, 0},
      {"J1", 1, 1, 1, -1, 0},   {"OO1", 1, 2, 1, 0, 0},   {"2N2", 2, -4, 2, 2, 0},  {"MU2", 2, -4, 4, 0, 0},
      {"N2", 2, -3, 2, 1, 0},   {"NU2", 2, -3, 4, -1, 0}, {"M2", 2, -2, 2, 0, 0},   {"LAM2", 2, -1, 0, 1, 0},
      {"L2", 2, -1, 2, -1, 0},  {"T2", 2, 0, -1, 0, 1},   {"S2", 2, 0, 0, 0, 0},    {"R2", 2, 0, 1, 0, -1},
      {"K2", 2, 0, 2, 0, 0},    {"2SM2", 2, 2, -2, 0, 0}, {"2MK3", 3, -4, 3, 0, 0}, {"M3", 3, -3, 3, 0, 0},
      {"MK3", 3, -2, 3, 0, 0},  {"MN4", 4, -5, 4, 1, 0},  {"M4", 4, -4, 4, 0, 0},   {"MS4", 4, -2, 2, 0, 0},
      {"S4", 4, 0, 0, 0, 0},    {"M6", 6, -6, 6, 0, 0},   {"S6", 6, 0, 0, 0, 0},    {"M8", 8, -8, 8, 0, 0}};
  const double T = 15.0, s_ = 0.5490165, h = 0.0410686, p = 0.0046418, p1 = 0.0000019;
  EXPECT_EQ(std::size(doodson), std::size(sim::kTideConstituents));
  for (const Doodson& d : doodson) {
    const sim::TideConstituent* c = sim::find_tide_constituent(d.name);
    ASSERT_NE(c, nullptr) << d.name;
    EXPECT_NEAR(c->speed, d.a * T + d.b * s_ + d.c * h + d.d * p + d.e * p1, 4e-7) << d.name;
  }
  // Periods [h] as tide tables give them.
  const std::pair<const char*, double> periods[] = {{"M2", 12.4206012}, {"S2", 12.0},       {"N2", 12.6583482},
                                                    {"K1", 23.9344696}, {"O1", 25.8193417}, {"Mf", 327.8589689},
                                                    {"Mm", 661.3092049}};
  for (const auto& [name, hours] : periods)
    EXPECT_NEAR(360.0 / sim::find_tide_constituent(name)->speed, hours, 2e-6 * hours) << name;
}

TEST(ScenarioErrors, ConstituentGivenTwiceIsRefusedNamingBoth) {
  const std::string b = kMinimal + "[[boundary]]\nside = \"south\"\nkind = \"level\"\nconstituents = [\n";
  expect_error(b + "{name = \"M2\", amplitude = 1},\n{name = \"S2\", amplitude = 0.3},\n{name = \"m2\", amplitude = 0.1}]\n",
               "{name = \"m2\"",
               "boundary.0.constituents.2 (M2) repeats boundary.0.constituents.0 (M2, line ");
  expect_error(b + "{name = \"S2\", amplitude = 1},\n{period = \"12 h\", amplitude = 0.3}]\n", "{period",
               "boundary.0.constituents.1 (period 43200 s (12 h)) repeats boundary.0.constituents.0 (S2");
}

TEST(ScenarioErrors, PlausibleRangesSayWhy) {
  const std::string level = "[[boundary]]\nside = \"west\"\nkind = \"level\"\n";
  const std::string q = "[[boundary]]\nside = \"east\"\nkind = \"discharge\"\n";
  const std::string rel = "[[release]]\nx = 0\ny = 0\nconcentration = 1\n";
  expect_error(kMinimal + "[physics]\ngravity = 98.1\n", "gravity",
               "physics.gravity: got 98.1; expected in [1, 30] (m/s2: 9.81 on Earth");
  expect_error(kMinimal + "[physics]\ngravity = 0.5\n", "gravity", "expected in [1, 30]");
  expect_error(kMinimal + "[physics]\ndry_depth = 0.5\n", "dry_depth", "physics.dry_depth: got 0.5; expected in [1e-09, 0.1]");
  expect_error(kMinimal + "[physics]\nmanning = 1.5\n", "manning", "physics.manning: got 1.5; expected in [0, 1] (s/m^(1/3)");
  expect_error(kMinimal + "cfl = 0.01\n", "cfl", "time.cfl: got 0.01; expected in [0.05, 1] (the scheme is stable up to 1");
  expect_error(kMinimal + level + "constituents = [{name = \"M2\", amplitude = 25}]\n", "amplitude",
               "boundary.0.constituents.0.amplitude: got 25; expected in [0, 20] (m: the largest tides");
  expect_error(kMinimal + level + "constituents = [{period = 1e-9, amplitude = 1}]\n", "period",
               "boundary.0.constituents.0.period: got 1e-09; expected in [60, 631152000] (s: tides have periods from "
               "about 2 h");
  expect_error(kMinimal + level + "constituents = [{period = 12, amplitude = 1}]\n", "period", "got 12; expected in [60,");
  expect_error(kMinimal + level + "constituents = [{period = \"21000 d\", amplitude = 1}]\n", "period",
               "got 1814400000; expected in [60, 631152000]");
  expect_error(kMinimal + q + "discharge = 2e6\n", "discharge = 2e6",
               "boundary.0.discharge: got 2000000; expected in [0, 1000000] (m3/s: the Amazon carries about 2e5 m3/s)");
  expect_error(kMinimal + q + "series = [[0, 10], [3600, 5e6]]\n", "series",
               "boundary.0.series: got 5000000; expected in [0, 1000000] (a discharge value at t = 3600 s (1 h)");
  expect_error(kMinimal + rel + "discharge = 3e6\n", "discharge", "release.0.discharge: got 3000000; expected in [0, 1000000]");
  // Accepted at the ends of the ranges.
  EXPECT_EQ(error_of(kMinimal + "cfl = 1\n[physics]\ngravity = 1\ndry_depth = 0.1\nmanning = 1\n"), "(no error)");
  EXPECT_EQ(error_of(kMinimal + level + "constituents = [{period = 60, amplitude = 1}, {period = 631152000, amplitude = 1}]\n"),
            "(no error)");
}

// Values that would overflow the state, fill the disk or stop every step: refused with the key,
// the count or bound and why (the bad-input sweep of 2026-11-26 found each accepted).
TEST(ScenarioErrors, ValuesThatWouldOverflowOrNeverEnd) {
  const std::string level = "[[boundary]]\nside = \"west\"\nkind = \"level\"\n";
  const std::string rel = "[[release]]\nx = 0\ny = 0\ndischarge = 1\n";
  const std::string patch = "[[patch]]\ncircle = {x = 0, y = 0, radius = 10}\n";
  expect_error(kMinimal + rel + "concentration = 1e308\n", "concentration",
               "release.0.concentration: got 1e+308; expected in [0, 1e+12] (in pollutant.units");
  expect_error(kMinimal + patch + "concentration = 2e12\n", "concentration", "patch.0.concentration: got 2e+12");
  expect_error(kMinimal + "[[boundary]]\nside = \"east\"\nkind = \"discharge\"\ndischarge = 1\nconcentration = 1e13\n",
               "concentration = 1e13", "boundary.0.concentration: got 1e+13");
  expect_error(kMinimal + "[initial]\nlevel = 1e5\n", "level", "initial.level: got 100000; expected in [-10000, 10000] (m above the datum");
  expect_error(kMinimal + level + "mean_level = -2e4\n", "mean_level", "boundary.0.mean_level: got -20000");
  expect_error(kMinimal + "output_interval = \"0.01 s\"\n", "output_interval",
               "time.output_interval: expected at most 100000 map outputs over time.duration (7200 s (2 h)), that is an "
               "interval of at least 0.072 s; got 0.01 s, 720000 of them");
  expect_error(kMinimal + "[output]\ngauge_interval = \"1e-4 s\"\n", "gauge_interval",
               "output.gauge_interval: expected at most 10000000 gauge samples");
  expect_error(kMinimal + "[output]\ncheckpoint_interval = \"0.5 s\"\n", "checkpoint_interval",
               "output.checkpoint_interval: expected at most 10000 checkpoints");
  const std::string g = "[[gauge]]\nx = 0\ny = 0\nname = ";
  expect_error(kMinimal + g + "\"" + std::string(101, 'a') + "\"\n", "name = \"aaa",
               "gauge.0.name: expected a gauge name of 1 to 100 characters, got 101");
  expect_error(kMinimal + g + "\"a\\tb\"\n", "name = ", "without control characters");
  expect_error(kMinimal + rel + "concentration = 1\nname = \"out\"\n" + "[[release]]\nx = 5000\ny = 0\ndischarge = 1\n"
                   "concentration = 1\nname =  \"out\"\n",
               "name =  \"out\"", "release.1.name: release name 'out' is already used by release.0 (line");
  expect_error(kMinimal + patch + "concentration = 1\nname = \"p\"\n[[patch]]\ncircle = {x = 500, y = 0, radius = 10}\n"
                   "concentration = 1\nname =  \"p\"\n",
               "name =  \"p\"", "patch.1.name: patch name 'p' is already used by patch.0");
  // At the bounds: accepted.
  EXPECT_EQ(error_of(kMinimal + "output_interval = \"0.08 s\"\n[initial]\nlevel = -1e4\n" + rel +
                     "concentration = 1e12\nname = \"" + std::string(100, 'r') + "\"\n"),
            "(no error)");
}

// A release or patch without a name has the default name release_<index> / patch_<index>: a clash
// with it says that it is a default name and how to fix it, not "release.1.name:" of a key the
// file does not have.
TEST(ScenarioErrors, ADefaultNameThatClashesSaysSo) {
  const std::string rel = "[[release]]\ny = 0\ndischarge = 1\nconcentration = 1\n";
  const std::string named_first = kMinimal + rel + "x = 0\nname = \"release_1\"\n" + rel + "x = 5000\n";
  expect_error(named_first, line_of(named_first, "x = 5000") - 4,
               "release.1 has no name, and its default release name 'release_1' is already used by release.0 (line 11); "
               "give each release its own name (name = \"...\")");
  EXPECT_FALSE(contains(error_of(named_first), "release.1.name")) << error_of(named_first);
  const std::string named_later = kMinimal + rel + "x = 0\n" + rel + "x = 5000\nname = \"release_0\"\n";
  expect_error(named_later, "name = ",
               "release.1.name: release name 'release_0' is already the default name of release.0 (line 6, which has "
               "no name); release names must be unique: give release.0 a name too");
  const std::string patch = "[[patch]]\nconcentration = 1\n";
  const std::string patches = kMinimal + patch + "name = \"patch_1\"\ncircle = {x = 0, y = 0, radius = 10}\n" + patch +
                              "circle = {x = 500, y = 0, radius = 10}\n";
  expect_error(patches, line_of(patches, "x = 500") - 2,
               "patch.1 has no name, and its default patch name 'patch_1' is already used by patch.0");
}

TEST(ScenarioErrors, DurationsAreCheckedAfterTheUnit) {
  const std::string d = "[domain]\nsource = \"synthetic_estuary\"\n[time]\n";
  expect_error(d + "duration = \"1e308 d\"\n", "duration", "time.duration: expected a duration of at most 1000 years");
  expect_error(d + "duration = \"400000 d\"\n", "duration", "at most 1000 years (3.15576e+10 s");
  expect_error(d + "duration = 1e300\n", "duration", "at most 1000 years");
  expect_error(kMinimal + "[output]\npng_times = [\"1 h\", \"1e308 d\"]\n", "png_times", "element 1: expected a duration of at most 1000 years");
  expect_error(kMinimal + "[physics]\nhalf_life = \"1e307 min\"\n", "half_life", "at most 1000 years");
  EXPECT_THROW(io::parse_duration("1e308 d", "t"), InputError);
  EXPECT_DOUBLE_EQ(io::parse_duration("365000 d", "t"), 365000 * 86400.0);
}

TEST(Model, PointsOnEveryEdgeOfTheClosedDomainAreInside) {
  Grid g;
  g.nx = 4, g.ny = 2, g.dx = 10, g.dy = 10, g.x0 = 100, g.y0 = 200;
  EXPECT_EQ(sim::cell_at(g, 100, 200), 0);   // south-west corner
  EXPECT_EQ(sim::cell_at(g, 140, 200), 3);   // east edge: the last cell, as x = x0 is the first
  EXPECT_EQ(sim::cell_at(g, 100, 220), 4);   // north edge
  EXPECT_EQ(sim::cell_at(g, 140, 220), 7);   // north-east corner
  EXPECT_EQ(sim::cell_at(g, 125, 215), 6);
  EXPECT_EQ(sim::cell_at(g, 140.000001, 210), -1);
  EXPECT_EQ(sim::cell_at(g, 99.99999, 210), -1);
  EXPECT_EQ(sim::cell_at(g, 120, 220.00001), -1);
  EXPECT_EQ(sim::cell_at(g, std::nan(""), 210), -1);
  // The message names the edge a point lies beyond.
  sim::Scenario sc;
  sc.file = "<test>";
  sc.time.duration = 60;
  sim::Domain domain;
  domain.grid = g;
  domain.bed_z.assign(g.cells(), -5.0);
  for (const auto& [x, y, edge] : {std::tuple<double, double, const char*>{140.5, 210, "0.5 m east of its east edge x = 140"},
                                   {99, 210, "1 m west of its west edge x = 100"},
                                   {120, 199, "1 m south of its south edge y = 200"},
                                   {120, 221, "1 m north of its north edge y = 220"},
                                   {140.0000001, 210, "9.999999406e-08 m east of its east edge x = 140"}}) {
    sc.gauges = {{"g", x, y}};
    try {
      sim::build_model(sc, domain);
      ADD_FAILURE() << "gauge at " << x << ", " << y << " accepted";
    } catch (const sim::ModelError& e) {
      EXPECT_TRUE(contains(e.what(), edge)) << e.what();
    }
  }
  sc.gauges = {{"east", 140, 220}, {"west", 100, 200}};
  const sim::Model m = sim::build_model(sc, domain);
  EXPECT_EQ(m.gauges[0].cell, 7u);
  EXPECT_EQ(m.gauges[1].cell, 0u);
}
