// The simulation layer: model building checks, time-series boundaries, releases, the mass balance,
// and bitwise restarts (at a stop and after a signal between stops); checkpoint and gauge files.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/checkpoint/checkpoint.hpp"
#include "io/gauge_csv.hpp"
#include "io/io_error.hpp"
#include "ria/sim/schedule.hpp"
#include "run_fixture.hpp"
#include "swe/forwarding_solver.hpp"

using namespace ria;

namespace {

bool bad_free(const swe::HostState& s) {
  for (std::size_t k = 0; k < s.h.size(); ++k)
    if (!(s.h[k] >= 0) || !std::isfinite(s.hc[k])) return false;
  return true;
}

void expect_model_error(sim::Scenario sc, const std::string& words) {
  try {
    sim::build_model(sc, test::estuary_domain(40));
    FAIL() << "no error, expected one containing: " << words;
  } catch (const sim::ModelError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

/// A resume of gauge file `path` (gauge "a", rows every 10 s) after the checkpoint's run wrote `row`:
/// refused with `words`.
void expect_refused_csv(const std::string& path, double resume_after, const std::string& row, const std::string& words) {
  try {
    io::GaugeCsv(path, {"a"}, resume_after, "1", "", 10, row);
    FAIL() << "accepted; expected an error containing: " << words;
  } catch (const io::InputError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

}  // namespace

TEST(Model, RefusesWhatLiesOutsideTheGrid) {
  sim::Scenario sc = test::forcing_scenario(3600);
  sc.gauges.push_back({"far", 25000, 100});
  expect_model_error(sc, "gauge 2 ('far') at (25000, 100) lies outside the domain [0, 20000] x [0, 20000]");
  sc = test::forcing_scenario(3600);
  sc.releases[0].x = -5;
  expect_model_error(sc, "release 0 ('outfall')");
  sc = test::forcing_scenario(3600);
  sc.releases[0].radius = 1e9;  // larger than the domain's diagonal: refused with the key and value
  expect_model_error(sc, "release.0.radius = 1e+09 m (release 0 ('outfall')) is larger than the diagonal of the domain "
                         "[0, 20000] x [0, 20000], 28284.3 m");
  sc.releases[0].radius = 28284;
  EXPECT_NO_THROW(sim::build_model(sc, test::estuary_domain(40)));
  sc = test::forcing_scenario(3600);
  sc.patches[0].x = 500, sc.patches[0].y = 15000, sc.patches[0].radius = 300;  // on land
  expect_model_error(sc, "covers no wet cell");
  sc = test::forcing_scenario(3600);
  sc.boundaries[1].from = 20001, sc.boundaries[1].to = 20500;
  expect_model_error(sc, "boundary.1.segment: [20001, 20500] on the north side holds no cell centre");
  // Partly beyond its side: refused rather than clipped, naming the key and the side's extent.
  sc.boundaries[1].from = 19000, sc.boundaries[1].to = 20500;
  expect_model_error(sc, "boundary.1.segment: [19000, 20500] on the north side reaches more than half a cell beyond "
                         "the side; expected a segment within it (the side runs along x from 0 to 20000, cells of 500 m)");
  sc.boundaries[1].from = -300, sc.boundaries[1].to = 1000;
  expect_model_error(sc, "boundary.1.segment: [-300, 1000] on the north side reaches more than half a cell beyond");
  sc.boundaries[1].from = 0, sc.boundaries[1].to = 20000;  // the whole side, edges as written
  EXPECT_NO_THROW(sim::build_model(sc, test::estuary_domain(40)));
  // Up to half a cell beyond: an edge written for a grid of another resolution (accepted).
  sc.boundaries[1].from = -250, sc.boundaries[1].to = 20250;
  EXPECT_NO_THROW(sim::build_model(sc, test::estuary_domain(40)));
}

// A gauge on land dry at the start is legal (the tide may reach it) but reads depth 0 until then:
// warned of by name, with its bed and the initial level. (500, 15000) is on the estuary's bank.
TEST(Model, WarnsOfAGaugeOnDryLand) {
  sim::Scenario sc = test::forcing_scenario(3600);
  const sim::Model wet = sim::build_model(sc, test::estuary_domain(40));
  EXPECT_TRUE(sim::model_warnings(sc, wet).empty());
  sc.gauges.push_back({"dune", 500, 15000});
  const sim::Model m = sim::build_model(sc, test::estuary_domain(40));
  const std::vector<std::string> w = sim::model_warnings(sc, m);
  ASSERT_EQ(w.size(), 1u);
  const double bed = m.bed_z[m.gauges[2].cell];
  EXPECT_GT(bed, sc.initial.level);
  std::ostringstream expected;
  expected << "gauge 2 ('dune') at (500, 15000) lies on land, dry at the start: its cell's bed is at z = " << bed
           << " m, above the initial water level 0.5 m; it reads depth 0 until the water reaches it";
  EXPECT_EQ(w[0], expected.str());
  sc.initial.kind = sim::InitialSpec::Kind::checkpoint;  // the checkpoint's state is the start
  EXPECT_TRUE(sim::model_warnings(sc, m).empty());
}

// A release on land dry at the start is legal (its water runs over the land) but what it carries
// in films thinner than dry_depth has no concentration in the maps: warned of by name. One whose
// radius reaches a wet cell is not.
TEST(Model, WarnsOfAReleaseOnDryLand) {
  sim::Scenario sc = test::forcing_scenario(3600);
  sc.releases.push_back({"spill", 500, 15000, 0.0, 1.0, 10.0, 0.0, 600.0});
  const sim::Model m = sim::build_model(sc, test::estuary_domain(40));
  const std::vector<std::string> w = sim::model_warnings(sc, m);
  ASSERT_EQ(w.size(), 1u);
  const long long cell = sim::cell_at(m.setup.grid, 500, 15000);
  ASSERT_GE(cell, 0);
  const double bed = m.bed_z[static_cast<std::size_t>(cell)];
  EXPECT_GT(bed, sc.initial.level);
  std::ostringstream expected;
  expected << "release " << sc.releases.size() - 1 << " ('spill') at (500, 15000) lies on land, dry at the start: "
           << "its cell's bed is at z = " << bed << " m, above the initial water level 0.5 m; its water runs over the "
           << "land from there, and what it carries in films thinner than physics.dry_depth = " << sc.physics.dry_depth
           << " m has no concentration in the maps (the balance counts it)";
  EXPECT_EQ(w[0], expected.str());
  // A radius that takes in water: some of its cells are wet, no warning. (The channel is at x = 10 km.)
  sc.releases.back().radius = 12000;
  EXPECT_TRUE(sim::model_warnings(sc, sim::build_model(sc, test::estuary_domain(40))).empty());
}

// A diffusivity whose explicit step limit would need more than 1e9 steps is refused, naming the
// key and the count; just below that it builds. (40 cells of 500 m: dt = 0.25 * 500^2 / K.)
TEST(Model, RefusesADiffusivityThatWouldNeedTooManySteps) {
  sim::Scenario sc = test::forcing_scenario(3600);
  sc.physics.diffusivity = 1e12;  // dt = 6.25e-8 s: 5.76e10 steps in an hour
  expect_model_error(sc, "physics.diffusivity = 1e+12 m2/s on cells of 500 m limits the step to 6.25e-08 s");
  expect_model_error(sc, "5.76e+10 steps for time.duration = 3600 s, more than the 1e+09 a run may take");
  sc.physics.diffusivity = 1e10;  // 5.76e8 steps
  EXPECT_NO_THROW(sim::build_model(sc, test::estuary_domain(40)));
}

TEST(Model, EachScenarioSideAndKindReachesTheSolversSideAndKind) {
  using Side = sim::BoundarySpec::Side;
  using Kind = sim::BoundarySpec::Kind;
  sim::Scenario sc = test::forcing_scenario(3600);
  sc.boundaries.clear();
  const std::pair<Side, Kind> given[] = {
      {Side::west, Kind::open}, {Side::east, Kind::level}, {Side::south, Kind::discharge}, {Side::north, Kind::wall}};
  for (const auto& [side, kind] : given) {
    sim::BoundarySpec b;
    b.side = side, b.kind = kind, b.mean_level = 0.25, b.discharge = 40;
    sc.boundaries.push_back(b);
  }
  const sim::Model m = sim::build_model(sc, test::estuary_domain(40));
  const swe::Boundaries& bc = m.setup.bc;
  EXPECT_EQ(bc.side[swe::west].kind, swe::BoundaryKind::open);
  EXPECT_EQ(bc.side[swe::east].kind, swe::BoundaryKind::level);
  EXPECT_DOUBLE_EQ(bc.side[swe::east].level.mean, 0.25);
  EXPECT_EQ(bc.side[swe::south].kind, swe::BoundaryKind::discharge);
  EXPECT_NEAR(bc.side[swe::south].discharge * m.segment_width[swe::south], 40.0, 1e-12);
  EXPECT_EQ(bc.side[swe::north].kind, swe::BoundaryKind::wall);
}

TEST(Model, TimeSeriesBoundaryIsInterpolatedLinearly) {
  const sim::Scenario sc = test::forcing_scenario(3600);
  const sim::Model m = sim::build_model(sc, test::estuary_domain(40));
  EXPECT_EQ(m.knots, (std::vector<double>{600, 1500, 2400}));  // inside (0, duration)
  for (double t : {0.0, 300.0, 600.0, 1000.0, 2000.0, 3000.0}) {
    const swe::Boundaries bc = sim::boundaries_at(sc, m, t);
    // Exact piecewise-linear interpolation, also at later times inside the same piece.
    const auto& s = sc.boundaries[0].series;
    for (double dt : {0.0, 99.0}) {
      const double tt = t + dt;
      std::size_t k = 0;
      while (k + 1 < s.size() && s[k + 1].t <= t) ++k;
      const double expected = s[k].value + (s[k + 1].value - s[k].value) * (tt - s[k].t) / (s[k + 1].t - s[k].t);
      EXPECT_NEAR(bc.side[swe::south].level.at(tt), expected, 1e-12) << "t = " << tt;
    }
  }
  const swe::Boundaries end = sim::boundaries_at(sc, m, 5000);
  EXPECT_DOUBLE_EQ(end.side[swe::south].level.at(6000), 0.0);  // held after the last point
  // River: 150 m3/s over the segment width.
  EXPECT_NEAR(m.setup.bc.side[swe::north].discharge * m.segment_width[swe::north], 150.0, 1e-9);
}

TEST(Driver, MassBalanceClosesWithTideRiverReleaseAndDecay) {
  const sim::Scenario sc = test::forcing_scenario(3600);
  sim::Model m = sim::build_model(sc, test::estuary_domain(48));
  auto solver = test::start_solver(m, exec::Backend::serial, "default", Precision::f64);
  test::RecordingObserver obs;
  ASSERT_EQ(sim::run(*solver, sc, m, obs, {}), sim::RunEnd::finished);
  EXPECT_EQ(solver->time(), 3600.0);
  const swe::Totals t = solver->totals();
  const swe::Balance b = solver->balance();
  // Released volume: exactly Q * duration (steps begin and end on the release times).
  EXPECT_NEAR(b.water_released, 20.0 * 1200.0, 1e-9 * 24000);
  EXPECT_NEAR(b.pollutant_released, 100.0 * 1200.0, 1e-9 * 120000);
  EXPECT_GT(b.water_in, 0);
  EXPECT_GT(b.water_out, 0);
  EXPECT_GT(b.pollutant_decayed, 0);
  // Stored = expected to round-off: 1e-12 relative (about 1e4 steps of 1e-16 each on O(1e8) m3).
  EXPECT_LT(std::fabs(t.water - b.water_expected) / t.water, 1e-12);
  EXPECT_LT(std::fabs(t.pollutant - b.pollutant_expected) / t.pollutant, 1e-12);
  // Stops: outputs every 900 s, gauges every 225 s, both at the end.
  EXPECT_EQ(obs.output_times, (std::vector<double>{0, 900, 1800, 2700, 3600}));
  EXPECT_EQ(obs.gauge_times.size(), 17u);
}

TEST(Driver, RestartAtAStopIsBitwiseIdentical) {
  sim::Scenario sc = test::forcing_scenario(3600);
  sc.output.checkpoint_interval = 1200;
  sim::Model m = sim::build_model(sc, test::estuary_domain(40));
  // OpenMP where it is built (the restarted part runs serial: the backends are bitwise equal).
  const exec::Backend first = exec::built_with_openmp() ? exec::Backend::openmp : exec::Backend::serial;
  auto a = test::start_solver(m, first, "default", Precision::f64);
  test::RecordingObserver full;
  sim::run(*a, sc, m, full, {});
  ASSERT_EQ(full.checkpoint_times, (std::vector<double>{1200, 2400, 3600}));

  test::RecordingObserver resumed;
  auto b = test::resume_run(m, sc, exec::Backend::serial, Precision::f64, full, 0, resumed);
  swe::HostState sa, sb;
  a->get_state(sa);
  b->get_state(sb);
  EXPECT_EQ(a->steps(), b->steps());
  EXPECT_TRUE(sa.h == sb.h && sa.qx == sb.qx && sa.qy == sb.qy && sa.hc == sb.hc);
  EXPECT_EQ(std::memcmp(&full.checkpoint_balances.back(), &resumed.checkpoint_balances.back(), sizeof(swe::Balance)), 0);
}

TEST(Driver, RestartAfterASignalBetweenStopsIsBitwiseIdentical) {
  sim::Scenario sc = test::forcing_scenario(1800);
  sc.output.gauge_interval = 0;  // gauges every step: the stop flag is raised mid-interval
  sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  auto a = test::start_solver(m, exec::Backend::serial, "default", Precision::f32);
  test::RecordingObserver full;
  sim::run(*a, sc, m, full, {});

  std::atomic<int> stop{0};
  auto b = test::start_solver(m, exec::Backend::serial, "default", Precision::f32);
  test::RecordingObserver first;
  first.stop = &stop;
  first.stop_after_gauges = 37;
  sim::RunOptions opt;
  opt.stop = &stop;
  ASSERT_EQ(sim::run(*b, sc, m, first, opt), sim::RunEnd::interrupted);
  ASSERT_EQ(first.checkpoints.size(), 1u);
  EXPECT_EQ(first.checkpoint_steps[0], 36);  // gauges at t = 0 and after each of 36 steps
  test::RecordingObserver rest;
  auto c = test::resume_run(m, sc, exec::Backend::serial, Precision::f32, first, 0, rest);
  swe::HostState sa, sc2;
  a->get_state(sa);
  c->get_state(sc2);
  EXPECT_EQ(a->steps(), c->steps());
  EXPECT_TRUE(sa.h == sc2.h && sa.qx == sc2.qx && sa.qy == sc2.qy && sa.hc == sc2.hc);
}

/// Forwards to a real solver and, once past t_fault, puts a NaN into one cell (a blow-up).
struct FaultySolver : swe::ForwardingSolver {
  double t_fault;
  bool done = false;
  FaultySolver(std::unique_ptr<swe::Solver> s, double t) : ForwardingSolver(std::move(s)), t_fault(t) {}
  long advance(double t_stop, long max_steps, double t_hold) override {
    const long n = in_->advance(t_stop, max_steps, t_hold);
    if (!done && in_->time() >= t_fault) {
      swe::HostState s;
      in_->get_state(s);
      s.h[12 * 32 + 12] = std::nan("");
      in_->set_state(s);
      done = true;
    }
    return n;
  }
};

TEST(Driver, NumericalFailureWritesTheLastGoodStateAndNamesTheCell) {
  const sim::Scenario sc = test::forcing_scenario(600);  // outputs every 150 s, gauges every 37.5 s
  sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  FaultySolver solver(test::start_solver(m, exec::Backend::serial, "default", Precision::f64), 400);
  test::RecordingObserver obs;
  try {
    sim::run(solver, sc, m, obs, {});
    FAIL() << "expected a NumericalError";
  } catch (const swe::NumericalError& e) {
    EXPECT_NE(std::string(e.what()).find("cell (i, j) = (12, 12)"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("checkpoint of the last good state (t = 300 s"), std::string::npos)
        << e.what();
  }
  ASSERT_EQ(obs.checkpoint_times, std::vector<double>{300});
  EXPECT_EQ(bad_free(obs.checkpoints[0]), true);
}

TEST(Driver, NumericalFailureNeverWritesAnOlderStateThanTheLastCheckpoint) {
  // Default checkpoints between stops (no output or gauge time to land on): the failure's
  // checkpoint of the last good state must be the newest checkpoint, not the state at t = 0.
  sim::Scenario sc = test::forcing_scenario(600);
  sc.time.output_interval = 600;
  sc.output.gauge_interval = 0;
  sc.output.checkpoint_interval = -1;  // not set: about every 10% of the run
  ASSERT_EQ(sim::checkpoint_every(sc).mode, sim::CheckpointEvery::Mode::after_crossing);
  sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  FaultySolver solver(test::start_solver(m, exec::Backend::serial, "default", Precision::f64), 400);
  test::RecordingObserver obs;
  EXPECT_THROW(sim::run(solver, sc, m, obs, {}), swe::NumericalError);
  ASSERT_GE(obs.checkpoint_times.size(), 2u);
  const double last = obs.checkpoint_times.back();  // written by the failure
  for (double t : obs.checkpoint_times) EXPECT_LE(t, last);
  EXPECT_GE(last, 360.0);
  EXPECT_LT(last, 400.0 + 1e-9);
  EXPECT_TRUE(bad_free(obs.checkpoints.back()));
}

TEST(CheckpointFile, RoundTripsAndRefusesDamage) {
  const std::string dir = test::fresh_temp_dir("run_ckpt");
  io::Checkpoint c;
  c.fingerprint = 42, c.precision = "float", c.grid = Grid{3, 2, 1.5, 2.0, 10, 20};
  c.t = 123.25, c.steps = 77;
  c.balance.water_in = 1.5, c.balance.pollutant_expected = -2;
  c.state.resize(6);
  for (int k = 0; k < 6; ++k) c.state.h[k] = k * 0.1, c.state.hc[k] = std::nextafter(1.0, 2.0) * k;
  c.extremes.reset(6);
  c.extremes.max_depth.assign(6, 1), c.extremes.max_concentration.assign(6, 2), c.extremes.first_wet_time[2] = 0.5;
  const std::string path = dir + "/a.ckpt";
  io::write_checkpoint(path, c);
  const io::Checkpoint r = io::read_checkpoint(path);
  EXPECT_EQ(r.fingerprint, 42u);
  EXPECT_EQ(r.precision, "float");
  EXPECT_EQ(r.grid.nx, 3);
  EXPECT_EQ(r.t, 123.25);
  EXPECT_EQ(r.steps, 77);
  EXPECT_EQ(r.balance.pollutant_expected, -2);
  EXPECT_EQ(r.state.hc, c.state.hc);
  EXPECT_TRUE(std::isnan(r.extremes.arrival_time[5]));
  EXPECT_EQ(r.extremes.first_wet_time[2], 0.5);
  EXPECT_EQ(r.extremes.max_concentration, c.extremes.max_concentration);

  std::string bytes;
  {
    std::ifstream f(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(f), {});
  }
  auto expect_refused = [&](const std::string& content, const std::string& words) {
    const std::string p = dir + "/bad.ckpt";
    std::ofstream(p, std::ios::binary) << content;
    try {
      io::read_checkpoint(p);
      FAIL() << "accepted a damaged checkpoint (" << words << ")";
    } catch (const io::InputError& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(p), std::string::npos) << e.what();
    }
  };
  expect_refused(bytes.substr(0, bytes.size() - 9), "truncated");
  std::string flipped = bytes;
  flipped[flipped.size() / 2] ^= 0x10;
  expect_refused(flipped, "CRC-32");
  expect_refused("hello, world", "not a ria checkpoint");
  EXPECT_THROW(io::read_checkpoint(dir + "/missing.ckpt"), io::IoError);
}

TEST(GaugeCsvFile, ResumeKeepsRowsUpToTheRestartTime) {
  const std::string path = test::fresh_temp_dir("run_gauges") + "/g.csv";
  {
    io::GaugeCsv g(path, {"a"});
    for (double t : {0.0, 10.0, 20.0, 30.0}) g.append(t, {{t, 1, 2, 3, std::nan("")}});
  }
  {
    io::GaugeCsv g(path, {"a"}, 20.0);
    g.append(25.0, {{9, 9, 9, 9, 9}});
  }
  std::ifstream f(path);
  std::vector<std::string> lines;
  for (std::string l; std::getline(f, l);) lines.push_back(l);
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0], "t_s,a_h_m,a_eta_m,a_u_m_s,a_v_m_s,a_C");
  EXPECT_EQ(lines[1], "0,0,1,2,3,");
  EXPECT_EQ(lines[3], "20,20,1,2,3,");
  EXPECT_EQ(lines[4], "25,9,9,9,9,9");
  // Other gauges than the file's: the first column that differs is named.
  try {
    io::GaugeCsv(path, {"b"}, 20.0);
    FAIL() << "another gauge was taken";
  } catch (const io::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("has other gauges than the scenario (column 2 is a_h_m there, b_h_m now); move "
                                         "it away, or restart into another output directory"),
              std::string::npos)
        << e.what();
  }
  try {
    io::GaugeCsv(path, {"a", "b"}, 20.0);
    FAIL() << "an added gauge was taken";
  } catch (const io::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("(6 columns there, 11 now)"), std::string::npos) << e.what();
  }
}

TEST(GaugeCsvFile, ResumeNeedsTheRowTheCheckpointsRunWrote) {
  const std::string dir = test::fresh_temp_dir("run_gauges_row");
  const std::string path = dir + "/g.csv";
  const auto write = [&](const std::string& file, std::initializer_list<double> times, double h) {
    io::GaugeCsv g(file, {"a"});
    for (double t : times) g.append(t, {{h, 1, 2, 3, 4}});
    return g.last_row();
  };
  const std::string row20 = [&] {
    write(path, {0.0, 10.0, 20.0}, 5);
    io::GaugeCsv g(path, {"a"}, 20.0);  // the rows up to 20 s kept: the last is the row of 20 s
    return g.last_row();
  }();
  EXPECT_EQ(row20, "20,5,1,2,3,4");
  write(path, {0.0, 10.0, 20.0, 30.0}, 5);
  EXPECT_NO_THROW(io::GaugeCsv(path, {"a"}, 25.0, "1", "", 10, row20));
  // Another run's file: its row at 20 s holds other values.
  write(path, {0.0, 10.0, 20.0, 30.0}, 6);
  expect_refused_csv(path, 25.0, row20, "its row at t = 20 s is not the one the checkpoint's run wrote then: it is another run's");
  // Rows at other times than the checkpoint's run's (another gauge interval).
  write(path, {0.0, 15.0, 30.0}, 5);
  expect_refused_csv(path, 25.0, row20, "it holds no row at t = 20 s, where the checkpoint's run wrote one");
  // A file that ends before that row, though within one row of the restart.
  write(path, {0.0, 10.0}, 5);
  expect_refused_csv(path, 20.0, row20, "ends at t = 10 s, before the row the checkpoint's run wrote at t = 20 s");
  // Rows that all come after it (a part restarted from this checkpoint into a new directory), and
  // a file with no rows: nothing to continue, the restart goes on.
  write(path, {30.0, 40.0}, 5);
  EXPECT_NO_THROW(io::GaugeCsv(path, {"a"}, 25.0, "1", "", 10, row20));
  write(path, {}, 5);
  EXPECT_NO_THROW(io::GaugeCsv(path, {"a"}, 25.0, "1", "", 10, row20));
}

TEST(GaugeCsvFile, ConcentrationColumnsCarryTheUnit) {
  const std::string path = test::fresh_temp_dir("run_gauges_units") + "/g.csv";
  { io::GaugeCsv g(path, {"a", "b"}, -1, "kg m-3"); }
  std::ifstream f(path);
  std::string header;
  std::getline(f, header);
  EXPECT_EQ(header, "t_s,a_h_m,a_eta_m,a_u_m_s,a_v_m_s,a_C_kg_m-3,b_h_m,b_eta_m,b_u_m_s,b_v_m_s,b_C_kg_m-3");
}
