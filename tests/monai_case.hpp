// The Monai Valley run-up benchmark (scenarios/monai.toml) run through the same pipeline as
// `ria run` (scenario reader, DEM, model, driver), and its simulated gauges scored against the
// measured gauges 5, 7 and 9 of the CRIEPI wave-tank experiment (shared data
// okushiri_monai/output_ch5-7-9.txt, water level in CENTIMETRES). Shared by the CPU and GPU tests.
//
// Scores (per gauge, t <= 25 s, the first wave): the peak water level and its time, and the RMSE of
// the water level over 10..25 s with the simulation interpolated linearly to the measured times.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/domain.hpp"
#include "io/maps/image.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "run_fixture.hpp"

namespace ria::test {

struct GaugeSeries {
  std::string name;
  std::vector<double> t, eta;  // s, m
};

struct GaugeScore {
  std::string name;
  double peak_sim = 0, t_peak_sim = 0, peak_meas = 0, t_peak_meas = 0, rmse = 0;
};

inline const char* kMonaiScenario = RIA_SOURCE_DIR "/scenarios/monai.toml";

/// The measured gauge file, or "" when the shared data is absent (the tests then skip).
inline std::string monai_measurements() {
  const std::string dir = io::data_dir(RIA_SOURCE_DIR "/scenarios");
  const std::string path = dir + "/okushiri_monai/output_ch5-7-9.txt";
  std::error_code ec;
  return !dir.empty() && std::filesystem::is_regular_file(path, ec) ? path : "";
}

/// Measured levels (cm in the file) as metres, one series per gauge, named as the columns ch5 ch7 ch9.
inline std::vector<GaugeSeries> read_monai_measurements(const std::string& path) {
  std::ifstream f(path);
  std::string line;
  std::getline(f, line);  // "time  ch5(cm)  ch7(cm)  ch9(cm)"
  std::vector<GaugeSeries> g{{"ch5", {}, {}}, {"ch7", {}, {}}, {"ch9", {}, {}}};
  while (std::getline(f, line)) {
    std::istringstream in(line);
    double t, a, b, c;
    if (!(in >> t >> a >> b >> c)) continue;
    const double cm[3] = {a, b, c};
    for (int k = 0; k < 3; ++k) g[k].t.push_back(t), g[k].eta.push_back(cm[k] / 100.0);
  }
  return g;
}

struct GaugeRecorder : sim::Observer {
  const sim::Model* m = nullptr;
  std::vector<GaugeSeries> series;
  void gauges(double t, const std::vector<swe::Conserved<double>>& v) override {
    for (std::size_t k = 0; k < v.size(); ++k) {
      series[k].t.push_back(t);
      series[k].eta.push_back(v[k].h + m->bed_z[m->gauges[k].cell]);  // eta = h + z at the gauge cell
    }
  }
  void output(double, long, const swe::HostState&, const swe::Totals&, const swe::Balance&) override {}
  void quicklook(double, const swe::HostState&) override {}
  void checkpoint(double, long, const swe::HostState&, const swe::Balance&, const swe::HostExtremes&) override {}
  void extremes(double, const swe::HostExtremes&) override {}
  void progress(const sim::Progress&) override {}
};

/// Runs scenarios/monai.toml on the given solver; returns the water level at its gauges.
inline std::vector<GaugeSeries> run_monai(exec::Backend b, const std::string& kernel, Precision p) {
  const sim::Scenario sc = io::load_scenario(kMonaiScenario);
  sim::Model m = sim::build_model(sc, app::load_domain(sc, b, p));
  auto solver = start_solver(m, b, kernel, p);
  GaugeRecorder rec;
  rec.m = &m;
  for (const sim::GaugeCell& g : m.gauges) rec.series.push_back({g.name, {}, {}});
  sim::run(*solver, sc, m, rec, {});
  return rec.series;
}

/// Linear interpolation of s at t (held at the ends).
inline double value_at(const GaugeSeries& s, double t) {
  const auto it = std::lower_bound(s.t.begin(), s.t.end(), t);
  if (it == s.t.begin()) return s.eta.front();
  if (it == s.t.end()) return s.eta.back();
  const std::size_t k = it - s.t.begin();
  const double a = (t - s.t[k - 1]) / (s.t[k] - s.t[k - 1]);
  return (1 - a) * s.eta[k - 1] + a * s.eta[k];
}

inline GaugeScore score_gauge(const GaugeSeries& sim, const GaugeSeries& meas, double t_peak_end = 25.0,
                              double rmse_from = 10.0, double rmse_to = 25.0) {
  GaugeScore r;
  r.name = sim.name;
  r.peak_sim = r.peak_meas = -1e300;
  for (std::size_t k = 0; k < sim.t.size(); ++k)
    if (sim.t[k] <= t_peak_end && sim.eta[k] > r.peak_sim) r.peak_sim = sim.eta[k], r.t_peak_sim = sim.t[k];
  double sum = 0;
  int n = 0;
  for (std::size_t k = 0; k < meas.t.size(); ++k) {
    if (meas.t[k] <= t_peak_end && meas.eta[k] > r.peak_meas) r.peak_meas = meas.eta[k], r.t_peak_meas = meas.t[k];
    if (meas.t[k] >= rmse_from && meas.t[k] <= rmse_to) {
      const double d = value_at(sim, meas.t[k]) - meas.eta[k];
      sum += d * d, ++n;
    }
  }
  r.rmse = n ? std::sqrt(sum / n) : NAN;
  return r;
}

/// Prints the scores and checks the bounds of test_monai.cpp.
inline void check_monai_scores(const std::vector<GaugeSeries>& sim, const std::vector<GaugeSeries>& meas, const char* label) {
  ASSERT_EQ(sim.size(), meas.size());
  for (std::size_t g = 0; g < meas.size(); ++g) {
    ASSERT_EQ(sim[g].name, meas[g].name);
    const GaugeScore s = score_gauge(sim[g], meas[g]);
    std::printf("%s %s: peak %.2f cm at %.2f s (measured %.2f cm at %.2f s, ratio %.3f), RMSE 10-25 s %.2f mm\n",
                label, s.name.c_str(), 100 * s.peak_sim, s.t_peak_sim, 100 * s.peak_meas, s.t_peak_meas,
                s.peak_sim / s.peak_meas, 1000 * s.rmse);
    EXPECT_NEAR(s.peak_sim / s.peak_meas, 1.0, 0.20) << s.name;
    EXPECT_LE(std::fabs(s.t_peak_sim - s.t_peak_meas), 0.5) << s.name;
    EXPECT_LT(s.rmse, 0.20 * s.peak_meas) << s.name;
  }
}

/// The three gauges, measured (black) and simulated (one colour per run), 5..25 s, as a PNG.
inline void write_monai_figure(const std::string& path, const std::vector<GaugeSeries>& meas,
                               const std::vector<std::pair<std::string, std::vector<GaugeSeries>>>& runs) {
  const io::Rgb colours[] = {{214, 39, 40}, {31, 119, 180}, {44, 160, 44}};
  std::vector<io::Panel> panels;
  for (std::size_t g = 0; g < meas.size(); ++g) {
    io::Panel p;
    p.title = "Monai Valley, gauge " + meas[g].name;
    p.xlabel = "t [s]";
    p.ylabel = "water level [cm]";
    p.xmin = 5, p.xmax = 25;
    io::Series m{"measured", meas[g].t, meas[g].eta, {0, 0, 0}, false};
    for (double& v : m.y) v *= 100;
    p.series.push_back(m);
    for (std::size_t r = 0; r < runs.size(); ++r) {
      io::Series s{runs[r].first, runs[r].second[g].t, runs[r].second[g].eta, colours[r % 3], r > 0};
      for (double& v : s.y) v *= 100;
      p.series.push_back(s);
    }
    panels.push_back(p);
  }
  io::write_png(path, io::render_chart(panels));
}

}  // namespace ria::test
