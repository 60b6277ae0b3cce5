// How the OpenMP backend shares the machine's cores with other work.
//
// Two traps on a shared machine: OpenMP threads that spin while they wait take cores from the
// threads doing the work (a 2-core machine with other jobs ran the default scenario 11x slower),
// and more threads than free cores make every parallel region wait for a descheduled thread.
// So, unless the user chose otherwise: waiting threads sleep (OMP_WAIT_POLICY=passive) and the
// thread count is the number of cores not already busy (at least 1).
#pragma once

#include <string>

namespace ria::exec {

/// Makes OMP_WAIT_POLICY=passive the policy of this process when the user has not set the
/// variable. The OpenMP runtime reads it once, when it is loaded, so this re-executes the
/// program (/proc/self/exe, same pid and arguments) with the variable set; it returns only when
/// nothing needs to change or the re-execution is not possible. Call first thing in main().
void adopt_passive_wait(char** argv);

struct ThreadPolicy {
  int threads = 1;          // threads of the OpenMP backend
  std::string wait_policy;  // OMP_WAIT_POLICY as the runtime sees it ("passive", "active", or "default")
  std::string reason;       // "OMP_NUM_THREADS", "N of M cores free" or "not built with OpenMP"
};

/// Sets the OpenMP backend's thread count: OMP_NUM_THREADS when the user set it, otherwise the
/// cores that were idle over the last 50 ms (/proc/stat), at most the cores this process may use
/// and at least 1.
ThreadPolicy configure_threads();

/// The policy in force (configure_threads() must have run; before it, the runtime's defaults).
ThreadPolicy thread_policy();

}  // namespace ria::exec
