// The one pair interaction of the weakly-compressible SPH model: what particle b contributes to
// the rates of change of particle a. Every backend sums it over a's neighbours b (gather, each
// pair seen from both sides) in one fixed order (src/sph/interaction.hpp).
//
// With r_ab = r_a - r_b, v_ab = v_a - v_b, grad_a W_ab = F(r) r_ab (kernel.hpp), V_b = m / rho_b:
//
// Continuity (Monaghan 1992, eq. 2.8, in the form rho_a sum V_b of DualSPHysics, Dominguez et al.
// 2022, eq. 8), for fluid and boundary particles a:
//   drho_a/dt = rho_a sum_b V_b v_ab . grad_a W_ab  +  D_a
// delta-SPH density diffusion (Molteni & Colagrossi 2009, eq. 14; Antuono et al. 2010), between
// fluid particles only (as DualSPHysics' DDT2, Fourtakas et al. 2019, section 3):
//   D_a = delta h c0 sum_b psi_ab . grad_a W_ab V_b,   psi_ab = 2 (rho_b - rho_a)^T (r_b - r_a) / (r^2 + eta^2)
//       = 2 delta h c0 sum_b (rho_b - rho_a)^T (-F) r^2 / (r^2 + eta^2) V_b          (-F >= 0: a diffusion)
// where (rho_b - rho_a)^T is the plain difference (Molteni-Colagrossi) or, for Fourtakas et al.
// 2019 (eq. 9), the difference less its hydrostatic part rho^H_ba = rho0 ((1 - rho0 g.r_ab / B)^(1/gamma) - 1),
// here to first order in rho0 |g.r_ab| / B (< 1e-3 within the kernel support 2h when c0 >= 10
// sqrt(g H); the second-order term is ~1e-4 of the first): rho^H_ba = -rho0 (g . r_ab) / c0^2.
// In a fluid at rest under gravity it cancels the hydrostatic density difference but for the
// change of drho/dp = 1/c^2 with depth d, a fraction ~ (gamma - 1) g d / c0^2 (< 2% for c0 >= 20
// sqrt(g H)), where the plain difference drives a spurious flow.
//
// Momentum, for fluid particles a only (dynamic boundary particles do not move; Crespo et al.
// 2007): Monaghan 1992, eq. 3.3, with the artificial viscosity of Monaghan 1992, eq. 4.1-4.2:
//   dv_a/dt = -sum_b m ((p_a + p_b) / (rho_a rho_b) + Pi_ab) grad_a W_ab + g
//   Pi_ab = -alpha cbar_ab mu_ab / rhobar_ab when v_ab . r_ab < 0, else 0 (alpha_wall when b is a
//   boundary particle: the artificial viscosity is a numerical damping, and at a wall it acts as a
//   no-slip drag of viscosity ~ alpha h c0 / 8, orders of magnitude above water's);
//   mu_ab = h v_ab . r_ab / (r^2 + eta^2), cbar and rhobar the means of a's and b's.
// Laminar viscosity (Lo & Shao 2002, eq. 11; Morris et al. 1997), when nu0 > 0, with fluid and
// boundary neighbours b alike (a no-slip wall):
//   dv_a/dt += sum_b m 4 nu0 (r_ab . grad_a W_ab) / ((rho_a + rho_b)(r^2 + eta^2)) v_ab
//            = sum_b m 4 nu0 F r^2 / ((rho_a + rho_b)(r^2 + eta^2)) v_ab,
// an SPH estimate of nu0 laplacian(v) (for rho_a = rho_b, the Laplacian operator of Morris et al.
// 1997, eq. 10); it may stand beside the artificial term or replace it (alpha = 0). With it, the
// SPS turbulence closure (sps.hpp), between fluid particles:
//   dv_a/dt += sum_b m F (T_a + T_b) r_ab,   T = tau / rho^2 of each particle.
// (g is added by the caller, once per particle.) The pressure and viscous terms are antisymmetric
// in a, b, so momentum is conserved pair by pair. The largest |mu_ab| of a's pairs is kept for the
// viscous time-step condition (time_step.hpp).
#pragma once

#include <cmath>

#include "ria/config.hpp"
#include "ria/sph/params.hpp"
#include "ria/sph/sps.hpp"
#include "ria/sph/vec.hpp"

namespace ria::sph {

/// What the pair interaction reads of one particle (T: the precision of the pair arithmetic).
template <int D, class T = double>
struct PairParticle {
  Vec<D, T> r, v;  // position [m], velocity [m/s]
  T rho = 0;       // density [kg/m^3]
  T inv_rho = 0;   // 1 / rho
  T p = 0;         // pressure [Pa] (eos.hpp, at rho)
  T c = 0;         // speed of sound [m/s] (eos.hpp, at rho)
  bool fluid = true;
  Sym<D, T> tau;   // SPS stress over rho^2 (sps.hpp); read only when P.sps
};

/// sum += x, component by component, in double.
template <int D, class T>
RIA_HD inline void add_to(Vec<D>& sum, const Vec<D, T>& x) {
  for (int d = 0; d < D; ++d) sum[d] = sum[d] + static_cast<double>(x[d]);
}

/// The sums over a's neighbours, in double whatever the precision T of the pair arithmetic; the
/// largest |mu_ab| in T (a maximum is exact: converted to double afterwards, it is the maximum of
/// the values converted one by one, so T = float keeps the double bits without a conversion per pair).
/// With T = float (the GPU's mixed precision) the terms of a run of at most 32 pairs (one screened
/// run of slots, search_cuda.cuh) are summed in float, and each run's sum is added to the
/// double sums (end_run): a conversion and a double addition a run and component instead of a
/// pair. A float sum of k terms is within about k 2^-24 of their magnitudes' sum (Higham 2002,
/// eq. 4.4), the order of the error each float term already carries; runs of 32 at most keep the
/// sum over a particle's ~110 (h = 1.5 dp) to ~175 (h = sqrt(3) dp) neighbours in double, where a
/// float sum would drift with their count.
/// With T = double every term goes to the double sums (end_run does nothing): the CPU's sums.
template <int D, class T = double>
struct PairSums {
  static constexpr bool kRuns = sizeof(T) < sizeof(double);
  Vec<D> acc = Vec<D>::zero();  // sum of the pressure and viscous accelerations [m/s^2]
  double drho = 0;              // drho/dt [kg/m^3/s]
  T mu_max = 0;                 // max_b |mu_ab| [m/s]
  Vec<D, T> run_acc = Vec<D, T>::zero();  // the run's sums (kRuns)
  T run_drho = 0;

  RIA_HD void add_acc(const Vec<D, T>& x) {
    if constexpr (kRuns) run_acc = run_acc + x;
    else add_to(acc, x);
  }
  RIA_HD void add_drho(T x) {
    if constexpr (kRuns) run_drho += x;
    else drho += static_cast<double>(x);
  }
  /// The run's sums into the double sums, and a new run.
  RIA_HD void end_run() {
    if constexpr (kRuns) {
      add_to(acc, run_acc);
      drho += static_cast<double>(run_drho);
      run_acc = Vec<D, T>::zero();
      run_drho = T(0);
    }
  }
};

/// Adds b's contribution to a's sums and returns true, with rab = r_a - r_b given; unless
/// kScreened (below), pairs at or beyond the support radius 2h add nothing, and so do pairs of
/// two boundary particles (both at rest: v_ab = 0, and neither moves): those return false.
/// kLaminar = false compiles the function without the laminar and SPS terms, kSps = false
/// without the SPS term, for callers that know nu0 = 0 or that SPS is off (the GPU searches: the
/// terms' code costs the kernel registers); the results are the same bit for bit. T = double on
/// every backend; the GPU's mixed precision runs it in float (docs/sph.md, "Mixed precision"),
/// each term then added to the double sums.
/// kScreened: the caller has already found r_ab inside the support (dot(rab, rab) <
/// support2(), the same expression) and a or b fluid, so both tests are left out and the pair is
/// added (the GPU's cell-range search, whose screen_run tests every candidate).
template <int D, bool kLaminar = true, bool kSps = true, class T = double, bool kScreened = false>
RIA_HD inline bool add_pair_at(const SphParams<D, T>& P, const Vec<D, T>& rab, const PairParticle<D, T>& a,
                               const PairParticle<D, T>& b, PairSums<D, T>& s) {
  if (!kScreened && !a.fluid && !b.fluid) return false;
  const T r2 = dot(rab, rab);
  if (!kScreened && r2 >= P.kernel.support2()) return false;
  const T F = P.kernel.grad_factor(std::sqrt(r2));
  const Vec<D, T> vab = a.v - b.v;
  const T vr = dot(vab, rab);
  const T Vb = P.mass * b.inv_rho;
  const T inv_r2eta = T(1) / (r2 + P.eta2);

  s.add_drho(a.rho * Vb * F * vr);
  if (a.fluid && b.fluid && P.diffusion != DensityDiffusion::none) {
    T diff = b.rho - a.rho;
    if (P.diffusion == DensityDiffusion::fourtakas) diff += P.hydro_coef * dot(P.g, rab);
    s.add_drho(P.diffusion_coef * diff * (-F) * (r2 * inv_r2eta) * Vb);
  }
  if (!a.fluid) return true;

  const T mu = P.kernel.h * vr * inv_r2eta;
  const T pi = vr < T(0) ? -(b.fluid ? P.alpha : P.alpha_wall) * (a.c + b.c) * mu / (a.rho + b.rho) : T(0);
  const T coef = -P.mass * ((a.p + b.p) * (a.inv_rho * b.inv_rho) + pi) * F;
  s.add_acc(coef * rab);
  if (kLaminar && P.nu > T(0)) s.add_acc((P.mass * T(4) * P.nu * F * r2 * inv_r2eta / (a.rho + b.rho)) * vab);
  if (kLaminar && kSps && P.sps && b.fluid) s.add_acc((P.mass * F) * sym_sum_times(a.tau, b.tau, rab));
  const T amu = std::fabs(mu);
  if (amu > s.mu_max) s.mu_max = amu;
  return true;
}

/// add_pair_at with rab = a.r - b.r.
template <int D, bool kLaminar = true, bool kSps = true, class T = double>
RIA_HD inline bool add_pair(const SphParams<D, T>& P, const PairParticle<D, T>& a, const PairParticle<D, T>& b,
                            PairSums<D, T>& s) {
  return add_pair_at<D, kLaminar, kSps, T>(P, a.r - b.r, a, b, s);
}

}  // namespace ria::sph
