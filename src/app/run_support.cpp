#include "app/run_support.hpp"

#include <csignal>
#include <cstdio>
#include <filesystem>

#include "app/options.hpp"
#include "io/io_error.hpp"
#include "mpi/job.hpp"

namespace ria::app {
namespace {

std::atomic<int> g_stop{0};
extern "C" void on_signal(int sig) { g_stop.store(sig); }

}  // namespace

const std::atomic<int>& stop_signal() { return g_stop; }

SignalsCaught::SignalsCaught() {
  g_stop.store(0);
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
}

SignalsCaught::~SignalsCaught() {
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

bool interrupted_during(const char* cmd, const char* what) {
  if (!g_stop.load()) return false;
  std::fprintf(stderr, "%s: interrupted by signal %d while %s, before the first step: no checkpoint, nothing written\n",
               cmd, g_stop.load(), what);
  return true;
}

void prepare_output_dir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw io::IoError("cannot create output directory '" + dir + "': " + ec.message());
  const std::string probe = dir + "/.ria_write_test";
  std::FILE* f = std::fopen(probe.c_str(), "w");
  if (!f) throw io::IoError("output directory '" + dir + "' is not writable");
  std::fclose(f);
  std::remove(probe.c_str());
}

bool is_root() { return mpi::world().rank == 0; }

void agree_on_setup(std::exception_ptr failure) {
  if (!mpi::world().started) {
    if (failure) std::rethrow_exception(failure);
    return;
  }
  std::string message;
  int code = failure ? exit_code_of(failure, message) : kOk;
  long first[1] = {failure ? mpi::world().size - mpi::world().rank : 0};
  mpi::max_all(first, 1);
  if (first[0] == 0) return;
  const int rank = mpi::world().size - static_cast<int>(first[0]);
  mpi::broadcast(&code, sizeof code, rank);
  if (mpi::world().rank == rank) std::rethrow_exception(failure);
  throw QuietExit{code};
}

}  // namespace ria::app
