// Checkpoint files (checkpoint.hpp).
#include "io/checkpoint/checkpoint.hpp"

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include "io/checkpoint/crc32.hpp"
#include "io/io_error.hpp"
#include "io/json.hpp"

namespace ria::io {
namespace {

constexpr char kMagic[8] = {'R', 'I', 'A', 'C', 'K', 'P', 'T', '1'};
constexpr std::uint32_t kVersion = 2;  // 2: identity appended; 1 is still read
static_assert(sizeof(swe::Balance) == 9 * sizeof(double), "Balance is written as 9 doubles");

class Writer {
 public:
  template <class T>
  void pod(const T& v) { out_.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void str(const std::string& s) {
    pod(static_cast<std::uint64_t>(s.size()));
    out_ += s;
  }
  void vec(const std::vector<double>& v) {
    pod(static_cast<std::uint64_t>(v.size()));
    out_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(double));
  }
  const std::string& bytes() const { return out_; }

 private:
  std::string out_;
};

class Reader {
 public:
  Reader(const std::string& data, const std::string& path) : d_(data), path_(path) {}
  template <class T>
  T pod() {
    T v;
    need(sizeof v);
    std::memcpy(&v, d_.data() + pos_, sizeof v);
    pos_ += sizeof v;
    return v;
  }
  std::string str() {
    const std::uint64_t n = pod<std::uint64_t>();
    need(n);
    std::string s = d_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  std::vector<double> vec(std::size_t expected) {
    const std::uint64_t n = pod<std::uint64_t>();
    if (n != expected) fail("a field has " + std::to_string(n) + " values, expected " + std::to_string(expected));
    need(n * sizeof(double));
    std::vector<double> v(n);
    if (n > 0) std::memcpy(v.data(), d_.data() + pos_, n * sizeof(double));  // data() of an empty vector may be null
    pos_ += n * sizeof(double);
    return v;
  }
  void need(std::uint64_t n) const {
    if (n > d_.size() - pos_) fail("the payload ends early");
  }
  [[noreturn]] void fail(const std::string& why) const {
    throw InputError("checkpoint '" + path_ + "' is corrupted: " + why);
  }

 private:
  const std::string& d_;
  const std::string& path_;
  std::size_t pos_ = 0;
};

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
  for (const std::vector<double>* v : {&c.state.h, &c.state.qx, &c.state.qy, &c.state.hc, &c.max_depth,
                                       &c.max_concentration, &c.arrival_time})
    w.vec(*v);
  w.pod(static_cast<std::uint64_t>(c.identity.size()));
  for (const auto& [key, value] : c.identity) w.str(key), w.str(value);
  Writer head;
  head.pod(kMagic);
  head.pod(kVersion);
  head.pod(static_cast<std::uint64_t>(w.bytes().size()));
  head.pod(crc32(w.bytes()));
  write_file_atomic(path, head.bytes() + w.bytes());
}

Checkpoint read_checkpoint(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw IoError("cannot open checkpoint '" + path + "': " + std::strerror(errno));
  const std::string data((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (f.bad()) throw IoError("cannot read checkpoint '" + path + "'");
  const std::size_t head = sizeof kMagic + sizeof(std::uint32_t) + sizeof(std::uint64_t) + sizeof(std::uint32_t);
  if (data.size() < head || std::memcmp(data.data(), kMagic, sizeof kMagic) != 0)
    throw InputError("'" + path + "' is not a ria checkpoint (no RIACKPT1 header)");
  Reader r(data, path);
  r.pod<std::array<char, 8>>();
  const auto version = r.pod<std::uint32_t>();
  if (version != 1 && version != kVersion)
    throw InputError("checkpoint '" + path + "' has format version " + std::to_string(version) + ", this ria reads 1 to " +
                     std::to_string(kVersion));
  const auto bytes = r.pod<std::uint64_t>();
  const auto crc = r.pod<std::uint32_t>();
  if (data.size() - head != bytes)
    throw InputError("checkpoint '" + path + "' is truncated or padded: " + std::to_string(data.size() - head) +
                     " payload bytes, the header says " + std::to_string(bytes));
  const std::string payload = data.substr(head);
  if (crc32(payload) != crc) throw InputError("checkpoint '" + path + "' is corrupted (CRC-32 mismatch)");
  Reader p(payload, path);
  auto bad = [&](const std::string& what) {
    throw InputError("checkpoint '" + path + "' is not valid: " + what);
  };
  Checkpoint c;
  c.fingerprint = p.pod<std::uint64_t>();
  c.precision = p.str();
  if (c.precision != "float" && c.precision != "double") bad("precision '" + c.precision + "', expected float or double");
  c.grid.nx = p.pod<int>(), c.grid.ny = p.pod<int>();
  c.grid.dx = p.pod<double>(), c.grid.dy = p.pod<double>(), c.grid.x0 = p.pod<double>(), c.grid.y0 = p.pod<double>();
  // The grid must fit the payload: 7 fields of nx * ny doubles (checked in 64 bits, before any
  // allocation).
  if (c.grid.nx < 1 || c.grid.ny < 1)
    bad("grid of " + std::to_string(c.grid.nx) + " x " + std::to_string(c.grid.ny) + " cells, expected nx >= 1 and ny >= 1");
  const std::uint64_t cells = static_cast<std::uint64_t>(c.grid.nx) * static_cast<std::uint64_t>(c.grid.ny);
  if (cells > payload.size() / (7 * sizeof(double)))
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
  for (std::vector<double>* v : {&c.state.h, &c.state.qx, &c.state.qy, &c.state.hc, &c.max_depth,
                                 &c.max_concentration, &c.arrival_time})
    *v = p.vec(n);
  if (version >= 2) {
    const auto count = p.pod<std::uint64_t>();
    if (count > 64) bad(std::to_string(count) + " identity entries, expected at most 64");
    for (std::uint64_t k = 0; k < count; ++k) {
      std::string key = p.str();
      std::string value = p.str();
      c.identity.emplace_back(std::move(key), std::move(value));
    }
  }
  return c;
}

}  // namespace ria::io
