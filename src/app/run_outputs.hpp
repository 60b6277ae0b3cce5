// What `ria run` writes while the driver runs (sim::Observer): gauges (gauges.csv, gauges.nc),
// NetCDF maps (ria.nc) with the run-wide extremes the solver recorded after every step, PNG quicklooks, checkpoints, the progress and mass-balance
// lines on the console, and the run summary. The values written (primitive values, extremes,
// arrival times) come from sim/diagnostics.hpp.
#pragma once

#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "io/checkpoint/checkpoint.hpp"
#include "io/gauge_csv.hpp"
#include "io/maps/gif_animation.hpp"
#include "io/maps/image.hpp"
#include "io/netcdf/netcdf_gauges.hpp"
#include "io/netcdf/netcdf_output.hpp"
#include "ria/sim/diagnostics.hpp"
#include "app/partial_files.hpp"
#include "ria/sim/driver.hpp"

namespace ria::app {

/// A simulated/wall time ratio for the console: whole numbers from 100 up, else 3 digits.
std::string ratio_text(double r);

/// A span of time for the progress line: H:MM:SS below a day, "D d HH:MM:SS" up to 9999 days,
/// ">9999 d" beyond (and for infinite or NaN spans).
std::string duration_text(double s);

struct RunContext {
  std::string dir;                 // output directory (exists, writable)
  std::string precision;           // "float" / "double"
  std::uint64_t fingerprint = 0;
  std::vector<std::pair<std::string, std::string>> identity;  // stored in checkpoints (restart_check.hpp)
  const io::Checkpoint* resumed = nullptr;  // restart: the checkpoint the run continues from
  bool quiet = false;
};

/// Gauge CSV and NetCDF files are written as `<name>.partial` beside the files of an earlier run
/// and renamed into place by finish() when the run ends in an orderly way (finished, after a
/// signal, after a numerical failure whose checkpoint is past the start); abandon() leaves the earlier files as
/// they are and the partial ones beside them.
class RunOutputs final : public sim::Observer {
 public:
  RunOutputs(const sim::Scenario& sc, const sim::Model& m, const RunContext& ctx, const swe::Totals& initial);
  void gauges(double t, const std::vector<swe::Conserved<double>>& values) override;
  void output(double t, long steps, const swe::HostState& s, const swe::Totals& totals,
              const swe::Balance& balance) override;
  void quicklook(double t, const swe::HostState& s) override;
  void checkpoint(double t, long steps, const swe::HostState& s, const swe::Balance& balance,
                  const swe::HostExtremes& extremes) override;
  void extremes(double t, const swe::HostExtremes& e) override;
  void progress(const sim::Progress& p) override;
  /// Writes the extremes, closes the NetCDF files and renames the partial files
  /// into place; returns the files written (final names).
  std::vector<std::string> finish();
  /// Closes what is open (never throws) and leaves the partial files; returns a sentence for an
  /// error message saying that the earlier files are kept and where the partial ones are.
  std::string abandon();
  /// Closes and removes the partial files (a run interrupted before its first step); a resumed
  /// run leaves them (its partial gauges may be the only copy of the rows before the restart).
  void discard();
  const std::string& checkpoint_path() const { return checkpoint_path_; }
  /// Whether this run wrote a checkpoint of a state past its start (its outputs then belong with
  /// it: finish() may promote them; a run that failed before, whose last good state is where it
  /// started, leaves the earlier run's files, abandon()).
  bool checkpointed_progress() const { return checkpoint_t_ > (ctx_.resumed ? ctx_.resumed->t : 0.0); }
  /// The state the summary describes: the latest of the map outputs and checkpoints (an interrupted
  /// run's checkpoint at its stop, a failed run's of its last good state), its time and step, and
  /// its water and pollutant balance.
  double described_time() const { return last_t_; }
  long described_steps() const { return last_steps_; }
  double last_balance_error_water() const { return water_error_; }
  double last_balance_error_pollutant() const { return pollutant_error_; }
  const swe::Balance& last_balance() const { return last_balance_; }
  const swe::Totals& last_totals() const { return last_totals_; }

 private:
  double checkpoint_t_ = -1;  // the time of the last checkpoint this run wrote (-1: none)
  std::string time_label(double t) const;
  /// The styles of the concentration and depth maps at t (quicklooks and animation frames).
  io::MapStyle concentration_style(double t) const;
  io::MapStyle depth_style(double t, double h_max) const;
  void animate(double t, const swe::HostState& s);

  const sim::Scenario& sc_;
  const sim::Model& m_;
  RunContext ctx_;
  swe::Totals initial_;
  std::unique_ptr<io::GaugeCsv> csv_;
  std::unique_ptr<io::NetcdfOutput> nc_;
  PartialFiles partial_;  // written as "<final>.partial", renamed by finish()
  std::unique_ptr<io::GaugeNetcdf> gauge_nc_;
  std::unique_ptr<io::GifAnimation> gif_;
  double gif_depth_max_ = 0;  // colour-bar maximum of a depth animation: its first frame's deepest water
  std::vector<io::NcGaugeRecord> pending_gauges_;  // gauge samples not yet in gauges.nc
  // A resumed run: the last times of the adopted ria and gauges NetCDF files of the run it
  // continues; its own go on after them.
  double maps_until_ = -std::numeric_limits<double>::infinity();
  double gauges_until_ = -std::numeric_limits<double>::infinity();
  std::vector<std::string> foreign_;  // a resumed run: ria.nc, gauges.nc in place that are another run's
  /// Writes the pending gauge samples of times <= until into gauges.nc.
  void write_gauges_until(double until);
  swe::HostExtremes extremes_;  // the latest the driver passed on (a restart: the checkpoint's)
  std::vector<std::string> files_;
  std::string checkpoint_path_;
  double c_scale_ = 1;  // colour-bar maximum of the concentration maps
  double water_error_ = 0, pollutant_error_ = 0;
  swe::Balance last_balance_;
  swe::Totals last_totals_;
  double last_t_ = -std::numeric_limits<double>::infinity();
  long last_steps_ = 0;
  void describe(double t, long steps, const swe::Totals& totals, const swe::Balance& b);
};

}  // namespace ria::app
