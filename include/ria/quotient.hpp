// a / b as the physics divides by a positive value, one definition per side of the build.
//
// The GPU's IEEE double division runs a dozen inline instructions (a reciprocal estimate, Newton
// steps, the product) and checks that the quotient lies where they are exact; a quotient below
// 2^-120 in magnitude (6.6e-37) leaves for a called slow path of about 66 more instructions. A zero
// numerator always does, and water at rest gives one to every Roe-averaged velocity and friction
// term: on the paper's water column that path was 19% of the double step's instructions (Nsight
// Compute, docs/performance.md). So on the GPU a double zero numerator is returned as it is. For
// b > 0 the quotient of a = +-0 is a itself, so the result is the same bit for bit. Float divisions
// on the GPU (-prec-div=false: a times the approximate reciprocal) and all host divisions are a / b.
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

}  // namespace ria
