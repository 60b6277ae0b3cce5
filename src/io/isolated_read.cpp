// isolated_read.hpp: fork, read in the child, send the result through a pipe.
//   answer = u8 kind (0 result, 1 InputError, 2 IoError, 3 other) | u64 bytes | payload
#include "io/isolated_read.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include "io/io_error.hpp"

namespace ria::io {
namespace {

bool write_all(int fd, const void* p, std::size_t n) {
  const char* c = static_cast<const char*>(p);
  while (n > 0) {
    const ssize_t w = ::write(fd, c, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    c += w, n -= static_cast<std::size_t>(w);
  }
  return true;
}

[[noreturn]] void answer(int fd, std::uint8_t kind, const void* p, std::uint64_t bytes) {
  const bool ok = write_all(fd, &kind, 1) && write_all(fd, &bytes, sizeof bytes) && write_all(fd, p, bytes);
  ::close(fd);
  // _exit: no exit handlers in the child (HDF5's may crash on a file it failed to close).
  ::_exit(ok ? 0 : 1);
}

}  // namespace

std::vector<double> read_in_child(const std::function<std::vector<double>()>& read, const std::string& what,
                                  const std::string& library) {
  const std::string bytes = read_bytes_in_child(
      [&] {
        const std::vector<double> v = read();
        return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(double));
      },
      what, library);
  std::vector<double> v(bytes.size() / sizeof(double));
  if (!v.empty()) std::memcpy(v.data(), bytes.data(), v.size() * sizeof(double));
  return v;
}

std::string read_bytes_in_child(const std::function<std::string()>& read, const std::string& what,
                                const std::string& library) {
  int fds[2];
  if (::pipe(fds) != 0) throw IoError("cannot read " + what + ": no pipe for the reader process (" + std::strerror(errno) + ")");
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]), ::close(fds[1]);
    throw IoError("cannot read " + what + ": no reader process (" + std::strerror(errno) + ")");
  }
  if (pid == 0) {
    ::close(fds[0]);
    std::signal(SIGINT, SIG_IGN);  // the parent handles an interrupt
    // A crash ends the child by its signal, for the parent to report, whatever handlers the parent
    // installed (a sanitizer's or a fuzzer's, which would take the library's crash for ria's).
    for (int sig : {SIGTERM, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(sig, SIG_DFL);
    try {
      const std::string v = read();
      answer(fds[1], 0, v.data(), v.size());
    } catch (const InputError& e) {
      answer(fds[1], 1, e.what(), std::strlen(e.what()));
    } catch (const IoError& e) {
      answer(fds[1], 2, e.what(), std::strlen(e.what()));
    } catch (const std::exception& e) {
      answer(fds[1], 3, e.what(), std::strlen(e.what()));
    }
  }
  ::close(fds[1]);
  std::string data;
  char buf[1 << 16];
  for (;;) {
    const ssize_t r = ::read(fds[0], buf, sizeof buf);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    data.append(buf, static_cast<std::size_t>(r));
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  std::uint64_t bytes = 0;
  const std::size_t head = 1 + sizeof bytes;
  if (data.size() >= head) std::memcpy(&bytes, data.data() + 1, sizeof bytes);
  if (data.size() < head || data.size() - head != bytes || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const std::string how = WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status)) + ", " + strsignal(WTERMSIG(status))
                                                : "exit status " + std::to_string(WEXITSTATUS(status)) + " without an answer";
    throw InputError(what + ": " + library + " crashed reading it (" + how + "): the file is damaged or not what it claims to be");
  }
  const std::string payload = data.substr(head);
  switch (data[0]) {
    case 0: return payload;
    case 1: throw InputError(payload);
    case 2: throw IoError(payload);
    default: throw std::runtime_error(payload);
  }
}

}  // namespace ria::io
