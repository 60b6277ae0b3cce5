// ria ensemble [SCENARIO.toml] --members N --vary KEY=LO:HI ...: what-if variants of a scenario.
// Each member is the base scenario with `--set`-style overrides (ensemble/variation.hpp) drawn
// by a Latin hypercube or a grid (ensemble/sampling.hpp) or read from a CSV file; every member
// is checked (scenario and model) before the first runs; members run one after another (under
// mpirun: member m on rank m % size); statistics over the finished members go to the output
// directory (ensemble_outputs.hpp). docs/ensembles.md is the user's page.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "app/ensemble_gather.hpp"
#include "app/ensemble_member.hpp"
#include "app/ensemble_outputs.hpp"
#include "app/ensemble_plan.hpp"
#include "app/options.hpp"
#include "app/run_outputs.hpp"
#include "app/run_support.hpp"
#include "ensemble/variation.hpp"
#include "io/host_memory.hpp"
#include "io/io_error.hpp"
#include "io/output_lock.hpp"
#include "mpi/job.hpp"
#include "ria/exec/device_info.hpp"
#include "ria/exec/threads.hpp"
#include "ria/swe/solver.hpp"

namespace ria::app {
namespace {

// Signals: the first lets the running member finish and stops the ensemble after it; the second
// also stops the running member (the driver's stop flag). Both are lock-free atomics, so the
// handler is async-signal-safe.
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
    std::signal(SIGINT, on_ensemble_signal);
    std::signal(SIGTERM, on_ensemble_signal);
  }
  ~SignalsCaught() {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
  }
};

/// Set when every rank finished its set-up: from here on a failure of one rank alone ends the job.
bool g_ranks_running = false;

void prepare_output_dir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw io::IoError("cannot create output directory '" + dir + "': " + ec.message());
}

/// Everything before the first member runs.
struct Setup {
  Plan plan;
  std::unique_ptr<MemberModels> models;
  std::unique_ptr<sim::Model> base_model;
  std::vector<std::size_t> mine;              // the members this rank runs
  std::vector<sim::Scenario> scenarios;       // of every member (filled for this rank's)
  std::string backend;                        // the solver, in words
  std::unique_ptr<io::OutputLock> lock;       // rank 0
};

std::unique_ptr<Setup> prepare(const EnsembleArgs& a) {
  auto s = std::make_unique<Setup>();
  s->plan = make_plan(a);
  const Plan& p = s->plan;
  // Under mpirun each rank runs one-process solvers: OpenMP ranks of a node divide its cores, CUDA
  // ranks take the node's GPUs by local rank (several ranks may share one).
  if (mpi::world().started) {
    exec::share_cores_with(mpi::world().local_size);
    if (exec::parse_backend(a.backend.backend) == exec::Backend::cuda) exec::select_cuda_device(mpi::world().local_rank);
  }
  s->models = std::make_unique<MemberModels>(a.backend);
  s->base_model = std::make_unique<sim::Model>(s->models->build(p.base));
  const Grid& g = s->base_model->setup.grid;
  // Every member of this rank: its scenario and its model, checked before any runs.
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
    } catch (const std::invalid_argument& e) {
      throw io::InputError(member_label(p.table, m) + ": " + e.what());
    }
  }
  // The solver once, so that an unavailable backend is named before any member runs.
  s->backend = swe::make_solver(s->base_model->setup)->description();
  if (is_root()) {
    // Members draw no quicklooks: output.png_times is not a concern of theirs.
    sim::Scenario quiet_maps = p.base;
    quiet_maps.output.png_times.clear();
    for (const std::string& w : sim::scenario_warnings(quiet_maps))
      std::fprintf(stderr, "ria ensemble: warning: %s\n", w.c_str());
    // Rank 0 keeps every finished member's maximum concentration and arrival time (and, under
    // MPI, their gathered copy while it unpacks them).
    const double keep = double(p.table.size()) * g.cells() * 16.0 * (mpi::world().started ? 2 : 1);
    const double have = io::available_host_memory_bytes();
    if (have > 0 && keep > 0.8 * have)
      throw io::InputError("--members " + std::to_string(p.table.size()) + ": the statistics keep each member's maximum "
                           "concentration and arrival time on the " + std::to_string(g.cells()) + " cells, about " +
                           io::format_gib(keep) + "; " + io::format_gib(have) + " are available");
    prepare_output_dir(a.output);
    s->lock = std::make_unique<io::OutputLock>(a.output);
  }
  return s;
}

// ---- the run ---------------------------------------------------------------------------------

/// The progress over this rank's members: a line at each driver report and at each member's end.
class MemberProgress {
 public:
  MemberProgress(std::size_t mine, bool quiet) : mine_(mine), quiet_(quiet) {}
  void start(std::size_t member, std::size_t index) { member_ = member, index_ = index, started_ = true; }
  /// During the member: the fraction of its simulated time done.
  void during(const sim::Progress& p) {
    announce_signal();
    const auto now = std::chrono::steady_clock::now();
    if (quiet_ || std::chrono::duration<double>(now - last_).count() < kInterval) return;
    last_ = now;
    const double frac = p.t_end > 0 ? p.t / p.t_end : 0;
    std::printf("member %zu (%zu of %zu): t = %s / %s (%.0f%%) | %s\n", member_, index_ + 1, mine_, duration_text(p.t).c_str(),
                duration_text(p.t_end).c_str(), 100 * frac, eta(index_ + frac).c_str());
    std::fflush(stdout);
  }
  void done(const MemberOutcome& o, int finished, int failed) {
    announce_signal();
    if (quiet_) return;
    std::printf("member %zu (%zu of %zu) %s in %s | %d finished, %d failed | %s\n", member_, index_ + 1, mine_, status_name(o.status),
                duration_text(o.wall_s).c_str(), finished, failed, eta(index_ + 1.0).c_str());
    std::fflush(stdout);
  }
  /// Says once, at the first report after it, that a signal came and what happens.
  void announce_signal() {
    if (announced_ || g_signals.load() == 0) return;
    announced_ = true;
    if (!started_)
      std::fprintf(stderr, "ria ensemble: signal %d: stopping before the first member\n", g_first_signal.load());
    else
      std::fprintf(stderr, "ria ensemble: signal %d: stopping after member %zu; the statistics of the members finished "
                           "so far will be written (a second signal stops this member now)\n",
                   g_first_signal.load(), member_);
  }

 private:
  /// "elapsed H:MM:SS, ETA H:MM:SS" from this rank's members done (a fraction for the running one).
  std::string eta(double units_done) const {
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0_).count();
    std::string s = "elapsed " + duration_text(wall) + ", ETA ";
    s += units_done > 0 ? duration_text(wall * (mine_ - units_done) / units_done) : std::string("-");
    if (mpi::world().started) s += " (rank 0's " + std::to_string(mine_) + " members)";
    return s;
  }
  static constexpr double kInterval = 5;  // wall seconds between lines during a member
  std::size_t mine_, member_ = 0, index_ = 0;
  bool quiet_, announced_ = false, started_ = false;
  std::chrono::steady_clock::time_point w0_ = std::chrono::steady_clock::now(), last_ = w0_;
};

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
  if (!quiet)
    std::printf("ria ensemble %s: %zu members (%s%s), %d x %d cells of %g m, t = 0 to %g s sampled every %g s, %s%s -> %s/\n",
                p.base.file.c_str(), n, p.sampling.c_str(),
                p.sampling == "latin_hypercube" ? (", seed " + std::to_string(a.seed)).c_str() : "", g.nx, g.ny, g.dx,
                p.base.time.duration, p.base.time.output_interval, s->backend.c_str(),
                mpi::world().started ? (", " + std::to_string(mpi::world().size) + " ranks").c_str() : "",
                a.output.c_str());

  const auto w0 = std::chrono::steady_clock::now();
  std::vector<MemberOutcome> out(n);
  MemberProgress progress(s->mine.size(), quiet);
  int finished = 0, failed = 0;
  for (std::size_t i = 0; i < s->mine.size(); ++i) {
    const std::size_t m = s->mine[i];
    if (g_signals.load()) break;  // this and the following members stay not_run
    progress.start(m, i);
    out[m] = run_member(m, s->scenarios[m], *s->models, &g_stop_member, [&](const sim::Progress& pr) { progress.during(pr); });
    out[m].rank = mpi::world().rank;
    finished += out[m].status == MemberOutcome::Status::finished;
    failed += out[m].status == MemberOutcome::Status::failed;
    if (out[m].status == MemberOutcome::Status::failed)
      std::fprintf(stderr, "ria ensemble: %s failed: %s\n", member_label(p.table, m).c_str(), out[m].message.c_str());
    progress.done(out[m], finished, failed);
    s->scenarios[m] = sim::Scenario{};  // its series are not needed any more
  }
  progress.announce_signal();
  if (mpi::world().started) gather_outcomes(s->mine, out, g.cells(), s->base_model->gauges.size());
  if (!is_root()) return g_signals.load() ? kInterrupted : kOk;

  int count[4] = {0, 0, 0, 0};
  for (const MemberOutcome& o : out) ++count[static_cast<int>(o.status)];
  const int done = count[static_cast<int>(MemberOutcome::Status::finished)];
  const int fails = count[static_cast<int>(MemberOutcome::Status::failed)];
  const bool interrupted = count[static_cast<int>(MemberOutcome::Status::not_run)] +
                               count[static_cast<int>(MemberOutcome::Status::interrupted)] > 0;
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
  r.interrupted = interrupted;
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  write_ensemble_outputs(r);
  if (interrupted) {
    std::printf("interrupted by signal %d: %d of %zu members finished, %d failed; %s in %s/ (members.csv lists the "
                "members not run)\n",
                g_first_signal.load(), done, n, fails, done > 0 ? "statistics over the finished members" : "no statistics",
                a.output.c_str());
    return kInterrupted;
  }
  if (done == 0) {
    std::fprintf(stderr, "ria ensemble: no member finished (%d failed); their messages are in %s/members.csv\n", fails,
                 a.output.c_str());
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
  cmd->add_option("--output", a->output, "output directory")->capture_default_str();
  cmd->add_option("--set", a->sets, "override a key of the base scenario, as ria run --set (repeatable)");
  cmd->add_option("--members", a->members, "number of members")->check(CLI::Range(1, 1000000));
  cmd->add_option("--vary", a->vary, "KEY=LO:HI: a number or duration key uniformly in [LO, HI] (time.start: offsets, e.g. -6h:6h)");
  cmd->add_option("--vary-point", a->vary_point, "RELEASE_NAME=RADIUS: the release uniformly within RADIUS metres of its position");
  cmd->add_flag("--grid", a->grid, "a grid of k levels per varied dimension (--members = k^dimensions) instead of a Latin hypercube");
  CLI::Option* seed = cmd->add_option("--seed", a->seed, "seed of the Latin hypercube")->capture_default_str();
  cmd->add_option("--members-csv", a->members_csv, "CSV file with one column per key and one row per member");
  cmd->add_option("--thresholds", a->thresholds, "concentrations for the exceedance probabilities, comma separated "
                                                 "(default: output.arrival_threshold)")
      ->delimiter(',');
  cmd->add_option("--sample-interval", a->sample_interval, "the members' map outputs: their gauges when "
                                                           "output.gauge_interval = 0 (sets their time.output_interval; "
                                                           "default: the scenario's); maxima and arrivals are exact");
  cmd->add_flag("--quiet", a->quiet, "no progress lines");
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
