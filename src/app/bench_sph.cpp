// ria bench sph: SPH throughput as DualSPHysics reports it, per backend and neighbour search, on
// a 3-D dam break sized to a requested number of particles: GPIPS (pair interactions per second:
// pairs within the kernel support 2h, each seen from both sides, both halves of every symplectic
// step, the count the solvers keep) and milliseconds per step per million particles.
//
// The case (built here, no scenario file needed): an open tank with inner box 1.0 x 0.5 x 0.5 m,
// a water column 0.4 x 0.5 x 0.4 m against its x = 0 wall, h = 1.5 dp by default (--h-over-dp;
// ceil(2h / dp) wall layers, 3 at 1.5), the default physics of the scenario files (docs/sph.md).
// dp is chosen so that fluid and wall particles number about the requested count: 0.08 / dp^3
// fluid + ~2 layers / dp^2 wall particles.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <memory>
#include <stdexcept>

#include "app/bench_report.hpp"
#include "app/option_checks.hpp"
#include "app/options.hpp"
#include "app/sph_memory.hpp"
#include "io/json.hpp"
#include "ria/exec/threads.hpp"
#include "ria/sph/setup.hpp"

namespace ria::app {
namespace {

struct SphBenchArgs {
  std::vector<std::string> backends;  // empty: every backend available here
  std::vector<std::string> searches;  // empty: every search of each backend
  std::vector<std::string> precisions;  // empty: every precision of each backend
  std::vector<double> particles{1e6};
  long steps = 20;
  double h_over_dp = 1.5;
  std::string json;
};

struct SphBenchRow {
  std::string backend, search, precision, description;
  long long particles = 0, fluid = 0, boundary = 0;
  double dp = 0;
  long steps = 0;
  double wall_s = 0, ms_per_step = 0, ms_per_step_per_million = 0, pairs_per_step = 0, gpips = 0;
};

// The largest --particles: below sph::kMaxParticles (2^31), which make_setup refuses, with room
// for the boxes' rounding to whole dp (run_bench_sph checks each count against it before any is
// measured, naming --particles).
constexpr double kMostParticles = 2e9;
static_assert(kMostParticles < sph::kMaxParticles, "--particles must stay below what a set-up holds");

constexpr double kFluidVolume = 0.4 * 0.5 * 0.4;  // m^3
constexpr double kWallArea = 0.5 * 1.0 + 2 * (1.0 + 0.5) * 0.5;  // floor and side walls, m^2

sph::Scenario bench_scenario(double dp, double h_over_dp) {
  sph::Scenario sc;
  sc.name = sc.file = "bench_sph_dam_break_3d";
  sc.dim = 3;
  sc.dp = dp;
  sc.h_over_dp = h_over_dp;
  sc.duration = 1;
  sc.output_interval = 1;
  sph::FluidBox f;
  f.hi = {0.4, 0.5, 0.4};
  sph::WallBox w;
  w.kind = sph::WallBox::Kind::tank;
  w.hi = {1.0, 0.5, 0.5};
  sc.fluid = {f};
  sc.walls = {w};
  return sc;
}

/// The dp at which the case has about n particles: the root of V / dp^3 + layers A / dp^2 = n
/// (ceil(2 h_over_dp) layers of wall over the area A, as the tank's default), by bisection.
double spacing_for(double n, double h_over_dp) {
  const double layers = std::ceil(2 * h_over_dp);
  double lo = 1e-5, hi = 1.0;
  for (int it = 0; it < 100; ++it) {
    const double dp = std::sqrt(lo * hi);
    const double count = kFluidVolume / (dp * dp * dp) + layers * kWallArea / (dp * dp);
    (count > n ? lo : hi) = dp;
  }
  return std::sqrt(lo * hi);
}

SphBenchRow measure(exec::Backend b, sph::Search search, Precision precision, double n, double h_over_dp, long steps) {
  std::vector<std::string> warnings;  // boxes not a whole number of dp: rounded, as intended here
  sph::Setup setup = sph::make_setup(bench_scenario(spacing_for(n, h_over_dp), h_over_dp), b, warnings);
  setup.search = search;
  setup.precision = precision;
  auto solver = sph::make_solver(setup);
  solver->advance(1e30, 2);  // warm-up: first touch, caches
  const double pairs0 = solver->pair_interactions();
  const auto t0 = std::chrono::steady_clock::now();
  const long done = solver->advance(1e30, steps);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double pairs = solver->pair_interactions() - pairs0;
  SphBenchRow r;
  r.backend = exec::to_string(b);
  r.search = sph::search_name(search);
  r.precision = precision_name(precision);
  r.description = solver->description();
  r.particles = static_cast<long long>(setup.particles.size());
  r.fluid = static_cast<long long>(setup.particles.count(sph::Kind::fluid));
  r.boundary = r.particles - r.fluid;
  r.dp = setup.dp;
  r.steps = done;
  r.wall_s = wall;
  r.ms_per_step = 1e3 * wall / done;
  r.ms_per_step_per_million = r.ms_per_step / (r.particles * 1e-6);
  r.pairs_per_step = pairs / done;
  r.gpips = pairs / wall * 1e-9;
  return r;
}

std::string today() {
  char buf[32];
  const std::time_t t = std::time(nullptr);
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

std::string to_json(const std::vector<std::string>& backends, const std::vector<SphBenchRow>& rows, long steps,
                    double h_over_dp) {
  io::JsonWriter w;
  w.begin_object().value("date", today()).value("device", device_description(backends));
  const exec::ThreadPolicy tp = exec::thread_policy();
  w.begin_object("openmp").value("threads", tp.threads).value("wait_policy", tp.wait_policy).value("reason", tp.reason);
  w.end_object();
  w.value("case", "3-D dam break: water 0.4 x 0.5 x 0.4 m in an open tank 1.0 x 0.5 x 0.5 m, from rest");
  w.value("h_over_dp", h_over_dp);
  w.value("timed_steps", static_cast<long long>(steps));
  w.begin_array("rows");
  for (const SphBenchRow& r : rows) {
    w.begin_object().value("backend", r.backend).value("search", r.search).value("precision", r.precision);
    w.value("solver", r.description);
    w.value("particles", r.particles).value("fluid_particles", r.fluid).value("boundary_particles", r.boundary);
    w.value("dp_m", r.dp).value("steps", static_cast<long long>(r.steps)).value("wall_s", r.wall_s);
    w.value("ms_per_step", r.ms_per_step).value("ms_per_step_per_million", r.ms_per_step_per_million);
    w.value("pair_interactions_per_step", r.pairs_per_step).value("gpips", r.gpips);
    w.end_object();
  }
  w.end_array().end_object();
  return w.str();
}

/// One row's backend, search and precision.
struct SphBenchCase {
  exec::Backend backend;
  sph::Search search;
  Precision precision;
};

int run_bench_sph(const SphBenchArgs& a) {
  std::vector<std::string> backends = a.backends;
  if (backends.empty())
    for (exec::Backend b : exec::available_backends()) backends.push_back(exec::to_string(b));
  std::vector<SphBenchCase> cases;
  for (const std::string& bn : backends) {
    const exec::Backend b = exec::parse_backend(bn);
    std::vector<sph::Search> searches;
    for (const std::string& s : a.searches) searches.push_back(sph::parse_search(s));
    if (searches.empty()) searches = sph::searches_of(b);
    if (searches.empty()) searches = {sph::Search::cell_range};  // make_solver then says why the backend cannot run
    std::vector<Precision> precisions;
    for (const std::string& p : a.precisions) precisions.push_back(parse_precision(p));
    if (precisions.empty()) precisions = sph::precisions_of(b);
    for (sph::Search s : searches)
      for (Precision p : precisions) cases.push_back({b, s, p});
  }
  // Every count against the set-up's limit and the memory here before the first is measured.
  for (double n : a.particles) {
    const double dp = spacing_for(n, a.h_over_dp);
    const sph::Scenario sc = bench_scenario(dp, a.h_over_dp);
    const double held = sph::lattice_particle_count(sc);
    char what[200];
    std::snprintf(what, sizeof what, "--particles %g", n);
    if (held > sph::kMaxParticles) {
      char buf[200];
      std::snprintf(buf, sizeof buf, "%s: the dam break at dp = %.4g m holds about %.4g particles, more than "
                    "2^31 (the most a set-up holds)", what, dp, held);
      throw std::invalid_argument(buf);
    }
    for (const SphBenchCase& c : cases) {
      try {
        sph::check_set_up_limits(sc, c.search);  // the search's cells
      } catch (const sph::CellCountError& e) {
        // The bench sets dp and the box from --particles: the scenario's remedies are not the user's.
        throw std::invalid_argument(std::string(what) + ": " + e.cause() + ": use fewer --particles");
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(std::string(what) + ": " + e.what());
      }
      // The set-up and its solver, stepped without the driver.
      check_sph_memory(sc, c.backend, c.search, c.precision, false, 0.0, what, "use fewer --particles");
    }
  }
  std::vector<SphBenchRow> rows;
  for (const SphBenchCase& c : cases)
    for (double n : a.particles) {
      const SphBenchRow r = measure(c.backend, c.search, c.precision, n, a.h_over_dp, a.steps);
      std::printf("%-7s %-10s %-6s %9lld particles (%lld fluid, dp %.4g m) %10.3f ms/step %8.3f ms/step/M %8.3f GPIPS  "
                  "%.0f pairs/step\n",
                  r.backend.c_str(), r.search.c_str(), r.precision.c_str(), r.particles, r.fluid, r.dp, r.ms_per_step,
                  r.ms_per_step_per_million, r.gpips, r.pairs_per_step);
      std::fflush(stdout);
      rows.push_back(r);
    }
  if (!a.json.empty()) io::write_file_atomic(a.json, to_json(backends, rows, a.steps, a.h_over_dp));
  return kOk;
}

}  // namespace

CLI::App* register_bench_sph(CLI::App& bench, int& exit_code) {
  auto a = std::make_shared<SphBenchArgs>();
  CLI::App* cmd = bench.add_subcommand("sph", "SPH pair interactions per second (GPIPS) and ms per step per million "
                                              "particles on a 3-D dam break, per backend, neighbour search and precision");
  cmd->add_option("--backend", a->backends, "backends to measure (default: every backend available here)")
      ->delimiter(',')->check(CLI::IsMember({"serial", "openmp", "cuda"}));
  cmd->add_option("--search", a->searches, "neighbour searches (default: every search of each backend)")
      ->delimiter(',')
      ->check(CLI::IsMember(sph::search_names()));
  cmd->add_option("--precision", a->precisions, "double, mixed (cuda) (default: every precision of each backend)")
      ->delimiter(',')
      ->check(CLI::IsMember({"double", "mixed"}));
  cmd->add_option("--particles", a->particles, "approximate particle counts (fluid + walls), e.g. 1e6,1e7")
      ->delimiter(',')->check(number_in(1e3, kMostParticles))->capture_default_str();
  cmd->add_option("--h-over-dp", a->h_over_dp,
                  "smoothing length over particle spacing (DualSPHysics' 3-D coefh = 1 is sqrt(3) = 1.732)")
      ->check(number_in(1, 3))
      ->capture_default_str();
  cmd->add_option("--steps", a->steps, "timed steps per measurement (after 2 warm-up steps)")
      ->check(number_above(0))->capture_default_str();
  cmd->add_option("--json", a->json, "write the results as JSON to this file")->check(output_file_path());
  cmd->callback([a, &exit_code] { exit_code = guarded("ria bench sph", [&] { return run_bench_sph(*a); }); });
  return cmd;
}

}  // namespace ria::app
