// Errors raised at the I/O boundary. The CLI maps IoError to exit code 3 (a file could not be read
// or written) and InputError to exit code 2 (a file was read but its content is not acceptable).
#pragma once

#include <stdexcept>
#include <string>

namespace ria::io {

/// A file or directory could not be opened, read, written or renamed; the message names the path.
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// User input is wrong (a scenario key, a raster's content, a checkpoint that does not match);
/// the message names the file (and line or key where known) and what was expected.
class InputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

}  // namespace ria::io
