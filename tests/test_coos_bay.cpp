// The shipped Coos Bay scenario (scenarios/coos_bay_spill.toml) on the real DEM, resampled to
// 200 m, for the first 12.5 hours (about one M2 cycle) through the same pipeline as `ria run`
// (scenario reader, DEM, station tide from the database, model, driver), on the CPU. Skips when
// the shared data (../shared/data/coos_bay) or the tide database is absent.
//
// What it checks, each of which a broken piece makes fail:
// - water: the stored volume equals the initial volume plus what the open sides and the releases
//   brought in, minus what left, at every map output, to round-off (relative 1e-12; measured
//   7e-15 to 1.0e-14: the scheme is conservative and the balance counts every flux);
// - the tide at the entrance gauge (Charleston) follows the station's prediction, the boundary
//   value, after its trip of 5-6 km from the open sides: RMS difference and the low water's time
//   and level within bounds set from the measured values with room (see kTide* below);
// - the spill: no pollutant at any gauge before the release starts (there is no other source),
//   and at a gauge 2 km down the channel (seaward on the ebb that follows) it arrives during that
//   ebb, above the scenario's arrival threshold (measured: at 5.1 h, the spill from 1 h).
// Cost: 52 s of CPU on 2 threads (87 s of wall time on the 2-core machine shared with other jobs).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "app/domain.hpp"
#include "io/io_error.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "io/tide/tide_database.hpp"
#include "ria/sim/tide.hpp"
#include "run_fixture.hpp"

namespace ria::test {
namespace {

const char* kCoosScenario = RIA_SOURCE_DIR "/scenarios/coos_bay_spill.toml";

// Bounds of the entrance tide at 200 m. Measured (printed by the test): RMS 0.146 m against the
// prediction over 2-12.5 h, the low water 16 min late and 0.16 m high (-0.977 m against -1.135 m).
// The boundary takes Charleston's tide 28 min early (station_lead: the lag of the 50 m model's
// entrance behind the sides, docs/validation.md); the 200 m grid narrows the entrance, which damps
// the tide and delays it further (without the lead: RMS 0.275 m, 46 min late). So the bounds are
// not "200 m reproduces Charleston"; they say the gauge follows the station's tide, and what breaks
// it fails them: no tide (RMS about 0.7 m, the tide's own), a datum error (MLLW instead of MSL:
// 1.24 m), a phase or time-zone error of an hour or more.
constexpr double kTideRms = 0.25;             // [m]
constexpr double kTideLowWaterLag = 45 * 60;  // [s], |model - prediction|
constexpr double kTideLowWaterLevel = 0.3;    // [m], |model - prediction|

struct Recorder : sim::Observer {
  const sim::Model* m = nullptr;
  std::vector<double> t;
  std::vector<std::vector<double>> eta, c;  // [gauge][sample]
  double worst_water = 0;                   // largest |stored - expected| / stored at the outputs
  int outputs = 0;
  void gauges(double time, const std::vector<swe::Conserved<double>>& v) override {
    t.push_back(time);
    eta.resize(v.size()), c.resize(v.size());
    for (std::size_t k = 0; k < v.size(); ++k) {
      const bool wet = v[k].h > m->setup.physics.h_dry;
      eta[k].push_back(wet ? v[k].h + m->bed_z[m->gauges[k].cell] : std::numeric_limits<double>::quiet_NaN());
      c[k].push_back(wet ? v[k].hc / v[k].h : 0.0);
    }
  }
  void output(double, long, const swe::HostState&, const swe::Totals& totals, const swe::Balance& b) override {
    worst_water = std::max(worst_water, std::fabs(totals.water - b.water_expected) / totals.water);
    ++outputs;
  }
  void quicklook(double, const swe::HostState&) override {}
  void checkpoint(double, long, const swe::HostState&, const swe::Balance&, const swe::HostExtremes&) override {}
  void extremes(double, const swe::HostExtremes&) override {}
  void progress(const sim::Progress&) override {}
};

std::optional<std::string> missing_inputs() {
  const std::string dir = io::data_dir(RIA_SOURCE_DIR "/scenarios");
  std::error_code ec;
  if (dir.empty() || !std::filesystem::is_regular_file(dir + "/coos_bay/coos_bay_conroy_elev_msl_50m.asc", ec))
    return std::string("coos_bay not found under ../shared/data (set RIA_DATA_DIR)");
  try {
    io::list_tide_stations();
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

std::size_t gauge_index(const sim::Model& m, const std::string& name) {
  for (std::size_t k = 0; k < m.gauges.size(); ++k)
    if (m.gauges[k].name == name) return k;
  ADD_FAILURE() << "no gauge " << name;
  return 0;
}

TEST(CoosBay, WaterConservedTideFollowsTheStationAndThePlumeArrivesAfterTheSpill) {
  if (const auto why = missing_inputs()) GTEST_SKIP() << *why;
  const double spill_start = 3600;
  sim::Scenario sc = io::load_scenario(
      kCoosScenario, {"domain.resolution=200", "time.duration=12.5h", "time.output_interval=30min",
                      "output.gauge_interval=6min", "release.1.start=1h", "release.1.duration=3h",
                      // at 200 m the cell of Charleston's listed position is intertidal (1.6 m
                      // deep at high water); 100 m west is the channel (-7 m)
                      "gauge.0.x=1190350",
                      // the 200 m grid cuts the Coos River: the river enters at its mouth
                      "release.0.x=1202325", "release.0.y=195025"});
  // A gauge in the channel 2 km north of the spill, seaward on the ebb after it (in place of the
  // Coos Bay gauge, which lies up-estuary).
  ASSERT_EQ(sc.gauges[3].name, "Coos Bay");
  sc.gauges[3] = {"downstream", 1198950.0, 200500.0};
  sim::Model m = sim::build_model(sc, app::load_domain(sc, exec::Backend::openmp, Precision::f64));
  ASSERT_EQ(m.setup.grid.dx, 200.0);
  auto solver = start_solver(m, exec::Backend::openmp, "default", Precision::f64);
  Recorder rec;
  rec.m = &m;
  sim::run(*solver, sc, m, rec, {});

  // Water, at each of the 26 map outputs.
  EXPECT_EQ(rec.outputs, 26);
  std::printf("water balance: largest relative error %.2e\n", rec.worst_water);
  EXPECT_LT(rec.worst_water, 1e-12);

  // The entrance tide against Charleston's prediction (mean sea level, as the boundary takes it).
  const double origin = io::parse_utc_time(sc.time.start, "time.start");
  const sim::StationTide st = io::read_tide_station("Charleston, Coos Bay, Oregon", 2026, 2026);
  const sim::StationPrediction p = sim::predict_station(st, {{2026, io::utc_year_start(2026) - origin}}, 0.0);
  const std::size_t ch = gauge_index(m, "Charleston");
  double sum = 0, low_t = 0, low = 1e300;
  int n = 0;
  for (std::size_t k = 0; k < rec.t.size(); ++k) {
    const double e = rec.eta[ch][k];
    ASSERT_TRUE(std::isfinite(e)) << "Charleston dry at t = " << rec.t[k];
    if (rec.t[k] < 2 * 3600) continue;  // the first two hours: the start from still water
    sum += (e - p.level(rec.t[k])) * (e - p.level(rec.t[k])), ++n;
    if (e < low) low = e, low_t = rec.t[k];
  }
  const double rms = std::sqrt(sum / n);
  const std::vector<sim::TideExtremum> x = p.extrema(2 * 3600, 12 * 3600);
  const auto predicted_low = std::find_if(x.begin(), x.end(), [](const sim::TideExtremum& e) { return !e.high; });
  ASSERT_NE(predicted_low, x.end());
  std::printf("Charleston: RMS %.3f m against the prediction; low water %.0f min %s at %.3f m (predicted %.3f m)\n", rms,
              std::fabs(low_t - predicted_low->t) / 60, low_t >= predicted_low->t ? "late" : "early", low,
              predicted_low->level);
  EXPECT_LT(rms, kTideRms);
  EXPECT_LT(std::fabs(low_t - predicted_low->t), kTideLowWaterLag);
  EXPECT_LT(std::fabs(low - predicted_low->level), kTideLowWaterLevel);

  // The plume: nothing anywhere before the spill, then at the downstream gauge during the ebb
  // (Charleston's low water is at 7:02).
  for (std::size_t g = 0; g < m.gauges.size(); ++g)
    for (std::size_t k = 0; k < rec.t.size() && rec.t[k] <= spill_start; ++k)
      ASSERT_EQ(rec.c[g][k], 0.0) << m.gauges[g].name << " at t = " << rec.t[k];
  const std::size_t ds = gauge_index(m, "downstream");
  double arrival = -1;
  for (std::size_t k = 0; k < rec.t.size(); ++k)
    if (rec.c[ds][k] > sc.output.arrival_threshold) {
      arrival = rec.t[k];
      break;
    }
  std::printf("downstream gauge: the plume arrives at t = %.1f h (spill from %.1f h)\n", arrival / 3600, spill_start / 3600);
  EXPECT_GT(arrival, spill_start);
  EXPECT_LT(arrival, 7 * 3600.0);
}

}  // namespace
}  // namespace ria::test
