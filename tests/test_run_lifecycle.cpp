// The life cycle of a run: lazily generated stops, default checkpoints that change no step, dt
// collapse vs. dense stops, the output directory lock, checkpoint headers out of range (valid
// CRC), restart checks naming the differing key, RFC 4180 gauge files, progress text.
#include <gtest/gtest.h>
#include <unistd.h>

#include <climits>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "app/restart_check.hpp"
#include "app/run_outputs.hpp"
#include "io/checkpoint/checkpoint.hpp"
#include "io/checkpoint/crc32.hpp"
#include "io/gauge_csv.hpp"
#include "io/io_error.hpp"
#include "io/output_lock.hpp"
#include "ria/sim/gauge_times.hpp"
#include "ria/sim/schedule.hpp"
#include "run_fixture.hpp"

using namespace ria;

namespace {

/// The stops as the driver listed them before they were generated lazily: every multiple of the
/// output and checkpoint intervals below the end (gauge times are no stops), the single times
/// inside (t_start, end), the end; sorted, unique.
std::vector<double> listed_stops(const sim::Scenario& sc, const sim::Model& m, double t_start) {
  const double t_end = sc.time.duration;
  std::vector<double> t;
  for (double interval : {sc.time.output_interval, sc.output.checkpoint_interval})
    if (interval > 0)
      for (long long k = static_cast<long long>(std::floor(t_start / interval)) + 1; k * interval < t_end; ++k)
        t.push_back(k * interval);
  for (const std::vector<double>* list : {&sc.output.png_times, &m.knots, &m.release_times})
    for (double v : *list)
      if (v > t_start && v < t_end) t.push_back(v);
  t.push_back(t_end);
  std::sort(t.begin(), t.end());
  t.erase(std::unique(t.begin(), t.end()), t.end());
  return t;
}

std::vector<double> generated_stops(const sim::StopSchedule& s, double t_start, double t_end) {
  std::vector<double> out;
  for (double t = s.next_after(t_start);; t = s.next_after(t)) {
    out.push_back(t);
    if (t >= t_end) break;
  }
  return out;
}

io::Checkpoint small_checkpoint() {
  io::Checkpoint c;
  c.fingerprint = 7, c.precision = "double", c.grid = Grid{3, 2, 1.5, 2.0, 10, 20};
  c.t = 60, c.steps = 5;
  c.state.resize(6);
  c.extremes.reset(6);
  c.identity = {{"physics.gravity", "9.81"}};
  return c;
}

void expect_input_error(const std::function<void()>& f, const std::string& words) {
  try {
    f();
    FAIL() << "accepted; expected an error containing: " << words;
  } catch (const io::InputError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

}  // namespace

TEST(StopSchedule, GivesTheListedStopsBitForBit) {
  sim::Scenario sc = test::forcing_scenario(3600);
  sc.time.output_interval = 0.1 * 3600 / 3;  // not exactly representable multiples
  sc.output.gauge_interval = 37.3;
  sc.output.checkpoint_interval = 1000.0 / 7;
  sc.output.png_times = {0, 100.5, 1234.5, 7200};
  const sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  const sim::StopSchedule s(sc, m);
  for (double t0 : {0.0, 1000.0 / 7 * 3, 1234.5, 2000.0})
    EXPECT_EQ(generated_stops(s, t0, 3600), listed_stops(sc, m, t0)) << "from t = " << t0;
}

TEST(StopSchedule, HugeDurationsCostNothing) {
  sim::Scenario sc = test::forcing_scenario(1e12);
  sc.time.output_interval = 1e-7;  // 1e19 stops: never listed
  const sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  const sim::StopSchedule s(sc, m);
  EXPECT_EQ(s.next_after(0), 1e-7);
  EXPECT_EQ(s.next_after(1e12 - 1e-3), 1e12);
  EXPECT_EQ(s.next_after(1e12), 1e12);
  EXPECT_EQ(sim::next_gauge_time(1e-7, 1e12, 0), 1e-7);  // gauge times are generated the same way
  EXPECT_EQ(sim::next_gauge_time(1e-7, 1e12, 1e12 - 1e-3), 1e12);
  EXPECT_EQ(sim::next_gauge_time(1e-7, 1e12, 1e12), INFINITY);
}

TEST(CheckpointEvery, DefaultIsAboutATenthOfTheRunOnExistingStops) {
  using Mode = sim::CheckpointEvery::Mode;
  sim::Scenario sc = test::forcing_scenario(3600);  // outputs every 900 s, gauges every 225 s
  sc.output.checkpoint_interval = 0;
  EXPECT_EQ(sim::checkpoint_every(sc).mode, Mode::none);
  sc.output.checkpoint_interval = 1200;
  EXPECT_EQ(sim::checkpoint_every(sc).mode, Mode::own_stops);
  sc.output.checkpoint_interval = -1;  // not set
  EXPECT_EQ(sim::checkpoint_every(sc).mode, Mode::after_crossing);  // gauge times are no stops
  EXPECT_EQ(sim::checkpoint_every(sc).interval, 360);
  sc.time.output_interval = 225;
  EXPECT_EQ(sim::checkpoint_every(sc).mode, Mode::on_stops);
  EXPECT_EQ(sim::checkpoint_every(sc).interval, 225);
  sc.time.output_interval = 100;
  EXPECT_EQ(sim::checkpoint_every(sc).interval, 300);  // 3 output intervals <= 360 s
}

TEST(Driver, DefaultCheckpointsChangeNoStepAndRestartBitwise) {
  for (double gauges : {225.0, 0.0}) {  // on the gauge stops; after crossing each 10% (no stop fits)
    sim::Scenario sc = test::forcing_scenario(1800);
    sc.output.gauge_interval = gauges;
    sc.time.output_interval = 1800;
    sim::Model m = sim::build_model(sc, test::estuary_domain(32));
    sc.output.checkpoint_interval = 0;
    auto a = test::start_solver(m, exec::Backend::serial, "default", Precision::f64);
    test::RecordingObserver plain;
    sim::run(*a, sc, m, plain, {});
    sc.output.checkpoint_interval = -1;
    auto b = test::start_solver(m, exec::Backend::serial, "default", Precision::f64);
    test::RecordingObserver with;
    sim::run(*b, sc, m, with, {});
    ASSERT_GE(with.checkpoint_times.size(), 5u) << "gauges " << gauges;
    EXPECT_EQ(plain.checkpoint_times, std::vector<double>{1800});
    EXPECT_EQ(a->steps(), b->steps());
    EXPECT_EQ(plain.checkpoints.back().h, with.checkpoints.back().h);
    EXPECT_EQ(plain.checkpoints.back().hc, with.checkpoints.back().hc);
    // Resumed from the third checkpoint: the same end state.
    test::RecordingObserver rest;
    auto c = test::resume_run(m, sc, exec::Backend::serial, Precision::f64, with, 2, rest);
    EXPECT_EQ(c->steps(), b->steps());
    EXPECT_EQ(rest.checkpoints.back().h, with.checkpoints.back().h);
    EXPECT_EQ(rest.checkpoints.back().qx, with.checkpoints.back().qx);
  }
}

TEST(Driver, MixedPrecisionRestartsBitwise) {
  // Mixed keeps water and pollutant as float pairs and momentum in float (swe/mixed_state.hpp); a
  // checkpoint holds those values as doubles, and a solver set from it keeps them unchanged, so a
  // resumed run takes the same steps to the same bits as the run that wrote the checkpoint.
  sim::Scenario sc = test::forcing_scenario(1800);
  sc.time.output_interval = 1800;
  sc.output.checkpoint_interval = -1;  // the default checkpoints, every 10%
  sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  for (exec::Backend b : {exec::Backend::serial, exec::Backend::cuda}) {
    if (b == exec::Backend::cuda && !exec::cuda_device_available()) continue;
    auto whole = test::start_solver(m, b, "default", Precision::mixed);
    test::RecordingObserver with;
    sim::run(*whole, sc, m, with, {});
    ASSERT_GE(with.checkpoints.size(), 5u);
    test::RecordingObserver rest;
    auto resumed = test::resume_run(m, sc, b, Precision::mixed, with, 2, rest);
    EXPECT_EQ(resumed->steps(), whole->steps()) << whole->description();
    EXPECT_EQ(rest.checkpoints.back().h, with.checkpoints.back().h) << whole->description();
    EXPECT_EQ(rest.checkpoints.back().qx, with.checkpoints.back().qx) << whole->description();
    EXPECT_EQ(rest.checkpoints.back().qy, with.checkpoints.back().qy) << whole->description();
    EXPECT_EQ(rest.checkpoints.back().hc, with.checkpoints.back().hc) << whole->description();
  }
}

TEST(Driver, DenseStopsAreNoTimeStepCollapse) {
  sim::Scenario sc = test::forcing_scenario(3600);
  sc.time.output_interval = 1e-10;  // every step ends on a stop: tiny progress, but no collapse
  sc.output.gauge_interval = 0;     // gauges at every step: they count the steps
  sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  auto s = test::start_solver(m, exec::Backend::serial, "default", Precision::f64);
  std::atomic<int> stop{0};
  test::RecordingObserver obs;
  obs.stop = &stop;
  obs.stop_after_gauges = 3 * sim::kCollapseSteps;
  sim::RunOptions opt;
  opt.stop = &stop;
  EXPECT_EQ(sim::run(*s, sc, m, obs, opt), sim::RunEnd::interrupted);
}

// Series knots parsed from "0.3" and "0.6" lie 1 ulp from the output multiples 3 x 0.1 and 6 x 0.1:
// both stay stops (a knot starts its piece exactly), and the instant is output once (there were
// ten maps for eight times, two of them 5.6e-17 s after the others).
TEST(Driver, AStopAtTheInstantOfTheOneBeforeIsNoSecondOutput) {
  sim::Scenario sc = test::forcing_scenario(0.7);
  sc.time.output_interval = 0.1;
  sc.boundaries[0].series = {{0, 0.5}, {0.3, 0.8}, {0.6, 0.2}, {10, 0.0}};
  ASSERT_NE(3 * 0.1, 0.3);  // the two stops are two doubles
  sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  auto s = test::start_solver(m, exec::Backend::serial, "default", Precision::f64);
  test::RecordingObserver obs;
  ASSERT_EQ(sim::run(*s, sc, m, obs, {}), sim::RunEnd::finished);
  ASSERT_EQ(obs.output_times.size(), 8u);
  for (std::size_t k = 0; k < obs.output_times.size(); ++k) EXPECT_NEAR(obs.output_times[k], 0.1 * k, 1e-12) << k;
  EXPECT_EQ(obs.output_times[3], 0.3);  // the first of the two: the knot
  EXPECT_EQ(obs.output_times[7], 0.7);
  // A multiple at the instant of the end (3 x 0.3 = 0.8999999999999999 before 0.9) leaves its
  // output to the end: one map at the end, not two, and one checkpoint; a quicklook asked for at
  // the end is drawn there.
  sc = test::forcing_scenario(0.9);
  sc.time.output_interval = 0.3;
  sc.output.checkpoint_interval = 0.3;
  sc.output.png_times = {0.3, 0.9};
  sc.output.png_at_end = false;
  ASSERT_LT(3 * 0.3, 0.9);
  m = sim::build_model(sc, test::estuary_domain(32));
  s = test::start_solver(m, exec::Backend::serial, "default", Precision::f64);
  test::RecordingObserver end;
  ASSERT_EQ(sim::run(*s, sc, m, end, {}), sim::RunEnd::finished);
  EXPECT_EQ(end.output_times, (std::vector<double>{0.0, 0.3, 0.6, 0.9}));
  EXPECT_EQ(end.checkpoint_times, (std::vector<double>{0.3, 0.6, 0.9}));
  EXPECT_EQ(end.quicklook_times, (std::vector<double>{0.3, 0.9}));
}

namespace {
/// The NumericalError message of the synthetic estuary's run (600 s, 32 cells) after `spoil`
/// changes its model (a setup no reader produces); "" (and a failure) when the run ends.
std::string failure_of(void (*spoil)(sim::Model&), test::RecordingObserver& obs) {
  const sim::Scenario sc = test::forcing_scenario(600);
  sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  spoil(m);
  auto s = test::start_solver(m, exec::Backend::serial, "default", Precision::f64);
  try {
    sim::run(*s, sc, m, obs, {});
  } catch (const swe::NumericalError& e) {
    return e.what();
  }
  ADD_FAILURE() << "the run did not stop";
  return "";
}
}  // namespace

TEST(Driver, CollapsingTimeStepIsANumericalFailureNamingTheCell) {
  // Gravity 1e300 (the scenario reader refuses it; set in the model): a step of ~1e-149 s.
  test::RecordingObserver obs;
  const std::string what = failure_of([](sim::Model& m) { m.setup.physics.g = 1e300; }, obs);
  EXPECT_NE(what.find("the time step collapsed"), std::string::npos) << what;
  EXPECT_NE(what.find("the cell limiting it is (i, j) = ("), std::string::npos) << what;
  EXPECT_NE(what.find("physics.gravity = 1e+300"), std::string::npos) << what;
  // The last good state is the start's (the step collapsed at once): no checkpoint is written,
  // which would only replace an earlier run's; the message says where to start again.
  EXPECT_TRUE(obs.checkpoint_times.empty());
  EXPECT_NE(what.find("no checkpoint written: the run failed before its first stop after its start (t = 0 s)"),
            std::string::npos)
      << what;
}

TEST(Driver, AnInitialStateThatIsNotPhysicalWritesNoCheckpoint) {
  // A NaN depth (the readers refuse one; set in the model): the first step's local dt exposes it.
  test::RecordingObserver obs;
  const std::string what = failure_of([](sim::Model& m) { m.init.h[100] = std::nan(""); }, obs);
  EXPECT_NE(what.find("the initial state is not physical, no checkpoint written"), std::string::npos) << what;
  EXPECT_TRUE(obs.checkpoint_times.empty());  // an earlier run's checkpoint is not replaced
}

TEST(Driver, StopBeforeTheFirstStepWritesNoCheckpoint) {
  const sim::Scenario sc = test::forcing_scenario(600);
  sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  auto s = test::start_solver(m, exec::Backend::serial, "default", Precision::f64);
  std::atomic<int> stop{2};
  test::RecordingObserver obs;
  sim::RunOptions opt;
  opt.stop = &stop;
  EXPECT_EQ(sim::run(*s, sc, m, obs, opt), sim::RunEnd::not_started);
  EXPECT_TRUE(obs.checkpoint_times.empty());
}

TEST(OutputLock, SecondHolderIsRefusedWithThePid) {
  const std::string dir = test::fresh_temp_dir("lifecycle_lock");
  {
    io::OutputLock first(dir);
    try {
      io::OutputLock second(dir);
      FAIL() << "two locks on one directory";
    } catch (const io::IoError& e) {
      EXPECT_NE(std::string(e.what()).find("'" + dir + "' is in use by another ria run (process " + std::to_string(getpid()) + ")"),
                std::string::npos)
          << e.what();
    }
  }
  EXPECT_NO_THROW(io::OutputLock again(dir));  // released with its holder; the file stays
}

TEST(CheckpointFile, RefusesHeaderFieldsOutOfRange) {
  const std::string path = test::fresh_temp_dir("lifecycle_ckpt_range") + "/c.ckpt";
  auto refused = [&](const std::function<void(io::Checkpoint&)>& edit, const std::string& words) {
    io::Checkpoint c = small_checkpoint();
    edit(c);
    io::write_checkpoint(path, c);  // a valid CRC over the edited payload
    expect_input_error([&] { io::read_checkpoint(path); }, words);
  };
  refused([](io::Checkpoint& c) { c.grid.nx = INT_MIN, c.grid.ny = 1 << 30; }, "grid of -2147483648 x 1073741824 cells");
  refused([](io::Checkpoint& c) { c.grid.nx = 1 << 30, c.grid.ny = 1 << 30; }, "does not fit");
  refused([](io::Checkpoint& c) { c.grid.nx = 65536, c.grid.ny = 65536; }, "does not fit");
  refused([](io::Checkpoint& c) { c.t = -1e300; }, "t = -1.0000000000000001e+300 s, expected finite and >= 0");
  refused([](io::Checkpoint& c) { c.t = -INFINITY; }, "t = -inf s");
  refused([](io::Checkpoint& c) { c.t = NAN; }, "t = nan s");
  refused([](io::Checkpoint& c) { c.steps = -3; }, "step count -3");
  refused([](io::Checkpoint& c) { c.grid.dx = 0; }, "cell size dx = 0");
  refused([](io::Checkpoint& c) { c.grid.dy = INFINITY; }, "cell size dy = inf");
  refused([](io::Checkpoint& c) { c.grid.y0 = NAN; }, "grid origin y0 = nan");
  refused([](io::Checkpoint& c) { c.balance.water_out = INFINITY; }, "balance field 1 = inf");
  refused([](io::Checkpoint& c) { c.precision = "half"; }, "precision 'half'");
}

TEST(CheckpointFile, KeepsTheIdentityAndRefusesVersions1And2WithTheReason) {
  const std::string dir = test::fresh_temp_dir("lifecycle_ckpt_v1");
  const io::Checkpoint c = small_checkpoint();
  io::write_checkpoint(dir + "/v3.ckpt", c);
  EXPECT_EQ(io::read_checkpoint(dir + "/v3.ckpt").identity, c.identity);
  std::ifstream f(dir + "/v3.ckpt", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(f)), {});
  // Versions 1 and 2 (identity list absent or present): their extremes were sampled at the map
  // outputs and cannot be continued exactly; the version field alone decides.
  for (std::uint32_t version : {1u, 2u}) {
    std::string file = bytes;
    std::memcpy(&file[8], &version, 4);
    const std::string path = dir + "/v" + std::to_string(version) + ".ckpt";
    std::ofstream(path, std::ios::binary) << file;
    expect_input_error([&] { io::read_checkpoint(path); },
                       "has format version " + std::to_string(version) + ", written by an earlier ria whose run "
                       "extremes were sampled at the map outputs");
  }
}

TEST(RestartCheck, NamesTheKeyThatDiffers) {
  const sim::Scenario sc = test::forcing_scenario(3600);
  const sim::Model m = sim::build_model(sc, test::estuary_domain(32));
  io::Checkpoint ck;
  ck.grid = m.setup.grid, ck.precision = "double", ck.t = 600, ck.fingerprint = app::run_fingerprint(m);
  ck.identity = app::run_identity(sc, m);
  ck.extremes.reset(m.setup.grid.cells());
  EXPECT_NO_THROW(app::check_restart(ck, "c.ckpt", sc, m, app::run_key(sc, m), "double"));
  auto refused = [&](const std::function<void(io::Checkpoint&)>& edit, const std::string& words) {
    io::Checkpoint c = ck;
    edit(c);
    expect_input_error([&] { app::check_restart(c, "c.ckpt", sc, m, app::run_key(sc, m), "double"); }, words);
  };
  refused([](io::Checkpoint& c) { c.grid.dx *= 2; }, "grid dx = ");
  refused([](io::Checkpoint& c) { c.grid.x0 = 1; }, "grid x0 = 1 there, 0 in");
  refused([](io::Checkpoint& c) { c.grid.ny += 1; }, "another grid");
  refused([](io::Checkpoint& c) { c.identity[2].second = "1e+300"; }, "another physics.gravity than <test>: 1e+300 there");
  refused([](io::Checkpoint& c) { c.identity[0].second = "1999-01-01T00:00:00Z"; },
          "started at time.start = 1999-01-01T00:00:00Z, but <test> has time.start = 2000-01-01T00:00:00Z");
  refused([](io::Checkpoint& c) { c.identity.clear(), c.fingerprint ^= 1; }, "another grid, bed or physics");  // version 1
  refused([](io::Checkpoint& c) { c.t = 3600; }, "nothing left to run");
  refused([](io::Checkpoint& c) { c.extremes = {}; }, "carries no run extremes");
  const auto entry = [](io::Checkpoint& c, const std::string& key) -> std::string& {
    for (auto& kv : c.identity)
      if (kv.first == key) return kv.second;
    throw std::logic_error("no identity entry " + key);
  };
  refused([&](io::Checkpoint& c) { entry(c, "output.arrival_threshold") = "0.5"; },
          "another output.arrival_threshold than <test>: 0.5 there");
  expect_input_error([&] { app::check_restart(ck, "c.ckpt", sc, m, app::run_key(sc, m), "float"); }, "--precision double");
  // The gauges' cells are listed, not compared here: a restart into another directory may move a
  // gauge; the run refuses it where it continues the gauge file (moved_gauge).
  ASSERT_FALSE(m.gauges.empty());
  EXPECT_EQ(app::moved_gauge(ck, m), "");
  io::Checkpoint moved = ck;
  const int nx = m.setup.grid.nx;
  const sim::GaugeCell& g = m.gauges[0];
  const std::string was = std::to_string(g.cell % nx + 1) + " " + std::to_string(g.cell / nx);
  entry(moved, app::kGaugeCellsKey) = was + "\t" + g.name + "\n";
  EXPECT_NO_THROW(app::check_restart(moved, "c.ckpt", sc, m, app::run_key(sc, m), "double"));
  EXPECT_EQ(app::moved_gauge(moved, m),
            "gauge '" + g.name + "' was at cell (i, j) = (" + std::to_string(g.cell % nx + 1) + ", " +
                std::to_string(g.cell / nx) + ") in the run that wrote the checkpoint, and is at (" +
                std::to_string(g.cell % nx) + ", " + std::to_string(g.cell / nx) + ") now");
  moved.identity.pop_back();  // a checkpoint written before the gauges were listed: nothing to compare
  EXPECT_EQ(app::moved_gauge(moved, m), "");
}

TEST(GaugeCsvFile, QuotesNamesAsRfc4180AndResumesWithThem) {
  const std::string dir = test::fresh_temp_dir("lifecycle_gauges_quoted");
  const std::vector<std::string> names = {"a,b", "say \"hi\"", "two\nlines"};
  {
    io::GaugeCsv g(dir + "/g.csv", names);
    g.append(0, {{1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}});
    g.append(10, {{1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}});
  }
  std::ifstream f(dir + "/g.csv", std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(f)), {});
  // Parse RFC 4180: fields of the first record.
  std::vector<std::string> fields(1);
  bool quoted = false;
  std::size_t k = 0;
  for (; k < text.size(); ++k) {
    const char ch = text[k];
    if (quoted && ch == '"' && k + 1 < text.size() && text[k + 1] == '"') fields.back() += '"', ++k;
    else if (ch == '"') quoted = !quoted;
    else if (!quoted && ch == ',') fields.emplace_back();
    else if (!quoted && ch == '\n') break;
    else fields.back() += ch;
  }
  ASSERT_EQ(fields.size(), 16u);
  EXPECT_EQ(fields[1], "a,b_h_m");
  EXPECT_EQ(fields[6], "say \"hi\"_h_m");
  EXPECT_EQ(fields[15], "two\nlines_C");
  EXPECT_EQ(text.substr(k + 1, 11), "0,1,2,3,4,5");
  {
    io::GaugeCsv g(dir + "/r.csv", names, 0.0, "1", dir + "/g.csv");  // keeps the row at t = 0
  }
  std::ifstream r(dir + "/r.csv", std::ios::binary);
  const std::string resumed((std::istreambuf_iterator<char>(r)), {});
  EXPECT_EQ(resumed, text.substr(0, k + 1) + "0,1,2,3,4,5,1,2,3,4,5,1,2,3,4,5\n");
  // A restart into a new directory: no earlier file, a new one with the header alone.
  { io::GaugeCsv g(dir + "/new.csv", names, 600.0, "1", dir + "/missing.csv"); }
  EXPECT_EQ(std::filesystem::file_size(dir + "/new.csv"), k + 1);
}

TEST(ProgressText, DaysAndNoOverflow) {
  EXPECT_EQ(app::duration_text(59), "0:00:59");
  EXPECT_EQ(app::duration_text(90061), "1 d 1:01:01");
  EXPECT_EQ(app::duration_text(9998 * 86400.0), "9998 d 0:00:00");
  EXPECT_EQ(app::duration_text(1e12), ">9999 d");
  EXPECT_EQ(app::duration_text(INFINITY), ">9999 d");
  EXPECT_EQ(app::duration_text(NAN), ">9999 d");
}
