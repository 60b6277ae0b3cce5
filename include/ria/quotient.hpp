// Division as the physics divides, one definition per side of the build: a / b and 1 / b by a
// positive b, and 1 / sqrt(x).
//
// The GPU's IEEE double division is a reciprocal estimate, Newton steps and the product corrected
// by its residual, about a dozen instructions, followed by a check that the quotient lies where
// they are exact; a quotient below 2^-120 in magnitude (6.6e-37) leaves for a called slow path of
// about 66 more instructions. A zero numerator always does, and water at rest gives one to every
// Roe-averaged velocity and friction term: on the paper's water column that path was 19% of the
// double step's instructions (Nsight Compute, docs/performance.md). The divisions here run the
// same estimate and refinement without the check and its branch. Their domain is a divisor b that
// is positive, normal and below 2^1022 (the estimate flushes subnormals: b = 0, subnormal or
// infinite gives NaN, b above 2^1022 gives 0) and a finite quotient; there the result is within an
// ulp of the correctly rounded one and a zero numerator gives zero. The physics divides by depths
// of at least h_dry (>= 1e-9 m, docs/scenarios.md), sums of roots and speeds, and factors >= 1. Float
// divisions on the GPU (-prec-div=false: a times the approximate reciprocal) and all host
// divisions are a / b, so the CPU's results are those of plain division.
//
// A square root and a division by it cost two such sequences in double; the GPU's reciprocal
// square root is one shorter sequence and gives both: sqrt(x) = x (1 / sqrt(x)). Its result
// differs from the host's 1 / sqrt(x) by round-off only.
#pragma once

#include <type_traits>

#include "ria/config.hpp"

namespace ria {

#if defined(__CUDA_ARCH__)
namespace detail {
/// 1 / b in double for a normal 0 < b < 2^1022: the hardware's reciprocal estimate
/// (rcp.approx.ftz.f64) refined by the steps of the IEEE division's inline fast path, e = 1 - b r,
/// r + r (e + e^2), then one Newton step; within an ulp of 1 / b (the IEEE reciprocal corrects
/// once more by its residual).
__device__ inline double refined_reciprocal(double b) {
  double r;
  asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(b));
  double e = fma(-b, r, 1.0);
  e = fma(e, e, e);
  r = fma(r, e, r);
  e = fma(-b, r, 1.0);
  return fma(r, e, r);
}
}  // namespace detail
#endif

/// a / b for b > 0, in the type of a / b. In double on the GPU (b in the domain above) the fast
/// path's product corrected by its residual, q + r (a - b q) with q = a r and r = 1 / b refined,
/// within an ulp of a / b (a zero a gives +0); elsewhere a / b.
template <class A, class B>
RIA_HD inline auto quotient(A a, B b) -> decltype(a / b) {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_same<decltype(a / b), double>::value) {
    const double r = detail::refined_reciprocal(b), q = a * r;
    return fma(r, fma(-static_cast<double>(b), q, static_cast<double>(a)), q);
  }
#endif
  return a / b;
}

/// 1 / b for b > 0: in double on the GPU the refined reciprocal, elsewhere T(1) / b.
template <class T>
RIA_HD inline T reciprocal(T b) {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_same<T, double>::value) return detail::refined_reciprocal(b);
#endif
  return T(1) / b;
}

/// 1 / sqrt(x) for x > 0: on the GPU its reciprocal square root (rsqrt, within 1 ulp in double, the
/// approximate one in float), on the host 1 / sqrt(x).
template <class T>
RIA_HD inline T inverse_sqrt(T x) {
#if defined(__CUDA_ARCH__)
  return rsqrt(x);
#else
  return T(1) / static_cast<T>(sqrt(x));  // the root in T (GCC's sqrtf for a float), then T's division
#endif
}

}  // namespace ria
