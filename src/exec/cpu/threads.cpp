// OpenMP thread policy (ria/exec/threads.hpp).
#include "ria/exec/threads.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <mutex>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

#if defined(RIA_HAVE_OPENMP)
#include <omp.h>
#endif

namespace ria::exec {
namespace {

std::string wait_policy_env() {
  const char* w = std::getenv("OMP_WAIT_POLICY");
  return w ? std::string(w) : std::string("default");
}

/// Idle and waiting-for-I/O time of all CPUs over 50 ms, in cores (/proc/stat); -1 if unknown.
/// A sample of now, not the load average, which lags a minute behind (a build that just ended
/// would leave the next run with one thread).
double idle_cores() {
  auto sample = [](double& idle, double& total) {
    std::ifstream f("/proc/stat");
    std::string cpu;
    f >> cpu;
    if (cpu != "cpu") return false;
    idle = total = 0;
    double v;
    for (int k = 0; k < 8 && f >> v; ++k) {
      total += v;
      if (k == 3 || k == 4) idle += v;  // idle, iowait
    }
    return total > 0;
  };
  double i0 = 0, t0 = 0, i1 = 0, t1 = 0;
  if (!sample(i0, t0)) return -1;
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  if (!sample(i1, t1) || !(t1 > t0)) return -1;
  const long online = sysconf(_SC_NPROCESSORS_ONLN);
  return online > 0 ? (i1 - i0) / (t1 - t0) * static_cast<double>(online) : -1;
}

}  // namespace

void adopt_passive_wait(char** argv) {
#if defined(RIA_HAVE_OPENMP)
  if (std::getenv("OMP_WAIT_POLICY")) return;  // the user's choice stands
  // Started through the dynamic loader (ld-linux-x86-64.so.2 ./ria ...), /proc/self/exe is the
  // loader, which would take the first argument for the program: not restarted.
  char exe[4096];
  const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return;
  const std::string path(exe, static_cast<std::size_t>(n));
  const std::string name = path.substr(path.rfind('/') + 1);
  if (name.rfind("ld-", 0) == 0 || name.rfind("ld.so", 0) == 0) return;
  if (setenv("OMP_WAIT_POLICY", "passive", 1) != 0) return;
  execv("/proc/self/exe", argv);
  // Still here: /proc is not mounted or exec is refused. Run on with the runtime's default
  // policy (it was read at load time), and say so in the policy report.
  unsetenv("OMP_WAIT_POLICY");
#else
  (void)argv;
#endif
}

namespace {

int g_processes = 1;  // processes of this job on the node (share_cores_with)
int g_solvers = 1;    // solvers run at once by each of them
bool g_decided = false;  // thread_policy() has decided the policy
std::mutex g_mu;         // guards the three above

/// Decides the policy (once, from thread_policy(), which applies it to each calling thread).
ThreadPolicy configure_threads() {
  const std::lock_guard<std::mutex> lock(g_mu);
  g_decided = true;
#if defined(RIA_HAVE_OPENMP)
  ThreadPolicy p;
  p.wait_policy = wait_policy_env();
  if (std::getenv("OMP_NUM_THREADS")) {
    // As the user set it, within OMP_THREAD_LIMIT and the cores this process may run on (more
    // threads than cores only wait for each other; 100000 of them exhaust the process).
    const int cores = omp_get_num_procs();
    p.threads = std::min(omp_get_max_threads(), omp_get_thread_limit());
    p.reason = "OMP_NUM_THREADS";
    if (p.threads > cores) {
      p.reason = "OMP_NUM_THREADS (" + std::to_string(p.threads) + ", capped at the " + std::to_string(cores) + " core" +
                 (cores == 1 ? "" : "s") + " this process may use)";
      p.threads = cores;
    }
  } else {
    const int cores = omp_get_num_procs();  // the cores this process may run on (affinity mask)
    const double idle = idle_cores();
    const int free = idle < 0 ? cores : static_cast<int>(std::lround(idle));
    // The process's share of the node (its ranks divide the free cores; its affinity mask bounds
    // it), then divided among the solvers it runs at once (which share its mask).
    const int share = std::min(cores, free / g_processes);
    p.threads = std::max(1, share / g_solvers);
    p.reason = std::to_string(p.threads) + " of " + std::to_string(cores) + " cores free";
    if (g_processes > 1 || g_solvers > 1) {
      p.reason += " (" + std::to_string(free) + " shared by ";
      if (g_processes > 1) p.reason += std::to_string(g_processes) + " ranks";
      if (g_processes > 1 && g_solvers > 1) p.reason += " x ";
      if (g_solvers > 1) p.reason += std::to_string(g_solvers) + " solvers at once";
      p.reason += ")";
    }
  }
  return p;
#else
  return ThreadPolicy{1, wait_policy_env(), "not built with OpenMP"};
#endif
}

}  // namespace

int cores_allowed() {
#if defined(__linux__)
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof mask, &mask) == 0 && CPU_COUNT(&mask) > 0) return CPU_COUNT(&mask);
#endif
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

bool share_cores_with(int processes, int solvers) {
  const std::lock_guard<std::mutex> lock(g_mu);
  if (g_decided) return false;
  g_processes = std::max(1, processes);
  g_solvers = std::max(1, solvers);
  return true;
}

ThreadPolicy thread_policy() {
  static const ThreadPolicy p = configure_threads();  // thread-safe, once per process
#if defined(RIA_HAVE_OPENMP)
  thread_local bool applied = false;  // once per host thread
  if (!applied) omp_set_num_threads(p.threads);
  applied = true;
#endif
  return p;
}

}  // namespace ria::exec
