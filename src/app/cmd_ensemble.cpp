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

#include "app/default_scenario.hpp"
#include "app/ensemble_member.hpp"
#include "app/ensemble_outputs.hpp"
#include "app/options.hpp"
#include "app/run_outputs.hpp"
#include "ensemble/sampling.hpp"
#include "ensemble/variation.hpp"
#include "io/host_memory.hpp"
#include "io/io_error.hpp"
#include "io/output_lock.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "io/table_csv.hpp"
#include "mpi/job.hpp"
#include "ria/exec/device_info.hpp"
#include "ria/exec/threads.hpp"
#include "ria/swe/solver.hpp"

namespace ria::app {
namespace {

using ensemble::shortest_text;

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
  std::vector<double> thresholds;
  std::string sample_interval;
  bool quiet = false;
};

bool is_root() { return mpi::world().rank == 0; }
/// Set when every rank finished its set-up: from here on a failure of one rank alone ends the job.
bool g_ranks_running = false;

/// The scenario with overrides: the file, or the embedded default.
sim::Scenario load(const EnsembleArgs& a, const std::vector<std::string>& sets) {
  return a.scenario.empty() ? io::parse_scenario(kDefaultScenario, "<embedded default scenario>", ".", sets)
                            : io::load_scenario(a.scenario, sets);
}

std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// The members and what they share.
struct Plan {
  std::vector<std::string> base_sets;  // --set, then time.output_interval from --sample-interval
  sim::Scenario base;
  std::vector<ensemble::VaryRange> ranges;
  std::vector<ensemble::VaryPoint> points;
  ensemble::MemberTable table;
  std::string sampling;
  std::vector<double> thresholds;
};

/// Each --vary range read with its end values, so that a range the reader refuses is named
/// before any member is made.
void check_range_ends(const EnsembleArgs& a, const Plan& p, const ensemble::VaryRange& r) {
  const ensemble::MemberTable ends = ensemble::members_from_points({r}, {}, p.base, {{0.0}, {1.0}});
  for (std::size_t e = 0; e < 2; ++e) {
    try {
      load(a, joined(p.base_sets, ends.sets(e)));
    } catch (const io::InputError& x) {
      throw io::InputError("--vary " + r.spec + ": " + (e == 0 ? "LO" : "HI") + " (" + r.key + " = " + ends.values[e][0] +
                           ") is refused: " + x.what());
    }
  }
}

Plan make_plan(const EnsembleArgs& a) {
  Plan p;
  p.base_sets = a.sets;
  if (!a.sample_interval.empty()) {
    const double d = io::parse_duration(a.sample_interval, "--sample-interval");
    const sim::Scenario probe = load(a, a.sets);
    if (!(d > 0) || d > probe.time.duration)
      throw io::InputError("--sample-interval " + a.sample_interval + ": expected a duration > 0 and <= time.duration (" +
                           shortest_text(probe.time.duration) + " s)");
    p.base_sets.push_back("time.output_interval=" + shortest_text(d));
  }
  p.base = load(a, p.base_sets);
  if (p.base.initial.kind == sim::InitialSpec::Kind::checkpoint)
    throw io::InputError(p.base.file + ": initial.kind = \"checkpoint\" is not supported by ria ensemble (members start "
                         "from the scenario's own initial state; initial.kind = \"netcdf\" starts from an earlier run's "
                         "free surface)");
  p.thresholds = a.thresholds.empty() ? std::vector<double>{p.base.output.arrival_threshold} : a.thresholds;
  for (double t : p.thresholds)
    if (!(t > 0) || !std::isfinite(t))
      throw io::InputError("--thresholds: expected concentrations > 0, got " + shortest_text(t));
  std::sort(p.thresholds.begin(), p.thresholds.end());
  p.thresholds.erase(std::unique(p.thresholds.begin(), p.thresholds.end()), p.thresholds.end());

  if (!a.members_csv.empty()) {
    if (!a.vary.empty() || !a.vary_point.empty() || a.grid || a.seed_set)
      throw io::InputError("--members-csv " + a.members_csv + " gives the members: --vary, --vary-point, --grid and --seed do not apply");
    p.table = ensemble::members_from_table(io::read_csv_table(a.members_csv));
    if (a.members > 0 && static_cast<std::size_t>(a.members) != p.table.size())
      throw io::InputError("--members " + std::to_string(a.members) + ": " + a.members_csv + " has " +
                           std::to_string(p.table.size()) + " members (leave --members out)");
    p.sampling = "csv";
    return p;
  }
  for (const std::string& v : a.vary) p.ranges.push_back(ensemble::parse_vary(v));
  for (const std::string& v : a.vary_point) p.points.push_back(ensemble::parse_vary_point(v));
  if (p.ranges.empty() && p.points.empty())
    throw io::InputError("nothing varies: give --vary KEY=LO:HI, --vary-point RELEASE=RADIUS or --members-csv FILE");
  if (a.members < 1) throw io::InputError("--members N (>= 1) is required with --vary and --vary-point");
  const int dims = ensemble::dimensions(p.ranges, p.points);
  std::vector<std::vector<double>> u;
  if (a.grid) {
    try {
      u = ensemble::grid_points(a.members, dims);
    } catch (const std::invalid_argument& e) {
      throw io::InputError(e.what());
    }
    p.sampling = "grid";
  } else {
    u = ensemble::latin_hypercube(a.members, dims, a.seed);
    p.sampling = "latin_hypercube";
  }
  p.table = ensemble::members_from_points(p.ranges, p.points, p.base, u);
  for (const ensemble::VaryRange& r : p.ranges) check_range_ends(a, p, r);
  return p;
}

/// "member 3 (physics.manning=0.031, release.0.x=9650.5)".
std::string member_label(const ensemble::MemberTable& t, std::size_t m) {
  std::string s;
  for (const std::string& kv : t.sets(m)) s += (s.empty() ? "" : ", ") + kv;
  return "member " + std::to_string(m) + " (" + s + ")";
}

/// An MPI job's ranks agree on the set-up (one collective): when any failed, every rank ends with
/// the exit code of the lowest failing rank, and only that rank prints its message. Without MPI,
/// a failure is simply rethrown. (As `ria run`'s set-up, src/app/cmd_run.cpp.)
void agree_on_setup(std::exception_ptr failure) {
  if (!mpi::world().started) {
    if (failure) std::rethrow_exception(failure);
    return;
  }
  std::string message;
  int code = failure ? exit_code_of(failure, message) : kOk;
  long first[1] = {failure ? mpi::world().size - mpi::world().rank : 0};
  mpi::max_all(first, 1);
  if (first[0] == 0) return;
  const int rank = mpi::world().size - static_cast<int>(first[0]);
  mpi::broadcast(&code, sizeof code, rank);
  if (mpi::world().rank == rank) std::rethrow_exception(failure);
  throw QuietExit{code};
}

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
      s->scenarios[m] = load(a, joined(p.base_sets, p.table.sets(m)));
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

// ---- the members of an MPI job, gathered on rank 0 ---------------------------------------------

/// One line per member of this rank: member, status, wall time, message (tabs and line breaks
/// of the message as spaces).
std::string outcome_lines(const std::vector<std::size_t>& mine, const std::vector<MemberOutcome>& out) {
  std::string s;
  for (std::size_t m : mine) {
    std::string msg = out[m].message;
    for (char& c : msg)
      if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    s += std::to_string(m) + "\t" + std::to_string(static_cast<int>(out[m].status)) + "\t" + shortest_text(out[m].wall_s) +
         "\t" + msg + "\n";
  }
  return s;
}

/// The finished members' fields of this rank as doubles: max_conc, arrival, sample count S, then
/// S x (t, depth per gauge, conc per gauge).
std::vector<double> pack_fields(const std::vector<std::size_t>& mine, const std::vector<MemberOutcome>& out) {
  std::vector<double> v;
  for (std::size_t m : mine) {
    if (out[m].status != MemberOutcome::Status::finished) continue;
    const ensemble::MemberFields& f = out[m].fields;
    v.insert(v.end(), f.max_conc.begin(), f.max_conc.end());
    v.insert(v.end(), f.arrival.begin(), f.arrival.end());
    v.push_back(static_cast<double>(f.gauges.size()));
    for (const ensemble::GaugeSample& g : f.gauges) {
      v.push_back(g.t);
      v.insert(v.end(), g.depth.begin(), g.depth.end());
      v.insert(v.end(), g.conc.begin(), g.conc.end());
    }
  }
  return v;
}

/// Rank 0 receives every other rank's outcomes (collective: every rank calls it).
void gather_outcomes(const std::vector<std::size_t>& mine, std::vector<MemberOutcome>& out, std::size_t cells,
                     std::size_t gauges) {
  const int size = mpi::world().size, rank = mpi::world().rank;
  const std::string lines = outcome_lines(mine, out);
  const std::vector<double> fields = pack_fields(mine, out);
  std::size_t mine_sizes[2] = {lines.size(), fields.size()};
  std::vector<std::size_t> sizes(2 * static_cast<std::size_t>(size));
  mpi::all_gather(mine_sizes, sizeof mine_sizes, sizes.data());
  std::vector<std::string> text(static_cast<std::size_t>(size));
  for (int r = 1; r < size; ++r) {
    std::string buf = rank == r ? lines : std::string(sizes[2 * r], '\0');
    mpi::broadcast(buf.data(), buf.size(), r);
    if (rank == 0) text[r] = std::move(buf);
  }
  std::vector<std::size_t> counts(static_cast<std::size_t>(size));
  std::size_t total = 0;
  for (int r = 0; r < size; ++r) total += counts[r] = sizes[2 * r + 1];
  std::vector<double> all(rank == 0 ? total : 0);
  mpi::gather_to_root(fields.data(), fields.size(), all.data(), counts);
  if (rank != 0) return;
  std::size_t at = counts[0];  // rank 0's own fields are in place already
  for (int r = 1; r < size; ++r) {
    std::size_t line0 = 0;
    while (line0 < text[r].size()) {
      const std::size_t end = text[r].find('\n', line0);
      const std::string line = text[r].substr(line0, end - line0);
      line0 = end + 1;
      const std::size_t t1 = line.find('\t'), t2 = line.find('\t', t1 + 1), t3 = line.find('\t', t2 + 1);
      MemberOutcome& o = out.at(std::stoul(line.substr(0, t1)));
      o.status = static_cast<MemberOutcome::Status>(std::stoi(line.substr(t1 + 1, t2 - t1 - 1)));
      o.wall_s = std::strtod(line.substr(t2 + 1, t3 - t2 - 1).c_str(), nullptr);
      o.message = line.substr(t3 + 1);
      o.rank = r;
      if (o.status != MemberOutcome::Status::finished) continue;
      ensemble::MemberFields& f = o.fields;
      f.max_conc.assign(all.begin() + at, all.begin() + at + cells);
      f.arrival.assign(all.begin() + at + cells, all.begin() + at + 2 * cells);
      at += 2 * cells;
      const auto samples = static_cast<std::size_t>(all[at++]);
      for (std::size_t k = 0; k < samples; ++k) {
        ensemble::GaugeSample g;
        g.t = all[at++];
        g.depth.assign(all.begin() + at, all.begin() + at + gauges);
        g.conc.assign(all.begin() + at + gauges, all.begin() + at + 2 * gauges);
        at += 2 * gauges;
        f.gauges.push_back(std::move(g));
      }
    }
  }
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
  cmd->add_option("--sample-interval", a->sample_interval, "the members' maxima and arrivals are sampled this often "
                                                           "(sets their time.output_interval; default: the scenario's)");
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
