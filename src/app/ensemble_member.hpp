// One member of `ria ensemble`: its scenario to a model (the bed loaded once for all members,
// again only for a member with another physics.manning raster or initial file), and its run
// through the simulation loop (sim::run) with an ensemble::MemberRecorder instead of the
// outputs of `ria run`.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "ensemble/member_fields.hpp"
#include "ria/sim/driver.hpp"

namespace ria::app {

struct MemberOutcome {
  enum class Status { not_run, finished, failed, interrupted };
  Status status = Status::not_run;
  std::string message;  // failed: the numerical failure (or the error that ended the ensemble); interrupted: the signal
  double wall_s = 0;
  int rank = 0;                  // the MPI rank that ran it
  ensemble::MemberFields fields;  // finished members only
};

/// "not_run", "finished", "failed", "interrupted".
const char* status_name(MemberOutcome::Status s);

/// Builds the members' models. Beds and initial free surfaces are kept by what they are read
/// from: all members of an ensemble share the domain (ensemble::check_varied_keys).
/// build() may be called from several threads at once (`ria ensemble --concurrent`): the caches
/// are looked up and filled (the files read) under one mutex; the model is then built outside it
/// from the cached entries, which are never changed or removed once made (std::map keeps its
/// elements in place as others are inserted).
class MemberModels {
 public:
  /// dry_skip: SolverSetup::dry_skip of every member (false: --no-dry-skip).
  MemberModels(const BackendChoice& backend, bool dry_skip);
  /// The model of scenario sc with the chosen backend, kernel, precision and dry skip. Throws what
  /// load_bed and sim::build_model throw (InputError naming the key).
  sim::Model build(const sim::Scenario& sc);

 private:
  const sim::Domain& bed(const sim::Scenario& sc);                                           // with mu_ held
  const sim::InitialFields& initial_fields(const sim::Scenario& sc, const sim::Domain& bed);  // with mu_ held
  std::mutex mu_;
  exec::Backend backend_;
  Precision precision_;
  std::string kernel_;
  bool dry_skip_;
  std::map<std::string, sim::Domain> beds_;                   // by physics.manning raster ("" uniform)
  std::map<std::string, sim::InitialFields> initial_fields_;  // by initial file, variables and time
};

/// Runs member `member` (scenario sc) to its end. A numerical failure (swe::NumericalError) is
/// the outcome `failed` with its message; the stop flag raised mid-run is `interrupted`; anything
/// else propagates. `progress` gets the driver's reports.
/// For the failure tests, RIA_ENSEMBLE_FAULT="M[,M...]" names members whose state gets a NaN
/// depth in a wet cell after their first advance (a numerical failure through the driver);
/// "M:error" makes member M throw std::runtime_error there instead (a failure that ends the run).
MemberOutcome run_member(std::size_t member, const sim::Scenario& sc, MemberModels& models, const std::atomic<int>* stop,
                         const std::function<void(const sim::Progress&)>& progress);

}  // namespace ria::app
