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

/// Declares that `processes` processes of one job share this node (the ranks of an MPI job on
/// it): the free cores are divided among them. Call before thread_policy() is first used.
void share_cores_with(int processes);

/// The OpenMP backend's policy, decided at the first call (the OpenMP solver's construction) and
/// then fixed for the process: OMP_NUM_THREADS threads when the user set it, otherwise the cores
/// that were idle over 50 ms (/proc/stat) divided by the processes sharing the node, at most the
/// cores this process may use and at least 1.
/// Only runs that use the OpenMP backend pay the 50 ms.
ThreadPolicy thread_policy();

}  // namespace ria::exec
