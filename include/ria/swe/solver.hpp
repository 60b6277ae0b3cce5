// The shallow-water solver seen from the simulation layer: one interface for every backend,
// kernel variant and precision. States cross it as double arrays on the host.
#pragma once

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "ria/config.hpp"
#include "ria/errors.hpp"
#include "ria/exec/backend.hpp"
#include "ria/grid/grid.hpp"
#include "ria/swe/balance.hpp"
#include "ria/swe/boundary.hpp"
#include "ria/swe/cfl.hpp"
#include "ria/swe/release.hpp"
#include "ria/swe/state.hpp"

namespace ria::swe {

/// Global row-major fields (nx * ny), double on the host.
struct HostState {
  std::vector<double> h, qx, qy, hc;
  void resize(std::size_t n) {
    h.assign(n, 0.0);
    qx.assign(n, 0.0);
    qy.assign(n, 0.0);
    hc.assign(n, 0.0);
  }
};

/// Per-cell extremes of a run (extremes.hpp), nx * ny each, double on the host: max_depth [m],
/// max_speed [m/s], max_concentration, first_wet_time and arrival_time [s] (NaN: never).
struct HostExtremes {
  std::vector<double> max_depth, max_speed, max_concentration, first_wet_time, arrival_time;
  /// n cells with nothing recorded: maxima 0, times NaN.
  void reset(std::size_t n) {
    for (auto* v : {&max_depth, &max_speed, &max_concentration}) v->assign(n, 0.0);
    for (auto* v : {&first_wet_time, &arrival_time}) v->assign(n, NAN);
  }
};

/// Whether a solver records the extremes after every step, and the arrival threshold (concentration,
/// output.arrival_threshold) that defines the first arrival; the dry tolerance is physics.h_dry.
struct ExtremesSetup {
  bool track = false;
  double arrival_threshold = 0;
  bool depth_and_speed = true;  // false: the concentration's records only (ExtremesRule::depth_and_speed)
  // Where a fused CUDA step records, while its active tiles run: true, the update records the
  // state it writes; false, a side kernel beside the update records the step's input. The same
  // records bit for bit; inside the update, members sharing a GPU ran 1.2x faster and the lone
  // 1000^2 estuary day 5-8% faster in mixed and 1-4% in double, the Coos Bay 50 m day as fast
  // (docs/performance.md, 2026-11-27). Other backends and kernels record as they always do.
  bool in_update = true;
};

/// Manning's n of the bed [s/m^(1/3)]: `per_cell` (nx * ny, row-major) where given, else `uniform`
/// in every cell. Checked where it is read (the scenario and raster readers: each n in [0, 1]).
struct Manning {
  double uniform = 0;
  std::vector<double> per_cell;
};

/// Everything a solver is built from. Values come checked from the readers (src/io) or from code
/// (src/validate); make_solver throws std::logic_error for a setup no reader can produce.
struct SolverSetup {
  Grid grid;
  std::vector<double> H;  // bed depth below the reference level, nx * ny (state.hpp)
  Boundaries bc;
  Releases releases;
  Physics<double> physics;
  Manning manning;
  double cfl = 0.9;  // CFL number gamma of eq. 16, in (0, 1]
  double dry_step = INFINITY;  // the longest step while no cell is wet (cfl.hpp DtRule::dry_step)
  bool track_balance = false;  // accumulate the boundary/release/decay balance every step (balance.hpp)
  bool dry_skip = true;        // skip dry work, same results: CPU: the flux of edges between two cells of depth <= 0
                               // (stencil.hpp dry_edge) and quiet row segments; CUDA fused: quiet tiles (active_tiles.hpp)
  ExtremesSetup extremes;      // record the extremes after every step (extremes.hpp)
  exec::Backend backend = exec::Backend::serial;
  std::string kernel = "default";  // CUDA kernel variant; CPU backends accept only "default"
  Precision precision = Precision::f64;

  /// The time-step rule of this setup (cfl.hpp), the same for every backend.
  DtRule dt_rule() const { return {cfl, physics.diffusivity, grid.dx, grid.dy, dry_step}; }
};

/// Water volume [m^3] and pollutant amount [concentration * m^3] in the domain.
struct Totals {
  double water = 0, pollutant = 0;
};

// The errors of ria/errors.hpp, shared with the other solver.
using ria::NotBuiltError;
using ria::NumericalError;

/// Whether an advance that took `taken` of its `max_steps` steps and ended at t, before t_stop,
/// stopped for its t_hold (no other reason ends it early).
inline bool stopped_for_hold(long taken, long max_steps, double t, double t_stop) {
  return taken < max_steps && t < t_stop;
}

class Solver {
 public:
  virtual ~Solver() = default;
  virtual void set_state(const HostState& s) = 0;
  virtual void get_state(HostState& s) const = 0;
  /// Simulated time [s] and steps taken since the start.
  virtual double time() const = 0;
  virtual long steps() const = 0;
  virtual void set_clock(double t, long steps) = 0;
  /// Steps until time() == t_stop exactly (the last dt is clamped), max_steps steps were taken, or
  /// the next step would end at or after t_hold (that step is not taken: the caller can read the
  /// state before it, then take it with a later call). The steps are those of the same call without
  /// t_hold: holding never changes a dt. Returns the number of steps taken. Throws NumericalError
  /// on a non-finite or zero dt.
  virtual long advance(double t_stop, long max_steps, double t_hold) = 0;
  long advance(double t_stop, long max_steps) { return advance(t_stop, max_steps, INFINITY); }
  /// Whether the last advance stopped for t_hold (stopped_for_hold, with the limit it ran under:
  /// under MPI rank 0's, the same on every rank, so every rank holds or none does).
  virtual bool held() const = 0;
  virtual Totals totals() const = 0;
  /// Replaces the boundary conditions from the next step on (time-series intervals).
  virtual void set_boundaries(const Boundaries& bc) = 0;
  /// The balance accumulated since set_balance (all zero unless setup.track_balance).
  virtual Balance balance() const = 0;
  virtual void set_balance(const Balance& b) = 0;
  /// The extremes (extremes.hpp) of setup.extremes.track: record_extremes records the current
  /// state at time() (a run's initial state; every step records its own), get_extremes reads them
  /// (under MPI: on rank 0, an empty set elsewhere), set_extremes continues from earlier ones (a
  /// restart). std::logic_error when the setup does not track them.
  virtual void record_extremes() = 0;
  virtual void get_extremes(HostExtremes& e) const = 0;
  virtual void set_extremes(const HostExtremes& e) = 0;
  /// States of the given cells (global row-major indices j nx + i), in double.
  virtual std::vector<Conserved<double>> probe(const std::vector<std::size_t>& cells) const = 0;
  virtual std::string description() const = 0;
  /// Bytes each cell update must move to or from memory by design (state, bed, dt work arrays),
  /// the basis of the bandwidth fraction reported by `ria bench`.
  virtual double bytes_per_cell_update() const = 0;
};

std::unique_ptr<Solver> make_solver(const SolverSetup& setup);

/// Kernel names of a backend, first the default (empty when the backend is not built).
std::vector<std::string> kernels_of(exec::Backend b);

}  // namespace ria::swe
