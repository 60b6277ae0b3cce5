// Particles as structure-of-arrays on the host: one array per coordinate and per quantity, so a
// sweep reads each quantity contiguously and a device copy is one transfer per array.
//
// Components: 2-D runs in the vertical x-z plane and stores (x, z) in r[0], r[1]; 3-D stores
// (x, y, z) in r[0], r[1], r[2]. The last used component is vertical. Arrays of unused components
// (r[2] and v[2] in 2-D) are empty.
//
// Order: the solver keeps particles sorted by neighbour-search cell (src/sph/cell_list.hpp), and
// reorders them every time it bins them; `id` is each particle's index at generation, which the
// reordering carries along (snapshots name particles by it).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ria::sph {

/// fluid; boundary (walls, obstacles: dynamic boundary particles that do not move); out: a fluid
/// particle that left the domain (the neighbour grid's box) and was taken out of the flow there
/// (particle_step.hpp, leave_domain): it no longer moves, interacts or counts as fluid, and its
/// mass is reported as out.
enum class Kind : std::uint8_t { fluid = 0, boundary = 1, out = 2 };

struct Particles {
  int dim = 2;
  std::array<std::vector<double>, 3> r, v;  // [m], [m/s]
  std::vector<double> rho;                  // density [kg/m^3]
  std::vector<std::uint8_t> kind;           // Kind
  std::vector<std::uint32_t> id;            // index at generation

  std::size_t size() const { return rho.size(); }
  bool is_fluid(std::size_t k) const { return kind[k] == static_cast<std::uint8_t>(Kind::fluid); }
  bool is_out(std::size_t k) const { return kind[k] == static_cast<std::uint8_t>(Kind::out); }
  std::size_t count(Kind k) const {
    std::size_t n = 0;
    for (std::uint8_t x : kind) n += x == static_cast<std::uint8_t>(k);
    return n;
  }
  /// Room for n particles in every array the dimension uses.
  void reserve(std::size_t n) {
    for (int c = 0; c < dim; ++c) r[c].reserve(n), v[c].reserve(n);
    rho.reserve(n), kind.reserve(n), id.reserve(n);
  }
  /// Appends a particle with position r, velocity v (the first `dim` components used).
  void push(const std::array<double, 3>& pos, const std::array<double, 3>& vel, double density, Kind k) {
    for (int c = 0; c < dim; ++c) r[c].push_back(pos[c]), v[c].push_back(vel[c]);
    rho.push_back(density);
    kind.push_back(static_cast<std::uint8_t>(k));
    id.push_back(static_cast<std::uint32_t>(id.size()));
  }
};

}  // namespace ria::sph
