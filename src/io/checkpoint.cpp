// Checkpoint files (checkpoint.hpp).
#include "io/checkpoint.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include "io/crc32.hpp"
#include "io/io_error.hpp"
#include "io/json.hpp"

namespace ria::io {
namespace {

constexpr char kMagic[8] = {'R', 'I', 'A', 'C', 'K', 'P', 'T', '1'};
constexpr std::uint32_t kVersion = 1;
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
    std::memcpy(v.data(), d_.data() + pos_, n * sizeof(double));
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
  if (version != kVersion)
    throw InputError("checkpoint '" + path + "' has format version " + std::to_string(version) + ", this ria reads " +
                     std::to_string(kVersion));
  const auto bytes = r.pod<std::uint64_t>();
  const auto crc = r.pod<std::uint32_t>();
  if (data.size() - head != bytes)
    throw InputError("checkpoint '" + path + "' is truncated or padded: " + std::to_string(data.size() - head) +
                     " payload bytes, the header says " + std::to_string(bytes));
  const std::string payload = data.substr(head);
  if (crc32(payload) != crc) throw InputError("checkpoint '" + path + "' is corrupted (CRC-32 mismatch)");
  Reader p(payload, path);
  Checkpoint c;
  c.fingerprint = p.pod<std::uint64_t>();
  c.precision = p.str();
  c.grid.nx = p.pod<int>(), c.grid.ny = p.pod<int>();
  c.grid.dx = p.pod<double>(), c.grid.dy = p.pod<double>(), c.grid.x0 = p.pod<double>(), c.grid.y0 = p.pod<double>();
  c.t = p.pod<double>();
  c.steps = p.pod<long long>();
  c.balance = p.pod<swe::Balance>();
  c.initial.water = p.pod<double>(), c.initial.pollutant = p.pod<double>();
  const std::size_t n = c.grid.cells();
  for (std::vector<double>* v : {&c.state.h, &c.state.qx, &c.state.qy, &c.state.hc, &c.max_depth,
                                 &c.max_concentration, &c.arrival_time})
    *v = p.vec(n);
  return c;
}

}  // namespace ria::io
