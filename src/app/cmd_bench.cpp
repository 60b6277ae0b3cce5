// ria bench: cell-updates per second of each backend/kernel on the water-column case
// (the paper's Table V), and for CUDA the fraction of the measured copy bandwidth; with --estuary
// also the default scenario run for a simulated week (bench_estuary.cpp).
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "app/bench_report.hpp"
#include "app/options.hpp"
#include "io/json.hpp"
#include "ria/swe/solver.hpp"
#include "validate/common.hpp"

namespace ria::app {
namespace {

struct BenchArgs {
  std::vector<std::string> backends{"serial", "openmp"};
  std::vector<std::string> kernels;
  std::vector<int> sizes{1000};
  std::vector<std::string> precisions{"float"};
  long steps = 100;
  bool estuary = false;
  double estuary_hours = 168;
  int estuary_n = 1000;
  bool balance = false;
  std::string json;
};

BenchRow measure(exec::Backend b, const std::string& kernel, Precision p, int n, long steps, bool balance) {
  const validate::Options opt{b, kernel, p};
  swe::HostState init;
  swe::SolverSetup s = validate::water_column_setup(n, opt, init);
  s.track_balance = balance;  // as `ria run` does: boundary/release/decay balance every step
  auto solver = swe::make_solver(s);
  solver->set_state(init);
  // The fused kernel runs whole CUDA graphs of 32 steps (steps past a limit only copy the state),
  // so warm-up and timed steps are multiples of 32 for every variant.
  steps = (steps + 31) / 32 * 32;
  solver->advance(1e30, 32);  // warm-up: first-touch, caches, graph capture
  const auto t0 = std::chrono::steady_clock::now();
  const long done = solver->advance(1e30, steps);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  BenchRow r;
  r.backend = exec::to_string(b);
  r.kernel = kernel;
  r.precision = precision_name(p);
  r.nx = r.ny = n;
  r.balance = balance;
  r.steps = done;
  r.ms_per_step = 1e3 * wall / done;
  r.cell_updates_per_s = static_cast<double>(n) * n * done / wall;
  r.bytes_per_cell_update = solver->bytes_per_cell_update();
  return r;
}

int run_bench(const BenchArgs& a) {
  BenchReport rep;
  rep.device = device_description(a.backends);
  rep.copy_bandwidth_gbs = measured_copy_bandwidth(a.backends);
  for (const auto& bn : a.backends) {
    const exec::Backend b = exec::parse_backend(bn);
    std::vector<std::string> kernels = a.kernels.empty() ? swe::kernels_of(b) : a.kernels;
    if (kernels.empty()) throw std::runtime_error("backend '" + bn + "' is not built into this ria");
    for (const auto& k : kernels)
      for (const auto& ps : a.precisions)
        for (int n : a.sizes) {
          BenchRow r = measure(b, k, parse_precision(ps), n, a.steps, a.balance);
          finish_row(r, rep.copy_bandwidth_gbs);
          print_row(std::cout, r);
          rep.rows.push_back(r);
        }
  }
  if (a.estuary)
    rep.estuary = run_estuary(a.backends.back(), a.kernels.empty() ? "" : a.kernels.back(),
                              parse_precision(a.precisions.front()), a.estuary_n, a.estuary_hours, std::cout);
  if (!a.json.empty()) io::write_file_atomic(a.json, to_json(rep, a.steps));
  return kOk;
}

}  // namespace

void register_bench(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<BenchArgs>();
  CLI::App* cmd = app.add_subcommand("bench", "measure cell-updates per second per backend, kernel and grid size");
  cmd->add_option("--backend", a->backends, "backends to measure (serial, openmp, cuda)")->delimiter(',')->capture_default_str();
  cmd->add_option("--kernel", a->kernels, "kernel variants (default: all of each backend)")->delimiter(',');
  cmd->add_option("--sizes", a->sizes, "grid sizes n (n x n cells)")->delimiter(',')->check(CLI::PositiveNumber)->capture_default_str();
  cmd->add_option("--precision", a->precisions, "float and/or double")->delimiter(',')
      ->check(CLI::IsMember({"float", "double"}))->capture_default_str();
  cmd->add_option("--steps", a->steps, "timed steps per measurement")->check(CLI::PositiveNumber)->capture_default_str();
  cmd->add_flag("--estuary", a->estuary,
                "also run the default scenario (scenarios/estuary.toml) at 1000x1000 cells for a week (paper's headline)");
  cmd->add_option("--estuary-hours", a->estuary_hours, "simulated hours of the estuary run (its time.duration)")
      ->check(CLI::PositiveNumber)->capture_default_str();
  cmd->add_option("--estuary-size", a->estuary_n, "estuary grid n (n x n, its domain.cells)")->check(CLI::Range(8, 100000))->capture_default_str();
  cmd->add_flag("--balance", a->balance, "track the water/pollutant balance every step, as `ria run` does");
  cmd->add_option("--json", a->json, "write the results as JSON to this file");
  cmd->callback([a, &exit_code] {
    try {
      exit_code = run_bench(*a);
    } catch (const swe::NotBuiltError& e) {
      std::cerr << "ria bench: " << e.what() << "\n";
      exit_code = kNotBuilt;
    } catch (const std::invalid_argument& e) {
      std::cerr << "ria bench: " << e.what() << "\n";
      exit_code = kBadInput;
    } catch (const std::exception& e) {
      std::cerr << "ria bench: " << e.what() << "\n";
      exit_code = kFail;
    }
  });
}

}  // namespace ria::app
