// Particle snapshots as CSV (RFC 4180, one header line), readable by ParaView (CSV reader, then
// "Table To Points" with the coordinate columns), numpy, pandas, spreadsheets:
//   2-D: id,kind,x,z,vx,vz,rho,p        3-D: id,kind,x,y,z,vx,vy,vz,rho,p
// id the particle's generation index, kind 0 = fluid, 1 = boundary, 2 = out (fluid that left the
// domain, parked: particles.hpp); metres, m/s, kg/m^3, Pa
// (p from the Tait equation at rho); values as %.9g; rows in id order.
#pragma once

#include <string>

#include "ria/sph/eos.hpp"
#include "ria/sph/particles.hpp"

namespace ria::io {

/// Writes atomically (temporary file, then rename); IoError naming the path on failure.
void write_particles_csv(const std::string& path, const sph::Particles& p, const sph::Tait& eos);

/// The memory write_particles_csv takes for n particles of `dim` dimensions [bytes]: the id order
/// (8 bytes a particle) and the text it reserves (90 bytes a row in 2-D, 130 in 3-D; rows longer
/// than that on average would grow it).
double particles_csv_bytes(int dim, double n);

}  // namespace ria::io
