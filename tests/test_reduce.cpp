#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ria/exec/reduce.hpp"

using namespace ria::exec;

TEST(Reduce, MinMaxSumMatchSerialLoops) {
  std::vector<double> v(100003);
  double s = 0;
  for (std::size_t k = 0; k < v.size(); ++k) {
    v[k] = std::sin(0.37 * k) * 3.0;
    s += v[k];
  }
  auto r = make_host_reducer(false);
  EXPECT_NEAR(r->reduce(ReduceOp::sum, v.data(), v.size()), s, 1e-9);
  EXPECT_GE(r->reduce(ReduceOp::min, v.data(), v.size()), -3.0);
  EXPECT_NEAR(r->reduce(ReduceOp::max, v.data(), v.size()), 3.0, 1e-6);
  EXPECT_TRUE(std::isinf(r->reduce(ReduceOp::min, v.data(), 0)));
}

TEST(Reduce, ParallelSumIsBitwiseEqualToSerial) {
  if (!built_with_openmp()) GTEST_SKIP() << "not built with OpenMP";
  std::vector<float> v(1 << 20);
  for (std::size_t k = 0; k < v.size(); ++k) v[k] = static_cast<float>(1.0 / (1 + k % 977));
  const double a = make_host_reducer(false)->reduce(ReduceOp::sum, v.data(), v.size());
  const double b = make_host_reducer(true)->reduce(ReduceOp::sum, v.data(), v.size());
  EXPECT_EQ(a, b);
}
