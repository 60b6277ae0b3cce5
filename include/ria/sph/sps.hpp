// Sub-particle-scale (SPS) turbulence: the Smagorinsky closure of Dalrymple & Rogers (2006,
// eqs. 7-9; DualSPHysics' "Laminar+SPS", Dominguez et al. 2022 section 2.3), beside the laminar
// term (pair.hpp). It needs each fluid particle's velocity gradient, estimated first from its
// neighbours (a pass of its own before the rates; the boundary particles' velocities, zero,
// count, so walls shear the flow):
//   (grad v)_a,ij = sum_b V_b (v_b - v_a)_i (grad_a W_ab)_j = sum_b V_b (v_b - v_a)_i F r_ab,j,
// exact for a linear field in the continuous limit (sum_b V_b F r_ab,i r_ab,j -> -delta_ij).
// From the strain rate S_ij = ((grad v)_ij + (grad v)_ji) / 2 and |S| = sqrt(2 S_ij S_ij):
//   nu_t = (Cs dp)^2 |S|,  Cs = 0.12 and C_I = 0.0066 (params.hpp),  dp the filter width Delta,
//   tau_ij / rho = 2 nu_t (S_ij - S_kk delta_ij / 3) - (2/3) C_I dp^2 |S|^2 delta_ij,
// and the momentum equation gains (1/rho) div(tau) in the symmetric form (D&R eq. 9)
//   dv_a/dt += sum_b m (tau_a / rho_a^2 + tau_b / rho_b^2) . grad_a W_ab,
// between fluid particles (pair.hpp adds it). Each particle stores T = tau / rho^2, in (m^2/s^2)
// / (kg/m^3): m F r_ab T is an acceleration. The pair term is antisymmetric in a, b,
// so momentum stays conserved pair by pair.
#pragma once

#include <cmath>

#include "ria/config.hpp"
#include "ria/sph/params.hpp"
#include "ria/sph/vec.hpp"

namespace ria::sph {

/// A D x D matrix (the velocity gradient, row i = velocity component, column j = direction).
template <int D>
struct Mat {
  double c[D][D];
  RIA_HD static Mat zero() {
    Mat m;
    for (int i = 0; i < D; ++i)
      for (int j = 0; j < D; ++j) m.c[i][j] = 0.0;
    return m;
  }
};

/// A symmetric D x D tensor by its D (D + 1) / 2 components: (xx, xz, zz) in 2-D, (xx, xy, xz,
/// yy, yz, zz) in 3-D (floats in the GPU's mixed-precision pair arithmetic).
template <int D, class T = double>
struct Sym {
  static constexpr int size = D * (D + 1) / 2;
  T c[size];
  RIA_HD static int index(int i, int j) {
    if (i > j) { const int t = i; i = j; j = t; }
    return i * D - i * (i - 1) / 2 + (j - i);
  }
  RIA_HD T at(int i, int j) const { return c[index(i, j)]; }
  RIA_HD static Sym zero() {
    Sym s;
    for (int k = 0; k < size; ++k) s.c[k] = T(0);
    return s;
  }
};

/// (A + B) r for symmetric A, B.
template <int D, class T>
RIA_HD inline Vec<D, T> sym_sum_times(const Sym<D, T>& A, const Sym<D, T>& B, const Vec<D, T>& r) {
  Vec<D, T> out;
  for (int i = 0; i < D; ++i) {
    T s = T(0);
    for (int j = 0; j < D; ++j) s += (A.at(i, j) + B.at(i, j)) * r[j];
    out[i] = s;
  }
  return out;
}

/// Adds b's part of a's velocity gradient, with rab = r_a - r_b given; b beyond the support adds
/// nothing.
template <int D>
RIA_HD inline void add_velocity_gradient_at(const SphParams<D>& P, const Vec<D>& rab, const Vec<D>& va, const Vec<D>& vb,
                                            double inv_rho_b, Mat<D>& grad) {
  const double r2 = dot(rab, rab);
  if (r2 >= P.kernel.support2()) return;
  const double f = P.mass * inv_rho_b * P.kernel.grad_factor(std::sqrt(r2));
  for (int i = 0; i < D; ++i) {
    const double dv = vb[i] - va[i];
    for (int j = 0; j < D; ++j) grad.c[i][j] += dv * f * rab[j];
  }
}

/// add_velocity_gradient_at with rab = ra - rb.
template <int D>
RIA_HD inline void add_velocity_gradient(const SphParams<D>& P, const Vec<D>& ra, const Vec<D>& va, const Vec<D>& rb,
                                         const Vec<D>& vb, double inv_rho_b, Mat<D>& grad) {
  add_velocity_gradient_at(P, ra - rb, va, vb, inv_rho_b, grad);
}

/// T = tau / rho^2 of a particle of density rho from its velocity gradient (the header's formula).
template <int D>
RIA_HD inline Sym<D> sps_stress(const SphParams<D>& P, const Mat<D>& grad, double rho) {
  Sym<D> S;
  double ss = 0.0, trace = 0.0;
  for (int i = 0; i < D; ++i)
    for (int j = i; j < D; ++j) {
      const double s = 0.5 * (grad.c[i][j] + grad.c[j][i]);
      S.c[Sym<D>::index(i, j)] = s;
      ss += (i == j ? 1.0 : 2.0) * s * s;  // S_ij S_ij over the full tensor
    }
  for (int i = 0; i < D; ++i) trace += S.at(i, i);
  const double s_abs2 = 2.0 * ss;  // |S|^2
  const double nu_t = P.sps_smagorinsky * std::sqrt(s_abs2);
  const double iso = -(2.0 / 3.0) * P.sps_isotropic * s_abs2;
  const double inv_rho = 1.0 / rho;
  Sym<D> T;
  for (int i = 0; i < D; ++i)
    for (int j = i; j < D; ++j) {
      const double diag = i == j ? 1.0 : 0.0;
      const double tau_over_rho = 2.0 * nu_t * (S.at(i, j) - diag * trace / 3.0) + diag * iso;
      T.c[Sym<D>::index(i, j)] = tau_over_rho * inv_rho;
    }
  return T;
}

}  // namespace ria::sph
