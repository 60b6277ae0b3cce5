// SPH checkpoint files: the particles in the solver's order (so a resumed run bins and sums them
// in the same order and continues bitwise identically), the clock, and the scenario values the
// state depends on. Binary, framed as the shallow-water checkpoints (binary_io.hpp):
//   "RIASPHC1" | u32 version 1 | u64 payload bytes | u32 crc32(payload) | payload
//   payload: i32 dim | f64 t | i64 steps | u64 n | r[0..dim) | v[0..dim) | rho (each u64 n, n f64)
//            | kind (u64 n, n u8) | id (u64 n, n u32) | u64 count | count x (key, value) strings
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ria/sph/particles.hpp"

namespace ria::io {

struct SphCheckpoint {
  double t = 0;
  long long steps = 0;
  sph::Particles particles;
  /// Scenario values the state depends on, as (key, exact text): a restart names the key that differs.
  std::vector<std::pair<std::string, std::string>> identity;
};

/// Writes atomically (temporary file, then rename): an interrupted write keeps the previous file.
void write_sph_checkpoint(const std::string& path, const SphCheckpoint& c);

/// The most memory write_sph_checkpoint holds at once for n particles of `dim` dimensions, besides
/// the checkpoint it is given [bytes]: the payload, one copy of the particles' bytes in a string
/// grown by doubling (up to three copies while its last growth copies it), then the framed file
/// (one more copy beside a payload of up to two).
double sph_checkpoint_write_bytes(int dim, double n);

/// Reads and verifies one. IoError when unreadable; InputError naming the file when it is not an
/// SPH checkpoint, of another version, truncated, corrupted (CRC-32), or a value is out of range
/// (dimension, time, step count, a non-finite coordinate or density, a kind other than fluid, out or
/// boundary, ids that are not a permutation of 0..n-1).
SphCheckpoint read_sph_checkpoint(const std::string& path);

}  // namespace ria::io
