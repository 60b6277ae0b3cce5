// ria run [SCENARIO.toml]: a scenario from its file (or the embedded default synthetic estuary)
// to NetCDF maps, gauges, quicklooks, checkpoints and a summary; resumable with --restart.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <thread>

#include "app/default_scenario.hpp"
#include "app/domain.hpp"
#include "app/option_checks.hpp"
#include "app/injected_fault.hpp"
#include "app/options.hpp"
#include "app/partial_files.hpp"
#include "app/restart_check.hpp"
#include "app/run_outputs.hpp"
#include "app/run_support.hpp"
#include "io/io_error.hpp"
#include "io/json.hpp"
#include "io/output_lock.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "mpi/distributed_solver.hpp"
#include "mpi/job.hpp"
#include "ria/exec/threads.hpp"
#include "ria/number_text.hpp"
#include "ria/sim/driver.hpp"
#include "ria/sim/schedule.hpp"

namespace ria::app {
namespace {

struct RunArgs {
  std::string scenario;  // empty: the embedded default
  BackendChoice backend;
  std::string output;
  std::vector<std::string> sets;
  std::string restart;
  bool quiet = false;
  int ghost_rows = 0;          // MPI: ghost rows G per side (exchange every G steps); 0: the default
  bool ghost_rows_set = false;
  std::string split = "even";  // MPI: even or wet
  bool no_overlap = false;     // MPI: update all rows before the halo exchange
  bool stage_halo = false;     // MPI: halo rows through host buffers even where MPI reaches the solver's memory
  bool no_dry_skip = false;    // compute dry land too (SolverSetup::dry_skip off; for measurement)
};

bool interrupted_during(const char* what) { return app::interrupted_during("ria run", what); }

std::string checkpoint_text(const sim::CheckpointEvery& c) {
  char buf[96];
  switch (c.mode) {
    case sim::CheckpointEvery::Mode::none: return "checkpoint at the end";
    case sim::CheckpointEvery::Mode::after_crossing:
      std::snprintf(buf, sizeof buf, "checkpoint about every %g s", c.interval);
      return buf;
    default:
      std::snprintf(buf, sizeof buf, "checkpoint every %g s", c.interval);
      return buf;
  }
}

void write_summary(const std::string& path, const sim::Scenario& sc, const swe::Solver& solver, const RunOutputs& out,
                   const std::vector<std::string>& files, double wall, double t_start, bool interrupted,
                   std::optional<double> exact_error, const mpi::DistributedSolver* distributed,
                   const std::string& failure = "") {
  io::JsonWriter w;
  const swe::Balance& b = out.last_balance();
  const swe::Totals& t = out.last_totals();
  w.begin_object().value(kSummaryCommandKey, kRunCommand).value("scenario", sc.name).value("file", sc.file).value("backend", solver.description());
  // How it was run (the --set overrides with the file) and the calendar date of t = 0 (time.start
  // in UTC): the times below and gauges.csv's t_s count from it.
  w.value("command_line", command_line(kRunCommand, sc.file == kDefaultScenarioName ? "" : sc.file, sc.overrides));
  w.value("time_start", io::format_utc_time(io::parse_utc_time(sc.time.start, "time.start")));
  w.value("interrupted", interrupted);
  // A numerical failure at failed_at_s: the files (and the balance below) hold the run up to its
  // last good state, t_end_s.
  if (!failure.empty()) w.value("failed", failure).value("failed_at_s", solver.time());
  const bool failed = !failure.empty() && out.described_time() > t_start;
  w.value("t_start_s", t_start).value("t_end_s", failed ? out.described_time() : solver.time());
  w.value("duration_s", sc.time.duration)
      .value("steps", static_cast<long long>(failed ? out.described_steps() : solver.steps()));
  w.value("wall_s", wall).value("simulated_per_wall", wall > 0 ? (solver.time() - t_start) / wall : 0.0);
  w.begin_object("water_m3").value("stored", t.water).value("in", b.water_in).value("out", b.water_out);
  w.value("released", b.water_released).value("error", out.last_balance_error_water()).end_object();
  w.begin_object("pollutant").value("stored", t.pollutant).value("in", b.pollutant_in).value("out", b.pollutant_out);
  w.value("released", b.pollutant_released).value("decayed", b.pollutant_decayed);
  w.value("error", out.last_balance_error_pollutant()).end_object();
  if (exact_error) w.value("exact_depth_rel_l1", *exact_error);
  if (distributed) {
    const mpi::StepTimes st = distributed->times();
    w.begin_object("mpi").value("ranks", static_cast<long long>(mpi::world().size)).value("rows", distributed->layout());
    w.value("rank0_compute_s", st.compute).value("rank0_exchange_s", st.exchange).value("rank0_wait_s", st.wait);
    w.value("rank0_reduce_s", st.reduce).value("exchanges", static_cast<long long>(st.exchanges)).end_object();
  }
  w.value("checkpoint", out.checkpoint_path());
  w.begin_array("files");
  for (const std::string& f : files) w.value("", f);
  w.end_array().end_object();
  io::write_file_atomic(path, w.str());
}

/// An MPI job's ranks other than 0 compute but write nothing.
class NoOutputs final : public sim::Observer {
 public:
  void gauges(double, const std::vector<swe::Conserved<double>>&) override {}
  void output(double, long, const swe::HostState&, const swe::Totals&, const swe::Balance&) override {}
  void quicklook(double, const swe::HostState&) override {}
  void checkpoint(double, long, const swe::HostState&, const swe::Balance&, const swe::HostExtremes&) override {}
  void extremes(double, const swe::HostExtremes&) override {}
  void progress(const sim::Progress&) override {}
};

/// Set when every rank finished its set-up: from here on a failure of one rank alone ends the job.
bool g_ranks_running = false;

/// Everything a run needs before its first step.
struct Prepared {
  sim::Scenario sc;
  std::unique_ptr<sim::Model> m;
  std::unique_ptr<io::Checkpoint> ck;
  std::unique_ptr<io::OutputLock> lock;  // rank 0
  std::string prec;
  RunKey key;
  std::unique_ptr<swe::Solver> solver;
  mpi::DistributedSolver* distributed = nullptr;  // the solver, when it spans an MPI job
  std::unique_ptr<RunOutputs> out;       // rank 0
};

/// The solver of the run: over the ranks of an MPI job (mpi/), else of this process.
std::unique_ptr<swe::Solver> make_run_solver(const RunArgs& a, const swe::SolverSetup& s, Prepared& p) {
  if (!mpi::world().started) {
    if (a.ghost_rows_set || a.split != "even" || a.no_overlap || a.stage_halo)
      throw std::invalid_argument(
          "--ghost-rows, --split, --no-overlap and --stage-halo apply to a run started by mpirun or srun");
    return with_fault(swe::make_solver(s), run_fault_advance() > 0 ? Fault::nan : Fault::none, run_fault_advance(), "");
  }
  // An OpenMP rank's threads run on the cores of its affinity mask. A launcher that binds each rank
  // to one core (Open MPI does for 2 ranks or fewer) leaves the rest of the node idle: say so.
  const int node = static_cast<int>(std::thread::hardware_concurrency()), allowed = exec::cores_allowed();
  const int share = node / std::max(1, mpi::world().local_size);
  if (s.backend == exec::Backend::openmp && mpi::world().rank == 0 && !std::getenv("OMP_NUM_THREADS") &&
      allowed < share)
    std::fprintf(stderr,
                 "ria run (rank 0 of %d): warning: this rank may run on %d of the node's %d cores (its affinity "
                 "mask), so its OpenMP backend uses at most %d; mpirun --bind-to none or --map-by slot:PE=%d gives "
                 "each rank its share\n",
                 mpi::world().size, allowed, node, allowed, share);
  mpi::DecompositionOptions o;
  o.ghost_rows = a.ghost_rows;
  o.split = mpi::parse_split(a.split);
  o.overlap = !a.no_overlap;
  o.stage_halo = a.stage_halo;
  auto d = mpi::make_distributed_solver(s, o, &stop_signal());
  p.distributed = d.get();
  return d;
}

/// The inputs: scenario, bed, model, the checkpoint to resume from, and (rank 0) the output directory.
std::unique_ptr<Prepared> prepare_inputs(const RunArgs& a) {
  auto p = std::make_unique<Prepared>();
  p->sc = a.scenario.empty() ? io::parse_scenario(kDefaultScenario, kDefaultScenarioName, ".", a.sets)
                             : io::load_scenario(a.scenario, a.sets);
  sim::Scenario& sc = p->sc;
  if (!a.output.empty()) sc.output.directory = a.output;
  // --restart continues the run (the resume hint of an interrupted run names it): it takes the
  // place of a scenario's own starting checkpoint, which is said.
  if (!a.restart.empty() && sc.initial.kind == sim::InitialSpec::Kind::checkpoint && sc.initial.path != a.restart &&
      is_root())
    std::fprintf(stderr, "ria run: note: --restart %s takes the place of the scenario's initial.path \"%s\"\n",
                 a.restart.c_str(), sc.initial.path.c_str());
  if (interrupted_during("reading the scenario")) throw QuietExit{kInterrupted};
  const exec::Backend backend = exec::parse_backend(a.backend.backend);
  const Precision precision = parse_precision(a.backend.precision);
  const sim::Domain domain = load_domain(sc, backend, precision);
  if (interrupted_during("reading the bed")) throw QuietExit{kInterrupted};
  p->m = std::make_unique<sim::Model>(sim::build_model(sc, domain, load_initial_fields(sc, domain)));
  sim::Model& m = *p->m;
  if (is_root())
    for (const std::string& w : sim::scenario_warnings(sc)) std::fprintf(stderr, "ria run: warning: %s\n", w.c_str());
  m.setup.backend = backend;
  m.setup.kernel = a.backend.kernel;
  m.setup.precision = precision;
  m.setup.dry_skip = !a.no_dry_skip;
  if (interrupted_during("building the model")) throw QuietExit{kInterrupted};
  exec::require_backend(backend);  // before the output directory: nothing is written for a run that cannot start
  if (is_root()) {
    prepare_output_dir(sc.output.directory);
    p->lock = std::make_unique<io::OutputLock>(sc.output.directory);
    require_no_other_results(sc.output.directory, kRunCommand);
  }

  // Restart: from --restart or initial.kind = "checkpoint".
  const std::string restart = !a.restart.empty() ? a.restart
                              : sc.initial.kind == sim::InitialSpec::Kind::checkpoint ? sc.initial.path : "";
  p->prec = precision_name(precision);
  p->key = run_key(sc, m);
  if (!restart.empty()) {
    p->ck = std::make_unique<io::Checkpoint>(io::read_checkpoint(restart));
    check_restart(*p->ck, restart, sc, m, p->key, p->prec, false);
    // A run killed after its last checkpoint, while it put its files in place, leaves the rest
    // partial: complete (they are closed before the renames) but under their partial names.
    if (!(p->ck->t < sc.time.duration) && is_root()) {
      const std::vector<std::string> left = PartialFiles::partials_in(sc.output.directory);
      if (!left.empty()) {
        std::string names;
        for (const std::string& n : left) names += (names.empty() ? "" : ", ") + n;
        throw io::InputError("checkpoint '" + restart + "' is the end of its run (t = " + number_text(p->ck->t) +
                             " s): nothing is left to run, but " + sc.output.directory + "/ holds partial files (" + names +
                             "); if they are that run's, stopped while it put them in place, they are complete: rename "
                             "each to its name without .partial");
      }
    }
    check_restart_time(*p->ck, restart, sc);
    if (const std::string changed = forcing_changes(*p->ck, sc); !changed.empty() && is_root())
      std::fprintf(stderr, "ria run: warning: %s differ%s from the run that wrote checkpoint '%s': the run goes on with "
                           "this scenario's from t = %s s (in a directory that holds that run's outputs, its own continue "
                           "them: restart into another --output to keep the two apart)\n",
                   changed.c_str(), changed.find(',') == std::string::npos ? "s" : "", restart.c_str(),
                   number_text(p->ck->t).c_str());
  } else if (is_root()) {  // a restart starts from the checkpoint's state, not the model's
    for (const std::string& w : sim::model_warnings(sc, m)) std::fprintf(stderr, "ria run: warning: %s\n", w.c_str());
    for (const std::string& w : initial_state_warnings(sc)) std::fprintf(stderr, "ria run: warning: %s\n", w.c_str());
  }

  return p;
}

/// The solver with its initial state or the checkpoint's, and rank 0's outputs.
void prepare_solver(const RunArgs& a, Prepared& prep) {
  Prepared* p = &prep;
  const sim::Scenario& sc = p->sc;
  const sim::Model& m = *p->m;
  p->solver = make_run_solver(a, m.setup, *p);
  swe::Solver& solver = *p->solver;
  swe::Totals initial;
  if (p->ck) {
    solver.set_state(p->ck->state);
    solver.set_clock(p->ck->t, static_cast<long>(p->ck->steps));
    solver.set_balance(p->ck->balance);
    if (m.setup.extremes.track) solver.set_extremes(p->ck->extremes);
    initial = p->ck->initial;
  } else {
    solver.set_state(m.init);
    initial = solver.totals();
    swe::Balance b0;
    b0.water_expected = initial.water;
    b0.pollutant_expected = initial.pollutant;
    solver.set_balance(b0);
  }
  if (interrupted_during("setting up the solver")) throw QuietExit{kInterrupted};
  if (is_root()) {
    std::vector<std::pair<std::string, std::string>> stored = p->key.identity;  // and the forcing (forcing_changes)
    stored.push_back({kForcingKey, forcing_text(sc)});
    RunContext ctx{sc.output.directory, p->prec, p->key.fingerprint, stored, p->ck.get(), a.quiet};
    p->out = std::make_unique<RunOutputs>(sc, m, ctx, initial);
  }
}

int run_scenario(const RunArgs& a) {
  const SignalsCaught signals;
  // Under MPI every rank reads the inputs, and the ranks agree that all succeeded before any
  // allocates its block; then again after the solvers and rank 0's outputs are set up.
  std::unique_ptr<Prepared> p;
  try {
    p = prepare_inputs(a);
  } catch (...) {
    agree_on_setup(std::current_exception());
  }
  agree_on_setup(nullptr);
  try {
    prepare_solver(a, *p);
  } catch (...) {
    agree_on_setup(std::current_exception());
  }
  agree_on_setup(nullptr);
  g_ranks_running = mpi::world().started;
  const sim::Scenario& sc = p->sc;
  const sim::Model& m = *p->m;
  swe::Solver& solver = *p->solver;
  NoOutputs none;
  sim::Observer& obs = p->out ? static_cast<sim::Observer&>(*p->out) : none;
  const bool quiet = a.quiet || !is_root();
  if (!quiet) {
    std::printf("ria run %s: %d x %d cells of %g m, %s, t = %g s to %g s after %s, output every %g s, %s -> %s\n",
                sc.file.c_str(), m.setup.grid.nx, m.setup.grid.ny, m.setup.grid.dx, solver.description().c_str(),
                solver.time(), sc.time.duration,
                io::format_utc_time(io::parse_utc_time(sc.time.start, "time.start")).c_str(), sc.time.output_interval,
                checkpoint_text(sim::checkpoint_every(sc)).c_str(),
                p->out->checkpoint_path().c_str());
    if (p->distributed) std::printf("rows: %s\n", p->distributed->layout().c_str());
  }
  sim::RunOptions opt;
  opt.t_start = p->ck ? p->ck->t : 0.0;
  opt.stop = p->distributed ? p->distributed->stop_flag() : &stop_signal();
  const auto w0 = std::chrono::steady_clock::now();
  sim::RunEnd end = sim::RunEnd::finished;
  // The partial outputs replace the earlier files only when the run ends in order (also after a
  // signal, or a numerical failure whose checkpoint is past the start); an I/O failure, or a
  // numerical failure before any progress (its last good state the start, or none), leaves both.
  auto commit = [&]() -> std::vector<std::string> {
    if (!p->out) return {};
    try {
      return p->out->finish();
    } catch (const io::IoError& e) {
      throw io::IoError(e.what() + p->out->abandon());
    }
  };
  try {
    end = sim::run(solver, sc, m, obs, opt);
  } catch (const swe::NumericalError& e) {
    if (!p->out || p->out->checkpointed_progress()) {
      const std::vector<std::string> files = commit();
      // The summary goes with the files it describes (an earlier run's would name replaced files).
      if (p->out && is_root()) {
        try {
          write_summary(sc.output.directory + "/summary.json", sc, solver, *p->out, files,
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count(), opt.t_start, false,
                        std::nullopt, p->distributed, e.what());
        } catch (const io::IoError& w) {  // the failure stays the numerical one (exit 4)
          throw swe::NumericalError(std::string(e.what()) + "; and its summary.json could not be written: " + w.what());
        }
      }
      throw;
    }
    throw swe::NumericalError(e.what() + p->out->abandon());
  } catch (const io::IoError& e) {
    if (!p->out) throw;
    throw io::IoError(e.what() + p->out->abandon());
  } catch (...) {
    if (p->out) p->out->abandon();
    throw;
  }
  if (end == sim::RunEnd::not_started) {
    if (p->out) p->out->discard();
    if (is_root()) interrupted_during("starting the run");
    return kInterrupted;
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  const std::vector<std::string> files = commit();
  const bool interrupted = end == sim::RunEnd::interrupted;
  swe::HostState final_state;
  solver.get_state(final_state);
  if (!is_root()) return interrupted ? kInterrupted : kOk;
  const std::optional<double> exact_error = exact_depth_error(sc, final_state, solver.time());
  write_summary(sc.output.directory + "/summary.json", sc, solver, *p->out, files, wall, opt.t_start, interrupted,
                exact_error, p->distributed);
  if (interrupted) {
    std::printf("interrupted by signal %d at t = %g s (step %ld); checkpoint %s; resume with --restart %s\n",
                opt.stop->load(), solver.time(), solver.steps(), p->out->checkpoint_path().c_str(),
                p->out->checkpoint_path().c_str());
    return kInterrupted;
  }
  if (exact_error && !a.quiet)
    std::printf("exact solution (%s): relative L1 error of the depth at t = %g s: %.4e\n", sim::name_of(sc.domain.analytic),
                solver.time(), *exact_error);
  if (!a.quiet)
    std::printf("done: %g s simulated in %.1f s wall (%sx real time), %ld steps on %s; results in %s/\n",
                solver.time() - opt.t_start, wall, ratio_text((solver.time() - opt.t_start) / wall).c_str(), solver.steps(),
                solver.description().c_str(), sc.output.directory.c_str());
  return kOk;
}

}  // namespace

void register_run(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<RunArgs>();
  a->backend.backend = exec::built_with_openmp() ? "openmp" : "serial";
  CLI::App* cmd = app.add_subcommand("run", "run a scenario file (without one: the embedded synthetic estuary)");
  cmd->add_option("scenario", a->scenario, "scenario TOML file (docs/scenarios.md)");
  add_backend_options(*cmd, a->backend);
  cmd->add_option("--output", a->output, "output directory (overrides output.directory)")->check(non_empty_path());
  cmd->add_option("--set", a->sets, "override a scenario key, e.g. --set time.duration=2h (repeatable)");
  cmd->add_option("--restart", a->restart, "continue from a checkpoint written by an earlier run");
  cmd->add_flag("--quiet", a->quiet, "no progress or balance lines");
  CLI::Option* ghost = cmd->add_option("--ghost-rows", a->ghost_rows, "under mpirun: ghost rows per side, exchanged every G steps (default 8, at most a block's rows)")
      ->check(whole_number_in(1, 64));
  cmd->add_option("--split", a->split, "under mpirun: rows per rank split 'even' or balanced by 'wet' cells")
      ->capture_default_str();
  cmd->add_flag("--no-overlap", a->no_overlap, "under mpirun: update all rows, then exchange (for measurement)");
  cmd->add_flag("--stage-halo", a->stage_halo,
                "under mpirun: copy halo rows through host buffers even where MPI reaches the solver's memory "
                "(for measurement)");
  cmd->add_flag("--no-dry-skip", a->no_dry_skip,
                "compute dry land too: no dry-edge check or quiet row segments on the CPU, no active tiles on the GPU "
                "(same results; for measurement)");
  cmd->callback([a, ghost, &exit_code] {
    a->ghost_rows_set = ghost->count() > 0;
    const std::string name = mpi::world().started ? "ria run (rank " + std::to_string(mpi::world().rank) + " of " +
                                                        std::to_string(mpi::world().size) + ")"
                                                  : "ria run";
    exit_code = guarded(name, [&] { return run_scenario(*a); });
    // A failure of one rank after the set-up (an I/O error on rank 0, a device error, an injected
    // fault) ends every rank of the job at once; the numerical failures and signals are collective.
    if (g_ranks_running && exit_code != kOk && exit_code != kNumericalError && exit_code != kInterrupted) {
      std::fflush(nullptr);
      mpi::abort_job(exit_code);
    }
    // HDF5 1.10's exit handler crashes (SIGSEGV in H5F__close_cb) on a file whose close failed
    // after a failed write; every file of the run is closed or left by now, so an I/O failure
    // ends the process without exit handlers, keeping its exit code 3.
    if (exit_code == kIoError) {
      std::fflush(nullptr);
      std::_Exit(exit_code);
    }
  });
}

}  // namespace ria::app
