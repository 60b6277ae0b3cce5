// PNG output without GDAL (RIA_GDAL=OFF): a minimal encoder (PNG spec, RFC 2083) that stores the
// scanlines in uncompressed deflate blocks (RFC 1950/1951), so quicklooks work in every build; the
// files are larger than GDAL's compressed ones.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "io/image.hpp"
#include "io/json.hpp"

namespace ria::io {
namespace {

std::uint32_t crc32(const std::string& bytes) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xffffffffu;
  for (unsigned char b : bytes) c = table[(c ^ b) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

void put32(std::string& s, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) s += static_cast<char>((v >> shift) & 0xff);
}

void put_chunk(std::string& out, const char* type, const std::string& data) {
  put32(out, static_cast<std::uint32_t>(data.size()));
  const std::string body = type + data;
  out += body;
  put32(out, crc32(body));
}

}  // namespace

bool png_built() { return true; }

void write_png(const std::string& path, const Image& img) {
  if (img.width < 1 || img.height < 1 || img.rgb.size() != static_cast<std::size_t>(img.width) * img.height * 3)
    throw std::invalid_argument("write_png: empty image or pixel buffer of the wrong size for '" + path + "'");
  std::string raw;  // scanlines, each with filter type 0 (none)
  const std::size_t row = static_cast<std::size_t>(img.width) * 3;
  raw.reserve((row + 1) * img.height);
  for (int y = 0; y < img.height; ++y) {
    raw += '\0';
    raw.append(reinterpret_cast<const char*>(img.rgb.data()) + y * row, row);
  }
  std::string z = "\x78\x01";  // zlib header: deflate, 32 KiB window, no preset dictionary
  for (std::size_t off = 0; off < raw.size() || off == 0;) {
    const std::size_t n = std::min<std::size_t>(65535, raw.size() - off);
    z += static_cast<char>(off + n == raw.size() ? 1 : 0);  // BFINAL, BTYPE = 00 (stored)
    z += static_cast<char>(n & 0xff);
    z += static_cast<char>(n >> 8);
    z += static_cast<char>(~n & 0xff);
    z += static_cast<char>((~n >> 8) & 0xff);
    z.append(raw, off, n);
    off += n;
    if (n == 0) break;
  }
  std::uint32_t a = 1, b = 0;  // Adler-32 of the uncompressed data
  for (unsigned char c : raw) {
    a = (a + c) % 65521;
    b = (b + a) % 65521;
  }
  put32(z, (b << 16) | a);

  std::string ihdr;
  put32(ihdr, static_cast<std::uint32_t>(img.width));
  put32(ihdr, static_cast<std::uint32_t>(img.height));
  ihdr += std::string("\x08\x02\x00\x00\x00", 5);  // 8 bits, RGB, deflate, adaptive filtering, no interlace
  std::string out = "\x89PNG\r\n\x1a\n";
  put_chunk(out, "IHDR", ihdr);
  put_chunk(out, "IDAT", z);
  put_chunk(out, "IEND", "");
  write_file_atomic(path, out);
}

}  // namespace ria::io
