// ria run [SCENARIO.toml]: a scenario from its file (or the embedded default synthetic estuary)
// to NetCDF maps, gauges, quicklooks, checkpoints and a summary; resumable with --restart.
#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

#include "app/default_scenario.hpp"
#include "app/domain.hpp"
#include "app/options.hpp"
#include "app/restart_check.hpp"
#include "app/run_outputs.hpp"
#include "io/io_error.hpp"
#include "io/json.hpp"
#include "io/output_lock.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "ria/sim/driver.hpp"
#include "ria/sim/schedule.hpp"

namespace ria::app {
namespace {

std::atomic<int> g_stop{0};
extern "C" void on_signal(int sig) { g_stop.store(sig); }

struct RunArgs {
  std::string scenario;  // empty: the embedded default
  BackendChoice backend;
  std::string output;
  std::vector<std::string> sets;
  std::string restart;
  bool quiet = false;
};

/// SIGINT and SIGTERM set g_stop while the object lives (from before the inputs are read).
struct SignalsCaught {
  SignalsCaught() {
    g_stop.store(0);
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
  }
  ~SignalsCaught() {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
  }
};

/// True (after saying so) when a signal came during set-up: the run ends before its first step.
bool interrupted_during(const char* what) {
  if (!g_stop.load()) return false;
  std::fprintf(stderr, "ria run: interrupted by signal %d while %s, before the first step: no checkpoint, nothing written\n",
               g_stop.load(), what);
  return true;
}

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

void prepare_output_dir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw io::IoError("cannot create output directory '" + dir + "': " + ec.message());
  const std::string probe = dir + "/.ria_write_test";
  std::FILE* f = std::fopen(probe.c_str(), "w");
  if (!f) throw io::IoError("output directory '" + dir + "' is not writable");
  std::fclose(f);
  std::remove(probe.c_str());
}

void write_summary(const std::string& path, const sim::Scenario& sc, const swe::Solver& solver, const RunOutputs& out,
                   const std::vector<std::string>& files, double wall, double t_start, bool interrupted,
                   std::optional<double> exact_error) {
  io::JsonWriter w;
  const swe::Balance& b = out.last_balance();
  const swe::Totals& t = out.last_totals();
  w.begin_object().value("scenario", sc.name).value("file", sc.file).value("backend", solver.description());
  w.value("interrupted", interrupted).value("t_start_s", t_start).value("t_end_s", solver.time());
  w.value("duration_s", sc.time.duration).value("steps", static_cast<long long>(solver.steps()));
  w.value("wall_s", wall).value("simulated_per_wall", wall > 0 ? (solver.time() - t_start) / wall : 0.0);
  w.begin_object("water_m3").value("stored", t.water).value("in", b.water_in).value("out", b.water_out);
  w.value("released", b.water_released).value("error", out.last_balance_error_water()).end_object();
  w.begin_object("pollutant").value("stored", t.pollutant).value("in", b.pollutant_in).value("out", b.pollutant_out);
  w.value("released", b.pollutant_released).value("decayed", b.pollutant_decayed);
  w.value("error", out.last_balance_error_pollutant()).end_object();
  if (exact_error) w.value("exact_depth_rel_l1", *exact_error);
  w.value("checkpoint", out.checkpoint_path());
  w.begin_array("files");
  for (const std::string& f : files) w.value("", f);
  w.end_array().end_object();
  io::write_file_atomic(path, w.str());
}

int run_scenario(const RunArgs& a) {
  const SignalsCaught signals;
  sim::Scenario sc = a.scenario.empty() ? io::parse_scenario(kDefaultScenario, kDefaultScenarioName, ".", a.sets)
                                        : io::load_scenario(a.scenario, a.sets);
  if (!a.output.empty()) sc.output.directory = a.output;
  if (interrupted_during("reading the scenario")) return kInterrupted;
  const exec::Backend backend = exec::parse_backend(a.backend.backend);
  const Precision precision = parse_precision(a.backend.precision);
  const sim::Domain domain = load_domain(sc, backend, precision);
  if (interrupted_during("reading the bed")) return kInterrupted;
  const std::vector<double> eta0 =
      sc.initial.kind == sim::InitialSpec::Kind::raster || sc.initial.kind == sim::InitialSpec::Kind::netcdf
          ? load_initial_eta(sc, domain)
          : std::vector<double>{};
  sim::Model m = sim::build_model(sc, domain, eta0);
  for (const std::string& w : sim::scenario_warnings(sc)) std::fprintf(stderr, "ria run: warning: %s\n", w.c_str());
  m.setup.backend = backend;
  m.setup.kernel = a.backend.kernel;
  m.setup.precision = precision;
  if (interrupted_during("building the model")) return kInterrupted;
  prepare_output_dir(sc.output.directory);
  const io::OutputLock lock(sc.output.directory);

  // Restart: from --restart or initial.kind = "checkpoint".
  const std::string restart = !a.restart.empty() ? a.restart
                              : sc.initial.kind == sim::InitialSpec::Kind::checkpoint ? sc.initial.path : "";
  std::unique_ptr<io::Checkpoint> ck;
  const std::string prec = precision_name(precision);
  const RunKey key = run_key(sc, m);
  if (!restart.empty()) {
    ck = std::make_unique<io::Checkpoint>(io::read_checkpoint(restart));
    check_restart(*ck, restart, sc, m, key, prec);
  }

  auto solver = swe::make_solver(m.setup);
  swe::Totals initial;
  if (ck) {
    solver->set_state(ck->state);
    solver->set_clock(ck->t, static_cast<long>(ck->steps));
    solver->set_balance(ck->balance);
    initial = ck->initial;
  } else {
    solver->set_state(m.init);
    initial = solver->totals();
    swe::Balance b0;
    b0.water_expected = initial.water;
    b0.pollutant_expected = initial.pollutant;
    solver->set_balance(b0);
  }
  if (interrupted_during("setting up the solver")) return kInterrupted;

  RunContext ctx{sc.output.directory, prec, key.fingerprint, key.identity, ck.get(), a.quiet};
  RunOutputs out(sc, m, ctx, initial);
  if (!a.quiet)
    std::printf("ria run %s: %d x %d cells of %g m, %s, t = %g s to %g s, output every %g s, %s -> %s\n", sc.file.c_str(),
                m.setup.grid.nx, m.setup.grid.ny, m.setup.grid.dx, solver->description().c_str(), solver->time(),
                sc.time.duration, sc.time.output_interval, checkpoint_text(sim::checkpoint_every(sc)).c_str(),
                out.checkpoint_path().c_str());
  sim::RunOptions opt;
  opt.t_start = ck ? ck->t : 0.0;
  opt.stop = &g_stop;
  const auto w0 = std::chrono::steady_clock::now();
  sim::RunEnd end = sim::RunEnd::finished;
  // The partial outputs replace the earlier files only when the run ends in order (also after a
  // signal or a numerical failure with its checkpoint); an I/O failure leaves both.
  auto commit = [&] {
    try {
      return out.finish();
    } catch (const io::IoError& e) {
      throw io::IoError(e.what() + out.abandon());
    }
  };
  try {
    end = sim::run(*solver, sc, m, out, opt);
  } catch (const swe::NumericalError&) {
    commit();
    throw;
  } catch (const io::IoError& e) {
    throw io::IoError(e.what() + out.abandon());
  } catch (...) {
    out.abandon();
    throw;
  }
  if (end == sim::RunEnd::not_started) {
    out.discard();
    interrupted_during("starting the run");
    return kInterrupted;
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  const std::vector<std::string> files = commit();
  const bool interrupted = end == sim::RunEnd::interrupted;
  swe::HostState final_state;
  solver->get_state(final_state);
  const std::optional<double> exact_error = exact_depth_error(sc, final_state, solver->time());
  write_summary(sc.output.directory + "/summary.json", sc, *solver, out, files, wall, opt.t_start, interrupted, exact_error);
  if (interrupted) {
    std::printf("interrupted by signal %d at t = %g s (step %ld); checkpoint %s; resume with --restart %s\n",
                g_stop.load(), solver->time(), solver->steps(), out.checkpoint_path().c_str(), out.checkpoint_path().c_str());
    return kInterrupted;
  }
  if (exact_error && !a.quiet)
    std::printf("exact solution (%s): relative L1 error of the depth at t = %g s: %.4e\n", sim::name_of(sc.domain.analytic),
                solver->time(), *exact_error);
  if (!a.quiet)
    std::printf("done: %g s simulated in %.1f s wall (%sx real time), %ld steps on %s; results in %s/\n",
                solver->time() - opt.t_start, wall, ratio_text((solver->time() - opt.t_start) / wall).c_str(), solver->steps(),
                solver->description().c_str(), sc.output.directory.c_str());
  return kOk;
}

}  // namespace

void register_run(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<RunArgs>();
  a->backend.backend = exec::built_with_openmp() ? "openmp" : "serial";
  CLI::App* cmd = app.add_subcommand("run", "run a scenario file (without one: the embedded synthetic estuary)");
  cmd->add_option("scenario", a->scenario, "scenario TOML file (docs/scenarios.md)");
  add_backend_options(*cmd, a->backend);
  cmd->add_option("--output", a->output, "output directory (overrides output.directory)");
  cmd->add_option("--set", a->sets, "override a scenario key, e.g. --set time.duration=2h (repeatable)");
  cmd->add_option("--restart", a->restart, "continue from a checkpoint written by an earlier run");
  cmd->add_flag("--quiet", a->quiet, "no progress or balance lines");
  cmd->callback([a, &exit_code] {
    exit_code = guarded("ria run", [&] { return run_scenario(*a); });
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
