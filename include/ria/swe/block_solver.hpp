// A solver of one row block (grid/grid.hpp) with its time step taken apart, for a time loop that
// runs outside it: the MPI layer (mpi/) takes the global minimum of the time step across ranks and
// exchanges halo rows between the updates. Rows are global indices. The block stores rows
// [stored_begin, stored_end) in two time levels (current and next) and owns [owned_begin, owned_end).
//
// A step of length dt updates a row range of the next level from the current one; every row of the
// range needs its two neighbour rows valid in the current level, or a domain edge (global row 0 or
// ny - 1, where the boundary conditions build the outside state). Rows of the next level outside the
// updated ranges are left as they were (stale). swap() ends the step.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "ria/grid/grid.hpp"
#include "ria/swe/balance.hpp"
#include "ria/swe/solver.hpp"

namespace ria::swe {

/// Up to four runs of perimeter edges [begin, end) (numbered as in perimeter_edge_rates,
/// src/swe/stencil.hpp): a block's west and east edges, and the south and north sides when it holds
/// the first or last row.
struct EdgeRanges {
  int count = 0;
  int begin[4] = {}, end[4] = {};
  void add(int b, int e) { begin[count] = b, end[count] = e, ++count; }
  int edges() const {
    int n = 0;
    for (int k = 0; k < count; ++k) n += end[k] - begin[k];
    return n;
  }
};

/// The two time levels of a block: the state at the step start and the one being computed.
enum class Level { current, next };

/// Rows of a level where the solver keeps them: one contiguous run of `bytes` per field (h, qx, qy,
/// hc), in host memory on the CPU backends and in device memory on CUDA (BlockSolver::on_device).
struct RowsInPlace {
  void* field[4] = {};
  std::size_t bytes = 0;
};

class BlockSolver {
 public:
  virtual ~BlockSolver() = default;
  virtual const RowBlock& block() const = 0;
  /// Stored rows from a global state (nx * ny per field) into the current level.
  virtual void set_state(const HostState& global) = 0;
  /// Rows [j0, j1) of the current level in double, field-major: h of the rows, then qx, qy, hc.
  virtual void get_rows(int j0, int j1, double* out) const = 0;
  /// Bytes one row of the four fields takes in the solver's precision (a halo message row).
  virtual std::size_t row_bytes() const = 0;
  /// Starts the update of rows [j0, j1) of the next level by a step of length dt from time t; the
  /// update may still run when this returns (on a GPU), until pack, swap or a stepped row is read.
  virtual void step(double t, double dt, int j0, int j1) = 0;
  /// Copies rows [j0, j1) of a level to or from host memory, row_bytes() per row, field-major in
  /// the solver's precision; returns when the copy is done (pack waits for the rows' update).
  virtual void pack(Level level, int j0, int j1, void* host) = 0;
  /// unpack may run beside the updates started before it (a device block copies on its own
  /// stream): the caller unpacks only rows those updates neither read nor write (the MPI layer:
  /// the halo rows of the next level, which no update of the step writes).
  virtual void unpack(Level level, int j0, int j1, const void* host) = 0;
  /// pack without waiting: starts the copy of rows [j0, j1) of a level as the updates started so far
  /// leave them (not those started after), which may run beside later updates; wait_packs()
  /// returns when every copy started is done. A block whose updates run on the caller's thread
  /// copies at once.
  virtual void start_pack(Level level, int j0, int j1, void* host) { pack(level, j0, j1, host); }
  virtual void wait_packs() {}
  /// Rows [j0, j1) of a level in the solver's own memory, for halo messages sent and received in
  /// place. The pointers name the memory the level has now (swap() exchanges the two levels' names)
  /// and stay valid while the solver lives.
  virtual RowsInPlace rows_in_place(Level level, int j0, int j1) = 0;
  /// Waits until every update started so far is done, so that another agent (MPI) may read rows.
  virtual void finish_updates() = 0;
  /// True when the levels are in device memory (rows_in_place gives device pointers).
  virtual bool on_device() const = 0;
  /// Ends the step: waits for every update, and the next level becomes the current one. Returns the
  /// minimum of the local dt (cfl.hpp) over the rows updated since the previous swap (+inf if none).
  virtual double swap() = 0;
  /// Minimum of the local dt over rows [j0, j1) of the current level.
  virtual double min_local_dt(int j0, int j1) = 0;
  /// Inflow/outflow rates at time t of the perimeter edges of the ranges, one after another in
  /// `out` (edges() values), from the current level; their cells must be stored.
  virtual void edge_rates(double t, const EdgeRanges& r, BoundaryRates* out) = 0;
  virtual void set_boundaries(const Boundaries& bc) = 0;
  /// The extremes (extremes.hpp) of setup.extremes.track, kept per stored cell: record_extremes
  /// records rows [j0, j1) of the current level as the state at time t (the MPI layer calls it for
  /// its owned rows after each step); get_extremes_rows reads rows [j0, j1) in double, field-major
  /// (max_depth, max_speed, max_concentration, first_wet_time, arrival_time); set_extremes takes
  /// the stored rows of a global set. std::logic_error when the setup does not track them.
  virtual void record_extremes(double t, int j0, int j1) = 0;
  virtual void get_extremes_rows(int j0, int j1, double* out) const = 0;
  virtual void set_extremes(const HostExtremes& global) = 0;
  virtual std::string description() const = 0;
  virtual double bytes_per_cell_update() const = 0;
};

/// A block solver of the setup's backend and precision on the given rows of setup.grid (whose
/// fields H and manning are global). On CUDA it takes the host's dt each step: a kernel that keeps
/// dt on the device ("fused") is refused; "optimized-32x8" and "optimized" run their tiles, and
/// "default" the fused kernel's column strips on the float ranges they fill the device twice
/// (kMinStripWaves), "optimized-32x8" elsewhere and in double; "fused-strips" the strips on every
/// range in every precision (to test them, as it does on a whole grid).
std::unique_ptr<BlockSolver> make_block_solver(const SolverSetup& setup, const RowBlock& block);

}  // namespace ria::swe
