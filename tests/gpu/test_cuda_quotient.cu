// The GPU's double divisions (include/ria/quotient.hpp: the reciprocal estimate and the IEEE fast
// path's refinement without its range check) against the host's correctly rounded ones, value by
// value: within an ulp for divisors in their domain (positive, normal, below 2^1022), over the
// whole exponent range for the reciprocal and where the quotient is a normal number for the
// division; a zero numerator gives +0. The reciprocal square root (CUDA's rsqrt, 1 ulp) is within
// 2 ulp of the host's 1 / sqrt(x) (two roundings).
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "ria/exec/backend.hpp"
#include "ria/quotient.hpp"

namespace {

__global__ void k_divisions(const double* a, const double* b, int n, double* q, double* r, double* s) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  q[i] = ria::quotient(a[i], b[i]);
  r[i] = ria::reciprocal(b[i]);
  s[i] = ria::inverse_sqrt(b[i]);
}

/// |x - ref| in units of the last place of ref (a finite nonzero double).
double ulps(double x, double ref) {
  const double r = std::fabs(ref);
  return std::fabs(x - ref) / (std::nextafter(r, INFINITY) - r);
}

struct DeviceResults {
  std::vector<double> q, r, s;
};

DeviceResults run_divisions(const std::vector<double>& a, const std::vector<double>& b) {
  const int n = static_cast<int>(a.size());
  const std::size_t bytes = a.size() * sizeof(double);
  double *da = nullptr, *db = nullptr, *dq = nullptr, *dr = nullptr, *ds = nullptr;
  EXPECT_EQ(cudaMalloc(&da, bytes), cudaSuccess);
  EXPECT_EQ(cudaMalloc(&db, bytes), cudaSuccess);
  EXPECT_EQ(cudaMalloc(&dq, bytes), cudaSuccess);
  EXPECT_EQ(cudaMalloc(&dr, bytes), cudaSuccess);
  EXPECT_EQ(cudaMalloc(&ds, bytes), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice), cudaSuccess);
  k_divisions<<<(n + 255) / 256, 256>>>(da, db, n, dq, dr, ds);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  DeviceResults out{std::vector<double>(a.size()), std::vector<double>(a.size()), std::vector<double>(a.size())};
  EXPECT_EQ(cudaMemcpy(out.q.data(), dq, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(out.r.data(), dr, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(out.s.data(), ds, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
  for (double* p : {da, db, dq, dr, ds}) cudaFree(p);
  return out;
}

}  // namespace

TEST(CudaQuotient, DoubleDivisionsWithinAnUlpOfTheHosts) {
  if (!ria::exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  // Divisors m 2^e with m in [1, 2): e over the whole normal range below 2^1022 for the reciprocal
  // (every 4th value), and e, and the numerator's exponent, in [-60, 60] where the quotient is
  // compared; numerators of both signs, every 16th a signed zero (water at rest), among those.
  std::mt19937_64 rng(20261127);
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> wide(-1021, 1020), narrow(-60, 60);
  const int n = 1 << 20;
  std::vector<double> a(n), b(n);
  for (int k = 0; k < n; ++k) {
    b[k] = std::ldexp(mantissa(rng), k % 4 == 0 ? wide(rng) : narrow(rng));
    a[k] = k % 16 == 1 ? (k % 32 == 1 ? 0.0 : -0.0) : std::ldexp((k % 3 ? 1.0 : -1.0) * mantissa(rng), narrow(rng));
  }
  const DeviceResults d = run_divisions(a, b);
  double worst_q = 0, worst_r = 0, worst_s = 0;
  long zeros = 0;
  for (int k = 0; k < n; ++k) {
    worst_r = std::fmax(worst_r, ulps(d.r[k], 1.0 / b[k]));
    worst_s = std::fmax(worst_s, ulps(d.s[k], 1.0 / std::sqrt(b[k])));
    if (k % 4 == 0) continue;  // the quotient where both exponents are narrow
    if (a[k] == 0.0) {
      ++zeros;
      EXPECT_TRUE(d.q[k] == 0.0 && !std::signbit(d.q[k])) << "quotient(" << a[k] << ", " << b[k] << ") = " << d.q[k];
      continue;
    }
    worst_q = std::fmax(worst_q, ulps(d.q[k], a[k] / b[k]));
  }
  std::printf("  worst: quotient %.2f ulp, reciprocal %.2f ulp, inverse_sqrt %.2f ulp (%ld zero numerators)\n",
              worst_q, worst_r, worst_s, zeros);
  EXPECT_LE(worst_q, 1.0);
  EXPECT_LE(worst_r, 1.0);
  EXPECT_LE(worst_s, 2.0);
  EXPECT_GT(zeros, 0);
}
