// ria compare dambreak: the same dam break run three ways, SPH (2-D vertical slice), the shallow-
// water solver (a plan-view channel) and Ritter's exact solution, against Martin & Moyce's
// measurements; with --spheric, SPHERIC Test 2 in plan view (and 3-D SPH with --spheric-sph)
// against Kleefsman et al.'s gauges. Tables on stdout, CSV and PNG files (docs/compare.md).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>

#include "app/compare_outputs.hpp"
#include "app/option_checks.hpp"
#include "app/options.hpp"
#include "app/run_support.hpp"
#include "app/sph_memory.hpp"
#include "app/sph_scenarios.hpp"
#include "io/io_error.hpp"
#include "io/output_lock.hpp"
#include "io/scenario/sph_scenario_toml.hpp"
#include "ria/number_text.hpp"
#include "ria/sph/setup.hpp"

namespace ria::app {
namespace {

constexpr const char* kCmd = "ria compare dambreak";
constexpr double kRowT = 0.05;  // rows every 0.05 in T: the profile times are multiples of it

struct CompareArgs {
  std::string output = "compare_dambreak";
  std::string scenario;  // 2-D SPH scenario; empty: the embedded martin_moyce_2d.toml
  std::vector<std::string> sets;
  int sph_resolution = 20;
  int swe_resolution = 40;
  int across = 4;
  double until = 3.5;
  std::vector<double> profile_T{1, 2, 3};
  bool profile_T_given = false;
  double manning = 0;
  double dry_depth = 1e-3;
  double front_depth = 0.1;  // x column height
  bool no_sph = false;
  std::string backend;
  bool spheric = false;
  std::string spheric_scenario;
  double spheric_dx = 0.02;
  double spheric_duration = 6;
  bool spheric_sph = false;
  double spheric_dp = 0.04;
  bool quiet = false;
};

compare::Progress progress_of(const CompareArgs& a) {
  if (a.quiet) return {};
  return [](const std::string& line) {
    std::fprintf(stderr, "%s: %s\n", kCmd, line.c_str());
    std::fflush(stderr);
  };
}

sph::Scenario load(const std::string& file, const char* embedded, const char* name, const std::vector<std::string>& sets) {
  return file.empty() ? io::parse_sph_scenario(embedded, name, ".", sets) : io::load_sph_scenario(file, sets);
}

/// The column collapse: SPH, shallow water, Ritter, measured.
/// A run that a signal stopped: the comparison ends (exit 6) having written no file, since it
/// writes its files at its end (files of an earlier comparison in the directory stay).
void end_if_stopped(const compare::Record& r, const char* what) {
  if (!r.interrupted) return;
  std::fprintf(stderr, "%s: interrupted by signal %d during the %s run; no file is written (the comparison writes its "
                       "files at its end)\n", kCmd, stop_signal().load(), what);
  throw QuietExit{kInterrupted};
}

void compare_column(const CompareArgs& a, sph::Scenario sc, exec::Backend backend, std::vector<std::string>& files) {
  ColumnComparison c;
  c.col = compare::column_of(sc);
  const compare::Column& col = c.col;
  const double row = col.t_of(kRowT), duration = col.t_of(a.until);
  // Profile times: T snapped to the rows.
  // (the defaults past --until are left out; a time given twice, or twice after snapping, once).
  std::vector<double> profile_t;
  for (double T : a.profile_T) {
    if (!(T <= a.until)) continue;
    const double snapped = std::max(1.0, std::round(T / kRowT)) * kRowT;
    if (std::fabs(snapped - T) > 1e-9) std::printf("profile at T = %g: taken at the row T = %g\n", T, snapped);
    const double t = col.t_of(snapped);
    if (std::find(profile_t.begin(), profile_t.end(), t) == profile_t.end()) profile_t.push_back(t);
  }
  if (profile_t.empty()) std::printf("no depth profiles: no --profile-times within --until = %g\n", a.until);

  compare::SweCase swe = compare::swe_channel(col, a.swe_resolution, a.across, duration, row, a.manning);
  swe.scenario.physics.dry_depth = a.dry_depth;
  c.dry_depth = swe.scenario.physics.dry_depth;
  c.swe_dx = swe.domain.grid.dx;
  c.front_depth = a.front_depth * col.height;
  c.profile_x = compare::swe_profile_x(swe);
  std::printf("%s: column a = %g m x %g m (n^2 = %g) from %s, tank %g m long; T up to %g (t = %.4g s), rows every "
              "T = %g\n",
              kCmd, col.a, col.height, col.height / col.a, sc.file.c_str(), col.length, a.until, duration, kRowT);
  std::fflush(stdout);

  const compare::Progress progress = progress_of(a);
  c.swe = compare::run_swe(swe, backend, profile_t, c.front_depth, progress, &stop_signal());
  end_if_stopped(c.swe, "shallow-water");
  std::printf("shallow water: %s, Manning n = %g; %ld steps in %.1f s\n", c.swe.description.c_str(), a.manning,
              c.swe.steps, c.swe.wall_s);
  if (!a.no_sph) {
    sc.dp = col.a / a.sph_resolution;
    sc.duration = duration;
    sc.output_interval = row;
    sc.snapshots = false;
    sc.snapshot_interval = 0;
    sc.checkpoint_interval = 0;
    c.sph = compare::run_sph(sc, backend, profile_t, c.profile_x, col.z_floor, progress, &stop_signal());
    end_if_stopped(c.sph, "2-D SPH");
    c.have_sph = true;
    std::printf("SPH 2-D: %s (dp = a/%d); %ld steps in %.1f s\n", c.sph.description.c_str(), a.sph_resolution,
                c.sph.steps, c.sph.wall_s);
  }
  const std::string mm = io::martin_moyce_path();
  if (std::fabs(col.height / col.a - 2) > 1e-3) {
    std::printf("measured points left out: Martin & Moyce's table is for n^2 = 2, this column has n^2 = %g\n",
                col.height / col.a);
  } else if (mm.empty()) {
    std::printf("measured points left out: no shared data directory ($RIA_DATA_DIR or ../shared/data) with the "
                "Martin & Moyce table\n");
  } else {
    c.measured = io::read_martin_moyce(mm);
    c.have_measured = true;
  }
  report_column(c, a.output, files);
}

/// SPHERIC Test 2: the tank in plan view (and in 3-D SPH), against the measured heights.
void compare_tank(const CompareArgs& a, sph::Scenario sc, exec::Backend backend, std::vector<std::string>& files) {
  TankComparison c;
  c.tank = compare::tank_of(sc);
  c.dx = a.spheric_dx;
  c.duration = a.spheric_duration;
  const double row = 0.01;
  compare::SweCase swe = compare::swe_tank(c.tank, a.spheric_dx, a.spheric_duration, row, a.manning);
  swe.scenario.physics.dry_depth = a.dry_depth;
  std::printf("\n%s --spheric: %s; tank %g x %g m in plan view, %zu water block(s), %zu block(s) as raised bed, "
              "gauges",
              kCmd, sc.file.c_str(), c.tank.x1 - c.tank.x0, c.tank.y1 - c.tank.y0, c.tank.water.size(),
              c.tank.blocks.size());
  for (const sph::Probe& p : c.tank.gauges) std::printf(" %s", p.name.c_str());
  std::printf("; 0-%g s\n", a.spheric_duration);
  std::fflush(stdout);
  const compare::Progress progress = progress_of(a);
  c.swe = compare::run_swe(swe, backend, {}, swe.scenario.physics.dry_depth, progress, &stop_signal());
  end_if_stopped(c.swe, "plan-view shallow-water");
  std::printf("shallow water: %s, Manning n = %g; %ld steps in %.1f s\n", c.swe.description.c_str(), a.manning,
              c.swe.steps, c.swe.wall_s);
  for (const sph::Probe& g : c.tank.gauges)
    for (std::size_t p = 0; p < sc.probes.size(); ++p)
      if (sc.probes[p].name == g.name) c.sph_probe.push_back(static_cast<int>(p));
  if (a.spheric_sph) {
    sc.dp = a.spheric_dp;
    sc.duration = a.spheric_duration;
    sc.output_interval = row;
    sc.snapshots = false;
    sc.snapshot_interval = 0;
    sc.checkpoint_interval = 0;
    c.sph = compare::run_sph(sc, backend, {}, {}, c.tank.floor, progress, &stop_signal());
    end_if_stopped(c.sph, "3-D SPH");
    c.have_sph = true;
    std::printf("SPH 3-D: %s; %ld steps in %.1f s\n", c.sph.description.c_str(), c.sph.steps, c.sph.wall_s);
  }
  const std::string data = io::spheric_test2_path();
  if (data.empty()) {
    std::printf("measured heights left out: no shared data directory ($RIA_DATA_DIR or ../shared/data)\n");
  } else {
    c.measured = io::read_spheric_test2(data);
    c.have_measured = true;
  }
  report_tank(c, a.output, files);
}

/// Refuses an SPH set-up of sc at spacing dp that no machine runs or that is larger than this one
/// (ria sph run's checks: sph::check_set_up_limits, check_sph_memory for the driver's run with the
/// cell-range search in double, as compare::run_sph runs it), or whose probes lie outside its
/// particles (sph::check_probes). what: the option that set dp.
void check_sph_fits(sph::Scenario sc, double dp, exec::Backend backend, const std::string& what,
                    const std::string& advice) {
  sc.dp = dp;
  try {
    sph::check_set_up_limits(sc, sph::Search::cell_range);
  } catch (const std::invalid_argument& e) {
    throw io::InputError(what + ": " + e.what());
  }
  try {
    sph::check_probes(sc);  // make_setup's refusal, which would come after the models before it ran
  } catch (const std::invalid_argument& e) {
    throw io::InputError(e.what());
  }
  check_sph_memory(sc, backend, sph::Search::cell_range, Precision::f64, true, 0.0, what, advice);
}

/// Refuses --set of the keys compare sets itself, which the set would not change: the spacing
/// (--sph-resolution), the times (--until) and the outputs (--output; compare writes no
/// snapshots or checkpoints).
void check_sets(const std::vector<std::string>& sets) {
  for (const std::string& set : sets) {
    std::string key = set.substr(0, set.find('='));
    while (!key.empty() && key.back() == ' ') key.pop_back();  // "particles.dp = 0.01" names the same key
    const char* by = nullptr;
    if (key == "particles.dp") by = "--sph-resolution";
    if (key.rfind("time.", 0) == 0) by = "--until";
    if (key.rfind("output.", 0) == 0) by = "--output";
    if (by)
      throw io::InputError("--set " + key + ": ria compare dambreak sets it itself (use " + by +
                           "); --set overrides the column's physics, particles.h_over_dp and boxes");
  }
}

int run_compare(const CompareArgs& a) {
  const SignalsCaught signals;  // the stop signals (catch_stop_signals) stop the running model (end_if_stopped)
  const exec::Backend backend = exec::parse_backend(a.backend);
  if (a.spheric_sph && !a.spheric) throw io::InputError("--spheric-sph needs --spheric");
  check_sets(a.sets);
  // Every input is read and checked before anything runs.
  const sph::Scenario column = load(a.scenario, kMartinMoyce2d, kMartinMoyce2dName, a.sets);
  compare::column_of(column);
  for (double T : a.profile_T)
    if (a.profile_T_given && !(T > 0 && T <= a.until))
      throw io::InputError("--profile-times: T = " + number_text(T) + " is not in (0, --until = " + number_text(a.until) + "]");
  sph::Scenario tank;
  if (a.spheric) {
    tank = load(a.spheric_scenario, kSphericTest2, kSphericTest2Name, {});
    compare::tank_of(tank);
  }
  // The SPH set-ups, before either model runs: what no machine runs, then this machine's memory.
  if (!a.no_sph)
    check_sph_fits(column, compare::column_of(column).a / a.sph_resolution, backend,
                   "--sph-resolution " + std::to_string(a.sph_resolution), "use a smaller --sph-resolution");
  if (a.spheric_sph)
    check_sph_fits(tank, a.spheric_dp, backend, "--spheric-dp " + number_text(a.spheric_dp) + " m",
                   "use a larger --spheric-dp");
  exec::require_backend(backend);  // after the inputs, before the output directory and the first lines
  prepare_output_dir(a.output);
  const io::OutputLock lock(a.output);  // a second ria writing into the directory is refused (exit 3)
  std::vector<std::string> files;
  compare_column(a, column, backend, files);
  if (a.spheric) compare_tank(a, tank, backend, files);
  std::printf("\nwritten:");
  for (const std::string& f : files) std::printf(" %s", f.c_str());
  std::printf("\n");
  return kOk;
}

}  // namespace

void register_compare(CLI::App& app, int& exit_code) {
  CLI::App* compare = app.add_subcommand("compare", "compare models with each other and with measurements (docs/compare.md)");
  compare->require_subcommand(1);
  auto a = std::make_shared<CompareArgs>();
  a->backend = exec::built_with_openmp() ? "openmp" : "serial";
  CLI::App* cmd = compare->add_subcommand(
      "dambreak", "a column collapse by SPH, shallow water and Ritter against Martin & Moyce; SPHERIC Test 2 with --spheric");
  cmd->add_option("--output", a->output, "output directory")->check(non_empty_path())->capture_default_str();
  cmd->add_option("--scenario", a->scenario,
                  "2-D SPH scenario of the column (default: the embedded scenarios/sph/martin_moyce_2d.toml)");
  cmd->add_option("--set", a->sets, "override a key of that scenario, e.g. --set physics.alpha=0.02 (repeatable)");
  cmd->add_option("--sph-resolution", a->sph_resolution, "SPH particle spacing dp = a / N")
      ->check(number_in(4, 400))->capture_default_str();
  cmd->add_option("--swe-resolution", a->swe_resolution, "shallow-water cells of a / N")
      ->check(number_in(2, 4000))->capture_default_str();
  cmd->add_option("--swe-across", a->across, "shallow-water cells across the channel")
      ->check(number_in(1, 64))->capture_default_str();
  cmd->add_option("--until", a->until, "run to dimensionless time T = t sqrt(n^2 g / a), n^2 = height / a (2 for Martin & Moyce)")
      ->check(number_in(0.1, 20.0))->capture_default_str();
  cmd->add_option("--profile-times", a->profile_T, "depth profiles at these T (multiples of 0.05), comma-separated")
      ->delimiter(',')->check(number_above(0))->capture_default_str();
  cmd->add_option("--manning", a->manning, "Manning n of the shallow-water bed [s m^-1/3] (0: frictionless, as Ritter)")
      ->check(number_in(0.0, 0.2))->capture_default_str();
  cmd->add_option("--dry-depth", a->dry_depth, "shallow-water dry depth [m]: wet/dry line and front (physics.dry_depth)")
      ->check(number_in(1e-7, 0.01))->capture_default_str();
  cmd->add_option("--front-depth", a->front_depth,
                  "compare the shallow-water and Ritter points of this depth, as a fraction of the column height")
      ->check(number_in(0.01, 0.5))->capture_default_str();
  cmd->add_flag("--no-sph", a->no_sph, "shallow water and Ritter only");
  cmd->add_option("--backend", a->backend,
                  "backend of both models (cuda: the SPH in double with the cell-range search, the shallow "
                  "water in double with its default kernel)")
      ->check(CLI::IsMember({"serial", "openmp", "cuda"}))->capture_default_str();
  cmd->add_flag("--spheric", a->spheric, "also SPHERIC Test 2: the shallow-water gauges H1-H4 against the experiment");
  cmd->add_option("--spheric-scenario", a->spheric_scenario,
                  "3-D SPH scenario of Test 2 (default: the embedded scenarios/sph/spheric_test2_3d.toml)");
  cmd->add_option("--spheric-dx", a->spheric_dx, "shallow-water cell size of Test 2 [m]")
      ->check(number_in(0.002, 0.5))->capture_default_str();
  cmd->add_option("--spheric-duration", a->spheric_duration, "simulated time of Test 2 [s] (measured: 0-7.39 s)")
      ->check(number_in(0.01, 7.39))->capture_default_str();
  cmd->add_flag("--spheric-sph", a->spheric_sph,
                "also 3-D SPH of Test 2 (long on a CPU: dp = 0.04 m runs ~30 min per simulated second on 2 cores; "
                "on an H100 with --backend cuda dp = 0.02 m runs ~11 s per simulated second)");
  cmd->add_option("--spheric-dp", a->spheric_dp, "3-D SPH particle spacing [m]")
      ->check(number_in(0.005, 0.2))->capture_default_str();
  cmd->add_flag("--quiet", a->quiet, "no progress lines on stderr");
  cmd->callback([a, cmd, &exit_code] {
    a->profile_T_given = cmd->count("--profile-times") > 0;
    exit_code = guarded(kCmd, [&] { return run_compare(*a); });
  });
}

}  // namespace ria::app
