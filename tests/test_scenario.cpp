// Scenario files (src/io/scenario/scenario_toml.cpp): a complete file fills every field, durations and
// series files parse, the shipped scenarios load. The mistakes a file can hold and the --set
// overrides are in test_scenario_errors.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "io/scenario/series_csv.hpp"
#include "scenario_fixture.hpp"

using namespace ria;
using namespace ria::test;

TEST(Scenario, CompleteFileFillsEveryField) {
  const std::string dir = temp_dir("complete");
  write(dir + "/level.csv", "time,level\n0,0.5\n3600,1.5\n");
  write(dir + "/river.txt", "# t q\n0\t10\t100\n3600\t20\t200\n");
  const std::string text = R"(
name = "Spill at the quay"
description = "A week of tides"
[domain]
source = "dem"
dem = "bathy/estuary.tif"
values = "depth"
vertical_offset = -0.5
nodata = "error"
fill_elevation = 3.0
resolution = 25
bbox = [0, 100, 5000, 9000]
node_registered = true
[time]
start = 2026-11-23T00:00:00Z
duration = "7 d"
output_interval = "1 h"
cfl = 0.8
[physics]
gravity = 9.8
manning = 0.03
diffusivity = 1.5
half_life = "12 h"
dry_depth = 0.002
[initial]
kind = "still"
level = 0.25
[[boundary]]
side = "south"
kind = "level"
segment = [1000, 4000]
mean_level = 0.1
constituents = [ {name = "M2", amplitude = 1.0, phase = 30}, {period = "12 h", amplitude = 0.2} ]
[[boundary]]
side = "north"
kind = "discharge"
series = "river.txt"
column = 2
concentration = 0.5
[[boundary]]
side = "east"
kind = "level"
series = "level.csv"
[[boundary]]
side = "west"
kind = "open"
[[patch]]
name = "slick"
concentration = 10
circle = {x = 100, y = 200, radius = 50}
[[patch]]
concentration = 5
polygon = [[1000, 1000], [1200, 1000], [1100, 1300]]
[[release]]
name = "pipe"
x = 2500
y = 3000
radius = 20
discharge = 0.5
concentration = 100
start = "1 h"
duration = "6 h"
[[release]]
x = 10
y = 20
discharge = 1
concentration = 1
[[gauge]]
name = "quay"
x = 2500.5
y = 3100
[[gauge]]
name = "mouth"
x = 10
y = 20
[output]
directory = "out"
netcdf = false
gauges_csv = false
gauge_interval = "60 s"
arrival_threshold = 0.01
png_times = ["12 h", "6 h", 3600]
png_at_end = false
checkpoint_interval = "1 d"
)";
  const sim::Scenario s = io::parse_scenario(text, "spill.toml", dir);
  EXPECT_EQ(s.file, "spill.toml");
  EXPECT_EQ(s.base_dir, dir);
  EXPECT_EQ(s.name, "Spill at the quay");
  EXPECT_EQ(s.description, "A week of tides");
  EXPECT_EQ(s.domain.source, sim::DomainSpec::Source::dem);
  EXPECT_EQ(s.domain.dem, (fs::path(dir) / "bathy/estuary.tif").string());
  EXPECT_EQ(s.domain.values, sim::DomainSpec::Values::depth);
  EXPECT_DOUBLE_EQ(s.domain.vertical_offset, -0.5);
  EXPECT_EQ(s.domain.nodata, sim::DomainSpec::Nodata::error);
  EXPECT_DOUBLE_EQ(s.domain.fill_elevation, 3.0);
  EXPECT_DOUBLE_EQ(s.domain.resolution, 25);
  ASSERT_TRUE(s.domain.has_bbox);
  EXPECT_EQ(s.domain.bbox, (std::array<double, 4>{0, 100, 5000, 9000}));
  EXPECT_TRUE(s.domain.node_registered);
  EXPECT_EQ(s.time.start, "2026-11-23T00:00:00Z");
  EXPECT_DOUBLE_EQ(s.time.duration, 7 * 86400.0);
  EXPECT_DOUBLE_EQ(s.time.output_interval, 3600.0);
  EXPECT_DOUBLE_EQ(s.time.cfl, 0.8);
  EXPECT_DOUBLE_EQ(s.physics.gravity, 9.8);
  EXPECT_DOUBLE_EQ(s.physics.manning, 0.03);
  EXPECT_TRUE(s.physics.manning_raster.empty());
  EXPECT_DOUBLE_EQ(s.physics.diffusivity, 1.5);
  EXPECT_DOUBLE_EQ(s.physics.half_life, 12 * 3600.0);
  EXPECT_DOUBLE_EQ(s.physics.dry_depth, 0.002);
  EXPECT_EQ(s.initial.kind, sim::InitialSpec::Kind::still);
  EXPECT_DOUBLE_EQ(s.initial.level, 0.25);

  ASSERT_EQ(s.boundaries.size(), 4u);
  const auto& south = s.boundaries[0];
  EXPECT_EQ(south.side, sim::BoundarySpec::Side::south);
  EXPECT_EQ(south.kind, sim::BoundarySpec::Kind::level);
  EXPECT_TRUE(south.has_segment);
  EXPECT_DOUBLE_EQ(south.from, 1000);
  EXPECT_DOUBLE_EQ(south.to, 4000);
  EXPECT_DOUBLE_EQ(south.mean_level, 0.1);
  ASSERT_EQ(south.constituents.size(), 2u);
  EXPECT_EQ(south.constituents[0].name, "M2");
  EXPECT_NEAR(south.constituents[0].period / 3600.0, 12.4206012, 12.4206012 * 1e-6);
  EXPECT_DOUBLE_EQ(south.constituents[0].amplitude, 1.0);
  EXPECT_DOUBLE_EQ(south.constituents[0].phase, 30);
  EXPECT_EQ(south.constituents[1].name, "");
  EXPECT_DOUBLE_EQ(south.constituents[1].period, 12 * 3600.0);
  EXPECT_DOUBLE_EQ(south.constituents[1].amplitude, 0.2);
  EXPECT_DOUBLE_EQ(south.constituents[1].phase, 0);
  const auto& north = s.boundaries[1];
  EXPECT_EQ(north.side, sim::BoundarySpec::Side::north);
  EXPECT_EQ(north.kind, sim::BoundarySpec::Kind::discharge);
  EXPECT_FALSE(north.has_segment);
  EXPECT_EQ(north.series_file, (fs::path(dir) / "river.txt").string());
  ASSERT_EQ(north.series.size(), 2u);
  EXPECT_DOUBLE_EQ(north.series[1].t, 3600);
  EXPECT_DOUBLE_EQ(north.series[1].value, 200);  // column 2
  EXPECT_DOUBLE_EQ(north.concentration, 0.5);
  const auto& east = s.boundaries[2];
  EXPECT_EQ(east.side, sim::BoundarySpec::Side::east);
  EXPECT_EQ(east.kind, sim::BoundarySpec::Kind::level);
  ASSERT_EQ(east.series.size(), 2u);
  EXPECT_DOUBLE_EQ(east.series[0].value, 0.5);
  EXPECT_EQ(s.boundaries[3].side, sim::BoundarySpec::Side::west);
  EXPECT_EQ(s.boundaries[3].kind, sim::BoundarySpec::Kind::open);

  ASSERT_EQ(s.patches.size(), 2u);
  EXPECT_EQ(s.patches[0].name, "slick");
  EXPECT_FALSE(s.patches[0].polygon);
  EXPECT_DOUBLE_EQ(s.patches[0].x, 100);
  EXPECT_DOUBLE_EQ(s.patches[0].y, 200);
  EXPECT_DOUBLE_EQ(s.patches[0].radius, 50);
  EXPECT_DOUBLE_EQ(s.patches[0].concentration, 10);
  EXPECT_EQ(s.patches[1].name, "patch_1");
  EXPECT_TRUE(s.patches[1].polygon);
  ASSERT_EQ(s.patches[1].vertices.size(), 3u);
  EXPECT_DOUBLE_EQ(s.patches[1].vertices[2][1], 1300);

  ASSERT_EQ(s.releases.size(), 2u);
  const auto& r = s.releases[0];
  EXPECT_EQ(r.name, "pipe");
  EXPECT_DOUBLE_EQ(r.x, 2500);
  EXPECT_DOUBLE_EQ(r.y, 3000);
  EXPECT_DOUBLE_EQ(r.radius, 20);
  EXPECT_DOUBLE_EQ(r.discharge, 0.5);
  EXPECT_DOUBLE_EQ(r.concentration, 100);
  EXPECT_DOUBLE_EQ(r.start, 3600);
  EXPECT_DOUBLE_EQ(r.duration, 6 * 3600);
  EXPECT_EQ(s.releases[1].name, "release_1");
  EXPECT_DOUBLE_EQ(s.releases[1].radius, 0);
  EXPECT_DOUBLE_EQ(s.releases[1].start, 0);
  EXPECT_DOUBLE_EQ(s.releases[1].duration, 7 * 86400.0);  // default: the whole run

  ASSERT_EQ(s.gauges.size(), 2u);
  EXPECT_EQ(s.gauges[0].name, "quay");
  EXPECT_DOUBLE_EQ(s.gauges[0].x, 2500.5);
  EXPECT_DOUBLE_EQ(s.gauges[1].y, 20);

  EXPECT_EQ(s.output.directory, "out");
  EXPECT_FALSE(s.output.netcdf);
  EXPECT_FALSE(s.output.gauges_csv);
  EXPECT_DOUBLE_EQ(s.output.gauge_interval, 60);
  EXPECT_DOUBLE_EQ(s.output.arrival_threshold, 0.01);
  EXPECT_EQ(s.output.png_times, (std::vector<double>{3600, 6 * 3600, 12 * 3600}));  // sorted
  EXPECT_FALSE(s.output.png_at_end);
  EXPECT_DOUBLE_EQ(s.output.checkpoint_interval, 86400);
}

TEST(Scenario, MinimalFileTakesTheDefaults) {
  const sim::Scenario s = io::parse_scenario(kMinimal, "dir/minimal.toml", "dir");
  const sim::Scenario d;
  EXPECT_EQ(s.name, "minimal");  // the file's stem
  EXPECT_EQ(s.domain.source, sim::DomainSpec::Source::synthetic_estuary);
  EXPECT_EQ(s.domain.cells, 0);
  EXPECT_EQ(s.time.start, d.time.start);
  EXPECT_DOUBLE_EQ(s.time.duration, 7200);
  EXPECT_DOUBLE_EQ(s.time.output_interval, 7200);  // defaults to the duration
  EXPECT_DOUBLE_EQ(s.time.cfl, d.time.cfl);
  EXPECT_DOUBLE_EQ(s.physics.gravity, d.physics.gravity);
  EXPECT_DOUBLE_EQ(s.physics.manning, d.physics.manning);
  EXPECT_DOUBLE_EQ(s.physics.dry_depth, d.physics.dry_depth);
  EXPECT_EQ(s.initial.kind, sim::InitialSpec::Kind::still);
  EXPECT_TRUE(s.boundaries.empty());
  EXPECT_EQ(s.output.directory, d.output.directory);
  EXPECT_TRUE(s.output.netcdf);
  EXPECT_EQ(io::parse_scenario(kMinimal, "<embedded>", "").name, "");
}

TEST(Scenario, AnalyticDomainAndRasters) {
  const auto s = io::parse_scenario(R"(
[domain]
source = "analytic"
analytic = "ritter"
cells = 200
[time]
duration = 30
[physics]
manning = "n.tif"
)", "a.toml", "/cases");
  EXPECT_EQ(s.domain.analytic, sim::AnalyticCase::ritter);
  EXPECT_EQ(s.domain.cells, 200);
  EXPECT_EQ(s.initial.kind, sim::InitialSpec::Kind::analytic);  // default for an analytic domain
  EXPECT_EQ(s.physics.manning_raster, "/cases/n.tif");
  const auto r = io::parse_scenario(kMinimal + "[initial]\nkind = \"raster\"\npath = \"../eta.asc\"\n", "r.toml", "/a/b");
  EXPECT_EQ(r.initial.kind, sim::InitialSpec::Kind::raster);
  EXPECT_EQ(r.initial.path, "/a/eta.asc");
}

TEST(Scenario, DataDirectoryPrefix) {
  const std::string data = temp_dir("data");
  ::setenv("RIA_DATA_DIR", data.c_str(), 1);
  EXPECT_EQ(io::resolve_scenario_path("${RIA_DATA_DIR}/dem/x.tif", "/elsewhere"), (fs::path(data) / "dem/x.tif").string());
  EXPECT_EQ(io::resolve_scenario_path("$RIA_DATA_DIR/x.tif", "/elsewhere"), (fs::path(data) / "x.tif").string());
  ::unsetenv("RIA_DATA_DIR");
  // Unset: a shared/data sibling of the scenario directory or of one of its parents.
  const std::string root = temp_dir("tree");
  fs::create_directories(fs::path(root) / "shared/data");
  fs::create_directories(fs::path(root) / "main/scenarios/real");
  const std::string base = (fs::path(root) / "main/scenarios/real").string();
  if (!fs::is_directory("../shared/data")) {
    EXPECT_EQ(io::resolve_scenario_path("${RIA_DATA_DIR}/x.tif", base), (fs::path(root) / "shared/data/x.tif").string());
  }
  EXPECT_EQ(io::resolve_scenario_path("/abs/x.tif", base), "/abs/x.tif");
  EXPECT_EQ(io::resolve_scenario_path("x.tif", ""), "x.tif");
  // A scenario in a symlinked directory: ".." leaves the directory the link points to, as the
  // system opens the path, not the link's parent; a file that is itself a link keeps its name
  // (its .prj lies beside the link).
  fs::create_directories(fs::path(root) / "real/cases");
  fs::create_directory_symlink(fs::path(root) / "real/cases", fs::path(root) / "main/link");
  write((fs::path(root) / "elsewhere.asc").string(), "");
  fs::create_symlink(fs::path(root) / "elsewhere.asc", fs::path(root) / "real/dem.asc");
  EXPECT_EQ(io::resolve_scenario_path("../dem.asc", (fs::path(root) / "main/link").string()),
            (fs::weakly_canonical(fs::path(root) / "real") / "dem.asc").string());
}

TEST(Scenario, StartTimesAreNormalisedToUtc) {
  const auto start = [](const std::string& v) {
    return io::parse_scenario(kMinimal + "start = " + v + "\n", "s.toml", "").time.start;
  };
  EXPECT_EQ(start("2026-11-23T02:30:00+02:00"), "2026-11-23T00:30:00Z");
  EXPECT_EQ(start("2026-01-01T01:00:00-03:00"), "2026-01-01T04:00:00Z");
  EXPECT_EQ(start("2026-11-23T00:00:00"), "2026-11-23T00:00:00Z");  // local: taken as UTC
  EXPECT_EQ(start("2026-11-23"), "2026-11-23T00:00:00Z");
  EXPECT_EQ(start("\"2026-12-31 23:30\""), "2026-12-31T23:30:00Z");
  EXPECT_EQ(start("\"2027-01-01T00:30:00+01:00\""), "2026-12-31T23:30:00Z");
  EXPECT_EQ(start("\"2024-02-29T12:00:00.5Z\""), "2024-02-29T12:00:00Z");
  const std::string text = kMinimal + "start = \"2025-02-29\"\n";
  expect_error(text, "start =", "time.start: invalid day 29 for month 2");
  expect_error(kMinimal + "start = \"tomorrow\"\n", "start =", "expected an ISO 8601 date-time");
  expect_error(kMinimal + "start = 5\n", "start =", "expected a date-time");
}

TEST(Duration, Forms) {
  EXPECT_DOUBLE_EQ(io::parse_duration("3600", "t"), 3600);
  EXPECT_DOUBLE_EQ(io::parse_duration("3600 s", "t"), 3600);
  EXPECT_DOUBLE_EQ(io::parse_duration("2h", "t"), 7200);
  EXPECT_DOUBLE_EQ(io::parse_duration("90min", "t"), 5400);
  EXPECT_DOUBLE_EQ(io::parse_duration("1.5 d", "t"), 129600);
  EXPECT_DOUBLE_EQ(io::parse_duration(" 7 days ", "t"), 7 * 86400);
  EXPECT_DOUBLE_EQ(io::parse_duration("1e3", "t"), 1000);
  EXPECT_DOUBLE_EQ(io::parse_duration("0", "t"), 0);
  for (const char* bad : {"", "h", "2 weeks", "1.2.3 h", "-1 h", "abc", "inf", "nan s", "2 h 30 min"}) {
    try {
      io::parse_duration(bad, "time.duration");
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("time.duration: ", 0), 0u) << e.what();
    }
  }
  // A date where a duration belongs is named as one (it reads as the number 2026 and a unit).
  try {
    io::parse_duration("2026-11-23T02:00:00Z", "release.0.start");
    ADD_FAILURE() << "accepted a date";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "release.0.start: expected a duration (e.g. \"2 h\"), got the date \"2026-11-23T02:00:00Z\"");
  }
}

TEST(Series, ReadsHeadersSeparatorsAndComments) {
  const std::string dir = temp_dir("series");
  write(dir + "/a.csv", "# tide gauge\ntime [s], level [m]\n0, 1.0\n\n600,1.5 # flood\n1200 , 0.5\n");
  auto s = io::read_series(dir + "/a.csv");
  ASSERT_EQ(s.size(), 3u);
  EXPECT_DOUBLE_EQ(s[1].t, 600);
  EXPECT_DOUBLE_EQ(s[1].value, 1.5);
  write(dir + "/b.txt", "0\t5\t50\r\n3600\t6\t60\r\n");
  s = io::read_series(dir + "/b.txt", 2);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_DOUBLE_EQ(s[1].value, 60);
  write(dir + "/c.txt", "0 1\n10   2\n");
  EXPECT_EQ(io::read_series(dir + "/c.txt").size(), 2u);
  // Lines of other white space (form feed, vertical tab) are blank, as the fuzzer found: they were
  // indexed as if they held a field (undefined behaviour).
  s = io::parse_series("\f\n0 1\n\v \n10 2\n", "ws.txt");
  ASSERT_EQ(s.size(), 2u);
  EXPECT_DOUBLE_EQ(s[1].value, 2);
}

TEST(Series, Errors) {
  const std::string dir = temp_dir("series_bad");
  const auto error = [&](const std::string& text, int column = 1) -> std::string {
    write(dir + "/s.csv", text);
    try {
      io::read_series(dir + "/s.csv", column);
    } catch (const InputError& e) {
      return e.what();
    }
    return "(no error)";
  };
  const std::string f = dir + "/s.csv:";
  EXPECT_EQ(error("t,v\n0,1\n10,x1\n"), f + "3: bad number 'x1' in column 1");
  EXPECT_EQ(error("0,1\n10\n"), f + "2: expected at least 2 columns (time and value in column 1), found 1");
  EXPECT_EQ(error("0,1\n0,2\n"), f + "2: time 0 is not after the previous time 0 (times must increase)");
  EXPECT_EQ(error("# only\n0,1\n"), f + "2: expected at least 2 data points, found 1");
  EXPECT_EQ(error("0,1\n5,,2\n", 2), f + "1: expected at least 3 columns (time and value in column 2), found 2");
  EXPECT_TRUE(contains(error("0,1\n1,2\n", 0), "column must be >= 1"));
  // A first data row with a typo is not a header (that would drop its point silently).
  const std::string data = " (a first line with a number in it is data, not a header)";
  EXPECT_EQ(error("0,1.5x\n600,2\n1200,3\n"), f + "1: bad number '1.5x' in column 1" + data);
  EXPECT_EQ(error("O,1.5\n600,2\n1200,3\n"), f + "1: bad number 'O' in column 0 (time [s])" + data);
  EXPECT_THROW(io::read_series(dir + "/missing.csv"), IoError);
}

TEST(Series, LoadedFromTheScenarioDirectory) {
  const std::string dir = temp_dir("series_scn");
  write(dir + "/q.csv", "0,10\n3600,zz\n");
  const std::string text = kMinimal + "[[boundary]]\nside = \"north\"\nkind = \"discharge\"\nseries = \"q.csv\"\n";
  try {
    io::parse_scenario(text, "scn.toml", dir);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.rfind(dir + "/q.csv:2: bad number 'zz'", 0), 0u) << m;
    EXPECT_TRUE(contains(m, "(the series of boundary.0, scn.toml:9)")) << m;
  }
  write(dir + "/q.csv", "0,10\n3600,-1\n");
  try {
    io::parse_scenario(text, "scn.toml", dir);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("scn.toml:9: boundary.0.series: discharge values must be >= 0", 0), 0u) << e.what();
  }
  try {
    io::parse_scenario(text, "scn.toml", dir, {"boundary.0.series=nothere.csv"});
    ADD_FAILURE() << "no error";
  } catch (const IoError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--set boundary.0.series: boundary.0.series: cannot read series file", 0), 0u)
        << e.what();
  }
}

TEST(Scenario, LoadFromFile) {
  const std::string dir = temp_dir("load");
  write(dir + "/run.toml", kMinimal + "[[boundary]]\nside = \"west\"\nkind = \"level\"\nseries = \"tide.csv\"\n");
  write(dir + "/tide.csv", "0 0\n60 1\n");
  const auto s = io::load_scenario(dir + "/run.toml", {"time.cfl=0.5"});
  EXPECT_EQ(s.file, dir + "/run.toml");
  EXPECT_EQ(s.base_dir, dir);
  EXPECT_EQ(s.name, "run");
  EXPECT_DOUBLE_EQ(s.time.cfl, 0.5);
  EXPECT_EQ(s.boundaries[0].series.size(), 2u);
  EXPECT_THROW(io::load_scenario(dir + "/nope.toml"), IoError);
  EXPECT_THROW(io::load_scenario(dir), IoError);
  try {
    io::load_scenario(dir + "/run.toml", {"physics.manning=-1"});
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--set physics.manning: physics.manning: expected a number >= 0", 0), 0u)
        << e.what();
  }
}

TEST(Scenario, ShippedScenariosParse) {
  // Every shallow-water scenarios/**/*.toml of the source tree (scenarios/sph/ holds `ria sph run`
  // scenarios, parsed by SphScenario tests); one whose data files are absent (IoError) is skipped.
  const fs::path dir = fs::path(RIA_SOURCE_DIR) / "scenarios";
  if (!fs::is_directory(dir)) GTEST_SKIP() << "no scenarios directory at " << dir;
  int parsed = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.path().extension() != ".toml" || e.path().parent_path().filename() == "sph") continue;
    try {
      const sim::Scenario s = io::load_scenario(e.path().string());
      EXPECT_GT(s.time.duration, 0) << e.path();
      ++parsed;
    } catch (const IoError& err) {
      std::cout << "[ SKIPPED  ] " << e.path() << ": " << err.what() << "\n";
    } catch (const InputError& err) {
      ADD_FAILURE() << err.what();
    }
  }
  std::cout << "parsed " << parsed << " scenario files from " << dir << "\n";
}
