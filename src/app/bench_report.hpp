// Rows, device facts and output formats of `ria bench`.
#pragma once

#include <ostream>
#include <array>
#include <string>
#include <vector>

#include "ria/config.hpp"
#include "ria/sim/scenario.hpp"

namespace ria::app {

struct BenchRow {
  std::string backend, kernel, precision;
  int nx = 0, ny = 0;
  bool balance = false;            // the step also accumulated the mass balance (--balance)
  long steps = 0;
  double ms_per_step = 0, cell_updates_per_s = 0;
  double bytes_per_cell_update = 0;
  double achieved_gbs = 0;         // bytes_per_cell_update * cell_updates_per_s
  double bandwidth_fraction = 0;   // of the measured copy bandwidth (GPU rows)
  // Under mpirun (mpi/): ranks, ghost rows G, overlapped exchange, and per rank the milliseconds
  // per step spent computing, packing/unpacking halos, waiting for them, in the dt collective.
  int ranks = 1, ghost_rows = 0;
  bool overlap = false;
  std::string halo;  // "in place", "staged" or "none" (mpi::DistributedSolver::halo)
  std::vector<std::array<double, 4>> rank_ms_per_step;
};

struct EstuaryResult {
  bool ran = false;
  std::string backend, kernel, precision;
  int n = 0;
  bool dry_skip = true;
  double simulated_s = 0, wall_s = 0, ratio = 0;
  long steps = 0;
  double cell_updates_per_s = 0;
  double water_rel_error = 0;  // mass balance at the end: (stored - expected) / initial water
};

struct BenchReport {
  std::string device;
  double copy_bandwidth_gbs = 0;  // the GPU's (CUDA rows), 0 when not measured
  // Host memcpy bandwidth of one thread (serial rows) and of the OpenMP threads (openmp rows);
  // 0 when the backend is not benchmarked.
  double host_copy_serial_gbs = 0, host_copy_openmp_gbs = 0;
  std::vector<BenchRow> rows;
  EstuaryResult estuary;
};

std::string device_description(const std::vector<std::string>& backends);
/// The copy bandwidths of the benchmarked backends, measured now, into rep.
void measure_copy_bandwidths(const std::vector<std::string>& backends, BenchReport& rep);
/// The steps timed per measurement for --steps `requested`: rounded up to a multiple of 32, since the
/// fused kernel runs whole CUDA graphs of 32 steps (steps past a limit only copy the state); the
/// warm-up is 32 steps for every variant.
inline long timed_steps(long requested) { return (requested + 31) / 32 * 32; }

/// The row's achieved bandwidth and its fraction of its backend's copy bandwidth.
void finish_row(BenchRow& r, const BenchReport& rep);
void print_row(std::ostream& o, const BenchRow& r);
std::string to_json(const BenchReport& rep, long steps);

/// The default scenario (scenarios/estuary.toml, embedded) at n x n cells for `hours` simulated
/// hours, its output interval at most that (it writes nothing); io::InputError naming the options
/// for what the scenario reader refuses, so that `ria bench` checks it before measuring.
sim::Scenario estuary_scenario(int n, double hours);

/// Runs estuary_scenario(n, hours) as `ria run` runs it but writing nothing (bench_estuary.cpp);
/// reports wall time, the speed-up over real time and the closure of the water balance.
/// dry_skip: SolverSetup::dry_skip (edges between dry cells not evaluated; the same results).
EstuaryResult run_estuary(const std::string& backend, const std::string& kernel, Precision p, int n, double hours,
                          bool dry_skip, std::ostream& log);

}  // namespace ria::app
