// One ensemble member (ensemble_member.hpp).
#include "app/ensemble_member.hpp"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "app/domain.hpp"
#include "app/injected_fault.hpp"
#include "ensemble/member_recorder.hpp"
#include "ensemble/variation.hpp"
#include "ria/swe/solver.hpp"

namespace ria::app {

const char* status_name(MemberOutcome::Status s) {
  switch (s) {
    case MemberOutcome::Status::finished: return "finished";
    case MemberOutcome::Status::failed: return "failed";
    case MemberOutcome::Status::interrupted: return "interrupted";
    default: return "not_run";
  }
}

MemberModels::MemberModels(const BackendChoice& b, bool dry_skip)
    : backend_(exec::parse_backend(b.backend)), precision_(parse_precision(b.precision)), kernel_(b.kernel),
      dry_skip_(dry_skip) {}

const sim::Domain& MemberModels::bed(const sim::Scenario& sc) {
  auto it = beds_.find(sc.physics.manning_raster);
  if (it == beds_.end()) it = beds_.emplace(sc.physics.manning_raster, load_domain(sc, backend_, precision_)).first;
  return it->second;
}

const sim::InitialFields& MemberModels::initial_fields(const sim::Scenario& sc, const sim::Domain& b) {
  std::string key = sc.initial.path + "\n" + sc.initial.variable + "\n" + std::to_string(sc.initial.time);
  for (const std::string& v : sc.initial.velocity) key += "\n" + v;
  key += "\n" + sc.initial.concentration + "\n" + sc.pollutant.units;
  auto it = initial_fields_.find(key);
  if (it == initial_fields_.end()) it = initial_fields_.emplace(key, load_initial_fields(sc, b)).first;
  return it->second;
}

sim::Model MemberModels::build(const sim::Scenario& sc) {
  const sim::InitialFields none;
  const sim::Domain* b = nullptr;
  const sim::InitialFields* initial = &none;
  {
    const std::lock_guard<std::mutex> lock(mu_);
    b = &bed(sc);
    if (sc.initial.kind == sim::InitialSpec::Kind::raster || sc.initial.kind == sim::InitialSpec::Kind::netcdf)
      initial = &initial_fields(sc, *b);
  }
  sim::Model m = sim::build_model(sc, *b, *initial);
  ensemble::set_member_setup(m.setup);
  m.setup.backend = backend_;
  m.setup.kernel = kernel_;
  m.setup.precision = precision_;
  m.setup.dry_skip = dry_skip_;
  return m;
}

namespace {
/// The driver's message of a numerical failure ends by saying where the checkpoint of the last
/// good state went; a member writes no checkpoint (its recorder ignores it), so that part is cut.
std::string without_checkpoint_note(std::string s) {
  for (const char* note : {"; checkpoint of the last good state", "; no checkpoint written: the run failed before"})
    if (const auto k = s.find(note); k != std::string::npos) s.erase(k);
  const auto k2 = s.find("; the initial state is not physical, no checkpoint written");
  if (k2 != std::string::npos) s.replace(k2, std::string::npos, "; the initial state is not physical");
  return s;
}
}  // namespace

MemberOutcome run_member(std::size_t member, const sim::Scenario& sc, MemberModels& models, const std::atomic<int>* stop,
                         const std::function<void(const sim::Progress&)>& progress) {
  const auto w0 = std::chrono::steady_clock::now();
  MemberOutcome out;
  const sim::Model m = models.build(sc);
  std::unique_ptr<swe::Solver> solver = swe::make_solver(m.setup);
  solver = with_fault(std::move(solver), ensemble_fault(member), 1,
                      "RIA_ENSEMBLE_FAULT: error injected into member " + std::to_string(member));
  solver->set_state(m.init);
  ensemble::MemberRecorder rec(sc, m, progress);
  sim::RunOptions opt;
  opt.stop = stop;
  try {
    const sim::RunEnd end = sim::run(*solver, sc, m, rec, opt);
    if (end == sim::RunEnd::finished) {
      out.status = MemberOutcome::Status::finished;
      out.fields = rec.take();
    } else {
      out.status = MemberOutcome::Status::interrupted;
      out.message = "stopped by signal " + std::to_string(stop ? stop->load() : 0) + " at t = " +
                    ensemble::shortest_text(solver->time()) + " s";
    }
  } catch (const swe::NumericalError& e) {
    out.status = MemberOutcome::Status::failed;
    out.message = "numerical failure: " + without_checkpoint_note(e.what());
  }
  out.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  return out;
}

}  // namespace ria::app
