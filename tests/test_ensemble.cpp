// Ensembles (src/ensemble/, io/table_csv): the Latin hypercube and the grid, the varied keys and
// the members' values, CSV members, the member observer, and the statistics against values
// computed by hand on synthetic member fields.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <set>

#include "ensemble/member_recorder.hpp"
#include "ensemble/sampling.hpp"
#include "ensemble/statistics.hpp"
#include "ensemble/variation.hpp"
#include "io/io_error.hpp"
#include "io/table_csv.hpp"

using namespace ria;
using namespace ria::ensemble;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "<no error>";
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

sim::Scenario base_with_release() {
  sim::Scenario sc;
  sc.time.start = "2026-11-23T00:00:00Z";
  sim::ReleaseSpec r;
  r.name = "outfall";
  r.x = 1000, r.y = 2000;
  sc.releases.push_back(r);
  return sc;
}

}  // namespace

// ---- sampling ----------------------------------------------------------------------------------

TEST(LatinHypercube, EachStratumIsUsedExactlyOnceOnEveryAxis) {
  for (int n : {1, 2, 7, 50}) {
    const auto u = latin_hypercube(n, 5, 12345);
    ASSERT_EQ(u.size(), static_cast<std::size_t>(n));
    for (int a = 0; a < 5; ++a) {
      std::vector<int> count(n, 0);
      for (const auto& p : u) {
        ASSERT_GE(p[a], 0.0);
        ASSERT_LT(p[a], 1.0);
        ++count[stratum(p[a], n)];
      }
      for (int k = 0; k < n; ++k) EXPECT_EQ(count[k], 1) << "n = " << n << ", axis " << a << ", stratum " << k;
    }
  }
}

TEST(LatinHypercube, ASeedGivesTheSamePointsInEveryBuild) {
  // The same seed, the same points, bit for bit; another seed, other points.
  EXPECT_EQ(latin_hypercube(20, 3, 7), latin_hypercube(20, 3, 7));
  EXPECT_NE(latin_hypercube(20, 3, 7), latin_hypercube(20, 3, 8));
  // The points of seed 1 as every build since the first draws them: mt19937_64's sequence is fixed
  // by the C++ standard and the uniforms and permutations are made here, not by the standard
  // library's distributions (whose algorithms differ between libraries).
  const auto u = latin_hypercube(4, 2, 1);
  const double pinned[4][2] = {{0.25525605710418175, 0.77236329841116358},
                               {0.58772452844572987, 0.13904472478059499},
                               {0.97783951197779417, 0.69741299237662091},
                               {0.1176880331225581, 0.3054084184983491}};
  for (int m = 0; m < 4; ++m)
    for (int a = 0; a < 2; ++a) EXPECT_EQ(u[m][a], pinned[m][a]) << m << ", " << a;
}

TEST(GridPoints, KLevelsPerAxisAtTheStratumMidpoints) {
  const auto u = grid_points(9, 2);
  std::set<std::pair<double, double>> seen;
  for (const auto& p : u) {
    for (double v : p) EXPECT_TRUE(v == 1.0 / 6 || v == 0.5 || v == 5.0 / 6) << v;
    seen.insert({p[0], p[1]});
  }
  EXPECT_EQ(seen.size(), 9u);                      // every combination once
  EXPECT_EQ(u[1], (std::vector<double>{1.0 / 6, 0.5}));  // the last axis varies fastest
  EXPECT_EQ(grid_points(5, 1).size(), 5u);
  const std::string e = error_of([] { grid_points(10, 2); });
  EXPECT_TRUE(has(e, "--members = k^2, got 10; e.g. 9 or 16")) << e;
}

// ---- varied keys -------------------------------------------------------------------------------

TEST(Vary, NumbersDurationsAndDateOffsets) {
  const VaryRange n = parse_vary("physics.manning=0.02:0.04");
  EXPECT_EQ(n.key, "physics.manning");
  EXPECT_EQ(n.kind, VaryRange::Kind::number);
  EXPECT_EQ(n.lo, 0.02);
  EXPECT_EQ(n.hi, 0.04);
  const VaryRange d = parse_vary("release.0.duration=90min:3 h");
  EXPECT_EQ(d.kind, VaryRange::Kind::duration);
  EXPECT_EQ(d.lo, 5400);
  EXPECT_EQ(d.hi, 10800);
  EXPECT_EQ(parse_vary("release.0.start=0:2h").lo, 0);  // a plain number is seconds
  const VaryRange s = parse_vary("time.start=-6h:+6h");
  EXPECT_EQ(s.kind, VaryRange::Kind::date_shift);
  EXPECT_EQ(s.lo, -21600);
  EXPECT_EQ(s.hi, 21600);

  // Values at u = 0, 0.25, 0.5 as --set takes them.
  const sim::Scenario base = base_with_release();
  const MemberTable t = members_from_points({n, d, s}, {}, base, {{0, 0, 0}, {0.25, 0.25, 0.25}, {0.5, 0.5, 0.5}});
  ASSERT_EQ(t.keys, (std::vector<std::string>{"physics.manning", "release.0.duration", "time.start"}));
  EXPECT_EQ(t.values[0], (std::vector<std::string>{"0.02", "5400", "2026-11-22T18:00:00Z"}));
  EXPECT_EQ(t.values[1], (std::vector<std::string>{"0.025", "6750", "2026-11-22T21:00:00Z"}));
  EXPECT_EQ(t.values[2], (std::vector<std::string>{"0.03", "8100", "2026-11-23T00:00:00Z"}));
  EXPECT_EQ(t.sets(1)[2], "time.start=2026-11-22T21:00:00Z");
}

TEST(Vary, BadSpecsNameTheKeyAndWhatIsExpected) {
  auto e = [](const std::string& spec) { return error_of([&] { parse_vary(spec); }); };
  EXPECT_TRUE(has(e("physics.manning"), "--vary physics.manning: expected KEY=LO:HI")) << e("physics.manning");
  EXPECT_TRUE(has(e("physics.manning=0.04:0.02"), "expected LO < HI")) << e("physics.manning=0.04:0.02");
  EXPECT_TRUE(has(e("physics.manning=0.02:0.02"), "--set physics.manning=VALUE")) << e("physics.manning=0.02:0.02");
  EXPECT_TRUE(has(e("physics.manning=low:0.04"), "'low' is neither a number nor a duration")) << e("physics.manning=low:0.04");
  EXPECT_TRUE(has(e("physics.manning=0.02"), "expected one LO:HI")) << e("physics.manning=0.02");
  EXPECT_TRUE(has(e("time.start=2026-11-23T00:00:00Z:2026-11-23T06:00:00Z"), "offsets from the scenario's date"));
  EXPECT_TRUE(has(e("domain.cells=40:80"), "domain.cells cannot vary: the members of an ensemble share one grid"));
  EXPECT_TRUE(has(e("output.arrival_threshold=0.1:1"), "output.arrival_threshold cannot vary"));
  EXPECT_TRUE(has(e("gauge.0.x=0:10"), "gauge.0.x cannot vary"));
  EXPECT_TRUE(has(e("time.output_interval=1h:2h"), "--sample-interval"));
  EXPECT_TRUE(has(error_of([] { parse_vary_point("outfall=-5"); }), "expected a radius in metres > 0"));
  EXPECT_TRUE(has(error_of([] { check_varied_keys({"physics.manning", "physics.manning"}, "x.csv"); }),
                  "x.csv: physics.manning is varied twice"));
}

TEST(Vary, ReleasePointsFallInTheDiscUniformlyByArea) {
  const sim::Scenario base = base_with_release();
  const VaryPoint p = parse_vary_point("outfall=500");
  // u = (1/4, 1/4): radius 500 sqrt(1/4) = 250 at 90 degrees.
  const MemberTable t = members_from_points({}, {p}, base, {{0.25, 0.25}});
  ASSERT_EQ(t.keys, (std::vector<std::string>{"release.0.x", "release.0.y"}));
  EXPECT_NEAR(std::stod(t.values[0][0]), 1000, 1e-9);
  EXPECT_EQ(std::stod(t.values[0][1]), 2250);
  // A Latin hypercube of 400 members: all inside the disc, and as many inside radius R/sqrt(2)
  // (half the area) as outside: exactly, since the radius axis is stratified.
  const MemberTable lhs = members_from_points({}, {p}, base, latin_hypercube(400, 2, 3));
  int inner = 0;
  for (const auto& v : lhs.values) {
    const double r = std::hypot(std::stod(v[0]) - 1000, std::stod(v[1]) - 2000);
    EXPECT_LE(r, 500 * (1 + 1e-12));
    inner += r < 500 / std::sqrt(2.0);
  }
  EXPECT_EQ(inner, 200);
  const std::string e = error_of([&] { members_from_points({}, {parse_vary_point("spill=10")}, base, {{0.5, 0.5}}); });
  EXPECT_TRUE(has(e, "no release named 'spill' (its releases: 'outfall')")) << e;
}

TEST(Vary, ShortestTextReadsBackExactly) {
  for (double v : {0.1, 0.025105121142083638, 1e-300, 12345.678, -3.0, 2.0 / 3})
    EXPECT_EQ(std::strtod(shortest_text(v).c_str(), nullptr), v) << shortest_text(v);
  EXPECT_EQ(shortest_text(0.1), "0.1");
  EXPECT_EQ(shortest_text(5400), "5400");
  EXPECT_EQ(shortest_text(9535.337695410424), "9535.337695410424");
  EXPECT_EQ(shortest_text(1e20), "1e+20");
  EXPECT_EQ(shift_date("2024-02-28T23:00:00Z", 7200), "2024-02-29T01:00:00Z");
  EXPECT_EQ(shift_date("2000-01-01T00:00:00Z", -1), "1999-12-31T23:59:59Z");
}

// ---- members from CSV --------------------------------------------------------------------------

TEST(MembersCsv, ColumnsAreKeysAndValuesAreTakenAsWritten) {
  const io::CsvTable t = io::parse_csv_table(
      "member, physics.manning ,time.start,status,wall_s,message\r\n"
      "0,0.03,2026-01-01T00:00:00Z,finished,1.5,\r\n"
      "\r\n"
      "1,\"0.04\",2026-01-01T06:00:00Z,failed,0.2,\"numerical failure: a, b and \"\"c\"\"\"\n",
      "m.csv");
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.lines, (std::vector<int>{2, 4}));
  EXPECT_EQ(t.rows[1][5], "numerical failure: a, b and \"c\"");
  const MemberTable m = members_from_table(t);
  EXPECT_EQ(m.keys, (std::vector<std::string>{"physics.manning", "time.start"}));  // bookkeeping columns ignored
  EXPECT_EQ(m.sets(1), (std::vector<std::string>{"physics.manning=0.04", "time.start=2026-01-01T06:00:00Z"}));
}

TEST(MembersCsv, MalformedTablesAreRefusedWithFileAndLine) {
  auto e = [](const std::string& text) {
    return error_of([&] { members_from_table(io::parse_csv_table(text, "m.csv")); });
  };
  EXPECT_TRUE(has(e("a.b,c.d\n1,2\n3\n"), "m.csv:3: 1 field, the header has 2")) << e("a.b,c.d\n1,2\n3\n");
  EXPECT_TRUE(has(e("a.b\n\"1\n"), "m.csv:2: a quote opened here is never closed"));
  EXPECT_TRUE(has(e("a.b,a.b\n1,2\n"), "m.csv:1: column name 'a.b' appears twice"));
  EXPECT_TRUE(has(e("a.b,c.d\n1,\n"), "m.csv:2: no value for c.d"));
  EXPECT_TRUE(has(e("a.b\n"), "m.csv: no members"));
  EXPECT_TRUE(has(e(""), "m.csv: empty file"));
  EXPECT_TRUE(has(e("member,status\n1,ok\n"), "no column names a scenario key"));
  EXPECT_TRUE(has(e("domain.cells\n40\n"), "m.csv: domain.cells cannot vary"));
}

// ---- the member observer -----------------------------------------------------------------------

TEST(MemberRecorder, TakesTheSolversExtremesAsRiaNcAndGaugesAtOutputs) {
  sim::Scenario sc;
  sc.physics.dry_depth = 1e-3;
  sc.output.arrival_threshold = 0.01;
  sc.output.gauge_interval = 0;  // gauges every step: recorded at the outputs instead
  sim::Model m;
  m.setup.grid.nx = 3, m.setup.grid.ny = 1;
  m.gauges.push_back({"g", 0, 0, 1});
  MemberRecorder rec(sc, m);
  swe::HostState s;
  s.h = {1, 2, 0}, s.qx = {0, 0, 0}, s.qy = {0, 0, 0}, s.hc = {0.005, 0.04, 0};
  rec.output(0, 0, s, {}, {});
  s.h = {1, 1, 1e-4}, s.hc = {0.05, 0.01, 1e-4};
  rec.gauges(5, {});  // ignored: gauges come with the outputs
  rec.output(10, 7, s, {}, {});
  // The extremes the solver recorded after every step (swe/extremes.hpp), at the end.
  swe::HostExtremes e;
  e.reset(3);
  e.max_concentration = {0.05, 0.02, 0.0};
  e.first_wet_time = {0, 0, NAN};
  e.arrival_time = {7.5, 0, NAN};
  rec.extremes(10, e);
  const MemberFields& f = rec.fields();
  EXPECT_EQ(f.max_conc[0], 0.05);
  EXPECT_EQ(f.max_conc[1], 0.02);
  EXPECT_TRUE(std::isnan(f.max_conc[2]));  // never wet
  EXPECT_EQ(f.arrival[0], 7.5);
  EXPECT_EQ(f.arrival[1], 0);
  EXPECT_TRUE(std::isnan(f.arrival[2]));
  e.arrival_time.pop_back();
  EXPECT_THROW(rec.extremes(10, e), std::logic_error);
  ASSERT_EQ(f.gauges.size(), 2u);
  EXPECT_EQ(f.gauges[1].t, 10);
  EXPECT_EQ(f.gauges[1].depth, std::vector<double>{1});
  EXPECT_EQ(f.gauges[1].conc, std::vector<double>{0.01});

  sc.output.gauge_interval = 300;  // gauges at their own stops
  MemberRecorder rec2(sc, m);
  rec2.output(0, 0, s, {}, {});
  rec2.gauges(300, {swe::Conserved<double>{2, 0, 0, 0.1}});
  ASSERT_EQ(rec2.fields().gauges.size(), 1u);
  EXPECT_EQ(rec2.fields().gauges[0].conc, std::vector<double>{0.05});
}

// ---- statistics --------------------------------------------------------------------------------

namespace {
/// Four members on three cells (cell 1 dry in all of them) with gauge samples.
std::vector<MemberFields> four_members() {
  std::vector<MemberFields> m(4);
  const double max0[4] = {0.4, 0.1, kNaN, 0.3}, arr0[4] = {100, kNaN, kNaN, 50}, arr2[4] = {10, kNaN, kNaN, kNaN};
  for (int k = 0; k < 4; ++k) {
    m[k].max_conc = {max0[k], kNaN, 1.0};
    m[k].arrival = {arr0[k], kNaN, arr2[k]};
    m[k].gauges.push_back({0, {1.0 + k}, {0.1 * k}});
  }
  m[3].gauges.push_back({60, {9}, {0.5}});  // only member 3 ran on to t = 60 s
  return m;
}
}  // namespace

TEST(Statistics, PercentilesAndArrivalQuantilesByHand) {
  EXPECT_EQ(percentile_sorted({5}, 90), 5);
  EXPECT_TRUE(std::isnan(percentile_sorted({}, 50)));
  EXPECT_DOUBLE_EQ(percentile_sorted({0, 0.1, 0.3, 0.4}, 10), 0.03);  // (n-1) p = 0.3: 0 + 0.3 (0.1 - 0)
  EXPECT_DOUBLE_EQ(percentile_sorted({0, 0.1, 0.3, 0.4}, 90), 0.37);  // 2.7: 0.3 + 0.7 (0.4 - 0.3)
  EXPECT_EQ(percentile_sorted({0, 0.1, 0.3, 0.4}, 100), 0.4);
  EXPECT_EQ(arrival_quantile({50, 100}, 4, 0.5), 100);  // 2 of 4 arrived: half by t = 100
  EXPECT_TRUE(std::isnan(arrival_quantile({50, 100}, 5, 0.5)));  // 2 of 5 is less than half
  EXPECT_EQ(arrival_quantile({50, 100, 120}, 5, 0.5), 120);
}

TEST(Statistics, PerCellOverFourSyntheticMembers) {
  const std::vector<MemberFields> m = four_members();
  std::vector<const MemberFields*> p;
  for (const auto& f : m) p.push_back(&f);
  const CellStatistics s = cell_statistics(p, {0.1, 0.35});
  EXPECT_EQ(s.members, 4);
  // Cell 0: maxima 0.4, 0.1, dry (0), 0.3 -> sorted 0, 0.1, 0.3, 0.4.
  EXPECT_DOUBLE_EQ(s.mean[0], 0.2);
  EXPECT_DOUBLE_EQ(s.percentile[0][0], 0.03);
  EXPECT_DOUBLE_EQ(s.percentile[1][0], 0.2);  // 1.5: 0.1 + 0.5 (0.3 - 0.1)
  EXPECT_DOUBLE_EQ(s.percentile[2][0], 0.37);
  EXPECT_EQ(s.exceedance[0][0], 0.5);   // above 0.1 (strictly): 0.3 and 0.4
  EXPECT_EQ(s.exceedance[1][0], 0.25);  // above 0.35: 0.4
  EXPECT_EQ(s.arrival_earliest[0], 50);
  EXPECT_EQ(s.arrival_median[0], 100);
  // Cell 1: dry in every member: no value anywhere.
  EXPECT_TRUE(std::isnan(s.mean[1]) && std::isnan(s.exceedance[0][1]) && std::isnan(s.percentile[1][1]));
  EXPECT_TRUE(std::isnan(s.arrival_earliest[1]) && std::isnan(s.arrival_median[1]));
  // Cell 2: 1.0 everywhere; one member of four arrived.
  EXPECT_EQ(s.mean[2], 1.0);
  EXPECT_EQ(s.exceedance[1][2], 1.0);
  EXPECT_EQ(s.arrival_earliest[2], 10);
  EXPECT_TRUE(std::isnan(s.arrival_median[2]));

  // The order of the members does not change a bit.
  std::vector<const MemberFields*> q = {p[2], p[0], p[3], p[1]};
  const CellStatistics r = cell_statistics(q, {0.1, 0.35});
  auto same_bits = [](const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
  };
  EXPECT_TRUE(same_bits(r.mean, s.mean));
  EXPECT_TRUE(same_bits(r.percentile[2], s.percentile[2]));
  EXPECT_TRUE(same_bits(r.arrival_median, s.arrival_median));
  EXPECT_THROW(cell_statistics({}, {0.1}), std::invalid_argument);
}

TEST(Statistics, GaugePercentilesAtEachSampleTime) {
  const std::vector<MemberFields> m = four_members();
  std::vector<const MemberFields*> p;
  for (const auto& f : m) p.push_back(&f);
  const std::vector<GaugePercentiles> g = gauge_percentiles(p);
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g[0].t, 0);
  EXPECT_EQ(g[0].members, 4);
  // Depths 1, 2, 3, 4: p10 at 0.3 -> 1.3, p50 at 1.5 -> 2.5, p90 at 2.7 -> 3.7.
  EXPECT_DOUBLE_EQ(g[0].depth[0][0], 1.3);
  EXPECT_DOUBLE_EQ(g[0].depth[0][1], 2.5);
  EXPECT_DOUBLE_EQ(g[0].depth[0][2], 3.7);
  EXPECT_DOUBLE_EQ(g[0].conc[0][1], 0.15);
  EXPECT_EQ(g[1].t, 60);
  EXPECT_EQ(g[1].members, 1);
  EXPECT_EQ(g[1].depth[0], (std::array<double, 3>{9, 9, 9}));
}

// Durations varied: a member's own end (45 s, off the 30 s sampling) is no row of that member
// alone while others ran past it; the rows at 60 s are over the two that ran that long, and the
// last member's own end (75 s) is its row.
TEST(Statistics, AMembersOwnEndIsNoRowOfItsOwn) {
  const auto member = [](std::vector<double> times) {
    MemberFields f;
    for (const double t : times) f.gauges.push_back({t, {1.0}, {0.0}});
    return f;
  };
  const std::vector<MemberFields> m = {member({0, 30, 45}), member({0, 30, 60}), member({0, 30, 60, 75})};
  std::vector<const MemberFields*> p;
  for (const auto& f : m) p.push_back(&f);
  const std::vector<GaugePercentiles> g = gauge_percentiles(p);
  std::vector<std::pair<double, int>> rows;
  for (const GaugePercentiles& r : g) rows.push_back({r.t, r.members});
  EXPECT_EQ(rows, (std::vector<std::pair<double, int>>{{0, 3}, {30, 3}, {60, 2}, {75, 1}}));
}
