// The SPH model's parameters as one small value struct passed to the pair interaction and the
// updates (ARCHITECTURE.md principle 4): SphParams<D>, built by make_params from the dimension-free
// values of a run (Physics, filled from a scenario by src/sph/setup.cpp).
#pragma once

#include "ria/sph/eos.hpp"
#include "ria/sph/kernel.hpp"
#include "ria/sph/vec.hpp"

namespace ria::sph {

/// delta-SPH density diffusion: none; Molteni & Colagrossi 2009 (the density difference
/// rho_b - rho_a); Fourtakas et al. 2019 (the difference less its hydrostatic part).
enum class DensityDiffusion : int { none = 0, molteni_colagrossi = 1, fourtakas = 2 };

/// The SPS closure's constants (sps.hpp; Dalrymple & Rogers 2006): Smagorinsky's Cs and C_I.
constexpr double kSmagorinsky = 0.12;
constexpr double kSpsIsotropic = 0.0066;

/// T = double everywhere but in the pair arithmetic of the GPU's mixed precision (pair.hpp),
/// whose parameters are these rounded to float (as_precision below).
template <int D, class T = double>
struct SphParams {
  WendlandC2<D, T> kernel;  // smoothing length h = h_over_dp dp
  Tait eos;              // rho0, c0, gamma, B
  T mass = 0;            // particle mass rho0 dp^D [kg] (2-D: kg per metre of width)
  T alpha = 0;           // Monaghan artificial viscosity coefficient (0.01 - 0.1 in dam breaks)
  T alpha_wall = 0;      // the coefficient between a fluid and a boundary particle (alpha times the
                         // wall factor; DualSPHysics' ViscoBoundFactor)
  T nu = 0;              // laminar (kinematic) viscosity nu0 [m^2/s] of the Lo & Shao term (pair.hpp); 0: off
  bool sps = false;      // SPS turbulence (sps.hpp), with the laminar term
  T sps_smagorinsky = 0;  // (Cs dp)^2 [m^2] (sps.hpp)
  T sps_isotropic = 0;    // C_I dp^2 [m^2] (sps.hpp)
  T eta2 = 0;            // 0.01 h^2 [m^2]: keeps h v.r / (r^2 + eta^2) finite at r -> 0
  DensityDiffusion diffusion = DensityDiffusion::fourtakas;
  T delta = T(0.1);      // delta-SPH coefficient (Molteni & Colagrossi 2009: 0.1)
  T diffusion_coef = 0;  // 2 delta h c0 [m^2/s] (pair.hpp)
  T hydro_coef = 0;      // rho0 / c0^2 [kg s^2/m^5] (pair.hpp, Fourtakas)
  Vec<D, T> g = Vec<D, T>::zero();  // gravity [m/s^2], along -z: (0, -g) in 2-D, (0, 0, -g) in 3-D
  T cfl = T(0.2);        // Courant number of the time step (time_step.hpp)
};

/// The parameters with every real rounded to U (each from its double value, not recomputed).
template <class U, int D>
RIA_HD SphParams<D, U> as_precision(const SphParams<D>& p) {
  SphParams<D, U> q;
  q.kernel = p.kernel.template as<U>();
  q.eos = p.eos;
  q.mass = static_cast<U>(p.mass), q.alpha = static_cast<U>(p.alpha), q.alpha_wall = static_cast<U>(p.alpha_wall);
  q.nu = static_cast<U>(p.nu);
  q.sps = p.sps;
  q.sps_smagorinsky = static_cast<U>(p.sps_smagorinsky), q.sps_isotropic = static_cast<U>(p.sps_isotropic);
  q.eta2 = static_cast<U>(p.eta2);
  q.diffusion = p.diffusion;
  q.delta = static_cast<U>(p.delta), q.diffusion_coef = static_cast<U>(p.diffusion_coef);
  q.hydro_coef = static_cast<U>(p.hydro_coef);
  for (int d = 0; d < D; ++d) q.g[d] = static_cast<U>(p.g[d]);
  q.cfl = static_cast<U>(p.cfl);
  return q;
}

/// The values of a run that do not depend on the dimension.
struct Physics {
  double h = 0;        // smoothing length [m]
  double mass = 0;     // particle mass [kg] (2-D: kg/m)
  double rho0 = 1000;  // [kg/m^3]
  double gamma = 7;
  double c0 = 0;       // [m/s]
  double alpha = 0.1;
  double wall_viscosity = 1;  // alpha_wall / alpha
  double kinematic_viscosity = 0;  // nu0 of the laminar viscous term [m^2/s] (water: 1e-6); 0: none
  double sps_filter = 0;  // Delta of the SPS closure (sps.hpp): the particle spacing dp [m]; 0: no SPS
  DensityDiffusion diffusion = DensityDiffusion::fourtakas;
  double delta = 0.1;
  double gravity = 9.81;  // [m/s^2], along -z
  double cfl = 0.2;
};

template <int D>
SphParams<D> make_params(const Physics& f) {
  SphParams<D> p;
  p.kernel = WendlandC2<D>::with_h(f.h);
  p.eos = Tait::make(f.rho0, f.c0, f.gamma);
  p.mass = f.mass;
  p.alpha = f.alpha;
  p.alpha_wall = f.alpha * f.wall_viscosity;
  p.nu = f.kinematic_viscosity;
  p.sps = f.sps_filter > 0;
  p.sps_smagorinsky = kSmagorinsky * kSmagorinsky * f.sps_filter * f.sps_filter;
  p.sps_isotropic = kSpsIsotropic * f.sps_filter * f.sps_filter;
  p.eta2 = 0.01 * f.h * f.h;
  p.diffusion = f.diffusion;
  p.delta = f.delta;
  p.diffusion_coef = 2.0 * f.delta * f.h * f.c0;
  p.hydro_coef = f.rho0 / (f.c0 * f.c0);
  p.g = Vec<D>::zero();
  p.g[D - 1] = -f.gravity;
  p.cfl = f.cfl;
  return p;
}

}  // namespace ria::sph
