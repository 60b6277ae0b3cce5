// Division as the physics divides, one definition per side of the build: a / b by a positive b,
// and 1 / sqrt(x).
//
// The GPU's IEEE double division runs a dozen inline instructions (a reciprocal estimate, Newton
// steps, the product) and checks that the quotient lies where they are exact; a quotient below
// 2^-120 in magnitude (6.6e-37) leaves for a called slow path of about 66 more instructions. A zero
// numerator always does, and water at rest gives one to every Roe-averaged velocity and friction
// term: on the paper's water column that path was 19% of the double step's instructions (Nsight
// Compute, docs/performance.md). So on the GPU a double zero numerator is returned as it is. For
// b > 0 the quotient of a = +-0 is a itself, so the result is the same bit for bit. Float divisions
// on the GPU (-prec-div=false: a times the approximate reciprocal) and all host divisions are a / b.
//
// A square root and a division by it cost two such sequences in double; the GPU's reciprocal
// square root is one shorter sequence (MUFU.RSQ64H and Newton steps) and gives
// both: sqrt(x) = x (1 / sqrt(x)). Its result differs from the host's 1 / sqrt(x) by round-off only.
#pragma once

#include <type_traits>

#include "ria/config.hpp"

namespace ria {

/// a / b for b > 0, in the type of a / b: the correctly rounded quotient, bitwise what a / b gives.
template <class A, class B>
RIA_HD inline auto quotient(A a, B b) -> decltype(a / b) {
#if defined(__CUDA_ARCH__)
  using Q = decltype(a / b);
  if constexpr (std::is_same<Q, double>::value) return a == A(0) ? Q(a) : a / b;
#endif
  return a / b;
}

/// 1 / sqrt(x) for x > 0: on the GPU its reciprocal square root (rsqrt, within 1 ulp in double, the
/// approximate one in float), on the host 1 / sqrt(x).
template <class T>
RIA_HD inline T inverse_sqrt(T x) {
#if defined(__CUDA_ARCH__)
  return rsqrt(x);
#else
  return T(1) / sqrt(x);
#endif
}

}  // namespace ria
