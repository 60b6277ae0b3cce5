// The observer of an ensemble member's run (sim/driver.hpp): instead of writing maps it keeps,
// per cell, the maximum concentration and the first arrival that the solver recorded after every
// step (swe/extremes.hpp), exactly the max_concentration and arrival_time `ria run` writes to
// ria.nc; and the gauges at the gauge times (output.gauge_interval, interpolated between step ends
// as in `ria run`) or, when gauges are recorded every step (gauge_interval = 0), at the map
// outputs (time.output_interval, which `ria ensemble --sample-interval` sets, and the end), so
// that all members share the sample times.
#pragma once

#include <functional>

#include "ensemble/member_fields.hpp"
#include "ria/sim/driver.hpp"

namespace ria::ensemble {

/// The solver setup of a member: what MemberRecorder keeps needs neither the balance nor the
/// depth and speed maxima, so the member's step accumulates no balance and its extremes read h and
/// hc only (ExtremesRule::depth_and_speed); on the GPU its fused step records them inside the
/// update, as every run's does while the active tiles run (ExtremesSetup::in_update). Its steps,
/// states and the records it keeps (max_conc, first_wet, arrival) are bit for bit those of the
/// same scenario's `ria run`.
void set_member_setup(swe::SolverSetup& s);

class MemberRecorder final : public sim::Observer {
 public:
  /// `on_progress` receives the driver's progress reports (may be empty).
  MemberRecorder(const sim::Scenario& sc, const sim::Model& m, std::function<void(const sim::Progress&)> on_progress = {});
  void gauges(double t, const std::vector<swe::Conserved<double>>& values) override;
  void output(double t, long steps, const swe::HostState& s, const swe::Totals& totals,
              const swe::Balance& balance) override;
  void quicklook(double, const swe::HostState&) override {}
  void checkpoint(double, long, const swe::HostState&, const swe::Balance&, const swe::HostExtremes&) override {}
  void extremes(double t, const swe::HostExtremes& e) override;
  void progress(const sim::Progress& p) override;
  const MemberFields& fields() const { return f_; }
  MemberFields take() { return std::move(f_); }

 private:
  double dry_;
  bool gauges_at_outputs_;
  std::vector<std::size_t> gauge_cells_;
  std::function<void(const sim::Progress&)> on_progress_;
  MemberFields f_;
};

}  // namespace ria::ensemble
