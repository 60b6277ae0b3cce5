// ria sph run SPH_SCENARIO.toml: a weakly-compressible SPH scenario (docs/sph.md) to a series
// (front, energy, mass, probes), particle snapshots, a checkpoint and a summary; resumable with
// --restart. Exit codes as `ria run` (README.md).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "app/option_checks.hpp"
#include "app/options.hpp"
#include "app/run_outputs.hpp"
#include "app/run_support.hpp"
#include "app/sph_memory.hpp"
#include "app/sph_outputs.hpp"
#include "io/checkpoint/identity.hpp"
#include "io/checkpoint/sph_checkpoint.hpp"
#include "io/io_error.hpp"
#include "io/json.hpp"
#include "io/maps/image.hpp"
#include "io/output_lock.hpp"
#include "io/scenario/scenario_toml.hpp"
#include "io/scenario/sph_scenario_toml.hpp"
#include "mpi/job.hpp"
#include "ria/number_text.hpp"
#include "ria/sph/driver.hpp"
#include "ria/sph/memory.hpp"
#include "ria/sph/setup.hpp"

namespace ria::app {
namespace {

struct SphArgs {
  std::string scenario;
  std::string backend = "serial";
  std::string search = sph::search_name(sph::Search::cell_range);
  std::string precision = "double";
  std::string output;
  std::vector<std::string> sets;
  std::string restart;
  bool quiet = false;
};

constexpr const char* kCmd = kSphRunCommand;

std::string exact(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

/// The scenario values the particles' state depends on, as stored in checkpoints.
std::vector<std::pair<std::string, std::string>> identity_of(const sph::Setup& s) {
  const sph::Physics& f = s.physics;
  const char* diffusion[] = {"none", "molteni_colagrossi", "fourtakas"};
  return {{"dimensions", std::to_string(s.dim)},
          {"particles.dp", exact(s.dp)},
          {"particles.h", exact(f.h)},
          {"particles.fluid", std::to_string(s.particles.count(sph::Kind::fluid))},
          {"particles.boundary", std::to_string(s.particles.count(sph::Kind::boundary))},
          {"physics.gravity", exact(f.gravity)},
          {"physics.rho0", exact(f.rho0)},
          {"physics.gamma", exact(f.gamma)},
          {"physics.c0", exact(f.c0)},
          {"physics.alpha", exact(f.alpha)},
          {"physics.wall_viscosity", exact(f.wall_viscosity)},
          {"physics.kinematic_viscosity", exact(f.kinematic_viscosity)},
          {"physics.turbulence", f.sps_filter > 0 ? "sps" : "none"},
          {"physics.density_diffusion", diffusion[static_cast<int>(f.diffusion)]},
          {"physics.delta", exact(f.delta)},
          {"physics.cfl", exact(f.cfl)}};
}

/// The positions of the boundary particles of p, sorted: the walls, which never move.
std::vector<std::array<double, 3>> wall_points(const sph::Particles& p) {
  std::vector<std::array<double, 3>> w;
  for (std::size_t k = 0; k < p.size(); ++k)
    if (p.kind[k] == static_cast<std::uint8_t>(sph::Kind::boundary)) {
      std::array<double, 3> x{0, 0, 0};
      for (int c = 0; c < p.dim; ++c) x[c] = p.r[c][k];
      w.push_back(x);
    }
  std::sort(w.begin(), w.end());
  return w;
}

/// A checkpoint must come from the same particles and physics: InputError naming the first key
/// that differs, or the first wall particle that is not where the set-up puts one (the walls'
/// boxes moved: the counts alone could match).
void check_restart(const io::SphCheckpoint& ck, const std::string& path,
                   const std::vector<std::pair<std::string, std::string>>& identity, const sph::Scenario& sc,
                   const sph::Setup& setup) {
  for (const auto& [key, value] : identity) {
    // Keys that checkpoints written before them lack, with the value those runs had.
    static const std::map<std::string, std::string> kBefore = {{"physics.kinematic_viscosity", exact(0)},
                                                               {"physics.turbulence", "none"}};
    const auto before = kBefore.find(key);
    std::string stored = before != kBefore.end() ? before->second : "(absent)";
    for (const auto& kv : ck.identity)
      if (kv.first == key) stored = kv.second;
    if (stored != value)
      throw io::InputError("cannot restart from '" + path + "': " + key + " is " + stored + " in the checkpoint but " +
                           value + " in " + sc.file);
  }
  if (!(ck.t < sc.duration))
    throw io::InputError("cannot restart from '" + path + "': it is at t = " + exact(ck.t) + " s, not before time.duration = " +
                         exact(sc.duration) + " s of " + sc.file);
  const std::vector<std::array<double, 3>> there = wall_points(ck.particles), here = wall_points(setup.particles);
  const auto point = [&](const std::array<double, 3>& x) {
    return "(" + exact(x[0]) + ", " + exact(x[1]) + (sc.dim == 3 ? ", " + exact(x[2]) : std::string()) + ")";
  };
  for (std::size_t k = 0; k < there.size() && k < here.size(); ++k)
    if (there[k] != here[k])
      throw io::InputError("cannot restart from '" + path + "': its walls are not those of " + sc.file +
                           " (a wall particle at " + point(there[k]) + " there, at " + point(here[k]) +
                           " in the set-up); a restart keeps the [[wall]] boxes");
}

/// The probes as checkpoints store them, under one key (kProbesKey): a line "<name>\t<kind> at (x,
/// ...)" each (a height probe's coordinates are the horizontal ones).
constexpr const char* kProbesKey = "probes";
std::string probes_text(const sph::Scenario& sc) {
  std::string text;
  for (const sph::Probe& p : sc.probes) {
    const int n = p.kind == sph::Probe::Kind::height ? sc.dim - 1 : sc.dim;
    std::string at;
    for (int c = 0; c < n; ++c) at += (c ? ", " : "") + shortest_text(p.at[c]);
    const char* kind = p.kind == sph::Probe::Kind::height ? "height" : p.kind == sph::Probe::Kind::pressure ? "pressure"
                                                                                                         : "wall_pressure";
    text += p.name + "\t" + kind + " at (" + at + ")\n";
  }
  return text;
}

/// A restart that continues the series file of its directory keeps each probe of the checkpoint's
/// run where it was: InputError naming the first that moved (its column would go on at another
/// place). Into another directory, or from a checkpoint that stores no probes (written before they
/// were stored), anything goes.
void check_probes_kept(const io::SphCheckpoint& ck, const std::string& path, const sph::Scenario& sc) {
  std::error_code ec;
  const std::string series = PartialFiles::newest_of(sc.directory + "/series.csv");
  if (!std::filesystem::exists(series, ec)) return;
  // name -> "<kind> at (...)"
  const std::map<std::string, std::string> then = io::keyed_lines(io::identity_value(ck.identity, kProbesKey)),
                                           now = io::keyed_lines(probes_text(sc));
  for (const auto& [name, here] : now)
    if (const auto it = then.find(name); it != then.end() && it->second != here)
      throw io::InputError("cannot continue series file '" + series + "' from '" + path + "': " + name + " was a " +
                           it->second + " in the run that wrote the checkpoint, and is a " + here +
                           " now; keep the probe where it was, or restart into another output directory");
}

std::string every_text(double interval, const char* none) {
  if (!(interval > 0)) return none;
  char buf[64];
  std::snprintf(buf, sizeof buf, "every %g s", interval);
  return buf;
}

/// The run's largest fluid speed: after any of its steps, and in its rows (the start's among them).
double largest_speed(const sph::Solver& solver, const SphOutputs& out) {
  return std::max(solver.largest_fluid_speed(), out.u_max());
}

void write_summary(const std::string& path, const sph::Scenario& sc, const sph::Setup& setup, const sph::Solver& solver,
                   const SphOutputs& out, double wall, double t_start, long steps_start, double pairs_start,
                   bool interrupted) {
  const double n = static_cast<double>(setup.particles.size());
  const long steps = solver.steps() - steps_start;
  const double pairs = solver.pair_interactions() - pairs_start;
  io::JsonWriter w;
  w.begin_object().value(kSummaryCommandKey, kCmd).value("scenario", sc.name).value("file", sc.file).value("backend", solver.description());
  w.value("dimensions", setup.dim);
  w.value("fluid_particles", static_cast<long long>(setup.particles.count(sph::Kind::fluid)));
  w.value("boundary_particles", static_cast<long long>(setup.particles.count(sph::Kind::boundary)));
  w.value("dp_m", setup.dp).value("h_m", setup.physics.h).value("c0_m_s", setup.physics.c0);
  w.value("interrupted", interrupted).value("t_start_s", t_start).value("t_end_s", solver.time());
  w.value("duration_s", sc.duration).value("steps", static_cast<long long>(solver.steps()));
  w.value("steps_this_run", static_cast<long long>(steps));
  w.value("wall_s", wall).value("simulated_per_wall", wall > 0 ? (solver.time() - t_start) / wall : 0.0);
  // Throughput as DualSPHysics reports it: pair interactions per second (both halves of each
  // symplectic step), and wall time per step per million particles.
  w.value("pair_interactions", pairs).value("gpips", wall > 0 ? pairs / wall / 1e9 : 0.0);
  w.value("ms_per_step_per_million", steps > 0 && n > 0 ? wall * 1e3 / steps / (n / 1e6) : 0.0);
  const double u_max = largest_speed(solver, out);
  w.value("u_max_m_s", u_max).value("c0_over_u_max", u_max > 0 ? setup.physics.c0 / u_max : 0.0);
  // Fluid particles that left the domain through its floor or a side (particle_step.hpp).
  w.value("out_particles", static_cast<long long>(solver.particles().count(sph::Kind::out)));
  w.value("checkpoint", out.checkpoint_path());
  w.begin_array("files");
  for (const std::string& f : out.files()) w.value("", f);
  w.end_array().end_object();
  io::write_file_atomic(path, w.str());
}

int run_sph(const SphArgs& a) {
  if (mpi::world().started && mpi::world().size > 1)
    throw io::InputError("ria sph run runs in one process, not over " + std::to_string(mpi::world().size) +
                         " MPI ranks: start it without mpirun (its CUDA backend and OpenMP use one node)");
  const SignalsCaught signals;
  sph::Scenario sc = io::load_sph_scenario(a.scenario, a.sets);
  if (!a.output.empty()) sc.directory = a.output;
  if (interrupted_during(kCmd, "reading the scenario")) return kInterrupted;
  const exec::Backend backend = exec::parse_backend(a.backend);
  const sph::Search search = sph::parse_search(a.search);
  const Precision precision = parse_precision(a.precision);
  // What no machine runs, then the memory of the set-up, its solver, the loop's copy, the outputs
  // and a restart's checkpoint against this machine's, before any particle is generated.
  sph::check_set_up_limits(sc, search);
  const double n = sph::lattice_particle_count(sc);
  std::ostringstream what;
  what << io::where_given(sc, "particles.dp") << "particles.dp = " << sc.dp << " m";
  check_sph_memory(sc, backend, search, precision, true,
                   sph_outputs_bytes(sc, n) + (a.restart.empty() ? 0.0 : sph::particles_bytes(sc.dim, n)), what.str(),
                   "use a larger particles.dp");
  std::vector<std::string> warnings;
  sph::Setup setup = sph::make_setup(sc, backend, warnings);
  setup.search = search;
  setup.precision = precision;
  if (sc.snapshot_png && !io::png_built())
    warnings.push_back("this ria was built without cairo (libcairo2-dev, -DRIA_CAIRO=ON): output.snapshot_png draws "
                       "no pictures; the other snapshots are written");
  for (const std::string& w : warnings) std::fprintf(stderr, "%s: warning: %s\n", kCmd, w.c_str());
  if (interrupted_during(kCmd, "generating the particles")) return kInterrupted;
  exec::require_backend(backend);  // before the output directory: nothing is written for a run that cannot start
  prepare_output_dir(sc.directory);
  const io::OutputLock lock(sc.directory);
  require_no_other_results(sc.directory, kCmd);

  const auto identity = identity_of(setup);
  std::optional<io::SphCheckpoint> ck;
  if (!a.restart.empty()) {
    ck = io::read_sph_checkpoint(a.restart);
    check_restart(*ck, a.restart, identity, sc, setup);
    check_probes_kept(*ck, a.restart, sc);
  }
  auto solver = sph::make_solver(setup);
  if (ck) {
    solver->set_particles(ck->particles);
    solver->set_clock(ck->t, static_cast<long>(ck->steps));
  }
  if (interrupted_during(kCmd, "setting up the solver")) return kInterrupted;

  const sph::Physics& f = setup.physics;
  std::vector<std::pair<std::string, std::string>> stored = identity;  // and the probes (check_probes_kept)
  stored.push_back({kProbesKey, probes_text(sc)});
  SphRunContext ctx{sc.directory, sph::Tait::make(f.rho0, f.c0, f.gamma), stored, ck ? ck->t : -1.0,
                    ck ? static_cast<long long>(ck->steps) : 0, a.quiet};
  SphOutputs out(sc, ctx);
  if (!a.quiet)
    std::printf("%s %s: %zu fluid + %zu boundary particles, dp = %g m, h = %g m, c0 = %.4g m/s, %s, t = %g s to %g s, "
                "series every %g s, snapshots %s -> %s/\n",
                kCmd, sc.file.c_str(), setup.particles.count(sph::Kind::fluid), setup.particles.count(sph::Kind::boundary),
                setup.dp, setup.physics.h, setup.physics.c0, solver->description().c_str(), solver->time(), sc.duration,
                sc.output_interval, sc.snapshots ? every_text(sc.snapshot_interval, "at the start and end").c_str() : "off",
                sc.directory.c_str());
  std::fflush(stdout);
  sph::RunOptions opt;
  opt.t_start = ck ? ck->t : 0.0;
  opt.stop = &stop_signal();
  const long steps0 = solver->steps();
  const double pairs0 = solver->pair_interactions();
  const auto w0 = std::chrono::steady_clock::now();
  // The partial outputs replace an earlier run's only when this one ends in order (also after a
  // signal, or a numerical failure whose checkpoint is past the start); an I/O failure, or a
  // numerical failure before any progress, leaves both.
  const auto commit = [&] {
    try {
      out.finish();
    } catch (const io::IoError& e) {
      throw io::IoError(e.what() + out.abandon());
    }
  };
  sph::RunEnd end = sph::RunEnd::finished;
  try {
    end = sph::run(*solver, sc, out, opt);
  } catch (const sph::NumericalError& e) {
    if (out.checkpointed_progress()) {
      commit();
      throw;
    }
    throw sph::NumericalError(e.what() + out.abandon());
  } catch (const io::IoError& e) {
    throw io::IoError(e.what() + out.abandon());
  } catch (...) {
    out.abandon();
    throw;
  }
  if (end == sph::RunEnd::not_started) {
    out.discard();
    interrupted_during(kCmd, "starting the run");
    return kInterrupted;
  }
  commit();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  const bool interrupted = end == sph::RunEnd::interrupted;
  write_summary(sc.directory + "/summary.json", sc, setup, *solver, out, wall, opt.t_start, steps0, pairs0, interrupted);
  if (interrupted) {
    std::printf("interrupted by signal %d at t = %g s (step %ld); checkpoint %s; resume with --restart %s\n",
                stop_signal().load(), solver->time(), solver->steps(), out.checkpoint_path().c_str(),
                out.checkpoint_path().c_str());
    return kInterrupted;
  }
  // The weak-compressibility condition, as the run met it (the start-up checks judge the set-up).
  const double u_max = largest_speed(*solver, out);
  if (u_max > 0 && setup.physics.c0 < 10 * u_max)
    std::fprintf(stderr,
                 "%s: warning: the fluid reached %.3g m/s, so c0 = %.3g m/s was %.3g times the largest speed, below the "
                 "10 of weak compressibility: the density varied by more than 1%%; raise physics.c0 or c0_coefficient\n",
                 kCmd, u_max, setup.physics.c0, setup.physics.c0 / u_max);
  if (!a.quiet) {
    const std::size_t gone = solver->particles().count(sph::Kind::out);
    const std::string left = gone ? "; " + std::to_string(gone) + " fluid particles left the domain (docs/sph.md)" : "";
    const long steps = solver->steps() - steps0;
    const std::string total = steps != solver->steps() ? " (" + std::to_string(solver->steps()) + " since t = 0)" : "";
    std::printf("done: %g s simulated in %.1f s wall (%sx real time), %ld steps%s on %s; largest fluid speed %.3g m/s "
                "(c0 = %.3g of it)%s; results in %s/\n",
                solver->time() - opt.t_start, wall, ratio_text((solver->time() - opt.t_start) / wall).c_str(), steps,
                total.c_str(), solver->description().c_str(), u_max, u_max > 0 ? setup.physics.c0 / u_max : 0.0,
                left.c_str(), sc.directory.c_str());
  }
  return kOk;
}

}  // namespace

void register_sph(CLI::App& app, int& exit_code) {
  CLI::App* sph = app.add_subcommand("sph", "weakly-compressible SPH dam breaks (docs/sph.md)");
  sph->require_subcommand(1);
  auto a = std::make_shared<SphArgs>();
  a->backend = exec::built_with_openmp() ? "openmp" : "serial";
  CLI::App* cmd = sph->add_subcommand("run", "run an SPH scenario file");
  cmd->add_option("scenario", a->scenario, "SPH scenario TOML file (docs/sph.md)")->required();
  cmd->add_option("--backend", a->backend, "execution backend")->check(CLI::IsMember({"serial", "openmp", "cuda"}))->capture_default_str();
  cmd->add_option("--search", a->search,
                  "neighbour search: cell-range (every backend), tiles or list (cuda; docs/sph.md)")
      ->check(CLI::IsMember(sph::search_names()))
      ->capture_default_str();
  cmd->add_option("--precision", a->precision,
                  "double, or mixed (cuda: pair terms in float, sums and state in double; docs/sph.md)")
      ->check(CLI::IsMember({"double", "mixed"}))
      ->capture_default_str();
  cmd->add_option("--output", a->output, "output directory (overrides output.directory)")->check(non_empty_path());
  cmd->add_option("--set", a->sets, "override a scenario key, e.g. --set particles.dp=0.005 (repeatable)");
  cmd->add_option("--restart", a->restart, "continue from a checkpoint written by an earlier run");
  cmd->add_flag("--quiet", a->quiet, "no progress lines");
  cmd->callback([a, &exit_code] { exit_code = guarded(kCmd, [&] { return run_sph(*a); }); });
}

}  // namespace ria::app
