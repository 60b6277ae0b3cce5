// The binary layer of checkpoint files (the shallow-water checkpoint.cpp and the SPH
// sph_checkpoint.cpp): native little-endian values appended to a byte string, read back with
// bounds checks, and a framed file
//   MAGIC (8 bytes) | u32 version | u64 payload bytes | u32 crc32(payload) | payload
// written atomically.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "io/io_error.hpp"

namespace ria::io::binary {

class Writer {
 public:
  template <class T>
  void pod(const T& v) { out_.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void str(const std::string& s) {
    pod(static_cast<std::uint64_t>(s.size()));
    out_ += s;
  }
  /// The element count (u64), then the elements.
  template <class T>
  void vec(const std::vector<T>& v) {
    pod(static_cast<std::uint64_t>(v.size()));
    out_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  }
  const std::string& bytes() const { return out_; }

 private:
  std::string out_;
};

/// Reads what Writer wrote; any read past the end is an InputError "checkpoint 'PATH' is corrupted: ...".
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
  /// A vector written by Writer::vec, which must hold `expected` elements.
  template <class T = double>
  std::vector<T> vec(std::size_t expected) {
    const std::uint64_t n = pod<std::uint64_t>();
    if (n != expected) fail("a field has " + std::to_string(n) + " values, expected " + std::to_string(expected));
    if (n > (d_.size() - pos_) / sizeof(T)) fail("the payload ends early");
    std::vector<T> v(n);
    if (n > 0) std::memcpy(v.data(), d_.data() + pos_, n * sizeof(T));  // data() of an empty vector may be null
    pos_ += n * sizeof(T);
    return v;
  }
  /// A vector written by Writer::vec holding `expected` elements or none.
  template <class T = double>
  std::vector<T> vec_or_none(std::size_t expected) {
    const std::size_t at = pos_;
    if (pod<std::uint64_t>() == 0) return {};
    pos_ = at;
    return vec<T>(expected);
  }
  void need(std::uint64_t n) const {
    if (n > d_.size() - pos_) fail("the payload ends early");
  }
  std::size_t left() const { return d_.size() - pos_; }
  [[noreturn]] void fail(const std::string& why) const {
    throw InputError("checkpoint '" + path_ + "' is corrupted: " + why);
  }

 private:
  const std::string& d_;
  const std::string& path_;
  std::size_t pos_ = 0;
};

/// The framed files ria writes, by their magic: `ria run`'s checkpoints and `ria sph run`'s. A
/// reader given the other kind names it (read_framed).
inline constexpr std::array<char, 8> kRunCheckpointMagic = {'R', 'I', 'A', 'C', 'K', 'P', 'T', '1'};
inline constexpr std::array<char, 8> kSphCheckpointMagic = {'R', 'I', 'A', 'S', 'P', 'H', 'C', '1'};

/// Writes MAGIC | version | size | crc32 | payload to `path` atomically (io::IoError naming it).
void write_framed(const std::string& path, const std::array<char, 8>& magic, std::uint32_t version,
                  const std::string& payload);

struct Framed {
  std::uint32_t version = 0;
  std::string payload;
};

/// Reads a framed file and checks magic, version (in [min_version, max_version]), size and CRC.
/// `noun` names the kind of file in messages ("checkpoint": "'PATH' is not a ria checkpoint (no
/// RIACKPT1 header)", "checkpoint 'PATH' has format version 3, this ria reads 1 to 2", ...).
Framed read_framed(const std::string& path, const std::array<char, 8>& magic, const std::string& noun,
                   std::uint32_t min_version, std::uint32_t max_version);

}  // namespace ria::io::binary
