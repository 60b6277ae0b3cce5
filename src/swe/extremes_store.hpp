// Host storage of the extremes records (ria/swe/extremes.hpp) of a run of cells in the solver's
// precision T: the CPU solvers record into it, the CUDA solvers stage their device copies through
// it. Conversions to and from the double HostExtremes of the Solver interface are exact (the
// maxima are T values; the times are doubles), except where records of another precision are
// set: a --precision mixed checkpoint written before 2026-11-27 holds double records, which a
// mixed solver rounds to float (extremes.hpp: it records in the fluxes' precision).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "ria/swe/extremes.hpp"
#include "ria/swe/solver.hpp"

namespace ria::swe {

template <class T>
struct ExtremesStore {
  std::vector<T> max_depth, max_speed, max_conc;
  std::vector<double> first_wet, arrival;
  std::vector<unsigned char> flags;

  /// n cells, nothing recorded.
  explicit ExtremesStore(std::size_t n = 0)
      : max_depth(n, T(0)), max_speed(n, T(0)), max_conc(n, T(0)), first_wet(n, NAN), arrival(n, NAN), flags(n, 0) {}
  std::size_t size() const { return flags.size(); }
  ExtremesFields<T> fields() {
    return {max_depth.data(), max_speed.data(), max_conc.data(), first_wet.data(), arrival.data(), flags.data()};
  }

  /// Cells [offset, offset + size()) of a global set (each field of `cells` values), flags from the times.
  void from_host(const HostExtremes& g, std::size_t offset, std::size_t cells) {
    for (const std::vector<double>* v :
         {&g.max_depth, &g.max_speed, &g.max_concentration, &g.first_wet_time, &g.arrival_time})
      if (v->size() != cells) throw std::invalid_argument("extremes field has the wrong size for the grid");
    for (std::size_t k = 0; k < size(); ++k) {
      const std::size_t q = offset + k;
      max_depth[k] = static_cast<T>(g.max_depth[q]);
      max_speed[k] = static_cast<T>(g.max_speed[q]);
      max_conc[k] = static_cast<T>(g.max_concentration[q]);
      first_wet[k] = g.first_wet_time[q];
      arrival[k] = g.arrival_time[q];
      flags[k] = extremes_flags(first_wet[k], arrival[k]);
    }
  }

  /// m cells from k0 in double, field-major: max_depth, max_speed, max_concentration,
  /// first_wet_time, arrival_time (m values each).
  void to_rows(std::size_t k0, std::size_t m, double* out) const {
    std::copy_n(max_depth.begin() + k0, m, out);
    std::copy_n(max_speed.begin() + k0, m, out + m);
    std::copy_n(max_conc.begin() + k0, m, out + 2 * m);
    std::copy_n(first_wet.begin() + k0, m, out + 3 * m);
    std::copy_n(arrival.begin() + k0, m, out + 4 * m);
  }
};

/// Field-major rows of m cells (ExtremesStore::to_rows) into cells [at, at + m) of a global set.
inline void place_extremes_rows(const double* rows, std::size_t m, std::size_t at, HostExtremes& g) {
  std::vector<double>* f[5] = {&g.max_depth, &g.max_speed, &g.max_concentration, &g.first_wet_time, &g.arrival_time};
  for (int c = 0; c < 5; ++c) std::copy_n(rows + c * m, m, f[c]->begin() + at);
}

/// The extremes rule of a setup in precision T; std::logic_error when the setup does not track them.
template <class T>
ExtremesRule<T> extremes_rule(const SolverSetup& s) {
  return {static_cast<T>(s.physics.h_dry), static_cast<T>(s.extremes.arrival_threshold), s.extremes.depth_and_speed};
}

inline void require_extremes(const SolverSetup& s) {
  if (!s.extremes.track) throw std::logic_error("the extremes are not tracked by this solver (SolverSetup::extremes.track)");
}

}  // namespace ria::swe
