// A level boundary given by a tide station (`station = "..."`): the boundary the solver gets is the
// station's prediction for the scenario's calendar time, and its mistakes are input errors at the
// key. Tests that need the tide database skip without it (test_tide_station.cpp says why).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "io/scenario/scenario_toml.hpp"
#include "io/tide/tide_database.hpp"
#include "ria/sim/model.hpp"
#include "ria/sim/tide.hpp"
#include "ria/swe/solver.hpp"
#include "run_fixture.hpp"
#include "scenario_fixture.hpp"

using namespace ria;
using namespace ria::test;

namespace {

std::string station_scenario(const std::string& start, const std::string& boundary) {
  return "[domain]\nsource = \"synthetic_estuary\"\ncells = 40\n[time]\n" + start + "duration = \"2 d\"\n" +
         "[[boundary]]\nside = \"south\"\nkind = \"level\"\n" + boundary;
}

const std::string kStart = "start = \"2026-11-23T06:00:00Z\"\n";

/// initial.level = "tide", a discharge boundary first, then `level_boundary` (a [[boundary]] table or nothing).
std::string tide_start_scenario(const std::string& start, const std::string& level_boundary) {
  return "[domain]\nsource = \"synthetic_estuary\"\ncells = 40\n[time]\nstart = \"" + start +
         "\"\nduration = \"2 d\"\n[initial]\nlevel = \"tide\"\n[[boundary]]\nside = \"east\"\nkind = \"discharge\"\n"
         "discharge = 10.0\n" + level_boundary;
}

}  // namespace

TEST(TideScenario, StationBoundaryIsTheStationsPredictionFromTimeStart) {
  sim::Scenario sc;
  try {
    sc = io::parse_scenario(station_scenario(kStart, "station = \"Charleston, Coos Bay, Oregon\"\nmean_level = 0.1\n"),
                            "scn.toml", "/base");
  } catch (const swe::NotBuiltError& e) {
    EXPECT_NE(std::string(e.what()).find("scn.toml:10: boundary.0.station: "), std::string::npos) << e.what();
    GTEST_SKIP() << e.what();
  } catch (const io::IoError& e) {
    GTEST_SKIP() << e.what();
  }
  const sim::BoundarySpec& b = sc.boundaries.at(0);
  EXPECT_EQ(b.station, "Charleston, Coos Bay, Oregon");
  EXPECT_EQ(b.station_dropped_count, 0);
  const double start = io::parse_utc_time("2026-11-23T06:00:00Z", "start");
  const sim::StationTide st = io::read_tide_station("Charleston, Coos Bay, Oregon", 2026, 2026);
  ASSERT_EQ(b.constituents.size(), st.constituents.size());
  const sim::StationPrediction p = sim::predict_station(st, {{2026, io::utc_year_start(2026) - start}}, 0.1);
  const sim::Model m = sim::build_model(sc, test::estuary_domain(40));
  const swe::Tide& tide = m.setup.bc.side[swe::south].level;
  for (double t = 0; t <= 2 * 86400; t += 1800) EXPECT_EQ(tide.at(t), p.level(t)) << t;
  EXPECT_TRUE(sim::scenario_warnings(sc).empty());
  // An empty constituents array is none (a file's cleared by --set for a station): the same tide.
  const sim::Scenario cleared = io::parse_scenario(
      station_scenario(kStart, "station = \"Charleston, Coos Bay, Oregon\"\nmean_level = 0.1\nconstituents = []\n"),
      "scn.toml", "/base");
  ASSERT_EQ(cleared.boundaries.at(0).constituents.size(), b.constituents.size());
  for (std::size_t k = 0; k < b.constituents.size(); ++k)
    EXPECT_EQ(cleared.boundaries.at(0).constituents[k].amplitude, b.constituents[k].amplitude) << k;
}

TEST(TideScenario, StationMistakesAreErrorsAtTheKey) {
  // Checked before the database is read.
  expect_error(station_scenario(kStart, "station = \"Charleston\"\nconstituents = [{name = \"M2\", amplitude = 1}]\n"),
               11, "boundary.0.constituents: give either station or constituents, not both");
  expect_error(station_scenario("", "station = \"Charleston, Coos Bay, Oregon\"\n"), 9,
               "boundary.0.station: a station's tide depends on the date: give time.start");
  expect_error(station_scenario(kStart, "station = \"Charleston, Coos Bay, Oregon\"\nseries = [[0, 1], [1, 2]]\n"), 11,
               "boundary.0.series: a level boundary takes either a series or mean_level/constituents/station, not both");
  try {
    io::list_tide_stations();
  } catch (const std::exception& e) {
    GTEST_SKIP() << e.what();
  }
  expect_error(station_scenario(kStart, "station = \"Empire, Coos Bay\"\n"), 10,
               "boundary.0.station: tide station \"Empire, Coos Bay, Oregon\" is a subordinate station");
  expect_error(station_scenario(kStart, "station = \"Coos\"\n"), 10, "boundary.0.station: tide station \"Coos\" is ambiguous");
  // A date outside the years the database gives node factors for: time.start is named.
  const std::vector<io::TideStationInfo> stations = io::list_tide_stations();
  const io::TideStationInfo info = io::match_tide_station(stations, "Charleston, Coos Bay, Oregon");
  const std::string before = std::to_string(info.first_year - 1) + "-12-31T23:00:00Z";
  expect_error(station_scenario("start = \"" + before + "\"\n", "station = \"Charleston, Coos Bay, Oregon\"\n"), 10,
               "boundary.0.station: tide database " + info.file + " gives node factors and equilibrium arguments for the years " +
                   std::to_string(info.first_year) + " to " + std::to_string(info.last_year) + ", not " +
                   std::to_string(info.first_year - 1) + " (the year of time.start = " + before +
                   "): give a time.start within those years");
}

TEST(TideScenario, StationLeadMovesTheStationsTideEarlier) {
  // Checked before the database is read.
  expect_error(station_scenario(kStart, "mean_level = 0\nstation_lead = \"30 min\"\n"), 11,
               "boundary.0.station_lead: is the lead of a station's tide: give station too");
  sim::Scenario plain, lead;
  try {
    plain = io::parse_scenario(station_scenario(kStart, "station = \"Charleston, Coos Bay, Oregon\"\n"), "scn.toml", "/base");
    lead = io::parse_scenario(
        station_scenario(kStart, "station = \"Charleston, Coos Bay, Oregon\"\nstation_lead = \"35 min\"\n"), "scn.toml",
        "/base");
  } catch (const swe::NotBuiltError& e) {
    GTEST_SKIP() << e.what();
  } catch (const io::IoError& e) {
    GTEST_SKIP() << e.what();
  }
  EXPECT_EQ(lead.boundaries.at(0).station_lead, 35 * 60.0);
  const sim::Model a = sim::build_model(plain, test::estuary_domain(40));
  const sim::Model b = sim::build_model(lead, test::estuary_domain(40));
  const swe::Tide& p = a.setup.bc.side[swe::south].level;
  const swe::Tide& q = b.setup.bc.side[swe::south].level;
  double moved = 0;
  for (double t = 0; t <= 86400; t += 600) {
    // The same sum of cosines with phases advanced by speed x lead: equal to round-off of the
    // phases (1e-9 m on a 1 m tide over a day).
    EXPECT_NEAR(q.at(t), p.at(t + 35 * 60.0), 1e-9) << t;
    moved = std::max(moved, std::fabs(q.at(t) - p.at(t)));
  }
  EXPECT_GT(moved, 0.1);  // 35 min of a semidiurnal tide of about 1 m range moves the level by decimetres
  expect_error(station_scenario(kStart, "station = \"Charleston, Coos Bay, Oregon\"\nstation_lead = \"7 h\"\n"), 11,
               "boundary.0.station_lead");
}

TEST(TideScenario, InitialLevelTideIsTheFirstLevelBoundarysLevelAtTheStart) {
  // A discharge boundary first, then the level boundary: mean 0.2 m + 1 m cos(0 - 60 deg) = 0.7 m at t = 0.
  const sim::Scenario sc = io::parse_scenario(
      tide_start_scenario("2026-11-23T06:00:00Z", "[[boundary]]\nside = \"south\"\nkind = \"level\"\nmean_level = 0.2\n"
                                                  "constituents = [{name = \"M2\", amplitude = 1.0, phase = 60.0}]\n"),
      "scn.toml", "/base");
  EXPECT_TRUE(sc.initial.level_at_tide);
  EXPECT_NEAR(sim::still_level(sc), 0.7, 1e-15);
  const sim::Model m = sim::build_model(sc, test::estuary_domain(40));
  const double eta0 = m.setup.bc.side[swe::south].level.at(0.0);
  EXPECT_EQ(sim::still_level(sc), eta0);  // the level the boundary holds at the start, bit for bit
  std::size_t wet = 0;
  for (std::size_t k = 0; k < m.init.h.size(); ++k) {
    EXPECT_EQ(m.init.h[k], std::max(0.0, eta0 - m.bed_z[k])) << k;
    wet += m.init.h[k] > 0 ? 1 : 0;
  }
  EXPECT_GT(wet, 0u);
}

TEST(TideScenario, InitialLevelTideIsRefusedWithoutALevelBoundaryOrForAnotherWord) {
  const std::string no_level = tide_start_scenario("2026-11-23T06:00:00Z", "");
  expect_error(no_level, "level = \"tide\"", "initial.level: \"tide\" starts the water at the level of the first [[boundary]]");
  std::string other = no_level;
  other.replace(other.find("\"tide\""), 6, "\"high\"");
  expect_error(other, "level = \"high\"", "initial.level: expected a number [m] or \"tide\"");
}

TEST(TideScenario, InitialLevelTideFollowsTheStationOnEveryStartDate) {
  // A forecaster's start date (or an ensemble's --vary time.start) moves the station's tide, and
  // the still water starts at its level then: no jump at the sea.
  double levels[2];
  const char* starts[2] = {"2026-11-23T06:00:00Z", "2026-11-23T09:00:00Z"};
  for (int i = 0; i < 2; ++i) {
    sim::Scenario sc;
    try {
      sc = io::parse_scenario(tide_start_scenario(starts[i], "[[boundary]]\nside = \"south\"\nkind = \"level\"\n"
                                                             "station = \"Charleston, Coos Bay, Oregon\"\n"),
                              "scn.toml", "/base");
    } catch (const swe::NotBuiltError& e) {
      GTEST_SKIP() << e.what();
    } catch (const io::IoError& e) {
      GTEST_SKIP() << e.what();
    }
    const double start = io::parse_utc_time(starts[i], "start");
    const sim::StationTide st = io::read_tide_station("Charleston, Coos Bay, Oregon", 2026, 2026);
    const sim::StationPrediction p = sim::predict_station(st, {{2026, io::utc_year_start(2026) - start}}, 0.0);
    levels[i] = sim::still_level(sc);
    EXPECT_NEAR(levels[i], p.level(0.0), 1e-12) << starts[i];
  }
  EXPECT_GT(std::fabs(levels[1] - levels[0]), 0.1);  // 3 h of a tide of about 2 m range
}

TEST(TideScenario, StationWithMoreConstituentsThanATideHoldsKeepsTheLargest) {
  // A boundary that leaves constituents out says so (scenario_warnings), with their amplitudes.
  sim::Scenario sc = test::forcing_scenario(3600);
  sim::BoundarySpec& b = sc.boundaries[0];
  b.series.clear();
  b.station = "Somewhere";
  for (int k = 0; k < swe::kMaxConstituents + 2; ++k) b.constituents.push_back({"", 0.01 * (k + 1), 3600.0 + k, 0});
  b.station_dropped = sim::keep_largest(b.constituents, swe::kMaxConstituents);
  b.station_dropped_count = 2;
  EXPECT_DOUBLE_EQ(b.station_dropped, 0.03);
  const std::vector<std::string> w = sim::scenario_warnings(sc);
  ASSERT_FALSE(w.empty());
  EXPECT_NE(w[0].find("station 'Somewhere': its 2 smallest constituents are left out (a boundary holds at most " +
                      std::to_string(swe::kMaxConstituents) + "); their amplitudes add up to 0.03 m"),
            std::string::npos)
      << w[0];
  const sim::Model m = sim::build_model(sc, test::estuary_domain(40));
  EXPECT_EQ(m.setup.bc.side[swe::south].level.count, swe::kMaxConstituents);
}
