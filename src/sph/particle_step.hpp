// The per-particle parts of a symplectic step (ria/sph/symplectic.hpp) over structure-of-arrays
// storage: what the serial/OpenMP loops (cpu_solver.cpp) and the CUDA kernels
// (sph_kernels_cuda.cuh, neighbour_list_cuda.cuh) run for particle slot a, written once. The particles are in sorted
// storage (slot = particle); r0, v0, rho0 hold the state at the start of the step.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ria/config.hpp"
#include "ria/grid/grid.hpp"
#include "ria/sph/eos.hpp"
#include "ria/sph/params.hpp"
#include "ria/sph/particles.hpp"
#include "ria/sph/symplectic.hpp"
#include "ria/sph/time_step.hpp"

namespace ria::sph {

template <int D>
struct StepArrays {
  double* r[D];
  double* v[D];
  double* rho;
  double* r0[D];
  double* v0[D];
  double* rho0;
  const double* acc[D];  // dv/dt with gravity (fluid), 0 (boundary)
  const double* drho;    // drho/dt
  std::uint8_t* kind;    // a fluid particle that leaves the domain becomes Kind::out (leave_domain)
};

RIA_HD inline bool is_fluid_kind(std::uint8_t k) { return k == static_cast<std::uint8_t>(Kind::fluid); }
RIA_HD inline bool is_out_kind(std::uint8_t k) { return k == static_cast<std::uint8_t>(Kind::out); }

/// The faces of the domain through which fluid leaves the flow: the neighbour grid's box
/// (model components as particles.hpp), all but its top. What rises above the top falls back
/// under gravity (along -z), so the top cells bin it instead (clamped: exact). A particle that
/// leaves is parked `park` = 4h beyond the face it crossed, outside every fluid particle's support
/// (fluid particles within the box, or less than a step beyond it), so it no longer interacts
/// with any other without a test in the searches.
struct DomainBox {
  double lo[3], hi[3];  // the box; hi of the vertical component (dim - 1) is the open top
  double park;          // [m]

  /// Whether component d of a position lies more than `margin` below the floor or beyond a side
  /// (of the dim components, the last is vertical: its top is not such a face).
  RIA_HD bool beyond(int d, int dim, double x, double margin = 0) const {
    return x < lo[d] - margin || (d < dim - 1 && x > hi[d] + margin);
  }
};
/// The box of the neighbour grid g of a dim-D run.
inline DomainBox domain_box(const Grid& g, int dim, double h) {
  DomainBox b{};
  // Component d is grid axis d (2-D runs bin (x, z) on the grid's (x, y) axes: cell_list.hpp).
  const double lo[3] = {g.x0, g.y0, g.z0}, n[3] = {double(g.nx), double(g.ny), double(g.nz)};
  const double size[3] = {g.dx, g.dy, g.dz};
  for (int d = 0; d < dim; ++d) b.lo[d] = lo[d], b.hi[d] = lo[d] + n[d] * size[d];
  b.park = 4 * h;
  return b;
}

/// Takes fluid particle a out of the flow when it has left the domain through its floor or a side.
template <int D>
RIA_HD inline void leave_domain(const StepArrays<D>& s, std::size_t a, const DomainBox& box) {
  bool left = false;
  for (int d = 0; d < D; ++d) left = left || box.beyond(d, D, s.r[d][a]);
  if (!left) return;
  s.kind[a] = static_cast<std::uint8_t>(Kind::out);
  for (int d = 0; d < D; ++d) {
    if (box.beyond(d, D, s.r[d][a])) s.r[d][a] = s.r[d][a] < box.lo[d] ? box.lo[d] - box.park : box.hi[d] + box.park;
    s.v[d][a] = 0.0;
  }
}

/// The pressure, sound speed and 1 / rho of a density (what the pair interaction reads).
struct EosValues {
  double p, c, inv_rho;
};
RIA_HD inline EosValues eos_values(const Tait& eos, double rho) { return {eos.pressure(rho), eos.sound_speed(rho), 1.0 / rho}; }

/// Particle a's stable step from its rates (time_step.hpp); an out particle does not limit it
/// (infinity; when every particle is out, nothing limits the step: step_towards then ends it on
/// the stop).
template <int D>
RIA_HD inline double particle_dt(const SphParams<D>& P, const StepArrays<D>& s, const double* c, const double* mu_max,
                                 std::size_t a) {
  if (is_out_kind(s.kind[a])) return INFINITY;
  Vec<D> acc;
  for (int d = 0; d < D; ++d) acc[d] = s.acc[d][a];
  return local_dt(P, is_fluid_kind(s.kind[a]), acc, c[a], mu_max[a]);
}

/// Predictor: keeps the state at t in r0, v0, rho0 and moves particle a half a step with the rates
/// of that state; a boundary particle's density is held >= rho_ref; an out particle stays as it is.
template <int D>
RIA_HD inline void predict(const StepArrays<D>& s, std::size_t a, double dt, double rho_ref) {
  for (int d = 0; d < D; ++d) s.r0[d][a] = s.r[d][a], s.v0[d][a] = s.v[d][a];
  s.rho0[a] = s.rho[a];
  if (is_fluid_kind(s.kind[a])) {
    for (int d = 0; d < D; ++d) {
      s.r[d][a] = half_step(s.r0[d][a], s.v0[d][a], dt);
      s.v[d][a] = half_step(s.v0[d][a], s.acc[d][a], dt);
    }
    s.rho[a] = half_step(s.rho0[a], s.drho[a], dt);
  } else if (!is_out_kind(s.kind[a])) {
    s.rho[a] = boundary_density(half_step(s.rho0[a], s.drho[a], dt), rho_ref);
  }
}

/// Corrector: the full step of particle a from r0, v0, rho0 with the rates of the half-step state
/// (r, v, rho hold the half-step state on entry and the new state on return); a fluid particle
/// that has left the domain is then taken out of the flow (leave_domain).
template <int D>
RIA_HD inline void correct(const StepArrays<D>& s, std::size_t a, double dt, double rho_ref, const DomainBox& box) {
  if (is_out_kind(s.kind[a])) return;
  const double rho1 = corrected_density(s.rho0[a], s.drho[a], s.rho[a], dt);
  if (is_fluid_kind(s.kind[a])) {
    for (int d = 0; d < D; ++d) {
      const double v1 = corrected_velocity(s.v0[d][a], s.acc[d][a], dt);
      s.r[d][a] = corrected_position(s.r0[d][a], s.v0[d][a], v1, dt);
      s.v[d][a] = v1;
    }
    s.rho[a] = rho1;
    leave_domain(s, a, box);
  } else {
    s.rho[a] = boundary_density(rho1, rho_ref);
  }
}

/// |v|^2 of particle a when it is fluid, else 0: the speed against which c0 >= 10 U_max is checked
/// (the solvers keep its largest after every step).
template <int D>
RIA_HD inline double fluid_speed2(const StepArrays<D>& s, std::size_t a) {
  double v2 = 0;
  if (is_fluid_kind(s.kind[a]))
    for (int d = 0; d < D; ++d) v2 += s.v[d][a] * s.v[d][a];
  return v2;
}

}  // namespace ria::sph
