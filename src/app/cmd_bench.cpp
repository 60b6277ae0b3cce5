// ria bench: cell-updates per second of each backend/kernel on the water-column case
// (the paper's Table V), and for CUDA the fraction of the measured copy bandwidth; with --estuary
// also the default scenario run for a simulated week (bench_estuary.cpp). `ria bench sph` is the
// SPH module's (bench_sph.cpp).
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "app/bench_report.hpp"
#include "app/domain.hpp"
#include "app/option_checks.hpp"
#include "app/options.hpp"
#include "io/json.hpp"
#include "ria/swe/solver.hpp"
#include "mpi/distributed_solver.hpp"
#include "mpi/job.hpp"
#include "ria/exec/device_info.hpp"
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
  bool no_dry_skip = false;  // --estuary: compute dry land too (SolverSetup::dry_skip off)
  std::string json;
  int ghost_rows = 0;       // under mpirun; 0: the default (mpi/distributed_solver.hpp)
  bool no_overlap = false;  // under mpirun
  bool stage_halo = false;  // under mpirun
};

/// The solver measured: over the ranks of an MPI job (mpi/) when started by mpirun, else one.
std::unique_ptr<swe::Solver> bench_solver(const swe::SolverSetup& s, const BenchArgs& a) {
  if (!mpi::world().started) return swe::make_solver(s);
  mpi::DecompositionOptions o;
  o.ghost_rows = a.ghost_rows;
  o.overlap = !a.no_overlap;
  o.stage_halo = a.stage_halo;
  return mpi::make_distributed_solver(s, o, nullptr);
}

BenchRow measure(exec::Backend b, const std::string& kernel, Precision p, int n, const BenchArgs& a) {
  const validate::Options opt{b, kernel, p};
  swe::HostState init;
  swe::SolverSetup s = validate::water_column_setup(n, opt, init);
  s.track_balance = a.balance;  // as `ria run` does: boundary/release/decay balance every step
  auto solver = bench_solver(s, a);
  solver->set_state(init);
  const long steps = timed_steps(a.steps);
  solver->advance(1e30, 32);  // warm-up: first-touch, caches, graph capture
  auto* dist = dynamic_cast<mpi::DistributedSolver*>(solver.get());
  const mpi::StepTimes before = dist ? dist->times() : mpi::StepTimes{};
  const auto t0 = std::chrono::steady_clock::now();
  const long done = solver->advance(1e30, steps);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  BenchRow r;
  r.backend = exec::to_string(b);
  r.kernel = kernel;
  r.precision = precision_name(p);
  r.nx = r.ny = n;
  r.balance = a.balance;
  r.steps = done;
  r.ms_per_step = 1e3 * wall / done;
  r.cell_updates_per_s = static_cast<double>(n) * n * done / wall;
  r.bytes_per_cell_update = solver->bytes_per_cell_update();
  if (dist) {
    const mpi::StepTimes t = dist->times();
    const double ms = 1e3 / done;
    const std::array<double, 4> mine = {(t.compute - before.compute) * ms, (t.exchange - before.exchange) * ms,
                                        (t.wait - before.wait) * ms, (t.reduce - before.reduce) * ms};
    r.rank_ms_per_step.resize(mpi::world().size);
    mpi::all_gather(mine.data(), sizeof mine, r.rank_ms_per_step.data());
    r.ranks = mpi::world().size;
    r.ghost_rows = dist->ghost_rows();
    r.overlap = !a.no_overlap;
    r.halo = dist->halo();
  }
  return r;
}

int run_bench(const BenchArgs& a) {
  const bool root = mpi::world().rank == 0;
  // A backend this build or machine lacks is refused first, saying which (exit 5).
  for (const auto& bn : a.backends) exec::require_backend(exec::parse_backend(bn));
  if (mpi::world().started) {
    if (a.estuary) throw std::invalid_argument("--estuary runs one process; start it without mpirun");
    for (const auto& bn : a.backends)
      if (exec::parse_backend(bn) == exec::Backend::cuda) exec::select_cuda_device(mpi::world().local_rank);
  }
  // Every grid is checked against the memory before the first is measured: under mpirun each
  // rank holds its share of the rows.
  const double ranks = mpi::world().started ? mpi::world().size : 1;
  for (const auto& bn : a.backends)
    for (const auto& ps : a.precisions)
      for (int n : a.sizes)
        check_memory(double(n) * n / ranks, exec::parse_backend(bn), parse_precision(ps), "--sizes " + std::to_string(n),
                     "use smaller --sizes");
  if (a.estuary) estuary_scenario(a.estuary_n, a.estuary_hours);  // refused before anything is measured
  BenchReport rep;
  rep.device = device_description(a.backends);
  measure_copy_bandwidths(a.backends, rep);
  for (const auto& bn : a.backends) {
    const exec::Backend b = exec::parse_backend(bn);
    // Under mpirun a CUDA rank runs the host-synchronised kernel of its row block ("default").
    std::vector<std::string> kernels = !a.kernels.empty()    ? a.kernels
                                       : mpi::world().started ? std::vector<std::string>{"default"}
                                                              : swe::kernels_of(b);
    if (kernels.empty()) throw std::logic_error("backend '" + bn + "' has no kernel (require_backend passed)");
    for (const auto& k : kernels)
      for (const auto& ps : a.precisions)
        for (int n : a.sizes) {
          // Of all CUDA kernels, only the fused ones run --precision mixed; one named with --kernel
          // is measured or refused by name.
          const Precision p = parse_precision(ps);
          if (p == Precision::mixed && a.kernels.empty() && b == exec::Backend::cuda && k.rfind("fused", 0) != 0) continue;
          BenchRow r = measure(b, k, p, n, a);
          finish_row(r, rep);
          if (root) print_row(std::cout, r);
          rep.rows.push_back(r);
        }
  }
  if (a.estuary) {
    try {
      rep.estuary = run_estuary(a.backends.back(), a.kernels.empty() ? "" : a.kernels.back(),
                                parse_precision(a.precisions.front()), a.estuary_n, a.estuary_hours, !a.no_dry_skip,
                                std::cout);
    } catch (const std::exception& e) {  // the grids' rows measured before it are kept
      if (!a.json.empty() && root && !rep.rows.empty()) {
        io::write_file_atomic(a.json, to_json(rep, a.steps));
        std::fprintf(stderr, "ria bench: the estuary run failed; %s holds the %zu rows measured before it\n",
                     a.json.c_str(), rep.rows.size());
      }
      throw;
    }
  }
  if (!a.json.empty() && root) io::write_file_atomic(a.json, to_json(rep, a.steps));
  return kOk;
}

}  // namespace

void register_bench(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<BenchArgs>();
  CLI::App* cmd = app.add_subcommand("bench", "measure cell-updates per second per backend, kernel and grid size");
  cmd->add_option("--backend", a->backends, "backends to measure (serial, openmp, cuda)")->delimiter(',')->capture_default_str();
  cmd->add_option("--kernel", a->kernels, "kernel variants (default: all of each backend)")->delimiter(',');
  cmd->add_option("--sizes", a->sizes, "grid sizes n (n x n cells)")->delimiter(',')->check(number_above(0))->capture_default_str();
  cmd->add_option("--precision", a->precisions, "float, double and/or mixed")->delimiter(',')
      ->check(CLI::IsMember({"float", "double", "mixed"}))->capture_default_str();
  cmd->add_option("--steps", a->steps, "timed steps per measurement (rounded up to a multiple of 32: the fused kernel's CUDA graphs)")->check(number_above(0))->capture_default_str();
  cmd->add_flag("--estuary", a->estuary,
                "also run the default scenario (scenarios/estuary.toml) at 1000x1000 cells for a week (paper's headline)");
  cmd->add_option("--estuary-hours", a->estuary_hours, "simulated hours of the estuary run (its time.duration)")
      ->check(number_above(0))->capture_default_str();
  cmd->add_option("--estuary-size", a->estuary_n, "estuary grid n (n x n, its domain.cells)")->check(number_in(8, 100000))->capture_default_str();
  cmd->add_flag("--no-dry-skip", a->no_dry_skip,
                "--estuary: compute dry land too (no dry-edge check or quiet segments on the CPU, no active tiles on "
                "the GPU; same results)");
  cmd->add_flag("--balance", a->balance, "track the water/pollutant balance every step, as `ria run` does");
  cmd->add_option("--json", a->json, "write the results as JSON to this file")->check(output_file_path());
  cmd->add_option("--ghost-rows", a->ghost_rows, "under mpirun: ghost rows per side, exchanged every G steps (default 8, at most a block's rows)")
      ->check(whole_number_in(1, 64));
  cmd->add_flag("--no-overlap", a->no_overlap, "under mpirun: update all rows, then exchange");
  cmd->add_flag("--stage-halo", a->stage_halo,
                "under mpirun: copy halo rows through host buffers even where MPI reaches the solver's memory");
  CLI::App* sph = register_bench_sph(*cmd, exit_code);
  cmd->callback([a, sph, &exit_code] {
    if (sph->parsed()) return;  // `ria bench sph` ran instead
    exit_code = guarded("ria bench", [&] { return run_bench(*a); });
  });
}

}  // namespace ria::app
