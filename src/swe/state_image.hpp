// The host image of a CUDA solver's state buffer: kFields arrays of n cells, one after another,
// in the stored precision: h, qx, qy, hc (float or double), and for Precision::mixed (kFields = 6,
// floats) the los of h and hc after them (mixed_fields.hpp). The solver copies an image to and from
// its device buffer array by array; these functions turn a HostState into an image and back.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <vector>

#include "ria/swe/mixed_state.hpp"
#include "ria/swe/solver.hpp"

namespace ria::swe {

/// Cell values v[0], v[step], ... v[(kFields - 1) step] of an image as the state they stand for.
template <class Stored, int kFields>
inline Conserved<double> image_cell(const Stored* v, std::size_t step) {
  static_assert(kFields == 4 || (kFields == 6 && sizeof(Stored) == 4), "4 fields, or a mixed state's 6 floats");
  if constexpr (kFields == 4) return {double(v[0]), double(v[step]), double(v[2 * step]), double(v[3 * step])};
  else return {join_pair(v[0], v[4 * step]), v[step], v[2 * step], join_pair(v[3 * step], v[5 * step])};
}

/// The image of state s of n cells (each value rounded to Stored; a mixed state's pairs split).
/// std::invalid_argument when a field does not have n values.
template <class Stored, int kFields>
std::vector<Stored> state_image(const HostState& s, std::size_t n) {
  const std::vector<double>* f[4] = {&s.h, &s.qx, &s.qy, &s.hc};
  for (const std::vector<double>* v : f)
    if (v->size() != n) throw std::invalid_argument("state field has the wrong size for the grid");
  std::vector<Stored> image(kFields * n);
  for (int c = 0; c < 4; ++c)
    for (std::size_t k = 0; k < n; ++k) image[c * n + k] = static_cast<Stored>((*f[c])[k]);
  if constexpr (kFields == 6) {  // the los of h and hc (mixed_state.hpp split_pair)
    for (std::size_t k = 0; k < n; ++k) {
      image[4 * n + k] = split_pair(s.h[k]).lo;
      image[5 * n + k] = split_pair(s.hc[k]).lo;
    }
  }
  return image;
}

/// The state an image of n cells stands for.
template <class Stored, int kFields>
void state_of_image(const std::vector<Stored>& image, std::size_t n, HostState& s) {
  s.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    const Conserved<double> w = image_cell<Stored, kFields>(image.data() + k, n);
    s.h[k] = w.h, s.qx[k] = w.qx, s.qy[k] = w.qy, s.hc[k] = w.hc;
  }
}

}  // namespace ria::swe
