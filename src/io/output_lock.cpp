// Output directory lock (output_lock.hpp).
#include "io/output_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "io/io_error.hpp"

namespace ria::io {

OutputLock::OutputLock(const std::string& dir) {
  const std::string path = dir + "/.ria.lock";
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  int open_error = errno;
  struct stat st {};
  if (fd_ < 0 && open_error == EACCES && ::stat(path.c_str(), &st) == 0 && st.st_uid == ::geteuid() &&
      (st.st_mode & S_IWUSR) == 0 && ::chmod(path.c_str(), st.st_mode | S_IWUSR) == 0) {
    // Our own lock, left read-only by a run under umask 0222: made writable to us again.
    fd_ = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    open_error = errno;
  }
  if (fd_ < 0) throw IoError("cannot create the lock file '" + path + "': " + std::strerror(open_error));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    if (err == ENOSYS || err == ENOLCK || err == EOPNOTSUPP || err == EINVAL) {
      ::close(fd_);
      fd_ = -1;
      // NFS without lockd, some FUSE mounts; the NetCDF library (HDF5) locks its files too.
      throw IoError("cannot lock '" + path + "': " + std::strerror(err) + ": the file system of '" + dir +
                    "' does not lock files, which ria (one run a directory) and the NetCDF library need; write the "
                    "outputs to a local directory");
    }
    char buf[32] = {};
    const ssize_t n = ::pread(fd_, buf, sizeof buf - 1, 0);
    ::close(fd_);
    fd_ = -1;
    if (err != EWOULDBLOCK) throw IoError("cannot lock '" + path + "': " + std::strerror(err));
    const std::string pid = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "";
    throw IoError("output directory '" + dir + "' is in use by another ria run (process " +
                  (pid.empty() ? std::string("unknown") : pid.substr(0, pid.find_first_of("\n"))) +
                  "); wait for it to end or choose another --output");
  }
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
    // The lock holds without the PID; a refused run then names no process.
  }
}

OutputLock::~OutputLock() {
  if (fd_ >= 0) ::close(fd_);
}

bool locked_by_another(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool held = ::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return held;
}

}  // namespace ria::io
