// OpenMP thread policy (ria/exec/threads.hpp).
#include "ria/exec/threads.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#if defined(RIA_HAVE_OPENMP)
#include <omp.h>
#endif

namespace ria::exec {
namespace {

ThreadPolicy g_policy{1, "default", "not configured"};

std::string wait_policy_env() {
  const char* w = std::getenv("OMP_WAIT_POLICY");
  return w ? std::string(w) : std::string("default");
}

}  // namespace

void adopt_passive_wait(char** argv) {
#if defined(RIA_HAVE_OPENMP)
  if (std::getenv("OMP_WAIT_POLICY")) return;  // the user's choice stands
  if (setenv("OMP_WAIT_POLICY", "passive", 1) != 0) return;
  execv("/proc/self/exe", argv);
  // Still here: /proc is not mounted or exec is refused. Run on with the runtime's default
  // policy (it was read at load time), and say so in the policy report.
  unsetenv("OMP_WAIT_POLICY");
#else
  (void)argv;
#endif
}

ThreadPolicy configure_threads() {
#if defined(RIA_HAVE_OPENMP)
  ThreadPolicy p;
  p.wait_policy = wait_policy_env();
  if (std::getenv("OMP_NUM_THREADS")) {
    p.threads = omp_get_max_threads();
    p.reason = "OMP_NUM_THREADS";
  } else {
    const int cores = omp_get_num_procs();  // the cores this process may run on (affinity mask)
    double load = 0;
    const int busy = getloadavg(&load, 1) == 1 ? static_cast<int>(std::lround(load)) : 0;
    p.threads = std::max(1, std::min(cores, cores - busy));
    p.reason = std::to_string(p.threads) + " of " + std::to_string(cores) + " cores free";
    omp_set_num_threads(p.threads);
  }
  g_policy = p;
#else
  g_policy = ThreadPolicy{1, wait_policy_env(), "not built with OpenMP"};
#endif
  return g_policy;
}

ThreadPolicy thread_policy() { return g_policy; }

}  // namespace ria::exec
