// The two models of `ria compare dambreak` run through their own drivers (sph::run and sim::run,
// as `ria sph run` and `ria run` run them), recording in memory what the comparison needs: at
// every row the front and the gauges, and at chosen rows a depth profile.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "compare/dambreak_cases.hpp"
#include "ria/exec/backend.hpp"
#include "ria/sph/scenario.hpp"

namespace ria::compare {

/// One model's record. Rows are the drivers' output stops (multiples of the row interval and the
/// end). profiles[p][i] is the depth at profile_x[i] at the row of profile_rows[p].
struct Record {
  std::vector<double> t;                     // [s]
  std::vector<double> front;                 // [m]; NaN when nothing is wet
  std::vector<double> depth_front;           // shallow water: where the depth falls through front_depth [m]
  std::vector<std::vector<double>> gauges;   // per row, per gauge: depth [m] (SWE) or surface elevation (SPH)
  std::vector<std::size_t> profile_rows;     // index into t of each profile
  std::vector<std::vector<double>> profiles; // per profile, per x [m]
  std::string description;                   // what ran (particles or cells, backend)
  long steps = 0;
  double wall_s = 0;
  bool interrupted = false;  // the stop flag ended the run before its end (the rows stop early)
};

/// Progress text (a line for the console), or nothing.
using Progress = std::function<void(const std::string&)>;

/// Runs an SPH scenario (its duration and output_interval are the rows) on `backend`. The front is
/// sph::Measures::front; gauges are the scenario's probes; at the rows within half a row of each
/// of profile_times, the surface elevation above the floor z_floor (height probes, dry = 0) at
/// each of profile_x. No files are written. `stop` (when given and raised, as by a signal) ends the
/// run early: Record::interrupted.
Record run_sph(const sph::Scenario& sc, exec::Backend backend, const std::vector<double>& profile_times,
               const std::vector<double>& profile_x, double z_floor, const Progress& progress,
               const std::atomic<int>* stop = nullptr);

/// Runs a shallow-water case through sim::build_model and sim::run. The front is the downstream
/// face of the farthest wet cell (swe::is_wet: h > physics.dry_depth) of the middle row, the depth
/// front the x where the middle row's depth falls through front_depth last (linear between the
/// cell centres; NaN where no centre reaches it); gauges are the depths at the scenario's gauges; a
/// profile is the depth of the middle row's cells (profile x = the cell centres, swe_profile_x).
Record run_swe(const SweCase& k, exec::Backend backend, const std::vector<double>& profile_times, double front_depth,
               const Progress& progress, const std::atomic<int>* stop = nullptr);

/// The cell centres of the middle row of a shallow-water case: the x of its profiles.
std::vector<double> swe_profile_x(const SweCase& k);

}  // namespace ria::compare
