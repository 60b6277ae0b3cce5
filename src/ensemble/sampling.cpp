// Latin hypercube and grid points (sampling.hpp).
#include "ensemble/sampling.hpp"

#include <algorithm>
#include <limits>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>

namespace ria::ensemble {
namespace {

/// Uniform in [0, 1) from the top 53 bits of one draw.
double uniform(std::mt19937_64& g) { return static_cast<double>(g() >> 11) * 0x1.0p-53; }

/// Uniform integer in [0, n) without modulo bias: draws in the last incomplete block of n are
/// rejected.
std::uint64_t below(std::mt19937_64& g, std::uint64_t n) {
  const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % n;
  for (;;) {
    const std::uint64_t v = g();
    if (v < limit) return v % n;
  }
}

/// k with k^dims == members, or 0.
int grid_levels(int members, int dims) {
  const int k = static_cast<int>(std::lround(std::pow(members, 1.0 / dims)));
  for (int c = std::max(1, k - 1); c <= k + 1; ++c) {
    double p = 1;
    for (int a = 0; a < dims; ++a) p *= c;
    if (p == members) return c;
  }
  return 0;
}

}  // namespace

int stratum(double u, int n) { return std::min(n - 1, std::max(0, static_cast<int>(std::floor(u * n)))); }

std::vector<std::vector<double>> latin_hypercube(int members, int dims, std::uint64_t seed) {
  if (members < 1 || dims < 0) throw std::invalid_argument("latin_hypercube: members >= 1 and dims >= 0");
  std::mt19937_64 g(seed);
  std::vector<std::vector<double>> u(static_cast<std::size_t>(members), std::vector<double>(static_cast<std::size_t>(dims)));
  std::vector<int> perm(static_cast<std::size_t>(members));
  for (int a = 0; a < dims; ++a) {
    // Fisher-Yates: position i swaps with a uniform position in [0, i].
    std::iota(perm.begin(), perm.end(), 0);
    for (int i = members - 1; i > 0; --i) std::swap(perm[i], perm[below(g, static_cast<std::uint64_t>(i) + 1)]);
    for (int m = 0; m < members; ++m) u[m][a] = (perm[m] + uniform(g)) / members;
  }
  return u;
}

std::vector<std::vector<double>> grid_points(int members, int dims) {
  if (members < 1 || dims < 0) throw std::invalid_argument("grid_points: members >= 1 and dims >= 0");
  if (dims == 0) {
    if (members != 1) throw std::invalid_argument("--grid with nothing varied has 1 member, not " + std::to_string(members));
    return {{}};
  }
  const int k = grid_levels(members, dims);
  if (k == 0) {
    const int lo = static_cast<int>(std::floor(std::pow(members, 1.0 / dims) + 1e-9));
    auto power = [dims](int b) {
      long long p = 1;
      for (int a = 0; a < dims; ++a) p *= b;
      return p;
    };
    throw std::invalid_argument("--grid with " + std::to_string(dims) + " varied dimension" + (dims == 1 ? "" : "s") +
                                " (a --vary-point counts 2) needs --members = k^" + std::to_string(dims) + ", got " +
                                std::to_string(members) + "; e.g. " + std::to_string(power(std::max(1, lo))) + " or " +
                                std::to_string(power(std::max(1, lo) + 1)));
  }
  std::vector<std::vector<double>> u(static_cast<std::size_t>(members), std::vector<double>(static_cast<std::size_t>(dims)));
  for (int m = 0; m < members; ++m) {
    int rest = m;
    for (int a = dims - 1; a >= 0; --a) {  // axis dims-1 varies fastest
      u[m][a] = (rest % k + 0.5) / k;
      rest /= k;
    }
  }
  return u;
}

}  // namespace ria::ensemble
