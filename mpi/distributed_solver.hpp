// The shallow-water solver over the ranks of an MPI job: a swe::Solver that the simulation loop
// (sim/driver.hpp) drives exactly as a one-process solver. Each rank steps its row block
// (swe/block_solver.hpp) with G ghost rows per side; between exchanges a rank recomputes its
// shrinking halo (ghost cell expansion), and every G-th step it updates the G border rows its
// neighbours need first, posts the non-blocking halo messages, updates the interior rows while
// they travel, then waits (Viñas et al. stages 3a and 3b; --no-overlap updates all rows first).
// The messages go from and into the block's own rows where MPI can reach them (host memory, or
// device memory when the library reports CUDA support at run time); otherwise, or with
// --stage-halo, they are staged through host buffers (page-locked by the CUDA block solver).
//
// Every step takes dt = global_dt(min over ranks of the local dt): the minimum is exact, so the
// steps, the states and (with the perimeter rates summed in the order of swe/perimeter_sum.hpp)
// the balance are bitwise those of one process. Whole states (outputs, checkpoints, totals) and
// gauges are gathered on rank 0; the other ranks receive an empty state. The step limit of each
// advance() and the stop flag of a signal come from one collective, so every rank takes the same
// steps and stops together.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "mpi/row_split.hpp"
#include "ria/swe/solver.hpp"

namespace ria::mpi {

/// Ghost rows when none are chosen: on one H100 shared by 2 and 4 ranks, 8 took the least time
/// per step of G = 1, 2, 4, 8 (docs/performance.md); the recomputed halo costs about G - 1 rows a
/// step per neighbour, under 1% of a block of 1000 rows.
constexpr int kDefaultGhostRows = 8;

struct DecompositionOptions {
  int ghost_rows = 0;       // G; 0: kDefaultGhostRows, at most the rows of the smallest even block
  Split split = Split::even;
  bool overlap = true;      // border rows, then post messages, then interior
  bool stage_halo = false;  // copy halo rows through host buffers even where MPI reaches the block's memory
};

/// Time per rank spent in the phases of the steps (wall seconds, this rank).
struct StepTimes {
  double compute = 0;   // block updates (and, on a GPU, waiting for them)
  double exchange = 0;  // packing, posting and unpacking halo rows (on a GPU: also waiting for
                        // the updates queued before a copy)
  double wait = 0;      // waiting for halo messages
  double reduce = 0;    // the per-step collective (global dt, balance)
  long exchanges = 0;
};

class DistributedSolver : public swe::Solver {
 public:
  /// `local_stop`: this rank's signal flag; stop_flag() is the flag agreed by all ranks.
  virtual const std::atomic<int>* stop_flag() const = 0;
  virtual StepTimes times() const = 0;
  /// G, as chosen (DecompositionOptions::ghost_rows, or its default).
  virtual int ghost_rows() const = 0;
  /// "in place" when the halo messages go from and into the block's rows, "staged" when through
  /// host buffers (DecompositionOptions::stage_halo), "none" for one rank.
  virtual std::string halo() const = 0;
  /// "rank r: rows [a, b)" for every rank (rank 0 only knows them all; the split is the same everywhere).
  virtual std::string layout() const = 0;
};

std::unique_ptr<DistributedSolver> make_distributed_solver(const swe::SolverSetup& setup,
                                                           const DecompositionOptions& o,
                                                           const std::atomic<int>* local_stop);

}  // namespace ria::mpi
