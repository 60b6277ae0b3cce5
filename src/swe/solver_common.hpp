// Pieces shared by the solver implementations of every backend (host code).
#pragma once

#include <cmath>
#include <sstream>
#include <string>
#include <stdexcept>

#include "ria/swe/block_solver.hpp"
#include "ria/swe/cfl.hpp"
#include "ria/swe/solver.hpp"
#include "swe/stencil.hpp"

namespace ria::swe {

/// The setup in the solver's precision T. The values were checked where they were read; what is
/// checked here no reader can produce (a programmer's error): std::logic_error.
template <class T>
SweepSetup<T> make_sweep_setup(const SolverSetup& s) {
  const Grid& g = s.grid;
  const auto require = [](bool ok, const char* what) {
    if (!ok) throw std::logic_error(std::string("SolverSetup: ") + what);
  };
  require(g.nx >= 1 && g.ny >= 1 && g.dx > 0 && g.dy > 0, "grid needs at least 1 x 1 cells of size dx, dy > 0");
  require(s.H.size() == g.cells(), "bed depth H does not have one value per cell");
  require(s.manning.per_cell.empty() || s.manning.per_cell.size() == g.cells(),
          "Manning field does not have one value per cell");
  require(s.cfl > 0 && s.cfl <= 1, "CFL number outside (0, 1]");
  require(s.physics.h_dry > 0, "dry tolerance not > 0");
  require(s.releases.count >= 0 && s.releases.count <= kMaxReleases, "release count outside [0, kMaxReleases]");
  SweepSetup<T> sp;
  sp.nx = g.nx;
  sp.ny = g.ny;
  sp.row0 = 0;
  sp.inv_dx = static_cast<T>(1.0 / g.dx);
  sp.inv_dy = static_cast<T>(1.0 / g.dy);
  const Physics<double>& p = s.physics;
  sp.physics = {static_cast<T>(p.g), static_cast<T>(p.h_dry), static_cast<T>(p.diffusivity),
                static_cast<T>(p.decay_rate)};
  sp.manning.uniform = static_cast<T>(s.manning.uniform);
  sp.dx = g.dx;
  sp.dy = g.dy;
  sp.bc = s.bc;
  sp.rel = s.releases;
  sp.dry_skip = s.dry_skip;
  sp.inv_dx_wide = 1.0 / g.dx;
  sp.inv_dy_wide = 1.0 / g.dy;
  sp.decay_rate_wide = p.decay_rate;
  return sp;  // sp.manning.per_cell is set by the solver, which owns the field in its precision and memory
}

/// Stops the run on a time step that is not finite and positive (a NaN state or no wet cell left).
inline void check_dt(double dt, double t, long step) {
  if (!(dt > 0) || !std::isfinite(dt)) {
    std::ostringstream o;
    o << "no finite positive time step at t = " << t << " s, step " << step
      << " (the state holds a NaN or negative depth)";
    throw NumericalError(o.str());
  }
}

/// The host-driven time loop shared by the CPU backends and the host-synchronised CUDA variants:
/// while t < t_stop and fewer than max_steps were taken, dt = global_dt(min_local()) (eq. 16,
/// clamped to t_stop), then step(dt), unless that step would end at or after t_hold (Solver::advance).
/// Updates t and steps; returns the steps taken.
template <class MinLocal, class Step>
long host_advance(const SolverSetup& s, double& t, long& steps, double t_stop, long max_steps, double t_hold,
                  MinLocal min_local, Step step) {
  const DtRule rule = s.dt_rule();
  long taken = 0;
  while (t < t_stop && taken < max_steps) {
    const double dt = global_dt(rule, min_local(), t_stop - t);
    check_dt(dt, t, steps);
    if (held(t, dt, t_stop, t_hold)) break;
    step(dt);
    t = advance_time(t, dt, t_stop);
    ++steps;
    ++taken;
  }
  return taken;
}

std::unique_ptr<Solver> make_cpu_solver(const SolverSetup& s);
std::unique_ptr<Solver> make_cuda_solver(const SolverSetup& s);
std::unique_ptr<BlockSolver> make_cpu_block_solver(const SolverSetup& s, const RowBlock& b);
std::unique_ptr<BlockSolver> make_cuda_block_solver(const SolverSetup& s, const RowBlock& b);
std::vector<std::string> cuda_kernel_names();  // empty when not built with CUDA

}  // namespace ria::swe
