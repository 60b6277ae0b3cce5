// Small text inputs read whole (text_file.hpp).
#include "io/text_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "io/io_error.hpp"

namespace ria::io {

std::string without_bom(std::string text) {
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);
  return text;
}

void require_file_or_pipe(const std::string& path, const std::string& noun) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (fs::is_directory(st)) throw IoError("cannot read " + noun + " '" + path + "': it is a directory");
  if (fs::is_character_file(st) || fs::is_block_file(st) || fs::is_socket(st))
    throw InputError(noun + " '" + path + "': expected a file or a pipe, not a device or socket");
}

std::string read_text_file(const std::string& path, const std::string& noun) {
  require_file_or_pipe(path, noun);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError("cannot read " + noun + " '" + path + "': " + std::strerror(errno));
  // Read in blocks up to the limit, so that a pipe (`ria run <(...)`) works and an endless or
  // huge input is refused after kMaxTextFileBytes, not read into memory whole.
  std::string text;
  char block[1 << 16];
  while (in.read(block, sizeof block) || in.gcount() > 0) {
    text.append(block, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxTextFileBytes)
      throw InputError(noun + " '" + path + "' holds more than " + std::to_string(kMaxTextFileBytes >> 20) +
                       " MiB; expected a text file of at most that size");
  }
  if (in.bad()) throw IoError("cannot read " + noun + " '" + path + "': read error");
  return without_bom(std::move(text));
}

}  // namespace ria::io
