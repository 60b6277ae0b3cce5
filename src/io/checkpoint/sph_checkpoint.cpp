// SPH checkpoint files (sph_checkpoint.hpp).
#include "io/checkpoint/sph_checkpoint.hpp"

#include <cmath>
#include <cstdio>

#include "io/checkpoint/binary_io.hpp"
#include "io/io_error.hpp"
#include "ria/sph/memory.hpp"

namespace ria::io {
namespace {

constexpr std::array<char, 8> kMagic = binary::kSphCheckpointMagic;
constexpr std::uint32_t kVersion = 1;

std::string number_text(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

}  // namespace

void write_sph_checkpoint(const std::string& path, const SphCheckpoint& c) {
  const sph::Particles& p = c.particles;
  binary::Writer w;
  w.pod(static_cast<std::int32_t>(p.dim));
  w.pod(c.t);
  w.pod(static_cast<std::int64_t>(c.steps));
  w.pod(static_cast<std::uint64_t>(p.size()));
  for (int d = 0; d < p.dim; ++d) w.vec(p.r[d]);
  for (int d = 0; d < p.dim; ++d) w.vec(p.v[d]);
  w.vec(p.rho);
  w.vec(p.kind);
  w.vec(p.id);
  w.pod(static_cast<std::uint64_t>(c.identity.size()));
  for (const auto& [key, value] : c.identity) w.str(key), w.str(value);
  binary::write_framed(path, kMagic, kVersion, w.bytes());
}

double sph_checkpoint_write_bytes(int dim, double n) { return 3 * sph::particles_bytes(dim, n); }

SphCheckpoint read_sph_checkpoint(const std::string& path) {
  const binary::Framed framed = binary::read_framed(path, kMagic, "SPH checkpoint", kVersion, kVersion);
  binary::Reader r(framed.payload, path);
  auto bad = [&](const std::string& what) { throw InputError("SPH checkpoint '" + path + "' is not valid: " + what); };
  SphCheckpoint c;
  sph::Particles& p = c.particles;
  p.dim = r.pod<std::int32_t>();
  if (p.dim != 2 && p.dim != 3) bad("dimension " + std::to_string(p.dim) + ", expected 2 or 3");
  c.t = r.pod<double>();
  if (!(c.t >= 0) || !std::isfinite(c.t)) bad("t = " + number_text(c.t) + " s, expected finite and >= 0");
  c.steps = r.pod<std::int64_t>();
  if (c.steps < 0) bad("step count " + std::to_string(c.steps) + ", expected >= 0");
  const auto n64 = r.pod<std::uint64_t>();
  // 2 dim + 1 doubles, a byte and 4 bytes per particle must fit the payload (checked before allocating).
  const std::uint64_t per = (2 * p.dim + 1) * sizeof(double) + 1 + 4;
  if (n64 > r.left() / per) bad(std::to_string(n64) + " particles do not fit the payload");
  const std::size_t n = static_cast<std::size_t>(n64);
  for (int d = 0; d < p.dim; ++d) p.r[d] = r.vec(n);
  for (int d = 0; d < p.dim; ++d) p.v[d] = r.vec(n);
  p.rho = r.vec(n);
  p.kind = r.vec<std::uint8_t>(n);
  p.id = r.vec<std::uint32_t>(n);
  std::vector<bool> seen(n, false);
  for (std::size_t a = 0; a < n; ++a) {
    for (int d = 0; d < p.dim; ++d)
      if (!std::isfinite(p.r[d][a]) || !std::isfinite(p.v[d][a])) bad("particle " + std::to_string(a) + " has a non-finite position or velocity");
    if (!(p.rho[a] > 0) || !std::isfinite(p.rho[a])) bad("particle " + std::to_string(a) + " has density " + number_text(p.rho[a]));
    if (p.kind[a] > 2)
      bad("particle " + std::to_string(a) + " has kind " + std::to_string(p.kind[a]) + ", expected 0, 1 or 2");
    if (p.id[a] >= n || seen[p.id[a]]) bad("the particle ids are not a permutation of 0.." + std::to_string(n - 1));
    seen[p.id[a]] = true;
  }
  const auto count = r.pod<std::uint64_t>();
  if (count > 64) bad(std::to_string(count) + " identity entries, expected at most 64");
  for (std::uint64_t k = 0; k < count; ++k) {
    std::string key = r.str();
    std::string value = r.str();
    c.identity.emplace_back(std::move(key), std::move(value));
  }
  if (r.left() != 0) bad(std::to_string(r.left()) + " bytes after the identity");
  return c;
}

}  // namespace ria::io
