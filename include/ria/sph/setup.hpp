// A scenario to a solver set-up (src/sph/setup.cpp): the smoothing length, the particle mass, the
// speed of sound, the particles generated from the scenario's boxes, their initial densities and
// the neighbour-search cells.
#pragma once

#include <string>
#include <vector>

#include "ria/exec/backend.hpp"
#include "ria/grid/grid.hpp"
#include "ria/sph/scenario.hpp"
#include "ria/sph/solver.hpp"

namespace ria::sph {

/// Particle generation (src/sph/layout.cpp):
///  - every box is filled on its own lattice, centres at lo + (i + 1/2) dp, i = 0..n-1 with
///    n = round((hi - lo) / dp) per axis (>= 1): the particles stand for [lo, lo + n dp];
///  - a tank's shell is the same lattice extended by `layers` on every side (not above an open top),
///    less the inner box;
///  - walls are generated first, in file order; a wall particle inside an earlier wall's solid, and
///    a fluid particle inside any wall's solid or an earlier fluid box, is not created;
///  - densities are rho0, or with hydrostatic_start the Tait density at the hydrostatic pressure
///    rho0 g d: d the depth below the top of the particle's fluid box, and for a boundary particle
///    the largest depth below the top of a fluid box within 2h of it horizontally (the fluid it
///    holds up), 0 elsewhere.
/// c0 is the scenario's c0 or c0_coefficient sqrt(g H), H = depth or the fluid boxes' height.
/// The cells cover [domain] or else the particles' box widened by 2h on every side.
/// `warnings` receives what is legal but likely unintended (a box not a whole number of dp, c0 < 20
/// sqrt(g H), a fluid box entirely inside walls or losing particles to one, particles outside
/// [domain]).
Setup make_setup(const Scenario& sc, exec::Backend backend, std::vector<std::string>& warnings);

/// The most particles a set-up holds (ids, cell slots and sort keys are 32-bit); make_setup refuses
/// a scenario whose lattices hold more, before it generates any.
constexpr double kMaxParticles = 2147483648.0;  // 2^31
/// The particles the scenario's lattices hold at most (each wall and fluid box as generated, a
/// tank its shell only; overlaps are counted twice): what make_setup checks against kMaxParticles.
double lattice_particle_count(const Scenario& sc);
/// The neighbour-search cells (of 2h) make_setup makes for the scenario, from its boxes' lattices
/// before any particle is generated: over [domain], or over the lattices' box widened by 2h; the
/// set-up's cells unless overlaps leave a box's outermost particles out (then at least as many).
/// Throws as cell_grid (src/sph/cell_list.hpp) for more than 2^28.
Grid lattice_cells(const Scenario& sc);
/// Refuses (std::invalid_argument) a scenario no machine runs, before anything is generated or
/// counted against the memory: what make_setup refuses before it generates (not 2 or 3
/// dimensions, no fluid, more than kMaxParticles), and more than 2^28 cells of `search` over
/// lattice_cells (the solvers' own check, cell_list.hpp search_cells, with its words); for
/// Search::list, the SPS closure or 2^26 particles or more (src/sph/neighbour_list.hpp).
void check_set_up_limits(const Scenario& sc, Search search);
/// Refuses (std::invalid_argument) a probe outside the box the scenario's particles will occupy (or
/// [domain]), from its lattices before any particle is generated: make_setup's refusal, for a
/// caller that checks every input before its first model runs (ria compare dambreak).
void check_probes(const Scenario& sc);
/// The particle layers of a tank wall: `layers`, or enough to hold the kernel support, ceil(2h / dp).
long tank_layers(const Scenario& sc, const WallBox& w);

/// The smoothing length h = h_over_dp dp and the sound speed c0 of a scenario.
double smoothing_length(const Scenario& sc);
double sound_speed(const Scenario& sc);
/// H of the c0 rule: `depth`, or the fluid boxes' lowest bottom to highest top.
double reference_depth(const Scenario& sc);

}  // namespace ria::sph
