// The tide as a function (include/ria/swe/tide.hpp, include/ria/sim/tide.hpp): a station's
// constants turned into constituents for an instant, high and low waters, the calendar the
// station tides need, and finding a station by name. Needs no tide database
// (test_tide_station.cpp reads the real one).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "io/io_error.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "io/tide/tide_database.hpp"
#include "ria/sim/tide.hpp"

using namespace ria;

namespace {

constexpr double kPi = 3.14159265358979323846;

std::string message_of(const std::vector<io::TideStationInfo>& s, const std::string& query) {
  try {
    return "matched " + io::match_tide_station(s, query).name;
  } catch (const io::InputError& e) {
    return e.what();
  }
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(Tide, RateIsTheDerivativeOfTheLevel) {
  swe::Tide t;
  t.mean = 0.3, t.slope = 1e-5, t.t_ref = 100;
  t.count = 3;
  const double a[] = {1.2, 0.4, 0.05}, w[] = {1.405e-4, 7.29e-5, 5.6e-4}, p[] = {0.3, 2.1, -1.0};
  for (int k = 0; k < 3; ++k) t.amplitude[k] = a[k], t.omega[k] = w[k], t.phase[k] = p[k];
  // Central difference over 1 s: error h^2/6 |eta'''| <= 1/6 sum a w^3 ~ 3e-11 m/s.
  for (double s : {0.0, 1234.5, 86400.0, 1e6}) EXPECT_NEAR(t.rate(s), (t.at(s + 0.5) - t.at(s - 0.5)) / 1.0, 1e-10) << s;
}

TEST(Tide, StationConstituentsFollowTheEquilibriumArgumentFormula) {
  // Two constituents and two years of made-up f and V0+u; eta(T) computed as tide tables write it,
  // eta = sum A f(Y) cos(speed (T - T_Y) + (V0+u)(Y) - kappa), for instants before, at and after
  // the origin, with the origin inside year Y and with it before Y (a later year's piece).
  sim::StationTide st;
  st.name = "test";
  st.first_year = 2020;
  st.constituents.push_back({"M2", 28.9841042, 0.8, 225.3, {1.01, 0.99}, {126.8, 300.5}});
  st.constituents.push_back({"K1", 15.0410686, 0.4, 235.2, {0.98, 1.03}, {1.6, 359.0}});
  const double year_start[] = {io::utc_year_start(2020), io::utc_year_start(2021)};
  const double origin = io::parse_utc_time("2020-07-13T08:18:00Z", "origin");
  for (int y = 0; y < 2; ++y) {
    const std::vector<sim::ConstituentSpec> cs = sim::station_constituents(st, 2020 + y, origin - year_start[y]);
    ASSERT_EQ(cs.size(), 2u);
    for (double t : {-3e6, 0.0, 3600.0, 5e6, 3e7}) {
      double direct = 0, ours = 0;
      for (std::size_t k = 0; k < 2; ++k) {
        const auto& c = st.constituents[k];
        const double since_year = origin + t - year_start[y];
        direct += c.amplitude * c.node_factor[y] *
                  std::cos((c.speed * since_year / 3600 + c.equilibrium[y] - c.kappa) * kPi / 180);
        ours += cs[k].amplitude * std::cos(2 * kPi * t / cs[k].period - cs[k].phase * kPi / 180);
        EXPECT_GE(cs[k].phase, 0);
        EXPECT_LT(cs[k].phase, 360);
      }
      // The phase is reduced mod 360 from up to 1e6 degrees: about 1e-10 degrees of rounding.
      EXPECT_NEAR(ours, direct, 1e-9) << "year " << 2020 + y << ", t = " << t;
    }
  }
  EXPECT_THROW(sim::station_constituents(st, 2022, 0), std::invalid_argument);
  EXPECT_THROW(sim::station_constituents(st, 2019, 0), std::invalid_argument);
}

TEST(Tide, KeepLargestLeavesOutTheSmallestAmplitudesInOrder) {
  std::vector<sim::ConstituentSpec> cs;
  for (double a : {0.5, 0.01, 2.0, 0.03, 0.02}) cs.push_back({"", a, 3600, 0});
  EXPECT_DOUBLE_EQ(sim::keep_largest(cs, 3), 0.03);  // 0.01 + 0.02 left out
  ASSERT_EQ(cs.size(), 3u);
  EXPECT_EQ(cs[0].amplitude, 0.5);
  EXPECT_EQ(cs[1].amplitude, 2.0);
  EXPECT_EQ(cs[2].amplitude, 0.03);
  EXPECT_EQ(sim::keep_largest(cs, 3), 0.0);
}

TEST(Tide, ExtremaOfOneConstituentAreItsCrestsAndTroughs) {
  // eta = a cos(w t - phi): highs at t = (phi + 2 pi n) / w, lows half a period later.
  swe::Tide t;
  t.count = 1;
  t.amplitude[0] = 1.5, t.omega[0] = 2 * kPi / 44714.16, t.phase[0] = 1.0;
  const double period = 44714.16, first_high = 1.0 / t.omega[0];
  const std::vector<sim::TideExtremum> e = sim::tide_extrema(t, 0, 5 * period);
  ASSERT_EQ(e.size(), 10u);
  for (std::size_t k = 0; k < e.size(); ++k) {
    const double expected = first_high + k * period / 2;
    EXPECT_NEAR(e[k].t, expected, 1e-3) << k;
    EXPECT_EQ(e[k].high, k % 2 == 0) << k;
    EXPECT_NEAR(e[k].level, k % 2 == 0 ? 1.5 : -1.5, 1e-9) << k;
  }
}

TEST(Tide, ExtremaOfAMixedTideMatchADenseSearch) {
  // M2 + K1 + M4 (a mixed tide with shallow-water distortion): each extremum found by scanning
  // the rate every 60 s and bisecting is the largest or smallest level within 10 min of it on a
  // 1 s grid, and their count equals the sign changes of the rate on that grid.
  swe::Tide t;
  t.count = 3;
  const double a[] = {0.8, 0.45, 0.12}, hours[] = {12.4206012, 23.9344696, 6.2103006}, p[] = {3.9, 4.1, 1.0};
  for (int k = 0; k < 3; ++k) t.amplitude[k] = a[k], t.omega[k] = 2 * kPi / (hours[k] * 3600), t.phase[k] = p[k];
  const double span = 3 * 86400;
  const std::vector<sim::TideExtremum> e = sim::tide_extrema(t, 0, span);
  int changes = 0;
  for (double s = 1; s < span; s += 1) changes += (t.rate(s - 1) > 0) != (t.rate(s) > 0);
  EXPECT_EQ(static_cast<int>(e.size()), changes);
  for (const sim::TideExtremum& x : e)
    for (double s = std::max(0.0, x.t - 600); s < std::min(span, x.t + 600); s += 1)
      EXPECT_TRUE(x.high ? t.at(s) <= x.level + 1e-12 : t.at(s) >= x.level - 1e-12) << x.t << " vs " << s;
}

TEST(Tide, StationPredictionTakesEachYearsNodeFactors) {
  sim::StationTide st;
  st.name = "test";
  st.first_year = 2025;
  st.constituents.push_back({"M2", 28.9841042, 1.0, 0.0, {0.97, 1.02}, {10.0, 200.0}});
  const double origin = io::parse_utc_time("2025-12-31T00:00:00Z", "origin");
  const double jan1 = io::utc_year_start(2026) - origin;
  EXPECT_EQ(jan1, 86400.0);
  const sim::StationPrediction p =
      sim::predict_station(st, {{2025, io::utc_year_start(2025) - origin}, {2026, jan1}}, 0.25);
  ASSERT_EQ(p.pieces.size(), 2u);
  EXPECT_EQ(&p.tide_at(jan1 - 1), &p.pieces[0].tide);
  EXPECT_EQ(&p.tide_at(jan1), &p.pieces[1].tide);
  EXPECT_DOUBLE_EQ(p.pieces[0].tide.amplitude[0], 0.97);
  EXPECT_DOUBLE_EQ(p.pieces[1].tide.amplitude[0], 1.02);
  EXPECT_DOUBLE_EQ(p.pieces[1].tide.mean, 0.25);
  // Highs of each piece: its amplitude plus the mean.
  for (const sim::TideExtremum& x : p.extrema(0, 2 * 86400))
    if (x.high) {
      EXPECT_NEAR(x.level, 0.25 + (x.t < jan1 ? 0.97 : 1.02), 1e-9) << x.t;
    }
}

TEST(Tide, SubordinateExtremaAreTheReferencesMovedScaledAndSortedInTheWindow) {
  sim::SubordinateStation sub;
  sub.high_time = 3000, sub.low_time = -600;  // high waters 50 min later, low waters 10 min earlier
  sub.high_multiply = 0.9, sub.high_add = 0.1, sub.low_multiply = 0.5, sub.low_add = -0.2;
  // A high at 1000 s and a low at 3500 s: moved to 4000 s and 2900 s, so their order swaps.
  const std::vector<sim::TideExtremum> ref = {{-2000, 0.4, false}, {1000, 2.0, true}, {3500, 0.6, false}, {9000, 1.0, true}};
  const auto [s0, s1] = sim::subordinate_search_interval(sub, 0, 10000);
  EXPECT_DOUBLE_EQ(s0, -3000);
  EXPECT_DOUBLE_EQ(s1, 10600);
  const std::vector<sim::TideExtremum> out = sim::subordinate_extrema(sub, ref, 0, 10000);
  ASSERT_EQ(out.size(), 2u);  // -2600 s is before the window, 12000 s after it
  EXPECT_DOUBLE_EQ(out[0].t, 2900);
  EXPECT_FALSE(out[0].high);
  EXPECT_DOUBLE_EQ(out[0].level, 0.5 * 0.6 - 0.2);
  EXPECT_DOUBLE_EQ(out[1].t, 4000);
  EXPECT_TRUE(out[1].high);
  EXPECT_DOUBLE_EQ(out[1].level, 0.9 * 2.0 + 0.1);
}

TEST(Tide, UtcCalendar) {
  EXPECT_EQ(io::parse_utc_time("2016-07-13T08:18:00Z", "t"), 1468397880.0);
  EXPECT_EQ(io::parse_utc_time("2016-07-13T01:18-07:00", "t"), 1468397880.0);
  EXPECT_EQ(io::parse_utc_time("2016-01-01", "t"), 1451606400.0);
  EXPECT_EQ(io::utc_year_start(2016), 1451606400.0);
  EXPECT_EQ(io::utc_year(1451606400.0), 2016);
  EXPECT_EQ(io::utc_year(1451606399.5), 2015);
  EXPECT_EQ(io::utc_year(-86400.0), 1969);
  EXPECT_EQ(io::format_utc_time(1709251199.0), "2024-02-29T23:59:59Z");
  EXPECT_EQ(io::format_utc_time(1709251199.6), "2024-03-01T00:00:00Z");
  try {
    io::parse_utc_time("2016-13-01", "--from");
    FAIL() << "no error";
  } catch (const io::InputError& e) {
    EXPECT_TRUE(has(e.what(), "--from: invalid date")) << e.what();
  }
  // The years are those of the instant in UTC: an offset that carries it past 9999 or before 1 is
  // refused as the same instant written in UTC is.
  EXPECT_EQ(io::format_utc_time(io::parse_utc_time("9999-12-31T22:30:00-01:00", "t")), "9999-12-31T23:30:00Z");
  for (const char* bad : {"9999-12-31T23:30:00-01:00", "0001-01-01T00:30:00+01:00", "10000-01-01T00:30:00Z"})
    EXPECT_THROW(io::parse_utc_time(bad, "time.start"), io::InputError) << bad;
}

TEST(TideStations, MatchedByNameOrTheOnlyNameThatContainsTheWords) {
  std::vector<io::TideStationInfo> s(5);
  s[0].name = "Charleston, Coos Bay, Oregon", s[0].reference = true;
  s[1].name = "Charleston, Cooper River entrance, South Carolina", s[1].reference = true;
  s[2].name = "Empire, Coos Bay, Oregon", s[2].reference_name = s[0].name;
  s[3].name = "Coos Bay entrance, Oregon Current", s[3].current = true;
  s[4].name = "Charleston";  // a name that is also part of others
  EXPECT_EQ(message_of(s, "Charleston, Coos Bay, Oregon"), "matched Charleston, Coos Bay, Oregon");
  EXPECT_EQ(message_of(s, "charleston, coos"), "matched Charleston, Coos Bay, Oregon");
  EXPECT_EQ(message_of(s, "CHARLESTON"), "matched Charleston");  // exact beats contained
  EXPECT_EQ(message_of(s, "empire"), "matched Empire, Coos Bay, Oregon");
  // Ambiguous: the names that contain it, reference stations first.
  const std::string amb = message_of(s, "Coos Bay");
  EXPECT_TRUE(has(amb, "\"Coos Bay\" is ambiguous: 3 stations contain it: \"Charleston, Coos Bay, Oregon\", "
                       "\"Empire, Coos Bay, Oregon\" (subordinate), \"Coos Bay entrance, Oregon Current\" (current)"))
      << amb;
  // Unknown: the closest names (a missing letter is one edit from a part of the first name).
  const std::string unk = message_of(s, "Charlston, Coos");
  EXPECT_TRUE(has(unk, "no tide station's name contains \"Charlston, Coos\"; the closest are \"Charleston, Coos Bay, Oregon\""))
      << unk;
  EXPECT_TRUE(has(unk, "ria tide --search")) << unk;
  EXPECT_TRUE(has(message_of(s, ""), "expected the name of a tide station"));
  EXPECT_EQ(io::search_tide_stations(s, "oregon").size(), 3u);
}
