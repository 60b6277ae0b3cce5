// ria run [SCENARIO.toml]: a scenario from its file (or the embedded default synthetic estuary)
// to NetCDF maps, gauges, quicklooks, checkpoints and a summary; resumable with --restart.
#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <optional>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "app/default_scenario.hpp"
#include "app/domain.hpp"
#include "app/options.hpp"
#include "app/run_outputs.hpp"
#include "io/io_error.hpp"
#include "io/json.hpp"
#include "io/scenario_toml.hpp"
#include "ria/sim/driver.hpp"

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

/// Hash of what a checkpoint's state depends on: grid, bed and physics (not times or outputs).
std::uint64_t fingerprint(const sim::Model& m) {
  const swe::SolverSetup& s = m.setup;
  const Grid& g = s.grid;
  std::uint64_t h = io::fnv1a(&g.nx, sizeof g.nx);
  for (const void* p : {static_cast<const void*>(&g.ny), static_cast<const void*>(&g.dx), static_cast<const void*>(&g.dy),
                        static_cast<const void*>(&g.x0), static_cast<const void*>(&g.y0)})
    h = io::fnv1a(p, 8, h);
  h = io::fnv1a(s.H.data(), s.H.size() * sizeof(double), h);
  if (!s.manning.empty()) h = io::fnv1a(s.manning.data(), s.manning.size() * sizeof(double), h);
  const double phys[] = {s.params.g, s.params.h_dry, s.params.manning, s.params.diffusivity, s.params.decay_rate};
  return io::fnv1a(phys, sizeof phys, h);
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
  sim::Scenario sc = a.scenario.empty() ? io::parse_scenario(kDefaultScenario, "<embedded default scenario>", ".", a.sets)
                                        : io::load_scenario(a.scenario, a.sets);
  if (!a.output.empty()) sc.output.directory = a.output;
  const exec::Backend backend = exec::parse_backend(a.backend.backend);
  const Precision precision = parse_precision(a.backend.precision);
  const sim::Bed bed = load_bed(sc, backend, precision);
  const std::vector<double> eta0 =
      sc.initial.kind == sim::InitialSpec::Kind::raster || sc.initial.kind == sim::InitialSpec::Kind::netcdf
          ? load_initial_eta(sc, bed)
          : std::vector<double>{};
  sim::Model m = sim::build_model(sc, bed, eta0);
  for (const std::string& w : sim::scenario_warnings(sc)) std::fprintf(stderr, "ria run: warning: %s\n", w.c_str());
  m.setup.backend = backend;
  m.setup.kernel = a.backend.kernel;
  m.setup.precision = precision;
  prepare_output_dir(sc.output.directory);

  // Restart: from --restart or initial.kind = "checkpoint".
  const std::string restart = !a.restart.empty() ? a.restart
                              : sc.initial.kind == sim::InitialSpec::Kind::checkpoint ? sc.initial.path : "";
  std::unique_ptr<io::Checkpoint> ck;
  const std::uint64_t fp = fingerprint(m);
  const std::string prec = precision == Precision::f32 ? "float" : "double";
  if (!restart.empty()) {
    ck = std::make_unique<io::Checkpoint>(io::read_checkpoint(restart));
    const Grid& g = m.setup.grid;
    if (ck->grid.nx != g.nx || ck->grid.ny != g.ny || ck->fingerprint != fp)
      throw io::InputError("checkpoint '" + restart + "' (" + std::to_string(ck->grid.nx) + " x " + std::to_string(ck->grid.ny) +
                           ") was written for another grid, bed or physics than " + sc.file + " (" + std::to_string(g.nx) +
                           " x " + std::to_string(g.ny) + ")");
    if (ck->precision != prec)
      throw io::InputError("checkpoint '" + restart + "' was written by a " + ck->precision + " run; restart it with --precision " +
                           ck->precision + " to continue it bitwise");
    if (!(ck->t < sc.time.duration))
      throw io::InputError("checkpoint '" + restart + "' is at t = " + std::to_string(ck->t) + " s, not before time.duration = " +
                           std::to_string(sc.time.duration) + " s: nothing left to run");
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
  if (!a.quiet)
    std::printf("ria run %s: %d x %d cells of %g m, %s, t = %g s to %g s, output every %g s -> %s/\n", sc.file.c_str(),
                m.setup.grid.nx, m.setup.grid.ny, m.setup.grid.dx, solver->description().c_str(), solver->time(),
                sc.time.duration, sc.time.output_interval, sc.output.directory.c_str());

  RunContext ctx{sc.output.directory, prec, fp, ck.get(), a.quiet};
  RunOutputs out(sc, m, ctx, initial);
  sim::RunOptions opt;
  opt.t_start = ck ? ck->t : 0.0;
  opt.stop = &g_stop;
  g_stop.store(0);
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  const auto w0 = std::chrono::steady_clock::now();
  sim::RunEnd end = sim::RunEnd::finished;
  try {
    end = sim::run(*solver, sc, m, out, opt);
  } catch (...) {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    out.finish();
    throw;
  }
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  const std::vector<std::string> files = out.finish();
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
    std::printf("exact solution (%s): relative L1 error of the depth at t = %g s: %.4e\n", sc.domain.analytic.c_str(),
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
  cmd->callback([a, &exit_code] { exit_code = guarded("ria run", [&] { return run_scenario(*a); }); });
}

}  // namespace ria::app
