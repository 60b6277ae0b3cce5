// min and max as the physics uses them, one definition per side of the build: on the GPU the
// fmin/fmax instructions; on the host the selects a < b ? a : b and a > b ? a : b. The compiler
// turns a select into a vector instruction inside a loop of edges (swe/edge_runs.hpp), where a
// call to libm's fmin/fmax stays a scalar call. For arguments that are not NaN the selects equal
// glibc's x86-64 fmin/fmax of double (the minsd/maxsd rule: b when a == b, so max_of(0, -0) is
// -0 as fmax(0, -0) is). A NaN in b is returned, a NaN in a is not: a NaN state still reaches
// local_dt (cfl.hpp), which stops the run.
#pragma once

#include <cmath>

#include "ria/config.hpp"

namespace ria {

template <class T>
RIA_HD inline T min_of(T a, T b) {
#if defined(__CUDA_ARCH__)
  return fmin(a, b);
#else
  return a < b ? a : b;
#endif
}

template <class T>
RIA_HD inline T max_of(T a, T b) {
#if defined(__CUDA_ARCH__)
  return fmax(a, b);
#else
  return a > b ? a : b;
#endif
}

}  // namespace ria
