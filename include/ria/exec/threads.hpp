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
/// it), each running `solvers` solvers at once on its own host threads (`ria ensemble
/// --concurrent`): the free cores are divided among the processes x solvers. Call before
/// thread_policy() is first used; afterwards the policy is fixed, and this changes nothing and
/// returns false.
bool share_cores_with(int processes, int solvers = 1);

/// The cores this process may run on: its affinity mask (a launcher may bind a rank to one core:
/// Open MPI does for 2 ranks or fewer), or the machine's hardware threads where no mask is known.
int cores_allowed();

/// The OpenMP backend's policy, decided at the first call (the OpenMP solver's construction) and
/// then fixed for the process: OMP_NUM_THREADS threads when the user set it, otherwise the
/// process's share of the cores, min(C, floor(F / P)) for F cores idle over 50 ms (/proc/stat), P
/// processes on the node and C cores this process may use, divided among the S solvers it runs at
/// once: floor(share / S), at least 1 (share_cores_with gives P and S).
/// OpenMP's thread count is a setting of each host thread (a thread started by std::thread begins
/// with the runtime's default, all cores), so every call also makes it the count of the calling
/// thread: a solver that calls this in its constructor runs its parallel loops with the policy's
/// count on whichever thread made it.
/// Only runs that use the OpenMP backend pay the 50 ms.
ThreadPolicy thread_policy();

}  // namespace ria::exec
