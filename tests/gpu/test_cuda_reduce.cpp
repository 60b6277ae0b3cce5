#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ria/exec/reduce.hpp"

using namespace ria::exec;

TEST(CudaReduce, MatchesHostReducer) {
  if (!cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  std::vector<float> v(3000017);
  for (std::size_t k = 0; k < v.size(); ++k) v[k] = static_cast<float>(std::sin(0.001 * k) + 0.5 * std::cos(0.37 * k));
  float* d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, v.size() * sizeof(float)), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(d, v.data(), v.size() * sizeof(float), cudaMemcpyHostToDevice), cudaSuccess);
  auto host = make_host_reducer(false);
  auto dev = make_cuda_reducer();
  EXPECT_EQ(dev->reduce(ReduceOp::min, d, v.size()), host->reduce(ReduceOp::min, v.data(), v.size()));
  EXPECT_EQ(dev->reduce(ReduceOp::max, d, v.size()), host->reduce(ReduceOp::max, v.data(), v.size()));
  const double s = host->reduce(ReduceOp::sum, v.data(), v.size());
  EXPECT_NEAR(dev->reduce(ReduceOp::sum, d, v.size()), s, 1e-12 * v.size());  // double accumulation, other order
  EXPECT_TRUE(std::isinf(dev->reduce(ReduceOp::min, d, 0)));
  cudaFree(d);
}
