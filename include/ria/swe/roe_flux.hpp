// Edge flux of the shallow-water + pollutant system: Roe's scheme on hydrostatically reconstructed
// states, with the Harten-Hyman entropy fix, and the exact flux onto a dry bed beside a dry or thin
// cell, which keeps an isolated wet cell's depth non-negative.
//
// Scheme (Viñas et al. 2012, eqs. 5-12; Castro & Parés path-conservative Roe). On the edge between
// cells L and R, with unit normal n from L to R and edge frame (h, qn, qt, hc):
//  1. Hydrostatic reconstruction (Audusse et al. 2004, eq. 2.7): common bed H* = min(H_L, H_R),
//       h*_K = max(0, eta_K + H*),  eta_K = h_K - H_K,   velocities and C kept.
//     After it the bed jump Delta H is zero, so the path-conservative fluctuation of eq. 5-6,
//       F-_LR = P-_LR (A_LR (W_R - W_L) - S_LR (H_R - H_L)),  P- = 1/2 K (I - sgn D) K^-1,
//     reduces to Roe's flux difference on the reconstructed states; the bed source enters through
//     the pressure terms g/2 (h_K^2 - h*_K^2) (eq. 2.9 of Audusse et al.), which this function folds
//     in by returning qn_l = F* - g/2 h*_L^2 and qn_r = F* - g/2 h*_R^2: the cell's own g/2 h_K^2
//     cancels between its two edges. A lake at rest gives h*_L = h*_R, F* = g/2 h*^2, hence exactly
//     zero, also where a dry island's bed stands above the water (h*_L = h*_R = 0).
//  2. Roe averages (eqs. 10-12): u~ = (sqrt(hL) uL + sqrt(hR) uR) / (sqrt(hL) + sqrt(hR)),
//     h~ = (hL + hR)/2, c~ = sqrt(g h~); eigenvalues u~ -+ c~ (and u~ for the contact waves).
//     Evaluated with few roots and divisions (each an instruction sequence in double on the
//     GPU): c_K = sqrt(g) sqrt(h_K) from the roots the average needs, and c~ = g h~ / sqrt(g h~)
//     and 1/(2 c~) from one reciprocal square root (inverse_sqrt, quotient.hpp).
//  3. Entropy fix (Harten & Hyman 1983; LeVeque 2002 section 15.3.5): a wave whose speed changes
//     sign across it (lambda_L < 0 < lambda_R, evaluated in the states on either side of the wave,
//     one of them Roe's middle state) is split into a left- and a right-going part, i.e.
//     lambda^- = lambda_L (lambda_R - lambda) / (lambda_R - lambda_L) and lambda^+ = lambda - lambda^-;
//     in the centred flux form used here |lambda| -> lambda^+ - lambda^-.
//  4. Positivity: where one reconstructed depth is below eps (a dry or thin side), the flux is
//     that of the exact Riemann problem of the wet side against a dry bed (dry_bed_flux: a
//     rarefaction into the dry side, front at u -+ 2c; Toro 2001 section 6.3): per edge at most
//     h* u* = (8/27) c h out of water at rest, so a wet cell between four dry ones keeps
//     h (1 - (16/27) gamma) >= 0 for any CFL number gamma <= 1 of eq. 16 (an HLLE flux with the
//     front speed 2c sends 2/3 c h per edge: negative above gamma = 3/4), and a thin side sends no
//     water to a wet one. Where both are thin, the HLLE flux with the thinner side's front at
//     u -+ 2c; where both are wet but Roe's intermediate depth h_m = h_L + alpha_1 is not
//     positive, the HLLE flux with Einfeldt's speeds.
//  5. Tangential momentum and pollutant are upwinded with the mass flux (contact wave):
//     F_qt = F_h v_up, F_hc = F_h C_up, with C_up = hc/h of the upwind cell exactly (not the
//     desingularised ratio of wet_dry.hpp, which is smaller below eps: a thin cell sending water
//     out would keep the difference and leave [C_min, C_max], and its neighbour get C below it).
//     This gives the maximum principle for C and keeps a uniform C (or v) exactly uniform in flux
//     terms.
// Preconditions: h >= 0, g > 0, eps > 0. Units: m, s.
#pragma once

#include <cmath>

#include "ria/config.hpp"
#include "ria/minmax.hpp"
#include "ria/quotient.hpp"
#include "ria/swe/state.hpp"
#include "ria/swe/wet_dry.hpp"

namespace ria::swe {

/// Hydrostatic pressure term g h^2 / 2.
template <class T>
RIA_HD inline T pressure(T h, T g) { return T(0.5) * g * h * h; }

/// |lambda| = lambda^+ - lambda^- with the Harten-Hyman split of a transonic wave; lambda_l and
/// lambda_r are the same characteristic speed in the states left and right of the wave.
template <class T>
RIA_HD inline T entropy_fixed_abs(T lambda, T lambda_l, T lambda_r) {
  if (lambda_l < T(0) && lambda_r > T(0))
    return (lambda * (lambda_r + lambda_l) - T(2) * lambda_l * lambda_r) / (lambda_r - lambda_l);
  return fabs(lambda);
}

/// HLLE flux for (h, qn) on a flat bed; returns mass flux in fh, momentum flux in fq.
template <class T>
RIA_HD inline void hlle_flux(T hl, T ul, T hr, T ur, T sl, T sr, T g, T& fh, T& fq) {
  const T ql = hl * ul, qr = hr * ur;
  const T fql = ql * ul + pressure(hl, g), fqr = qr * ur + pressure(hr, g);
  if (sl >= T(0)) {
    fh = ql; fq = fql;
  } else if (sr <= T(0)) {
    fh = qr; fq = fqr;
  } else {
    const T inv = reciprocal(sr - sl);
    fh = (sr * ql - sl * qr + sl * sr * (hr - hl)) * inv;
    fq = (sr * fql - sl * fqr + sl * sr * (qr - ql)) * inv;
  }
}

/// Flux (fh, fq) at x/t = 0 of the exact Riemann problem between a wet state (h, u, c = sqrt(g h))
/// and a dry bed, on the right of it (wet_left) or on its left. Dry bed on the right: the water
/// runs out as a 1-rarefaction between u - c and the front u + 2c, in which u + 2c is invariant,
/// so at x/t = 0 u* = c* = (u + 2c)/3; the state itself where u - c >= 0, nothing where the front
/// recedes (u + 2c <= 0). Dry bed on the left: the mirror image (u* = -c*, c* = (2c - u)/3).
template <class T>
RIA_HD inline void dry_bed_flux(T h, T u, T c, T g, bool wet_left, T& fh, T& fq) {
  const T s = wet_left ? T(1) : T(-1);  // the mirror image: u -> -u, and the flux's mass sign
  const T un = s * u;
  if (un - c >= T(0)) {
    fh = h * u;
    fq = h * u * u + pressure(h, g);
  } else if (un + T(2) * c <= T(0)) {
    fh = T(0);
    fq = T(0);
  } else {
    const T cs = (un + T(2) * c) * T(1.0 / 3.0), hs = quotient(cs * cs, g);
    fh = s * hs * cs;
    fq = hs * cs * cs + pressure(hs, g);
  }
}

/// Flux across the edge between L (lower index) and R, in the edge frame, given il and ir, the
/// factors inverse_depth(L.h, eps) and inverse_depth(R.h, eps) of their ratios (a caller that
/// holds a cell's factor for its several edges passes it). HL, HR: bed depths.
/// Written so that a loop of edges on the CPU can compute both branches as vector lanes and select
/// (swe/edge_runs.hpp): no flag changes along the way, and the values a branch sets (fh, fq, a
/// thin cell's C) are those of the branch taken. The dry test at the top is a branch the GPU's dry warps all take.
template <class T>
RIA_HD inline EdgeFlux<T> edge_flux(const EdgeState<T>& L, T il, T HL, const EdgeState<T>& R, T ir, T HR, T g, T eps) {
  const T ul = L.qn * il, vl = L.qt * il;
  const T ur = R.qn * ir, vr = R.qt * ir;
  T cl_conc = L.hc * il, cr_conc = R.hc * ir;  // C = hc/h where h >= eps; below, the HLLE branch sets it
  const T Hs = min_of(HL, HR);
  const T hl = max_of(T(0), (L.h - HL) + Hs);
  const T hr = max_of(T(0), (R.h - HR) + Hs);
  if ((hl <= T(0)) & (hr <= T(0))) return {T(0), T(0), T(0), T(0), T(0)};

  const T sg = sqrt(g), sql = sqrt(hl), sqr = sqrt(hr);
  const T cl = sg * sql, cr = sg * sqr;
  // Roe averages: Roe's flux needs them, and so do the HLLE speeds (both sides wet).
  const bool dry_side = (hl < eps) | (hr < eps);
  const T ut = quotient(sql * ul + sqr * ur, sql + sqr);
  const T ct2 = g * T(0.5) * (hl + hr), inv_ct = inverse_sqrt(ct2);
  const T ct = ct2 * inv_ct;
  const T dh = hr - hl, dq = hr * ur - hl * ul;
  const T half_inv_ct = T(0.5) * inv_ct;
  const T a1 = ((ut + ct) * dh - dq) * half_inv_ct;
  const T a4 = (dq - (ut - ct) * dh) * half_inv_ct;
  // Roe's middle state (between the acoustic waves), averaged from both sides for symmetry.
  const T hm = T(0.5) * ((hl + a1) + (hr - a4));
  T fh, fq;
  if (!dry_side && hm > T(0)) {
    const T l1 = ut - ct, l4 = ut + ct;
    const T ql = hl * ul, qr = hr * ur;
    const T um = quotient(T(0.5) * ((ql + a1 * l1) + (qr - a4 * l4)), hm), cm = sg * static_cast<T>(sqrt(hm));
    const T m1 = entropy_fixed_abs(l1, ul - cl, um - cm) * a1;
    const T m4 = entropy_fixed_abs(l4, um + cm, ur + cr) * a4;
    fh = T(0.5) * (ql + qr) - T(0.5) * (m1 + m4);
    fq = T(0.5) * ((ql * ul + pressure(hl, g)) + (qr * ur + pressure(hr, g))) - T(0.5) * (m1 * l1 + m4 * l4);
  } else if (dry_side) {
    if ((hl < eps) != (hr < eps)) {
      // One side dry or thin: the wet side's water runs out into it as onto a dry bed (item 4).
      const bool wet_left = hr < eps;
      dry_bed_flux(wet_left ? hl : hr, wet_left ? ul : ur, wet_left ? cl : cr, g, wet_left, fh, fq);
    } else {
      // Both thin: HLLE with the thinner side's front at u -+ 2c (consistent: equal states give
      // their physical flux, so a film at rest stays so).
      const bool left_dry = hl < hr;
      const T sl = left_dry ? ur - T(2) * cr : ul - cl;
      const T sr = left_dry ? ur + cr : ul + T(2) * cl;
      hlle_flux(hl, ul, hr, ur, sl, sr, g, fh, fq);
    }
    // A cell thinner than eps (its reconstructed depth is too, so it takes this branch): the water
    // it sends out carries its own C (item 5). Up to rounding: (h - H) + H* may round up to eps for
    // a depth within ulp(H)/2 below it, and Roe's branch then takes the desingularised C, low by at
    // most ulp(H) / (2 eps) (a review measured 7e-5 in float beside a 10 m bed at eps = 1e-3; none
    // in double there). Testing the cells' own depths too cost the fused float step 4-9% (H200).
    if (L.h < eps) cl_conc = concentration_below_eps(L.hc, L.h);
    if (R.h < eps) cr_conc = concentration_below_eps(R.hc, R.h);
  } else {
    // Both wet, Roe's middle state not (two rarefactions near a vacuum): HLLE, Einfeldt's speeds.
    hlle_flux(hl, ul, hr, ur, min_of(ul - cl, ut - ct), max_of(ur + cr, ut + ct), g, fh, fq);
  }
  const bool from_left = fh >= T(0);
  const T v_up = from_left ? vl : vr;
  const T c_up = from_left ? cl_conc : cr_conc;
  return {fh, fq - pressure(hl, g), fq - pressure(hr, g), fh * v_up, fh * c_up};
}

/// Flux across the edge between L and R (as above), each state's factor computed here.
template <class T>
RIA_HD inline EdgeFlux<T> edge_flux(const EdgeState<T>& L, T HL, const EdgeState<T>& R, T HR, T g, T eps) {
  return edge_flux(L, inverse_depth(L.h, eps), HL, R, inverse_depth(R.h, eps), HR, g, eps);
}

}  // namespace ria::swe
