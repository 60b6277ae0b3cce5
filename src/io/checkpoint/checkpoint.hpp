// Checkpoint files: the complete solver state (in double: exact for float and double runs), the
// clock, the mass balance and the run-wide extremes, so that a restarted run continues bitwise
// identically. Binary, little-endian, written atomically; a CRC-32 guards the payload.
//   "RIACKPT1" | u32 version | u64 payload bytes | u32 crc32(payload) | payload
// Version 2 appended the scenario values the state depends on (identity); version 3 carries the
// five extremes recorded after every step (swe/extremes.hpp) where versions 1 and 2 carried three
// sampled at the map outputs. Those are refused with a message saying why: their extremes cannot
// be continued exactly.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ria/grid/grid.hpp"
#include "ria/swe/balance.hpp"
#include "ria/swe/solver.hpp"

namespace ria::io {

struct Checkpoint {
  std::uint64_t fingerprint = 0;  // of grid, bed and physics: a restart must match the scenario
  std::string precision;          // "float", "double" or "mixed" (precision_name)
  Grid grid;
  double t = 0;
  long long steps = 0;
  swe::Balance balance;
  swe::Totals initial;            // totals at t = 0 (balance lines)
  swe::HostState state;
  swe::HostExtremes extremes;     // run extremes so far (every field empty: not tracked)
  /// Scenario values the state depends on, as (key, exact text), e.g. ("physics.gravity",
  /// "9.8100000000000005"): a restart names the key that differs.
  std::vector<std::pair<std::string, std::string>> identity;
};

/// Writes atomically (temporary file, then rename): an interrupted write keeps the previous file.
void write_checkpoint(const std::string& path, const Checkpoint& c);

/// Reads and verifies a checkpoint. IoError when unreadable; InputError naming the file when it is
/// not a checkpoint, of another version, truncated or corrupted (CRC mismatch), or when a header
/// field is out of range (grid size, spacing, origin, time, step count, balance: each checked).
Checkpoint read_checkpoint(const std::string& path);

/// FNV-1a 64-bit hash of a byte range, chained through `seed` (fingerprints).
std::uint64_t fnv1a(const void* data, std::size_t bytes, std::uint64_t seed = 1469598103934665603ull);

}  // namespace ria::io
