// The members of `ria ensemble` from its command line: the base scenario (with --set and
// --sample-interval), the varied keys and the member table (Latin hypercube, grid or CSV), the
// thresholds. Refusals are io::InputError naming the option, key, file or value (exit 2).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "ensemble/variation.hpp"
#include "ria/sim/scenario.hpp"

namespace ria::app {

struct EnsembleArgs {
  std::string scenario;  // empty: the embedded default
  BackendChoice backend;
  std::string output = "ensemble_output";
  std::vector<std::string> sets, vary, vary_point;
  int members = 0;
  bool grid = false;
  std::uint64_t seed = 1;
  bool seed_set = false;
  std::string members_csv;
  std::vector<std::string> thresholds;  // --thresholds as given: comma-separated numbers (make_plan reads them)
  std::string sample_interval;
  std::string concurrent = "auto";  // --concurrent: members run at once by this process, or auto
  bool quiet = false;
  bool no_dry_skip = false;  // compute dry land too (SolverSetup::dry_skip off; for measurement)
};

/// The scenario file (or the embedded default) with these overrides.
sim::Scenario load_ensemble_scenario(const EnsembleArgs& a, const std::vector<std::string>& sets);

/// a followed by b.
std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b);

/// The members and what they share.
struct Plan {
  std::vector<std::string> base_sets;  // --set, then time.output_interval from --sample-interval
  sim::Scenario base;
  std::vector<ensemble::VaryRange> ranges;
  std::vector<ensemble::VaryPoint> points;
  ensemble::MemberTable table;
  std::string sampling;
  std::vector<double> thresholds;
  int concurrent = 0;  // --concurrent K (>= 1), or 0 for auto (kAutoConcurrentCuda)
};

/// Members run at once by `--concurrent auto` on the GPU (when that many fit in memory; CPU
/// backends run one at a time). Measured on the H100 (docs/ensembles.md): 4 members at once run
/// 1.5-2.2x the members per hour of one at a time on grids of 0.25 M to 4 M cells; 8 added 4% on
/// Coos Bay at 50 m.
constexpr int kAutoConcurrentCuda = 4;

/// The plan of the command line; every --vary range is tried at both ends through the scenario
/// reader (so that a value it refuses is named before any member is made).
Plan make_plan(const EnsembleArgs& a);

/// "member 3 (physics.manning=0.031, release.0.x=9650.5)".
std::string member_label(const ensemble::MemberTable& t, std::size_t m);

/// The message of an error in member m's scenario: its label and the reader's message; for a
/// member of a CSV, its row "FILE:LINE" in place of the reader's "--set KEY: " (the row's values
/// are given to the reader as overrides), else after the label.
std::string member_error(const ensemble::MemberTable& t, std::size_t m, const std::string& what);

}  // namespace ria::app
