// Checkpoint files (checkpoint.hpp).
#include "io/checkpoint/checkpoint.hpp"

#include <array>
#include <cmath>
#include <cstdio>

#include "io/checkpoint/binary_io.hpp"
#include "io/io_error.hpp"

namespace ria::io {
namespace {

using binary::Reader;
using binary::Writer;

constexpr std::array<char, 8> kMagic = binary::kRunCheckpointMagic;
constexpr std::uint32_t kVersion = 3;  // 2: identity appended; 3: five extremes of every step
static_assert(sizeof(swe::Balance) == 9 * sizeof(double), "Balance is written as 9 doubles");

/// A double as %.17g (exact), for messages.
std::string number_text(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

}  // namespace

std::uint64_t fnv1a(const void* data, std::size_t bytes, std::uint64_t seed) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  for (std::size_t k = 0; k < bytes; ++k) seed = (seed ^ p[k]) * 1099511628211ull;
  return seed;
}

void write_checkpoint(const std::string& path, const Checkpoint& c) {
  Writer w;
  w.pod(c.fingerprint);
  w.str(c.precision);
  w.pod(c.grid.nx), w.pod(c.grid.ny), w.pod(c.grid.dx), w.pod(c.grid.dy), w.pod(c.grid.x0), w.pod(c.grid.y0);
  w.pod(c.t), w.pod(c.steps), w.pod(c.balance), w.pod(c.initial.water), w.pod(c.initial.pollutant);
  const swe::HostExtremes& e = c.extremes;
  for (const std::vector<double>* v : {&c.state.h, &c.state.qx, &c.state.qy, &c.state.hc})
    w.vec(*v);
  // Each extremes field holds nx * ny values or none (not tracked).
  for (const std::vector<double>* v :
       {&e.max_depth, &e.max_speed, &e.max_concentration, &e.first_wet_time, &e.arrival_time})
    w.vec(*v);
  w.pod(static_cast<std::uint64_t>(c.identity.size()));
  for (const auto& [key, value] : c.identity) w.str(key), w.str(value);
  binary::write_framed(path, kMagic, kVersion, w.bytes());
}

Checkpoint read_checkpoint(const std::string& path) {
  const binary::Framed framed = binary::read_framed(path, kMagic, "checkpoint", 1, kVersion);
  if (framed.version < 3)
    throw InputError("checkpoint '" + path + "' has format version " + std::to_string(framed.version) +
                     ", written by an earlier ria whose run extremes were sampled at the map outputs; this ria "
                     "records them after every step and reads version 3 only, so the extremes could not continue "
                     "exactly: run the scenario again from its start");
  const std::string& payload = framed.payload;
  Reader p(payload, path);
  auto bad = [&](const std::string& what) {
    throw InputError("checkpoint '" + path + "' is not valid: " + what);
  };
  Checkpoint c;
  c.fingerprint = p.pod<std::uint64_t>();
  c.precision = p.str();
  if (!precision_named(c.precision)) bad("precision '" + c.precision + "', expected float, double or mixed");
  c.grid.nx = p.pod<int>(), c.grid.ny = p.pod<int>();
  c.grid.dx = p.pod<double>(), c.grid.dy = p.pod<double>(), c.grid.x0 = p.pod<double>(), c.grid.y0 = p.pod<double>();
  // The grid must fit the payload: 4 state fields of nx * ny doubles (checked in 64 bits, before
  // any allocation).
  if (c.grid.nx < 1 || c.grid.ny < 1)
    bad("grid of " + std::to_string(c.grid.nx) + " x " + std::to_string(c.grid.ny) + " cells, expected nx >= 1 and ny >= 1");
  const std::uint64_t cells = static_cast<std::uint64_t>(c.grid.nx) * static_cast<std::uint64_t>(c.grid.ny);
  if (cells > payload.size() / (4 * sizeof(double)))
    bad("grid of " + std::to_string(c.grid.nx) + " x " + std::to_string(c.grid.ny) + " cells does not fit its " +
        std::to_string(payload.size()) + " payload bytes");
  for (const auto& [name, v] : {std::pair<const char*, double>{"dx", c.grid.dx}, {"dy", c.grid.dy}})
    if (!(v > 0) || !std::isfinite(v)) bad(std::string("cell size ") + name + " = " + number_text(v) + ", expected finite and > 0");
  for (const auto& [name, v] : {std::pair<const char*, double>{"x0", c.grid.x0}, {"y0", c.grid.y0}})
    if (!std::isfinite(v)) bad(std::string("grid origin ") + name + " = " + number_text(v) + ", expected a finite value");
  c.t = p.pod<double>();
  if (!(c.t >= 0) || !std::isfinite(c.t)) bad("t = " + number_text(c.t) + " s, expected finite and >= 0");
  c.steps = p.pod<long long>();
  if (c.steps < 0) bad("step count " + std::to_string(c.steps) + ", expected >= 0");
  c.balance = p.pod<swe::Balance>();
  const double* b = &c.balance.water_in;
  for (int k = 0; k < 9; ++k)
    if (!std::isfinite(b[k])) bad("balance field " + std::to_string(k) + " = " + number_text(b[k]) + ", expected a finite value");
  c.initial.water = p.pod<double>(), c.initial.pollutant = p.pod<double>();
  if (!std::isfinite(c.initial.water) || !std::isfinite(c.initial.pollutant)) bad("initial totals are not finite");
  const std::size_t n = c.grid.cells();
  for (std::vector<double>* v : {&c.state.h, &c.state.qx, &c.state.qy, &c.state.hc}) *v = p.vec(n);
  swe::HostExtremes& e = c.extremes;
  std::vector<double>* ext[5] = {&e.max_depth, &e.max_speed, &e.max_concentration, &e.first_wet_time, &e.arrival_time};
  for (std::vector<double>* v : ext) *v = p.vec_or_none(n);
  for (std::vector<double>* v : ext)
    if (v->size() != ext[0]->size()) bad("the extremes fields are not all present or all absent");
  const auto count = p.pod<std::uint64_t>();
  if (count > 64) bad(std::to_string(count) + " identity entries, expected at most 64");
  for (std::uint64_t k = 0; k < count; ++k) {
    std::string key = p.str();
    std::string value = p.str();
    c.identity.emplace_back(std::move(key), std::move(value));
  }
  return c;
}

}  // namespace ria::io
