// What every SPH backend checks after its steps, and how it names a bad particle: one text for
// the serial, OpenMP and CUDA solvers (NumericalError, ria/errors.hpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ria/sph/particles.hpp"
#include "sph/particle_step.hpp"

namespace ria::sph {

/// Throws std::invalid_argument unless p can be a solver's particles: dimension dim, arrays of
/// equal length, fewer than 2^31 particles, and (when `current` is given: a restart) the count
/// of particles and of boundary particles of the current ones (fluid may have left since).
void check_replacement(const Particles& p, int dim, const Particles* current);

/// Throws std::invalid_argument unless every out particle of p lies at least half the parking
/// distance (2h) beyond a floor or side face of the solver's domain box: out particles are kept
/// out of every fluid particle's support by where they are (particle_step.hpp), so a restart on
/// another [domain] must not bring them back inside.
void check_out_parked(const Particles& p, int dim, const DomainBox& box);

/// "fluid particle 12 at (x, z) m, velocity (u, w) m/s, density rho kg/m3" (9 digits).
std::string particle_text(const Particles& p, std::size_t a);

/// Throws NumericalError for the first particle (in storage order) with a non-finite position or
/// velocity or a density that is not finite and > 0, naming the step and time.
void check_state(const Particles& p, long steps, double t);

/// Throws NumericalError for a reduced time step dt that is not finite and > 0, naming the
/// particle with the smallest (or NaN) local step dtl (one per particle, storage order).
[[noreturn]] void fail_dt(double dt, const std::vector<double>& dtl, const Particles& p, long steps, double t);

}  // namespace ria::sph
