// What `ria ensemble` writes into its output directory once its members are done (all of them,
// or those finished before a signal): members.csv, and over the finished members ensemble.nc
// (with NetCDF), PNG maps of the exceedance probabilities and the median arrival time (with
// cairo), gauges_percentiles.csv, and summary.json last. Each file is written atomically.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/ensemble_member.hpp"
#include "ensemble/variation.hpp"
#include "ria/sim/model.hpp"

namespace ria::app {

struct EnsembleRecord {
  std::string dir;                     // exists, writable, locked
  const sim::Scenario* base = nullptr;  // the base scenario (with --set and --sample-interval)
  const sim::Model* model = nullptr;    // its model: grid, bed, CRS, gauges, the members' dry skip
  const ensemble::MemberTable* table = nullptr;
  const std::vector<MemberOutcome>* members = nullptr;  // one per row of the table
  std::string sampling;                 // "latin_hypercube", "grid" or "csv"
  std::uint64_t seed = 0;
  std::vector<ensemble::VaryRange> ranges;
  std::vector<ensemble::VaryPoint> points;
  std::string members_csv;
  std::vector<double> thresholds;
  std::string backend;                  // the members' solver, in words
  int ranks = 1;
  int concurrent = 1;                   // members run at once per rank (--concurrent, clamped)
  bool interrupted = false;
  std::string error;  // an error that is not numerical stopped the members (summary "stopped_by_error")
  double wall_s = 0;
};

/// Writes the files; returns their paths (summary.json last). Warns on stderr (once each) when
/// this build cannot write NetCDF or PNG files the base scenario asks for. IoError on failure.
std::vector<std::string> write_ensemble_outputs(const EnsembleRecord& r);

}  // namespace ria::app
