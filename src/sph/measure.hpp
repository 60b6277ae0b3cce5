// What the series records (ria/sph/solver.hpp, Measures): the fluid's front, speed, energy, mass
// and volume, and the probes.
//   front: max over fluid particles of x + dp/2 (a particle stands for the cell of size dp around
//          it, so the front of a block at rest is its face).
//   pressure probe at point q: the Shepard-normalised kernel interpolation of the fluid pressures,
//          p(q) = sum_b p_b V_b W(q - r_b) / sum_b V_b W(q - r_b), V_b = m / rho_b, over fluid
//          particles; 0 (the gauge pressure of air) where the kernel sum S(q) = sum_b V_b W < 0.1.
//   wall pressure probe at q: the same sums over the boundary particles (their Tait pressure of
//          their own density, which the fluid against them raises).
//   height probe over (x[, y]): the elevation where S drops through 1/2 going down from above the
//          highest fluid particle, sampled every dp/4 and interpolated linearly between samples (at
//          the flat surface of a particle block S = 1/2 on its face); NaN when S never reaches 1/2.
#pragma once

#include <vector>

#include "ria/grid/grid.hpp"
#include "ria/sph/params.hpp"
#include "ria/sph/particles.hpp"
#include "ria/sph/solver.hpp"
#include "sph/cell_list.hpp"

namespace ria::sph {

/// `cells` is scratch (rebuilt here on the current positions).
template <int D>
Measures measure(const SphParams<D>& P, double dp, const Grid& g, const Particles& p, const std::vector<Probe>& probes,
                 CellList& cells);

}  // namespace ria::sph
