// What `ria sph run` writes while the SPH loop runs (sph::Observer): the series (series.csv), the
// particle snapshots (particles_<t in microseconds>.csv and/or .vtu, output.snapshot_format), the
// checkpoint (checkpoint.sphck) and the progress line on the console.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "io/time_series_csv.hpp"
#include "app/partial_files.hpp"
#include "ria/sph/driver.hpp"
#include "ria/sph/eos.hpp"

namespace ria::app {

struct SphRunContext {
  std::string dir;  // output directory (exists, writable)
  sph::Tait eos;    // pressures of the snapshots
  std::vector<std::pair<std::string, std::string>> identity;  // stored in checkpoints
  double resume_after = -1;  // restart: the checkpoint's time (series rows up to it are kept)
  long long resume_steps = 0;  // restart: the checkpoint's step count (the series' rows must agree)
  bool quiet = false;
};

/// The columns of series.csv after t_s: steps, dt_s, front_m, u_max_m_s, kinetic_J, fluid_mass_kg,
/// fluid_volume_m3 (2-D: per metre of width), then <probe>_Pa or <probe>_m per probe.
std::vector<std::string> sph_series_columns(const sph::Scenario& sc);

/// The snapshot file name at time t: particles_<round(t * 1e6), 10 digits>.<ext> (csv, vtu, png).
std::string snapshot_name(double t, const char* ext = "csv");

/// The most memory the outputs of a run of n particles take at once besides the particles they are
/// given [bytes]: a checkpoint's (SphOutputs::checkpoint's copy of the particles and the writer's,
/// io::sph_checkpoint_write_bytes) or, with snapshots, the largest snapshot writer's
/// (io::particles_csv_bytes, io::particles_vtu_bytes; a PNG's image does not grow with n). The
/// writers run one after another and free what they took.
double sph_outputs_bytes(const sph::Scenario& sc, double n);

/// The outputs of `ria sph run` in its directory: series.csv, particle snapshots and the
/// checkpoint. The series and snapshots are written as NAME.partial and replace an earlier run's
/// files only by finish(), as `ria run`'s maps and gauges do (run_outputs.hpp), so a run that
/// fails or is killed leaves the earlier results as they were.
class SphOutputs final : public sph::Observer {
 public:
  SphOutputs(const sph::Scenario& sc, SphRunContext ctx);
  void series(double t, long steps, double dt, const sph::Measures& m) override;
  void snapshot(double t, long steps, const sph::Particles& p) override;
  void checkpoint(double t, long steps, const sph::Particles& p) override;
  void progress(const sph::Progress& p) override;
  const std::string& checkpoint_path() const { return checkpoint_path_; }
  /// The files of this run under their final names.
  const std::vector<std::string>& files() const { return files_; }
  /// Closes the series and renames this run's partial files (series, snapshots) into place, over
  /// those of an earlier run in the directory: when the run ends in order, after a signal, or
  /// after a numerical failure that wrote its checkpoint. Returns files().
  const std::vector<std::string>& finish();
  /// Closes what is open (never throws) and leaves the partial files; returns a sentence for an
  /// error message saying that the earlier files are kept and where the partial ones are.
  std::string abandon();
  /// Closes and removes the partial files (a run interrupted before its first step); a resumed
  /// run leaves them (its partial series may be the only copy of the rows before the restart).
  void discard();
  /// Whether this run wrote a checkpoint of a state past its start (its outputs then belong with
  /// it; a run whose last good state is where it started leaves the earlier run's files).
  bool checkpointed_progress() const { return checkpoint_t_ > std::max(0.0, ctx_.resume_after); }
  /// The largest fluid speed of the series rows [m/s].
  double u_max() const { return u_max_; }

 private:
  SphRunContext ctx_;
  bool csv_snapshots_, vtu_snapshots_, png_snapshots_;  // png: asked for and cairo built in
  std::string name_;                                      // the scenario's, in the pictures' titles
  double dp_;
  std::unique_ptr<io::TimeSeriesCsv> csv_;
  std::string checkpoint_path_;
  std::vector<std::string> files_;    // final names
  PartialFiles partial_;               // written by this run, renamed into place by finish()
  double checkpoint_t_ = -1;  // the time of the last checkpoint this run wrote (-1: none)
  double u_max_ = 0;
};

}  // namespace ria::app
