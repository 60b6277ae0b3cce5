// Particle snapshots as VTK XML unstructured grids (.vtu), which ParaView opens directly: one
// vertex cell per particle, points (x, y, z) with 2-D runs in the x-z plane (y = 0), and the point
// data velocity (3 components, 2-D: vy = 0), density [kg/m^3], pressure [Pa] (Tait at rho), kind
// (0 fluid, 1 boundary) and id (generation index); particles in id order. The arrays follow the
// XML header as appended raw binary (VTK file format, "appended data", header_type UInt64: each
// array is its byte count then its values, in the machine's byte order, which the header names).
#pragma once

#include <string>

#include "ria/sph/eos.hpp"
#include "ria/sph/particles.hpp"

namespace ria::io {

/// The .vtu file of the particles, as bytes.
std::string particles_vtu(const sph::Particles& p, const sph::Tait& eos);

/// Writes particles_vtu atomically (temporary file, then rename); IoError naming the path on failure.
void write_particles_vtu(const std::string& path, const sph::Particles& p, const sph::Tait& eos);

/// The most memory particles_vtu holds at once for n particles [bytes]: its arrays and the id order
/// (94 bytes a particle), the appended data (86 bytes a particle, in a string grown up to twice
/// that) and the file's text, which copies the data and doubles when the closing tags follow it
/// (the old text alive while it is copied): 94 + 172 + 86 + 172.
double particles_vtu_bytes(double n);

}  // namespace ria::io
