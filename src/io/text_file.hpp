// Reading a small text input whole (scenario files, CSV tables, series): the checks every such
// reader needs before it reads, in one place.
#pragma once

#include <cstddef>
#include <string>

namespace ria::io {

/// The largest text input read whole: scenarios, member tables and series are kilobytes to a few
/// megabytes; a larger file is another kind of file given by mistake.
constexpr std::size_t kMaxTextFileBytes = std::size_t(256) << 20;

/// The text of the file at `path` (`noun` names it in messages, e.g. "scenario file"), without a
/// leading UTF-8 byte-order mark (as editors such as Notepad and spreadsheet exports write).
/// IoError when it cannot be read or is a directory; InputError when it is a device or socket
/// (/dev/zero would never end) or holds more than kMaxTextFileBytes. A pipe is read.
std::string read_text_file(const std::string& path, const std::string& noun);

/// IoError when `path` is a directory; InputError when it is a device or socket (/dev/zero would
/// never end): what every reader of a file (`noun`, e.g. "raster") checks before it opens it.
void require_file_or_pipe(const std::string& path, const std::string& noun);

/// `text` without a leading UTF-8 byte-order mark.
std::string without_bom(std::string text);

}  // namespace ria::io
