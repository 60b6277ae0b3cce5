// The OpenMP thread policy (ria/exec/threads.hpp) on host threads of one process, as
// `ria ensemble --concurrent` runs its members: the cores divided among the solvers at once, and
// the count in force on every host thread that asks for the policy (OpenMP's count is a setting
// of each thread; a std::thread starts from the runtime's default, all cores). Run with
// OMP_NUM_THREADS unset (tests/CMakeLists.txt), so that the policy, not the user, decides.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "ria/exec/threads.hpp"
#if defined(RIA_HAVE_OPENMP)
#include <omp.h>
#endif

using namespace ria;

TEST(ThreadPolicy, SolversAtOnceDivideTheCoresOnEveryHostThread) {
#if defined(RIA_HAVE_OPENMP)
  // One process running two solvers at once. The policy is the process's, decided once: when an
  // earlier test in this process (the whole binary run at once, not one test per process as
  // ctest runs them) has decided it, the share cannot be declared any more, and says so.
  if (!exec::share_cores_with(1, 2))
    GTEST_SKIP() << "the thread policy of this process was decided by an earlier test; run this test alone "
                    "(ctest does)";
  const exec::ThreadPolicy p = exec::thread_policy();
  if (p.reason.rfind("OMP_NUM_THREADS", 0) == 0) GTEST_SKIP() << "OMP_NUM_THREADS is set: the user's count stands";
  const int cores = omp_get_num_procs();
  EXPECT_GE(p.threads, 1);
  EXPECT_LE(p.threads, std::max(1, cores / 2)) << p.reason;
  EXPECT_NE(p.reason.find("2 solvers at once"), std::string::npos) << p.reason;
  // Two host threads, as two members: each asks for the policy (a solver's constructor does) and
  // then runs its parallel loops with the policy's count, not the runtime's default.
  int max_threads[2] = {0, 0}, team[2] = {0, 0};
  auto member = [&](int k) {
    exec::thread_policy();
    max_threads[k] = omp_get_max_threads();
#pragma omp parallel
    {
#pragma omp single
      team[k] = omp_get_num_threads();
    }
  };
  std::thread a(member, 0), b(member, 1);
  a.join();
  b.join();
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(max_threads[k], p.threads) << "thread " << k;
    EXPECT_EQ(team[k], p.threads) << "thread " << k;
  }
#else
  GTEST_SKIP() << "not built with OpenMP";
#endif
}
