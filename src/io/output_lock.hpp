// The lock of an output directory: `<dir>/.ria.lock`, held with flock(2) for the lifetime of the
// object and holding the owner's PID. A second run into the same directory is refused while the
// first lives; the lock of a process that died is released by the kernel, so a stale file never
// blocks. The file itself is left in place (removing it would race with a process opening it).
#pragma once

#include <string>

namespace ria::io {

class OutputLock {
 public:
  /// Takes the lock of `dir` (which must exist). IoError naming the directory and, when it can be
  /// read, the PID of the process that holds it.
  explicit OutputLock(const std::string& dir);
  ~OutputLock();
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

 private:
  int fd_ = -1;
};

/// True when another open file description holds a flock(2) lock on `path` (HDF5 locks the
/// NetCDF-4 files it has open this way): the file is open in another program.
bool locked_by_another(const std::string& path);

}  // namespace ria::io
