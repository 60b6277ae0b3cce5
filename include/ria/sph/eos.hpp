// The Tait equation of state of weakly-compressible SPH (Monaghan 1994, eq. 3.1; Batchelor 1967):
//
//   p(rho) = B ((rho / rho0)^gamma - 1),   B = c0^2 rho0 / gamma,
//   c(rho) = sqrt(dp/drho) = c0 (rho / rho0)^((gamma - 1) / 2),
//
// rho0 the reference density [kg/m^3], gamma = 7 for water, c0 the numerical speed of sound at
// rho0 [m/s], chosen >= 10 times the largest flow speed so that density varies by <= 1% (Monaghan
// 1994, section 3). Its inverse, rho(p) = rho0 (1 + p / B)^(1/gamma), gives the hydrostatic initial
// density and the hydrostatic density difference of the Fourtakas density diffusion (pair.hpp).
#pragma once

#include <cmath>

#include "ria/config.hpp"

namespace ria::sph {

struct Tait {
  double rho0 = 1000;  // [kg/m^3]
  double c0 = 10;      // [m/s]
  double gamma = 7;
  double B = 1000 * 10 * 10 / 7.0;  // c0^2 rho0 / gamma [Pa]

  RIA_HD static Tait make(double rho0, double c0, double gamma) { return Tait{rho0, c0, gamma, c0 * c0 * rho0 / gamma}; }

  /// Pressure [Pa] at density rho.
  RIA_HD double pressure(double rho) const { return B * (std::pow(rho / rho0, gamma) - 1.0); }
  /// Speed of sound [m/s] at density rho.
  RIA_HD double sound_speed(double rho) const { return c0 * std::pow(rho / rho0, 0.5 * (gamma - 1.0)); }
  /// Density [kg/m^3] at pressure p (p > -B).
  RIA_HD double density(double p) const { return rho0 * std::pow(1.0 + p / B, 1.0 / gamma); }
};

}  // namespace ria::sph
