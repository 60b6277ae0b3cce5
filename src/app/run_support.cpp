#include "app/run_support.hpp"

#include <csignal>
#include <cstdio>
#include <filesystem>

#include "app/options.hpp"
#include "io/io_error.hpp"
#include "io/text_file.hpp"
#include "mpi/job.hpp"

namespace ria::app {
namespace {

std::atomic<int> g_stop{0};
extern "C" void on_signal(int sig) { g_stop.store(sig); }

}  // namespace

const std::atomic<int>& stop_signal() { return g_stop; }

namespace {
// Ctrl-C, kill, a closed terminal; a batch system's warning before it kills a job (SIGUSR1/2:
// SGE, Slurm's --signal; mpirun forwards them to the ranks).
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2};
constexpr std::size_t kStops = sizeof kStopSignals / sizeof kStopSignals[0];
// What each stop signal did before catch_stop_signals. A SIGHUP that was ignored (nohup) stays
// ignored, as its starter asked; the others are always taken (a shell starts background commands
// ignoring SIGINT, and a `kill -INT` to one means stop).
void (*g_before[kStops])(int) = {};
}  // namespace

void catch_stop_signals(void (*handler)(int)) {
  for (std::size_t k = 0; k < kStops; ++k) {
    g_before[k] = std::signal(kStopSignals[k], handler);
    if (kStopSignals[k] == SIGHUP && g_before[k] == SIG_IGN) std::signal(SIGHUP, SIG_IGN);
  }
}

void release_stop_signals() {
  for (std::size_t k = 0; k < kStops; ++k) std::signal(kStopSignals[k], g_before[k] == SIG_ERR ? SIG_DFL : g_before[k]);
}

SignalsCaught::SignalsCaught() {
  g_stop.store(0);
  catch_stop_signals(on_signal);
}

SignalsCaught::~SignalsCaught() { release_stop_signals(); }

bool interrupted_during(const char* cmd, const char* what) {
  if (!g_stop.load()) return false;
  std::fprintf(stderr, "%s: interrupted by signal %d while %s, before the first step: no checkpoint, nothing written\n",
               cmd, g_stop.load(), what);
  return true;
}

std::string command_line(const std::string& command, const std::string& file, const std::vector<std::string>& sets) {
  const auto word = [](const std::string& w) {
    const bool plain = !w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                         "0123456789-_./:=+,@%") == std::string::npos;
    if (plain) return w;
    std::string q = "'";
    for (const char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
  };
  std::string line = file.empty() ? command : command + " " + word(file);
  for (const std::string& s : sets) line += " --set " + word(s);
  return line;
}

void prepare_output_dir(const std::string& dir) {
  std::error_code ec;
  if (std::filesystem::is_symlink(dir, ec) && !std::filesystem::exists(dir, ec))
    throw io::IoError("cannot create output directory '" + dir + "': it is a symbolic link to '" +
                      std::filesystem::read_symlink(dir, ec).string() + "', which does not exist");
  std::filesystem::create_directories(dir, ec);
  if (ec) throw io::IoError("cannot create output directory '" + dir + "': " + ec.message());
  const std::string probe = dir + "/.ria_write_test";
  std::FILE* f = std::fopen(probe.c_str(), "w");
  if (!f) throw io::IoError("output directory '" + dir + "' is not writable");
  std::fclose(f);
  std::remove(probe.c_str());
}

std::string results_command(const std::string& dir) {
  const std::string path = dir + "/summary.json";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return "";
  std::string text;
  try {
    text = io::read_text_file(path, "summary");
  } catch (const std::exception&) {
    return "";  // unreadable: nothing to tell; the run's own write reports a problem with the file
  }
  const std::string key = std::string("\"") + kSummaryCommandKey + "\": \"";
  if (const std::size_t at = text.find(key); at != std::string::npos) {
    const std::size_t begin = at + key.size(), end = text.find('"', begin);
    if (end != std::string::npos) return text.substr(begin, end - begin);
  }
  if (text.find("\"members_per_hour\"") != std::string::npos) return kEnsembleCommand;
  if (text.find("\"fluid_particles\"") != std::string::npos) return kSphRunCommand;
  if (text.find("\"pollutant\"") != std::string::npos) return kRunCommand;
  return "";
}

void require_no_other_results(const std::string& dir, const std::string& command) {
  const std::string other = results_command(dir);
  if (other.empty() || other == command) return;
  throw io::IoError("output directory '" + dir + "' holds the results of " + other +
                    " (its summary.json says so): " + command + " would replace that summary beside " + other +
                    "'s other files; give another output directory, or move those results away");
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
