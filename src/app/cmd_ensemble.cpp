// ria ensemble [SCENARIO.toml] --members N --vary KEY=LO:HI ...: what-if variants of a scenario.
// Each member is the base scenario with `--set`-style overrides (ensemble/variation.hpp) drawn
// by a Latin hypercube or a grid (ensemble/sampling.hpp) or read from a CSV file; every member
// is checked (scenario and model) before the first runs; members run one after another, or
// --concurrent K at once on K threads of this process (under mpirun: member m on rank m % size);
// statistics over the finished members go to the output directory (ensemble_outputs.hpp).
// docs/ensembles.md is the user's page.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "app/domain.hpp"
#include "app/ensemble_gather.hpp"
#include "app/ensemble_member.hpp"
#include "app/ensemble_outputs.hpp"
#include "app/ensemble_plan.hpp"
#include "app/option_checks.hpp"
#include "app/options.hpp"
#include "app/partial_files.hpp"
#include "app/run_outputs.hpp"
#include "app/run_support.hpp"
#include "ensemble/variation.hpp"
#include "io/host_memory.hpp"
#include "io/io_error.hpp"
#include "io/netcdf/netcdf_input.hpp"
#include "io/output_lock.hpp"
#include "mpi/job.hpp"
#include "ria/exec/device_info.hpp"
#include "ria/exec/threads.hpp"
#include "ria/swe/solver.hpp"

namespace ria::app {
namespace {

// Signals: the first lets the running members finish and starts no other; the second also stops
// the running members (the driver's stop flag). Both are lock-free atomics, so the handler is
// async-signal-safe (it may run on any thread of the process).
std::atomic<int> g_signals{0};
std::atomic<int> g_first_signal{0};
std::atomic<int> g_stop_member{0};
extern "C" void on_ensemble_signal(int sig) {
  if (g_signals.fetch_add(1) == 0) g_first_signal.store(sig);
  else g_stop_member.store(sig);
}

struct SignalsCaught {
  SignalsCaught() {
    g_signals.store(0), g_first_signal.store(0), g_stop_member.store(0);
    catch_stop_signals(on_ensemble_signal);
  }
  ~SignalsCaught() { release_stop_signals(); }
};

/// Set when every rank finished its set-up: from here on a failure of one rank alone ends the job.
bool g_ranks_running = false;

/// Everything before the first member runs.
struct Setup {
  Plan plan;
  std::unique_ptr<MemberModels> models;
  std::unique_ptr<sim::Model> base_model;
  std::vector<std::size_t> mine;              // the members this rank runs
  std::vector<sim::Scenario> scenarios;       // of every member (filled for this rank's)
  int concurrent = 1;                         // members run at once: --concurrent, at most mine.size()
  int cuda_device = -1;                       // under mpirun with CUDA: each thread's device
  std::string backend;                        // the solver, in words
  std::unique_ptr<io::OutputLock> lock;       // rank 0
};

/// The scenario's, the model's and the initial state's warnings as they concern a member: members
/// draw no quicklooks (output.png_times is not theirs), and their gauges go to
/// gauges_percentiles.csv whatever output.gauges_csv says. `slice`: the date of the scenario's
/// NetCDF initial slice where it was read already (initial_state_warnings).
std::vector<std::string> ensemble_warnings(const sim::Scenario& sc, const sim::Model& model, const io::SliceDate* slice) {
  sim::Scenario quiet_maps = sc;
  quiet_maps.output.png_times.clear();
  quiet_maps.output.gauges_csv = true;
  std::vector<std::string> w = sim::scenario_warnings(quiet_maps);
  for (std::string& x : sim::model_warnings(sc, model)) w.push_back(std::move(x));
  for (std::string& x : initial_state_warnings(sc, slice)) w.push_back(std::move(x));
  return w;
}

std::unique_ptr<Setup> prepare(const EnsembleArgs& a) {
  auto s = std::make_unique<Setup>();
  s->plan = make_plan(a);
  const Plan& p = s->plan;
  // Under mpirun each rank runs one-process solvers; CUDA ranks take the node's GPUs by local rank
  // (several ranks may share one).
  const exec::Backend backend = exec::parse_backend(a.backend.backend);
  if (mpi::world().started && backend == exec::Backend::cuda)
    s->cuda_device = exec::select_cuda_device(mpi::world().local_rank);
  s->models = std::make_unique<MemberModels>(a.backend, !a.no_dry_skip);
  s->base_model = std::make_unique<sim::Model>(s->models->build(p.base));
  const Grid& g = s->base_model->setup.grid;
  // Rank 0 keeps every finished member's maximum concentration and arrival time (and, under MPI,
  // their gathered copy while it unpacks them): checked before the members are built, which for
  // a million members takes a minute.
  if (is_root()) {
    const double keep = double(p.table.size()) * g.cells() * 16.0 * (mpi::world().started ? 2 : 1);
    const io::HostRoom have = io::host_memory_room();
    if (have.bytes > 0 && keep > 0.8 * have.bytes)
      throw io::InputError("--members " + std::to_string(p.table.size()) + ": the statistics keep each member's maximum "
                           "concentration and arrival time on the " + std::to_string(g.cells()) + " cells, about " +
                           io::format_gib(keep) + "; " + have.said());
  }
  // Every member of this rank: its scenario and its model, checked before any runs; a warning of
  // a member's own (its release starting after the end: it spills nothing but counts in the
  // statistics) is said with the member, the first few of them.
  // A member starting from the base's NetCDF slice at another date (a varied time.start) starts
  // from the water of the slice's tide in another tide: said with the member, as in ria run. The
  // slice's date is read once.
  const sim::InitialSpec& base_in = p.base.initial;
  const bool base_netcdf = base_in.kind == sim::InitialSpec::Kind::netcdf;
  const io::SliceDate base_slice =
      base_netcdf ? io::netcdf_slice_date(base_in.path, base_in.variable, base_in.time) : io::SliceDate{};
  const auto member_warnings_of = [&](const sim::Scenario& sc, const sim::Model& mm) {
    const sim::InitialSpec& in = sc.initial;
    const bool same_slice = base_netcdf && in.kind == base_in.kind && in.path == base_in.path &&
                            in.variable == base_in.variable && in.time == base_in.time;
    return ensemble_warnings(sc, mm, same_slice ? &base_slice : nullptr);
  };
  const std::vector<std::string> base_warnings = member_warnings_of(p.base, *s->base_model);
  constexpr int kMemberWarningsShown = 5;
  int member_warnings = 0;
  s->scenarios.resize(p.table.size());
  for (std::size_t m = 0; m < p.table.size(); ++m) {
    if (static_cast<int>(m % mpi::world().size) != mpi::world().rank) continue;
    s->mine.push_back(m);
    try {
      s->scenarios[m] = load_ensemble_scenario(a, joined(p.base_sets, p.table.sets(m)));
      const sim::Model mm = s->models->build(s->scenarios[m]);
      const Grid& h = mm.setup.grid;
      if (h.nx != g.nx || h.ny != g.ny || h.dx != g.dx || h.dy != g.dy || h.x0 != g.x0 || h.y0 != g.y0)
        throw io::InputError("its grid differs from the base scenario's; the members must share one grid");
      for (const std::string& w : member_warnings_of(s->scenarios[m], mm))
        if (std::find(base_warnings.begin(), base_warnings.end(), w) == base_warnings.end() &&
            member_warnings++ < kMemberWarningsShown)
          std::fprintf(stderr, "ria ensemble: warning: %s\n", member_error(p.table, m, w).c_str());
    } catch (const std::invalid_argument& e) {
      throw io::InputError(member_error(p.table, m, e.what()));
    } catch (const io::IoError& e) {  // a file that member names (a Manning raster) cannot be read
      throw io::IoError(member_error(p.table, m, e.what()));
    }
  }
  if (member_warnings > kMemberWarningsShown)
    std::fprintf(stderr, "ria ensemble: warning: and %d more warnings of members' own\n", member_warnings - kMemberWarningsShown);
  // The members run at once: their solvers divide the cores (OpenMP: the free cores of the node
  // over its ranks, and a rank's share over its members at once) and their memory adds up.
  // --concurrent auto: kAutoConcurrentCuda on the GPU, as many of them as fit in memory beside
  // the members of the node's other ranks on the same GPU (select_cuda_device: local rank mod the
  // devices); one at a time on the CPU backends (OpenMP gives one member every core).
  const Precision precision = parse_precision(a.backend.precision);
  const int local_ranks = mpi::world().started ? mpi::world().local_size : 1;
  int want = p.concurrent;
  if (want == 0) {
    want = 1;
    if (backend == exec::Backend::cuda) {
      const int devices = exec::cuda_device_count();
      const int sharing = devices > 0 ? (local_ranks + devices - 1) / devices : 1;  // ranks per GPU, at most
      for (int k = kAutoConcurrentCuda; k > 1 && want == 1; --k)
        if (memory_shortfall(double(g.cells()) * k * sharing, backend, precision, "").empty()) want = k;
    }
  }
  s->concurrent = static_cast<int>(std::max<std::size_t>(1, std::min<std::size_t>(want, s->mine.size())));
  // Before any solver exists (a solver's construction fixes the policy for the process).
  if (!exec::share_cores_with(local_ranks, s->concurrent))
    throw std::logic_error("the OpenMP thread policy was fixed before the ensemble declared its members at once");
  const int node_solvers = local_ranks * s->concurrent;
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  // The cores this process may run on: a launcher may bind a rank to one (Open MPI does for 2
  // ranks or fewer), and then its members' threads take turns on it.
  const int allowed = exec::cores_allowed();
  const std::string bind_hint =
      "; under mpirun, --bind-to none or --map-by slot:PE=" + std::to_string(s->concurrent) + " gives each rank more";
  if (backend == exec::Backend::cuda && s->concurrent > allowed) {
    // A member's thread mostly waits for the GPU; spinning there would hold the core the next
    // member needs to launch its work (measured: 2 ranks bound to a core each, 4 members at once
    // each, took twice as long as unbound). Sleeping while waiting lets them share the core.
    if (exec::cuda_sleep_while_waiting() && is_root())
      std::fprintf(stderr, "ria ensemble: %d members at once on %d core%s (this process's affinity mask): their "
                           "threads sleep while they wait for the GPU%s\n",
                   s->concurrent, allowed, allowed == 1 ? "" : "s", allowed < cores ? bind_hint.c_str() : "");
  } else if (is_root() && backend != exec::Backend::cuda && s->concurrent > allowed && allowed < cores) {
    std::fprintf(stderr, "ria ensemble: warning: --concurrent %s: this process may run on %d core%s only (its "
                         "affinity mask), so its members take turns on %s%s\n",
                 a.concurrent.c_str(), allowed, allowed == 1 ? "" : "s", allowed == 1 ? "it" : "them", bind_hint.c_str());
  } else if (is_root() && backend != exec::Backend::cuda && s->concurrent > 1 && cores > 0 && node_solvers > cores) {
    std::fprintf(stderr, "ria ensemble: warning: --concurrent %s: %d solvers at once on the %d cores of this node; "
                         "threads beyond the cores slow each member down without adding speed\n",
                 a.concurrent.c_str(), node_solvers, cores);
  }
  if (s->concurrent > 1)
    check_memory(double(g.cells()) * s->concurrent, backend, precision,
                 "--concurrent " + a.concurrent + ": " + std::to_string(s->concurrent) + " members of " +
                     std::to_string(g.cells()) + " cells at once",
                 "use a smaller --concurrent");
  // The solver once, so that an unavailable backend is named before any member runs.
  s->backend = swe::make_solver(s->base_model->setup)->description();
  if (is_root()) {
    for (const std::string& w : base_warnings) std::fprintf(stderr, "ria ensemble: warning: %s\n", w.c_str());
    if (!p.base.output.netcdf)
      std::fprintf(stderr, "ria ensemble: warning: output.netcdf = false: no ensemble.nc is written, so the per-cell "
                           "exceedance probabilities, mean and percentiles of the maximum concentration and arrival "
                           "times are kept only as drawn in the PNG maps\n");
    prepare_output_dir(a.output);
    s->lock = std::make_unique<io::OutputLock>(a.output);
    require_no_other_results(a.output, kEnsembleCommand);
    if (const std::vector<std::string> left = PartialFiles::partials_in(a.output); !left.empty())
      std::fprintf(stderr, "ria ensemble: warning: %s/ holds %zu partial file%s (%s%s) left by a run killed while it wrote "
                           "or renamed its files%s; this ensemble replaces those it writes when it finishes\n",
                   a.output.c_str(), left.size(), left.size() == 1 ? "" : "s", left.front().c_str(),
                   left.size() > 1 ? (" .. " + left.back()).c_str() : "",
                   std::filesystem::exists(a.output + "/summary.json") ? ""
                                                                         : ": without its summary.json, the files beside them "
                                                                           "may be two ensembles'");
  }
  return s;
}

// ---- the run ---------------------------------------------------------------------------------

/// The progress over this rank's members, reported by the threads running them (slot w: the
/// member thread w runs): a line at each driver report (every 5 s of each member) and at each
/// member's end. One mutex guards the counts and the output, and each line is one printf.
class MemberProgress {
 public:
  MemberProgress(std::size_t mine, int slots, bool quiet) : mine_(mine), quiet_(quiet), slots_(slots) {
    for (Slot& s : slots_) s.last = w0_;
  }
  void start(int slot, std::size_t member, std::size_t index) {
    const std::lock_guard<std::mutex> lock(mu_);
    slots_[slot].member = member, slots_[slot].index = index, slots_[slot].frac = 0, slots_[slot].running = true;
    if (!started_ || index > last_index_) last_index_ = index, last_member_ = member;
    started_ = true;
  }
  /// During a member: the fraction of its simulated time done.
  void during(int slot, const sim::Progress& p) {
    const std::lock_guard<std::mutex> lock(mu_);
    announce_signal_locked();
    Slot& s = slots_[slot];
    s.frac = p.t_end > 0 ? p.t / p.t_end : 0;
    const auto now = std::chrono::steady_clock::now();
    if (quiet_ || std::chrono::duration<double>(now - s.last).count() < kInterval) return;
    s.last = now;
    std::printf("member %zu (%zu of %zu): t = %s / %s (%.0f%%) | %s\n", s.member, s.index + 1, mine_,
                duration_text(p.t).c_str(), duration_text(p.t_end).c_str(), 100 * s.frac, eta().c_str());
    std::fflush(stdout);
  }
  /// At a member's end; `label` names it in the message of a failure.
  void done(int slot, const MemberOutcome& o, const std::string& label) {
    const std::lock_guard<std::mutex> lock(mu_);
    Slot& s = slots_[slot];
    s.running = false;
    ++done_;
    finished_ += o.status == MemberOutcome::Status::finished;
    failed_ += o.status == MemberOutcome::Status::failed;
    if (o.status == MemberOutcome::Status::failed)
      std::fprintf(stderr, "ria ensemble: %s failed: %s\n", label.c_str(), o.message.c_str());
    announce_signal_locked();
    if (quiet_) return;
    std::printf("member %zu (%zu of %zu) %s in %s | %d finished, %d failed | %s\n", s.member, s.index + 1, mine_,
                status_name(o.status), duration_text(o.wall_s).c_str(), finished_, failed_, eta().c_str());
    std::fflush(stdout);
  }
  /// Says once, at the first report after it, that a signal came and what happens.
  void announce_signal() {
    const std::lock_guard<std::mutex> lock(mu_);
    announce_signal_locked();
  }

 private:
  struct Slot {
    std::size_t member = 0, index = 0;
    double frac = 0;  // of the running member's simulated time
    bool running = false;
    std::chrono::steady_clock::time_point last;  // of its last line
  };
  void announce_signal_locked() {
    if (announced_ || g_signals.load() == 0) return;
    announced_ = true;
    if (!started_) {
      std::fprintf(stderr, "ria ensemble: signal %d: stopping before the first member\n", g_first_signal.load());
      return;
    }
    // "member 3", or "members 3, 5 and 8" (those running now; the last one started when none runs).
    std::vector<std::size_t> running;
    for (const Slot& s : slots_)
      if (s.running) running.push_back(s.member);
    if (running.empty()) running.push_back(last_member_);
    std::string which = running.size() == 1 ? "member " : "members ";
    for (std::size_t k = 0; k < running.size(); ++k)
      which += (k == 0 ? "" : k + 1 == running.size() ? " and " : ", ") + std::to_string(running[k]);
    std::fprintf(stderr, "ria ensemble: signal %d: stopping after %s; the statistics of the members finished so far will "
                         "be written (a second signal stops %s now)\n",
                 g_first_signal.load(), which.c_str(), running.size() == 1 ? "this member" : "these members");
  }
  /// "elapsed H:MM:SS, ETA H:MM:SS" from this rank's members done and the running ones' fractions
  /// (no ETA once a stop signal came).
  std::string eta() const {
    double units_done = static_cast<double>(done_);
    for (const Slot& s : slots_)
      if (s.running) units_done += s.frac;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0_).count();
    std::string s = "elapsed " + duration_text(wall);
    // After a stop signal no further member starts: no time is left to estimate.
    if (g_first_signal.load() == 0)
      s += ", ETA " + (units_done > 0 ? duration_text(wall * (mine_ - units_done) / units_done) : std::string("-"));
    if (mpi::world().started) s += " (rank 0's " + std::to_string(mine_) + " members)";
    return s;
  }
  static constexpr double kInterval = 5;  // wall seconds between a member's lines
  std::mutex mu_;
  std::size_t mine_, done_ = 0, last_index_ = 0, last_member_ = 0;  // last_: the last member started
  int finished_ = 0, failed_ = 0;
  bool quiet_, announced_ = false, started_ = false;
  std::vector<Slot> slots_;
  std::chrono::steady_clock::time_point w0_ = std::chrono::steady_clock::now();
};

/// Runs this rank's members (s.mine) on s.concurrent threads, the main thread alone when 1: each
/// thread takes the next member of the queue (an atomic index), builds its model and solver and
/// writes out[m] of that member only. The members are independent, so `out` is the same whatever
/// order they end in. A first signal stops the threads from taking members; a numerical failure is
/// the member's outcome; any other exception stops the threads from taking members, waits for the
/// running ones and is rethrown here.
void run_members(Setup& s, MemberProgress& progress, std::vector<MemberOutcome>& out) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> abandon{false};
  std::mutex error_mu;
  std::exception_ptr error;
  auto work = [&](int slot) {
    try {
      if (s.cuda_device >= 0) exec::select_cuda_device(s.cuda_device);  // CUDA's current device is per thread
      while (!g_signals.load() && !abandon.load()) {
        const std::size_t i = next.fetch_add(1);
        if (i >= s.mine.size()) break;
        const std::size_t m = s.mine[i];
        progress.start(slot, m, i);
        try {
          out[m] = run_member(m, s.scenarios[m], *s.models, &g_stop_member,
                              [&](const sim::Progress& pr) { progress.during(slot, pr); });
        } catch (...) {  // members.csv names the member the error came from, as the console says it
          out[m].status = MemberOutcome::Status::failed;
          exit_code_of(std::current_exception(), out[m].message);
          throw;
        }
        out[m].rank = mpi::world().rank;
        progress.done(slot, out[m], member_label(s.plan.table, m));
        s.scenarios[m] = sim::Scenario{};  // its series are not needed any more
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(error_mu);
      if (!error) error = std::current_exception();
      abandon.store(true);
    }
  };
  if (s.concurrent == 1) {
    work(0);
  } else {
    std::vector<std::thread> threads;
    try {
      for (int w = 0; w < s.concurrent; ++w) threads.emplace_back(work, w);
    } catch (...) {  // a thread that could not be started: the others end after their member
      const std::lock_guard<std::mutex> lock(error_mu);
      if (!error) error = std::current_exception();
      abandon.store(true);
    }
    for (std::thread& t : threads) t.join();
  }
  if (error) std::rethrow_exception(error);
}

int run_ensemble(const EnsembleArgs& a) {
  const SignalsCaught signals;
  std::unique_ptr<Setup> s;
  try {
    s = prepare(a);
  } catch (...) {
    agree_on_setup(std::current_exception());
  }
  agree_on_setup(nullptr);
  g_ranks_running = mpi::world().started;
  const Plan& p = s->plan;
  const std::size_t n = p.table.size();
  const bool quiet = a.quiet || !is_root();
  const Grid& g = s->base_model->setup.grid;
  if (!quiet) {
    std::string where = mpi::world().started ? ", " + std::to_string(mpi::world().size) + " ranks" : "";
    if (s->concurrent > 1)
      where += ", " + std::to_string(s->concurrent) + " members at once" + (mpi::world().started ? " per rank" : "");
    std::printf("ria ensemble %s: %zu members (%s%s), %d x %d cells of %g m, t = 0 to %g s sampled every %g s, %s%s -> %s/\n",
                p.base.file.c_str(), n, p.sampling.c_str(),
                p.sampling == "latin_hypercube" ? (", seed " + std::to_string(a.seed)).c_str() : "", g.nx, g.ny, g.dx,
                p.base.time.duration, p.base.time.output_interval, s->backend.c_str(), where.c_str(), a.output.c_str());
  }

  const auto w0 = std::chrono::steady_clock::now();
  std::vector<MemberOutcome> out(n);
  MemberProgress progress(s->mine.size(), s->concurrent, quiet);
  // An error that is not numerical (a device's, an I/O error) ends the ensemble; in one process the
  // members finished before it are written first (under mpirun it ends every rank at once).
  std::exception_ptr stopped;
  try {
    run_members(*s, progress, out);
  } catch (...) {
    if (mpi::world().started) throw;
    stopped = std::current_exception();
  }
  progress.announce_signal();
  if (mpi::world().started) gather_outcomes(s->mine, out, g.cells(), s->base_model->gauges.size());
  if (!is_root()) return g_signals.load() ? kInterrupted : kOk;

  int count[4] = {0, 0, 0, 0};
  for (const MemberOutcome& o : out) ++count[static_cast<int>(o.status)];
  const int done = count[static_cast<int>(MemberOutcome::Status::finished)];
  const int fails = count[static_cast<int>(MemberOutcome::Status::failed)];
  const bool interrupted = !stopped && count[static_cast<int>(MemberOutcome::Status::not_run)] +
                                              count[static_cast<int>(MemberOutcome::Status::interrupted)] > 0;
  if (stopped && done == 0) std::rethrow_exception(stopped);  // nothing to keep
  if (count[static_cast<int>(MemberOutcome::Status::not_run)] == static_cast<int>(n)) {
    std::printf("interrupted by signal %d before the first member: nothing written\n", g_first_signal.load());
    return kInterrupted;
  }
  EnsembleRecord r;
  r.dir = a.output;
  r.base = &p.base;
  r.model = s->base_model.get();
  r.table = &p.table;
  r.members = &out;
  r.sampling = p.sampling;
  r.seed = a.seed;
  r.ranges = p.ranges;
  r.points = p.points;
  r.members_csv = a.members_csv;
  r.thresholds = p.thresholds;
  r.backend = s->backend;
  r.ranks = mpi::world().size;
  r.concurrent = s->concurrent;
  r.interrupted = interrupted;
  if (stopped) exit_code_of(stopped, r.error);  // the message, as the user is told it
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  const std::vector<std::string> written = write_ensemble_outputs(r);
  if (stopped) {
    std::fprintf(stderr, "ria ensemble: stopped by an error after %d of %zu members finished; statistics over them in "
                         "%s/ (members.csv lists the members not run)\n", done, n, a.output.c_str());
    std::rethrow_exception(stopped);
  }
  if (interrupted) {
    std::printf("interrupted by signal %d: %d of %zu members finished, %d failed; %s in %s/ (members.csv lists the "
                "members not run)\n",
                g_first_signal.load(), done, n, fails, done > 0 ? "statistics over the finished members" : "no statistics",
                a.output.c_str());
    return kInterrupted;
  }
  if (done == 0) {
    std::fprintf(stderr, "ria ensemble: no member finished (%d failed); their messages are in %s%s\n", fails,
                 written.front().c_str(),
                 written.size() == 1 ? " (the statistics, members.csv and summary.json of the earlier ensemble in the "
                                       "directory are kept as they were)"
                                     : "");
    return kNumericalError;
  }
  if (fails > 0)
    std::fprintf(stderr, "ria ensemble: warning: %d of %zu members failed; the statistics are over the %d that finished "
                         "(%s/members.csv)\n", fails, n, done, a.output.c_str());
  if (!a.quiet)
    std::printf("done: %d members in %.1f s wall (%.0f members per hour); results in %s/\n", done, r.wall_s,
                r.wall_s > 0 ? 3600.0 * done / r.wall_s : 0.0, a.output.c_str());
  return kOk;
}

}  // namespace

void register_ensemble(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<EnsembleArgs>();
  a->backend.backend = exec::built_with_openmp() ? "openmp" : "serial";
  CLI::App* cmd = app.add_subcommand("ensemble", "run variants of a scenario and write statistics over them (docs/ensembles.md)");
  cmd->add_option("scenario", a->scenario, "scenario TOML file (without one: the embedded synthetic estuary)");
  add_backend_options(*cmd, a->backend);
  cmd->add_option("--output", a->output, "output directory")->check(non_empty_path())->capture_default_str();
  cmd->add_option("--set", a->sets, "override a key of the base scenario, as ria run --set (repeatable)");
  cmd->add_option("--members", a->members, "number of members")->check(CLI::Range(1, 1000000));
  cmd->add_option("--vary", a->vary, "KEY=LO:HI: a number or duration key uniformly in [LO, HI] (time.start: offsets, e.g. -6h:6h)");
  cmd->add_option("--vary-point", a->vary_point, "RELEASE_NAME=RADIUS: the release uniformly within RADIUS metres of its position");
  cmd->add_flag("--grid", a->grid, "a grid of k levels per varied dimension (--members = k^dimensions) instead of a Latin hypercube");
  CLI::Option* seed = cmd->add_option("--seed", a->seed, "seed of the Latin hypercube")
                          ->check(whole_number_below_2_64())
                          ->capture_default_str();
  cmd->add_option("--members-csv", a->members_csv, "CSV file with one column per key and one row per member");
  cmd->add_option("--thresholds", a->thresholds, "concentrations for the exceedance probabilities, comma separated "
                                                 "(default: output.arrival_threshold)")
      ->type_name("C[,C...]");
  cmd->add_option("--sample-interval", a->sample_interval, "the members' map outputs: their gauges when "
                                                           "output.gauge_interval = 0 (sets their time.output_interval; "
                                                           "default: the scenario's); maxima and arrivals are exact");
  cmd->add_option("--concurrent", a->concurrent, "K: run up to K members at once, each on its own thread and solver "
                                                 "(GPU: their launches overlap; OpenMP: they divide the cores); auto: " +
                                                     std::to_string(kAutoConcurrentCuda) +
                                                     " on the GPU as memory allows, 1 on the CPU")
      ->type_name("K|auto")
      ->capture_default_str();
  cmd->add_flag("--quiet", a->quiet, "no progress lines");
  cmd->add_flag("--no-dry-skip", a->no_dry_skip,
                "the members compute dry land too: no dry-edge check or quiet row segments on the CPU, no active "
                "tiles on the GPU (same results; for measurement)");
  cmd->callback([a, seed, &exit_code] {
    a->seed_set = seed->count() > 0;
    const std::string name = mpi::world().started ? "ria ensemble (rank " + std::to_string(mpi::world().rank) + " of " +
                                                        std::to_string(mpi::world().size) + ")"
                                                  : "ria ensemble";
    exit_code = guarded(name, [&] { return run_ensemble(*a); });
    // After the set-up, a failure of one rank alone (an I/O error, a device error) would leave the
    // others waiting in the final gather: it ends every rank of the job.
    if (g_ranks_running && exit_code != kOk && exit_code != kNumericalError && exit_code != kInterrupted) {
      std::fflush(nullptr);
      mpi::abort_job(exit_code);
    }
    if (exit_code == kIoError) {  // as ria run: no HDF5 exit handlers after a failed write
      std::fflush(nullptr);
      std::_Exit(exit_code);
    }
  });
}

}  // namespace ria::app
