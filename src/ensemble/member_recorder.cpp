// The observer of an ensemble member (member_recorder.hpp).
#include "ensemble/member_recorder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace ria::ensemble {

void set_member_setup(swe::SolverSetup& s) {
  s.track_balance = false;
  s.extremes.depth_and_speed = false;
}

MemberRecorder::MemberRecorder(const sim::Scenario& sc, const sim::Model& m,
                               std::function<void(const sim::Progress&)> on_progress)
    : dry_(sc.physics.dry_depth),
      gauges_at_outputs_(!(sc.output.gauge_interval > 0)), on_progress_(std::move(on_progress)) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  f_.max_conc.assign(m.setup.grid.cells(), nan);
  f_.arrival.assign(m.setup.grid.cells(), nan);
  for (const sim::GaugeCell& g : m.gauges) gauge_cells_.push_back(g.cell);
}

void MemberRecorder::gauges(double t, const std::vector<swe::Conserved<double>>& values) {
  if (gauges_at_outputs_) return;
  GaugeSample g;
  g.t = t;
  for (const swe::Conserved<double>& w : values) {
    g.depth.push_back(w.h);
    g.conc.push_back(w.h > dry_ ? w.hc / w.h : 0.0);
  }
  f_.gauges.push_back(std::move(g));
}

void MemberRecorder::extremes(double, const swe::HostExtremes& e) {
  const std::size_t n = f_.max_conc.size();
  if (e.max_concentration.size() != n || e.first_wet_time.size() != n || e.arrival_time.size() != n)
    throw std::logic_error("MemberRecorder: the extremes are not of the grid's size");
  for (std::size_t k = 0; k < n; ++k) {
    f_.max_conc[k] = std::isnan(e.first_wet_time[k]) ? std::numeric_limits<double>::quiet_NaN() : e.max_concentration[k];
    f_.arrival[k] = e.arrival_time[k];
  }
}

void MemberRecorder::output(double t, long, const swe::HostState& s, const swe::Totals&, const swe::Balance&) {
  if (!gauges_at_outputs_ || gauge_cells_.empty()) return;
  GaugeSample g;
  g.t = t;
  for (std::size_t k : gauge_cells_) {
    g.depth.push_back(s.h[k]);
    g.conc.push_back(s.h[k] > dry_ ? s.hc[k] / s.h[k] : 0.0);
  }
  f_.gauges.push_back(std::move(g));
}

void MemberRecorder::progress(const sim::Progress& p) {
  if (on_progress_) on_progress_(p);
}

}  // namespace ria::ensemble
