#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "ria/exec/ordered_key.hpp"
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

// The keys of the GPU's minimum by atomics (exec/cuda/two_phase_reduce.cuh atomic_min_key) order
// like the values and give them back bit for bit: a local dt of -1 (a state not physical) below
// every positive one, the dry cells' 1e30 below +inf, denormals and signed zeros in place.
template <class T>
void check_ordered_keys() {
  const T inf = std::numeric_limits<T>::infinity(), den = std::numeric_limits<T>::denorm_min();
  const std::vector<T> sorted = {-inf, T(-1e30), T(-1), T(-1e-30), -den, T(-0.0), T(0.0), den,
                                 std::numeric_limits<T>::min(), T(1e-30), T(0.5), T(1), T(1e30),
                                 std::numeric_limits<T>::max(), inf};
  for (std::size_t a = 0; a < sorted.size(); ++a) {
    const unsigned long long k = ordered_key(sorted[a]);
    const T back = from_ordered_key<T>(k);
    EXPECT_EQ(std::memcmp(&back, &sorted[a], sizeof(T)), 0) << sorted[a];
    if (sizeof(T) == 4) {
      EXPECT_LT(k, 1ull << 32);
    }
    for (std::size_t b = a + 1; b < sorted.size(); ++b) EXPECT_LT(k, ordered_key(sorted[b])) << sorted[a] << " " << sorted[b];
  }
  for (int k = 0; k < 10000; ++k) {  // pairs across magnitudes and signs
    const T x = static_cast<T>(std::sin(1.3 * k) * std::pow(10.0, k % 61 - 30));
    const T y = static_cast<T>(std::cos(0.7 * k) * std::pow(10.0, (k * 7) % 61 - 30));
    EXPECT_EQ(ordered_key(x) < ordered_key(y), x < y) << x << " " << y;
  }
}

TEST(Reduce, OrderedKeysOrderLikeTheValues) {
  check_ordered_keys<float>();
  check_ordered_keys<double>();
}
