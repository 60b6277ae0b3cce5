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

/// Validates the setup and converts it to the precision-specific sweep parameters.
template <class T>
SweepParams<T> make_sweep_params(const SolverSetup& s) {
  const Grid& g = s.grid;
  if (g.nx < 1 || g.ny < 1) throw std::invalid_argument("grid must have at least 1x1 cells");
  if (!(g.dx > 0) || !(g.dy > 0)) throw std::invalid_argument("grid cell size dx, dy must be > 0");
  if (s.H.size() != g.cells()) throw std::invalid_argument("bathymetry size does not match the grid");
  const SweParams<double>& p = s.params;
  if (!(p.cfl > 0 && p.cfl <= 1)) throw std::invalid_argument("CFL number must be in (0, 1]");
  if (!(p.h_dry > 0)) throw std::invalid_argument("dry tolerance must be > 0");
  if (p.manning < 0 || p.diffusivity < 0 || p.decay_rate < 0)
    throw std::invalid_argument("Manning n, diffusivity and decay rate must be >= 0");
  SweepParams<T> sp;
  sp.nx = g.nx;
  sp.ny = g.ny;
  sp.row0 = 0;
  sp.inv_dx = static_cast<T>(1.0 / g.dx);
  sp.inv_dy = static_cast<T>(1.0 / g.dy);
  sp.phys = {static_cast<T>(p.g), static_cast<T>(p.h_dry), static_cast<T>(p.manning),
             static_cast<T>(p.diffusivity), static_cast<T>(p.decay_rate), static_cast<T>(p.cfl)};
  sp.dx = g.dx;
  sp.dy = g.dy;
  sp.bc = s.bc;
  if (s.releases.count < 0 || s.releases.count > kMaxReleases)
    throw std::invalid_argument("at most " + std::to_string(kMaxReleases) + " releases are supported");
  sp.rel = s.releases;
  if (!s.manning.empty()) {
    if (s.manning.size() != g.cells()) throw std::invalid_argument("Manning field size does not match the grid");
    for (double n : s.manning)
      if (!(n >= 0) || !std::isfinite(n)) throw std::invalid_argument("Manning n must be finite and >= 0 in every cell");
  }
  return sp;  // sp.manning is set by the solver, which owns the field in its precision and memory
}

/// Stops the run on a time step that is not finite and positive (a NaN state or no wet cell left).
inline void check_dt(double dt, double t, long step) {
  if (!(dt > 0) || !std::isfinite(dt)) {
    std::ostringstream o;
    o << "time step became " << dt << " at t = " << t << " s, step " << step
      << " (non-finite state: NaN or negative depth)";
    throw NumericalError(o.str());
  }
}

/// The host-driven time loop shared by the CPU backends and the host-synchronised CUDA variants:
/// while t < t_stop and fewer than max_steps were taken, dt = global_dt(min_local()) (eq. 16,
/// clamped to t_stop), then step(dt). Updates t and steps; returns the steps taken.
template <class MinLocal, class Step>
long host_advance(const SolverSetup& s, double& t, long& steps, double t_stop, long max_steps, MinLocal min_local,
                  Step step) {
  long taken = 0;
  while (t < t_stop && taken < max_steps) {
    const double dt =
        global_dt(min_local(), s.params.cfl, s.params.diffusivity, s.grid.dx, s.grid.dy, t_stop - t);
    check_dt(dt, t, steps);
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
