// ria: build-wide configuration. The only place __host__ __device__ is spelled.
#pragma once

#if defined(__CUDACC__)
#define RIA_HD __host__ __device__
#define RIA_HAS_CUDA_COMPILER 1
#else
#define RIA_HD
#endif

#include <initializer_list>
#include <optional>
#include <string_view>

namespace ria {

/// Floating-point precision chosen at run time; the solvers are templates on the C++ types.
/// f32 and f64: state and arithmetic in float or double. mixed: the edge fluxes and the time step
/// are float, each cell's water and pollutant are updated in double and kept to 48 bits (a pair
/// of floats), its momentum is updated and kept in float (swe/mixed_state.hpp, cell_update.hpp),
/// so water and pollutant are conserved to double round-off.
enum class Precision { f32, f64, mixed };

/// The name of a precision on the command line, in checkpoints and in reports.
inline const char* precision_name(Precision p) {
  switch (p) {
    case Precision::f32: return "float";
    case Precision::f64: return "double";
    case Precision::mixed: return "mixed";
  }
  return "unknown precision";  // not reached: the switch names every precision
}

/// The precision whose precision_name is name; none for any other text.
inline std::optional<Precision> precision_named(std::string_view name) {
  for (Precision p : {Precision::f32, Precision::f64, Precision::mixed})
    if (name == precision_name(p)) return p;
  return std::nullopt;
}

/// Default real type for host-side bookkeeping (times, norms, file values).
using Real = double;

}  // namespace ria
