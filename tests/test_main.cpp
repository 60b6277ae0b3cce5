// The unit tests' main: OpenMP's threads wait passively, as in `ria` itself (adopt_passive_wait
// re-executes the binary with OMP_WAIT_POLICY=passive unless it is set), so that ctest passes the
// tests only their thread count (gtest_discover_tests takes one value per property).
#include <gtest/gtest.h>

#include "ria/exec/threads.hpp"

int main(int argc, char** argv) {
  ria::exec::adopt_passive_wait(argv);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
