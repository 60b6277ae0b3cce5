// What a checkpoint must share with the scenario that restarts from it: the grid (nx, ny, dx, dy,
// x0, y0), the bed, the physics and time.start. The values are stored in the checkpoint (its
// identity) so that a refused restart names the key that differs and both values.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "io/checkpoint/checkpoint.hpp"
#include "ria/sim/model.hpp"
#include "ria/sim/scenario.hpp"

namespace ria::app {

/// Hash of what a checkpoint's state depends on: grid, bed and physics (not times or outputs).
std::uint64_t run_fingerprint(const sim::Model& m);

/// (key, exact value text) of time.start, the bed and the physics, as stored in checkpoints.
std::vector<std::pair<std::string, std::string>> run_identity(const sim::Scenario& sc, const sim::Model& m);

/// Both of the above, computed once for a run (each hashes the whole bed).
struct RunKey {
  std::uint64_t fingerprint = 0;
  std::vector<std::pair<std::string, std::string>> identity;
};
RunKey run_key(const sim::Scenario& sc, const sim::Model& m);

/// The forcing of a scenario as checkpoints store it beside the run's identity, under kForcingKey:
/// a line "<key>\t<value>" each for "boundary.<i>" and "release.<i>" (a hash of each one's values:
/// side, kind, segment, levels, constituents, series, discharge, concentration; a release's place,
/// rates and times) and "time.cfl". A restart may change them (a forecast's new river flow);
/// forcing_changes names those that differ from the checkpoint's ("boundary.0, release.1"; ""
/// when none does, or the checkpoint stores none: one written before they were stored).
constexpr const char* kForcingKey = "forcing";
std::string forcing_text(const sim::Scenario& sc);
std::string forcing_changes(const io::Checkpoint& ck, const sim::Scenario& sc);

/// The identity key under which a checkpoint lists its gauges' cells ("<i> <j>\t<name>" a line).
/// check_restart does not compare it: a restart into another directory may move gauges; the run
/// compares it where it continues the gauge file (moved_gauge).
inline constexpr const char* kGaugeCellsKey = "gauge cells";

/// The identity key under which a checkpoint keeps the last row of its run's gauges.csv at or
/// before its time, as written: a resumed run continues only a file that holds that row
/// (TimeSeriesCsv's ResumeRow). check_restart does not compare it.
inline constexpr const char* kLastGaugeRowKey = "last gauge row";

/// "" or, where the checkpoint lists its gauges' cells, the first gauge (by name) whose cell is
/// not the model's now: "gauge 'NAME' was at cell (i, j) = ... in the run that wrote the
/// checkpoint, and is at (i', j') now".
std::string moved_gauge(const io::Checkpoint& ck, const sim::Model& m);

/// InputError naming `path`, the differing key and both values when the checkpoint cannot continue
/// this scenario (whose run_key is `key`): another grid, bed, physics, time.start or precision, or
/// a time not before the end.
void check_restart(const io::Checkpoint& ck, const std::string& path, const sim::Scenario& sc, const sim::Model& m,
                   const RunKey& key, const std::string& precision, bool check_time = true);
/// InputError "... nothing left to run" unless the checkpoint is before time.duration (the time
/// check of check_restart, for a caller that says more first).
void check_restart_time(const io::Checkpoint& ck, const std::string& path, const sim::Scenario& sc);

}  // namespace ria::app
