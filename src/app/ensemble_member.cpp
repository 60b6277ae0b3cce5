// One ensemble member (ensemble_member.hpp).
#include "app/ensemble_member.hpp"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "app/domain.hpp"
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
  const auto k = s.find("; checkpoint of the last good state");
  if (k != std::string::npos) s.erase(k);
  const auto k2 = s.find("; the initial state is not physical, no checkpoint written");
  if (k2 != std::string::npos) s.replace(k2, std::string::npos, "; the initial state is not physical");
  return s;
}
/// What RIA_ENSEMBLE_FAULT injects into `member`: "M" a NaN depth, "M:error" an error that is not
/// numerical (as a device or I/O failure would be).
enum class Fault { none, nan, error };
Fault fault_injected(std::size_t member) {
  const char* f = std::getenv("RIA_ENSEMBLE_FAULT");
  if (!f) return Fault::none;
  std::istringstream in(f);
  for (std::string item; std::getline(in, item, ',');) {
    char* end = nullptr;
    const unsigned long m = std::strtoul(item.c_str(), &end, 10);
    if (item.empty() || end == item.c_str() || m != member) continue;
    return std::string(end) == ":error" ? Fault::error : Fault::nan;
  }
  return Fault::none;
}

/// A solver whose state gets a NaN depth in its first wet cell after the first advance, or that
/// throws std::runtime_error there (the faults of RIA_ENSEMBLE_FAULT); everything else is the
/// wrapped solver's.
class PoisonedSolver final : public swe::Solver {
 public:
  PoisonedSolver(std::unique_ptr<swe::Solver> s, Fault fault, std::size_t member)
      : in_(std::move(s)), fault_(fault), member_(member) {}
  void set_state(const swe::HostState& s) override { in_->set_state(s); }
  void get_state(swe::HostState& s) const override { in_->get_state(s); }
  double time() const override { return in_->time(); }
  long steps() const override { return in_->steps(); }
  void set_clock(double t, long n) override { in_->set_clock(t, n); }
  long advance(double t_stop, long max_steps, double t_hold) override {
    const long n = in_->advance(t_stop, max_steps, t_hold);
    if (fault_ == Fault::error)
      throw std::runtime_error("RIA_ENSEMBLE_FAULT: error injected into member " + std::to_string(member_));
    if (!done_) {
      swe::HostState s;
      in_->get_state(s);
      for (double& h : s.h)
        if (h > 0) {
          h = std::nan("");
          break;
        }
      in_->set_state(s);
      done_ = true;
    }
    return n;
  }
  swe::Totals totals() const override { return in_->totals(); }
  void set_boundaries(const swe::Boundaries& bc) override { in_->set_boundaries(bc); }
  swe::Balance balance() const override { return in_->balance(); }
  void set_balance(const swe::Balance& b) override { in_->set_balance(b); }
  void record_extremes() override { in_->record_extremes(); }
  void get_extremes(swe::HostExtremes& e) const override { in_->get_extremes(e); }
  void set_extremes(const swe::HostExtremes& e) override { in_->set_extremes(e); }
  std::vector<swe::Conserved<double>> probe(const std::vector<std::size_t>& c) const override { return in_->probe(c); }
  std::string description() const override { return in_->description(); }
  double bytes_per_cell_update() const override { return in_->bytes_per_cell_update(); }

 private:
  std::unique_ptr<swe::Solver> in_;
  Fault fault_;
  std::size_t member_;
  bool done_ = false;
};

}  // namespace

MemberOutcome run_member(std::size_t member, const sim::Scenario& sc, MemberModels& models, const std::atomic<int>* stop,
                         const std::function<void(const sim::Progress&)>& progress) {
  const auto w0 = std::chrono::steady_clock::now();
  MemberOutcome out;
  const sim::Model m = models.build(sc);
  std::unique_ptr<swe::Solver> solver = swe::make_solver(m.setup);
  const Fault fault = fault_injected(member);
  if (fault != Fault::none) solver = std::make_unique<PoisonedSolver>(std::move(solver), fault, member);
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
