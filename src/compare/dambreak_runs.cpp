#include "compare/dambreak_runs.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "ria/sim/driver.hpp"
#include "ria/sph/driver.hpp"
#include "ria/sph/setup.hpp"
#include "ria/swe/wet_dry.hpp"

namespace ria::compare {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Which profile, if any, the row at t holds: the first time not yet taken within half a row.
class ProfileTimes {
 public:
  ProfileTimes(const std::vector<double>& times, double interval) : times_(times), taken_(times.size(), false), half_(0.5 * interval * (1 + 1e-9)) {}
  int due(double t) {
    for (std::size_t p = 0; p < times_.size(); ++p)
      if (!taken_[p] && std::fabs(t - times_[p]) <= half_) {
        taken_[p] = true;
        return static_cast<int>(p);
      }
    return -1;
  }

 private:
  std::vector<double> times_;
  std::vector<bool> taken_;
  double half_;
};

std::string text_of(double v, const char* unit) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.4g %s", v, unit);
  return buf;
}

class SphRecorder final : public sph::Observer {
 public:
  SphRecorder(Record& r, const sph::Solver& solver, const std::vector<double>& times, double interval,
              const std::vector<double>& profile_x, double z_floor, const Progress& progress)
      : r_(r), solver_(solver), times_(times, interval), z_floor_(z_floor), progress_(progress) {
    r_.profiles.assign(times.size(), {});
    r_.profile_rows.assign(times.size(), 0);
    for (double x : profile_x) {
      sph::Probe p;
      p.name = "profile";
      p.kind = sph::Probe::Kind::height;
      p.at = {x, 0, 0};  // 2-D: the vertical line at x (3-D runs record gauges, not profiles)
      probes_.push_back(p);
    }
  }
  void series(double t, long, double, const sph::Measures& m) override {
    r_.t.push_back(t);
    r_.front.push_back(m.front);
    r_.gauges.push_back(m.probes);
    const int p = times_.due(t);
    if (p < 0 || probes_.empty()) return;
    const sph::Measures heights = solver_.measure(probes_);
    std::vector<double>& out = r_.profiles[static_cast<std::size_t>(p)];
    for (double z : heights.probes) out.push_back(std::isfinite(z) ? z - z_floor_ : 0.0);  // no fluid above: dry
    r_.profile_rows[static_cast<std::size_t>(p)] = r_.t.size() - 1;
  }
  void snapshot(double, long, const sph::Particles&) override {}
  void checkpoint(double, long, const sph::Particles&) override {}
  void progress(const sph::Progress& p) override {
    if (progress_)
      progress_("SPH t = " + text_of(p.t, "s") + " of " + text_of(p.t_end, "s") + ", " + std::to_string(p.steps) +
                " steps, " + text_of(p.eta_s, "s") + " left");
  }

 private:
  Record& r_;
  const sph::Solver& solver_;
  ProfileTimes times_;
  double z_floor_;
  const Progress& progress_;
  std::vector<sph::Probe> probes_;
};

/// The middle row of the grid: its first cell index.
std::size_t middle_row(const Grid& g) { return static_cast<std::size_t>(g.ny / 2) * static_cast<std::size_t>(g.nx); }

class SweRecorder final : public sim::Observer {
 public:
  SweRecorder(Record& r, const Grid& g, double h_dry, double front_depth, const std::vector<double>& times,
              double interval, const Progress& progress)
      : r_(r), g_(g), h_dry_(h_dry), front_depth_(front_depth), times_(times, interval), progress_(progress) {
    r_.profiles.assign(times.size(), {});
    r_.profile_rows.assign(times.size(), 0);
  }
  void gauges(double t, const std::vector<swe::Conserved<double>>& values) override {
    std::vector<double> h;
    for (const auto& v : values) h.push_back(v.h);
    gauge_rows_.push_back({t, h});
  }
  void output(double t, long, const swe::HostState& s, const swe::Totals&, const swe::Balance&) override {
    const std::size_t row = middle_row(g_);
    double front = kNaN;
    for (int i = g_.nx - 1; i >= 0; --i)
      if (swe::is_wet(s.h[row + static_cast<std::size_t>(i)], h_dry_)) {
        front = g_.x0 + (i + 1) * g_.dx;  // the cell's downstream face
        break;
      }
    double depth_front = kNaN;
    for (int i = g_.nx - 1; i >= 0; --i) {
      const double h = s.h[row + static_cast<std::size_t>(i)];
      if (!(h >= front_depth_)) continue;
      depth_front = g_.x_centre(i);
      if (i + 1 < g_.nx) {  // between this centre (h >= front_depth) and the next (below it)
        const double h1 = s.h[row + static_cast<std::size_t>(i) + 1];
        depth_front += g_.dx * (h - front_depth_) / (h - h1);
      }
      break;
    }
    r_.t.push_back(t);
    r_.front.push_back(front);
    r_.depth_front.push_back(depth_front);
    const int p = times_.due(t);
    if (p < 0) return;
    r_.profiles[static_cast<std::size_t>(p)].assign(s.h.begin() + static_cast<std::ptrdiff_t>(row),
                                                    s.h.begin() + static_cast<std::ptrdiff_t>(row + g_.nx));
    r_.profile_rows[static_cast<std::size_t>(p)] = r_.t.size() - 1;
  }
  void quicklook(double, const swe::HostState&) override {}
  void checkpoint(double, long, const swe::HostState&, const swe::Balance&, const swe::HostExtremes&) override {}
  void extremes(double, const swe::HostExtremes&) override {}
  void progress(const sim::Progress& p) override {
    // The driver reports at every output; say something every 5 s of wall time at most.
    if (p.wall_s < last_report_s_ + 5) return;
    last_report_s_ = p.wall_s;
    if (progress_)
      progress_("shallow water t = " + text_of(p.t, "s") + " of " + text_of(p.t_end, "s") + ", " +
                std::to_string(p.steps) + " steps");
  }
  /// The gauge rows matched to the output rows (both at multiples of the same interval and the end).
  void attach_gauges() {
    r_.gauges.assign(r_.t.size(), {});
    std::size_t k = 0;
    for (std::size_t row = 0; row < r_.t.size(); ++row) {
      while (k < gauge_rows_.size() && gauge_rows_[k].first < r_.t[row] - 1e-12) ++k;
      if (k < gauge_rows_.size() && std::fabs(gauge_rows_[k].first - r_.t[row]) <= 1e-12 * std::max(1.0, r_.t[row]))
        r_.gauges[row] = gauge_rows_[k].second;
    }
  }

 private:
  Record& r_;
  const Grid& g_;
  double h_dry_, front_depth_;
  ProfileTimes times_;
  const Progress& progress_;
  double last_report_s_ = 0;
  std::vector<std::pair<double, std::vector<double>>> gauge_rows_;
};

}  // namespace

Record run_sph(const sph::Scenario& sc, exec::Backend backend, const std::vector<double>& profile_times,
               const std::vector<double>& profile_x, double z_floor, const Progress& progress,
               const std::atomic<int>* stop) {
  std::vector<std::string> warnings;
  const sph::Setup setup = sph::make_setup(sc, backend, warnings);
  for (const std::string& w : warnings)
    if (progress) progress("SPH warning: " + w);
  auto solver = sph::make_solver(setup);
  Record r;
  std::ostringstream d;
  d << setup.particles.count(sph::Kind::fluid) << " fluid + " << setup.particles.count(sph::Kind::boundary)
    << " boundary particles, dp = " << setup.dp << " m, c0 = " << setup.physics.c0 << " m/s, " << solver->description();
  r.description = d.str();
  SphRecorder rec(r, *solver, profile_times, sc.output_interval, profile_x, z_floor, progress);
  sph::RunOptions opt;
  opt.progress_interval_s = 5;
  opt.stop = stop;
  const auto w0 = std::chrono::steady_clock::now();
  r.interrupted = sph::run(*solver, sc, rec, opt) != sph::RunEnd::finished;
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  r.steps = solver->steps();
  return r;
}

Record run_swe(const SweCase& k, exec::Backend backend, const std::vector<double>& profile_times, double front_depth,
               const Progress& progress, const std::atomic<int>* stop) {
  sim::Model m = sim::build_model(k.scenario, k.domain);
  m.setup.backend = backend;
  auto solver = swe::make_solver(m.setup);
  solver->set_state(m.init);
  Record r;
  const Grid& g = m.setup.grid;
  std::ostringstream d;
  d << g.nx << " x " << g.ny << " cells of " << g.dx << " m, " << solver->description();
  r.description = d.str();
  SweRecorder rec(r, g, m.setup.physics.h_dry, front_depth, profile_times, k.scenario.time.output_interval, progress);
  sim::RunOptions opt;
  opt.progress_interval_s = 5;
  opt.stop = stop;
  const auto w0 = std::chrono::steady_clock::now();
  r.interrupted = sim::run(*solver, k.scenario, m, rec, opt) != sim::RunEnd::finished;
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  r.steps = solver->steps();
  rec.attach_gauges();
  return r;
}

std::vector<double> swe_profile_x(const SweCase& k) {
  std::vector<double> x;
  for (int i = 0; i < k.domain.grid.nx; ++i) x.push_back(k.domain.grid.x_centre(i));
  return x;
}

}  // namespace ria::compare
