// The variable time step (Monaghan & Kos 1999, eq. 4.12-4.14; DualSPHysics, Dominguez et al. 2022,
// eq. 24): each particle's stable step from a force and a Courant-viscous condition,
//   dt_f  = sqrt(h / |dv_a/dt|)                       (force: the particle moves < h in dt_f)
//   dt_cv = h / (c_a + max_b |mu_ab|)                  (sound and viscous diffusion; pair.hpp)
//   dt_a  = CFL min(dt_f, dt_cv), and with laminar viscosity (nu0 > 0, pair.hpp) at most
//   dt_nu = 0.125 h^2 / nu0 (Morris et al. 1997, eq. 23);
// the step is the minimum over all particles (a min-reduction, src/sph/cpu_solver.cpp). A
// boundary particle does not move: only its sound speed limits, dt_a = CFL h / c_a.
#pragma once

#include <cmath>

#include "ria/config.hpp"
#include "ria/sph/params.hpp"
#include "ria/sph/vec.hpp"

namespace ria::sph {

template <int D>
RIA_HD inline double local_dt(const SphParams<D>& P, bool fluid, const Vec<D>& acc, double c, double mu_max) {
  const double h = P.kernel.h;
  const double dt_cv = h / (c + (fluid ? mu_max : 0.0));
  if (!fluid) return P.cfl * dt_cv;
  const double a = std::sqrt(dot(acc, acc));
  const double dt_f = a > 0 ? std::sqrt(h / a) : dt_cv;
  const double dt = P.cfl * (dt_f < dt_cv ? dt_f : dt_cv);
  const double dt_nu = P.nu > 0 ? 0.125 * h * h / P.nu : dt;
  return dt_nu < dt ? dt_nu : dt;
}

/// The step actually taken from the reduced dt at time t towards the stop t_stop: the step that
/// reaches t_stop ends on it exactly (last = true), and the one before it takes half of what is
/// left when a full step would leave less than one, so that no sliver of a step remains.
RIA_HD inline double step_towards(double dt, double t, double t_stop, bool& last) {
  last = t + dt >= t_stop;
  if (last) return t_stop - t;
  if (t + 2 * dt > t_stop) return 0.5 * (t_stop - t);
  return dt;
}

}  // namespace ria::sph
