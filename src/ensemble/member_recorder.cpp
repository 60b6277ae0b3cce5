// The observer of an ensemble member (member_recorder.hpp).
#include "ensemble/member_recorder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ria::ensemble {

MemberRecorder::MemberRecorder(const sim::Scenario& sc, const sim::Model& m,
                               std::function<void(const sim::Progress&)> on_progress)
    : dry_(sc.physics.dry_depth), threshold_(sc.output.arrival_threshold),
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

void MemberRecorder::output(double t, long, const swe::HostState& s, const swe::Totals&, const swe::Balance&) {
  for (std::size_t k = 0; k < s.h.size(); ++k) {
    if (!(s.h[k] > dry_)) continue;
    const double c = s.hc[k] / s.h[k];
    double& mx = f_.max_conc[k];
    mx = std::max(std::isnan(mx) ? 0.0 : mx, c);
    if (std::isnan(f_.arrival[k]) && c > threshold_) f_.arrival[k] = t;
  }
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
