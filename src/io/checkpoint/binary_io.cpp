#include "io/checkpoint/binary_io.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>

#include "io/checkpoint/crc32.hpp"
#include "io/json.hpp"

namespace ria::io::binary {

void write_framed(const std::string& path, const std::array<char, 8>& magic, std::uint32_t version,
                  const std::string& payload) {
  Writer head;
  head.pod(magic);
  head.pod(version);
  head.pod(static_cast<std::uint64_t>(payload.size()));
  head.pod(crc32(payload));
  write_file_atomic(path, head.bytes() + payload);
}

Framed read_framed(const std::string& path, const std::array<char, 8>& magic, const std::string& noun,
                   std::uint32_t min_version, std::uint32_t max_version) {
  // The header is read and checked against the file's size before the payload is: a wrong file
  // (a directory, a device, a large file of another kind) is refused without reading it whole.
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (fs::is_directory(st)) throw IoError("cannot read " + noun + " '" + path + "': it is a directory");
  if (fs::exists(st) && !fs::is_regular_file(st))
    throw InputError("'" + path + "' is not a ria " + noun + " (not a regular file)");
  std::ifstream f(path, std::ios::binary);
  if (!f) throw IoError("cannot open " + noun + " '" + path + "': " + std::strerror(errno));
  const std::size_t head = magic.size() + sizeof(std::uint32_t) + sizeof(std::uint64_t) + sizeof(std::uint32_t);
  std::string header(head, '\0');
  f.read(header.data(), static_cast<std::streamsize>(head));
  if (f.bad()) throw IoError("cannot read " + noun + " '" + path + "'");
  if (static_cast<std::size_t>(f.gcount()) < head || std::memcmp(header.data(), magic.data(), magic.size()) != 0) {
    // The other command's checkpoint given by mistake is named as such.
    for (const auto& [other, command] : {std::pair<std::array<char, 8>, const char*>{kRunCheckpointMagic, "ria run"},
                                         {kSphCheckpointMagic, "ria sph run"}})
      if (f.gcount() >= 8 && std::memcmp(header.data(), other.data(), other.size()) == 0)
        throw InputError("'" + path + "' is not a ria " + noun + ": it is a checkpoint of `" + command + "` (" +
                         std::string(other.data(), other.size()) + " header)");
    throw InputError("'" + path + "' is not a ria " + noun + " (no " + std::string(magic.data(), magic.size()) + " header)");
  }
  Reader r(header, path);
  r.pod<std::array<char, 8>>();
  Framed out;
  out.version = r.pod<std::uint32_t>();
  if (out.version < min_version || out.version > max_version)
    throw InputError(noun + " '" + path + "' has format version " + std::to_string(out.version) + ", this ria reads " +
                     (min_version == max_version ? std::to_string(min_version)
                                                 : std::to_string(min_version) + " to " + std::to_string(max_version)));
  const auto bytes = r.pod<std::uint64_t>();
  const auto crc = r.pod<std::uint32_t>();
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) throw IoError("cannot read " + noun + " '" + path + "': " + ec.message());
  if (size - head != bytes)
    throw InputError(noun + " '" + path + "' is truncated or padded: " + std::to_string(size - head) +
                     " payload bytes, the header says " + std::to_string(bytes));
  out.payload.resize(bytes);
  f.read(out.payload.data(), static_cast<std::streamsize>(bytes));
  if (f.bad() || static_cast<std::uint64_t>(f.gcount()) != bytes) throw IoError("cannot read " + noun + " '" + path + "'");
  if (crc32(out.payload) != crc) throw InputError(noun + " '" + path + "' is corrupted (CRC-32 mismatch)");
  return out;
}

}  // namespace ria::io::binary
