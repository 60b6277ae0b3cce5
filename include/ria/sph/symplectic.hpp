// Symplectic position-Verlet time integration (Leimkuhler et al. 1996; as in DualSPHysics,
// Dominguez et al. 2022, eq. 20-23), second order, time-reversible without viscosity. With the
// rates (dv/dt, drho/dt) of state n, one step of length dt is
//   predictor:  r' = r + dt/2 v,   v' = v + dt/2 dv/dt,   rho' = rho + dt/2 drho/dt
//   (the rates at the half-step state r', v', rho' are then computed)
//   corrector:  v1 = v + dt dv'/dt,   r1 = r + dt (v + v1) / 2,
//               rho1 = rho (2 - eps) / (2 + eps),   eps = -(drho'/dt / rho') dt
// Dynamic boundary particles keep r and v = 0 and update rho alike, held at rho >= rho0 so that
// they never pull fluid towards the wall (DualSPHysics' boundary density floor).
#pragma once

#include "ria/config.hpp"

namespace ria::sph {

/// The predictor's half step of one scalar x with rate dxdt.
RIA_HD inline double half_step(double x, double dxdt, double dt) { return x + 0.5 * dt * dxdt; }

/// The corrector's velocity component: v1 = v + dt a'.
RIA_HD inline double corrected_velocity(double v, double acc_half, double dt) { return v + dt * acc_half; }

/// The corrector's position component: r1 = r + dt (v + v1) / 2.
RIA_HD inline double corrected_position(double r, double v, double v1, double dt) { return r + dt * 0.5 * (v + v1); }

/// The corrector's density: rho (2 - eps) / (2 + eps), eps = -(drho'/dt / rho') dt.
RIA_HD inline double corrected_density(double rho, double drho_half, double rho_half, double dt) {
  const double eps = -(drho_half / rho_half) * dt;
  return rho * (2.0 - eps) / (2.0 + eps);
}

/// The density floor of dynamic boundary particles.
RIA_HD inline double boundary_density(double rho, double rho0) { return rho < rho0 ? rho0 : rho; }

}  // namespace ria::sph
