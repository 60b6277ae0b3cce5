// Helpers of the SPH GPU tests: run a set-up on a backend and search, and compare particle sets.
//
// CPU against GPU (double): both sum the same pair function over the same neighbours in the same
// order (cell_list.hpp ranges, slots ascending), so they differ only where the arithmetic does:
// the GPU's fused multiply-adds (one rounding less per a*b + c) and CUDA's pow (<= 2 ulp, glibc's
// < 1 ulp) in the equation of state. Those are ~1e-16 relative per operation; the acoustic
// dynamics of 50 steps (t c0 / h ~ 50 CFL = 10 sound crossings of a kernel) carries them along
// without exponential growth, so the states stay within ~1e-13 of each other. The bounds are 1e-9
// of the natural scales (dp for positions, c0 for velocities, rho0 for densities, relative for
// the time), four orders above that and six below any real discrepancy (a missed neighbour moves
// a density by ~1e-3 rho0 in one step).
//
// The two GPU searches find the same neighbours but walk different cells (cell-range cells of h,
// tiles cells of 2h: cell_list.hpp), so each particle's sums run in another order and their states
// differ by round-off too; the same bounds hold. So does the list search (without SPS, which it
// does not run), whose second evaluations sum in the order of the step's first sort.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "ria/exec/backend.hpp"
#include "ria/sph/solver.hpp"

namespace ria::test {

inline exec::Backend fastest_cpu() { return exec::built_with_openmp() ? exec::Backend::openmp : exec::Backend::serial; }

inline std::unique_ptr<sph::Solver> solver_for(sph::Setup s, exec::Backend b, sph::Search search) {
  s.backend = b;
  s.search = search;
  return sph::make_solver(s);
}

/// The particles reordered by id (each id once: checked).
inline sph::Particles by_id(const sph::Particles& p) {
  std::vector<std::size_t> at(p.size(), p.size());
  for (std::size_t k = 0; k < p.size(); ++k) {
    EXPECT_LT(p.id[k], p.size());
    if (p.id[k] < p.size()) {
      EXPECT_EQ(at[p.id[k]], p.size()) << "id " << p.id[k] << " twice";
      at[p.id[k]] = k;
    }
  }
  sph::Particles q = p;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const std::size_t k = at[i] < p.size() ? at[i] : 0;
    for (int d = 0; d < p.dim; ++d) q.r[d][i] = p.r[d][k], q.v[d][i] = p.v[d][k];
    q.rho[i] = p.rho[k], q.kind[i] = p.kind[k], q.id[i] = p.id[k];
  }
  return q;
}

/// The pair counts of the last evaluation of a solver, by particle id.
inline std::vector<std::uint32_t> counts_by_id(const sph::Solver& sv) {
  const std::vector<std::uint32_t> c = sv.pair_counts();
  const sph::Particles& p = sv.particles();
  std::vector<std::uint32_t> by(c.size(), 0);
  EXPECT_EQ(c.size(), p.size());
  for (std::size_t k = 0; k < c.size() && k < p.size(); ++k)
    if (p.id[k] < by.size()) by[p.id[k]] = c[k];
  return by;
}

struct Deviation {
  double r = 0, v = 0, rho = 0;  // largest |difference| [m], [m/s], [kg/m^3]
};

/// Largest differences between two particle sets of the same particles (matched by id), whose
/// kinds must agree.
inline Deviation deviation(const sph::Particles& a_in, const sph::Particles& b_in) {
  const sph::Particles a = by_id(a_in), b = by_id(b_in);
  Deviation dev;
  EXPECT_EQ(a.size(), b.size());
  if (a.size() != b.size()) return dev;
  EXPECT_TRUE(a.kind == b.kind) << "kinds differ";
  for (std::size_t k = 0; k < a.size(); ++k) {
    for (int d = 0; d < a.dim; ++d) {
      dev.r = std::max(dev.r, std::fabs(a.r[d][k] - b.r[d][k]));
      dev.v = std::max(dev.v, std::fabs(a.v[d][k] - b.v[d][k]));
    }
    dev.rho = std::max(dev.rho, std::fabs(a.rho[k] - b.rho[k]));
  }
  return dev;
}

/// Expects each of dev's largest differences within `bound` of its scale in set-up s: dp for
/// positions, c0 for velocities, rho0 for densities; `what` names the case in a failure.
inline void expect_within(const Deviation& dev, double bound, const sph::Setup& s, const std::string& what) {
  EXPECT_LE(dev.r, bound * s.dp) << what;
  EXPECT_LE(dev.v, bound * s.physics.c0) << what;
  EXPECT_LE(dev.rho, bound * s.physics.rho0) << what;
}

/// The arrays of two solvers are identical bit for bit, in storage order.
inline void expect_bitwise_equal(const sph::Particles& a, const sph::Particles& b) {
  ASSERT_EQ(a.size(), b.size());
  for (int d = 0; d < a.dim; ++d) {
    EXPECT_TRUE(a.r[d] == b.r[d]) << "positions differ, component " << d;
    EXPECT_TRUE(a.v[d] == b.v[d]) << "velocities differ, component " << d;
  }
  EXPECT_TRUE(a.rho == b.rho) << "densities differ";
  EXPECT_TRUE(a.id == b.id) << "orders differ";
  EXPECT_TRUE(a.kind == b.kind);
}

/// Runs `steps` steps of the set-up on the CPU and on the GPU with both searches; checks the
/// bounds above against the CPU and between the two searches, the neighbour counts of the first
/// step, and the fluid mass exactly.
inline void check_gpu_against_cpu(const sph::Setup& s, long steps, const char* name, bool cpu_counts_exact) {
  const double n_fluid = static_cast<double>(s.particles.count(sph::Kind::fluid));
  auto cpu = solver_for(s, fastest_cpu(), sph::Search::cell_range);
  auto ranges = solver_for(s, exec::Backend::cuda, sph::Search::cell_range);
  auto tiles = solver_for(s, exec::Backend::cuda, sph::Search::tiles);
  const bool with_list = s.physics.sps_filter == 0;
  auto list = with_list ? solver_for(s, exec::Backend::cuda, sph::Search::list) : nullptr;
  std::vector<sph::Solver*> gpus = {ranges.get(), tiles.get()};
  if (with_list) gpus.push_back(list.get());
  const double mass0 = cpu->measure({}).fluid_mass;
  // The measured mass is a sum over particles, the product one rounding: equal to n eps.
  EXPECT_NEAR(mass0, s.physics.mass * n_fluid, 1e-12 * s.physics.mass * n_fluid);

  // The first step: its corrector's neighbours are those of the initial positions (the fluid
  // starts at rest, so the predictor moves nothing): the same sets for every search.
  ASSERT_EQ(cpu->advance(1e30, 1), 1);
  for (auto* sv : gpus) ASSERT_EQ(sv->advance(1e30, 1), 1);
  const std::vector<std::uint32_t> c_cpu = counts_by_id(*cpu), c_ranges = counts_by_id(*ranges), c_tiles = counts_by_id(*tiles);
  ASSERT_EQ(c_ranges.size(), s.particles.size());
  EXPECT_TRUE(c_ranges == c_tiles) << name << ": the two searches found different neighbours";
  // The list's second evaluation read its neighbours from the list of the first (list_use).
  if (with_list) {
    EXPECT_TRUE(counts_by_id(*list) == c_ranges) << name << ": the list search found different neighbours";
    EXPECT_EQ(list->list_use().reused, 1) << name;
  }
  // Pairs at exactly 2h (lattice neighbours 3 dp apart at h = 1.5 dp) are within the support or
  // not by the last bit of r^2; in 2-D they lie along an axis (3^2 = a^2 + b^2 has no other
  // integer solution), where r^2 is one rounded square on both, so the counts agree exactly.
  if (cpu_counts_exact) {
    EXPECT_TRUE(c_cpu == c_ranges) << name << ": CPU and GPU found different neighbours";
  }

  ASSERT_EQ(cpu->advance(1e30, steps - 1), steps - 1);
  for (auto* sv : gpus) ASSERT_EQ(sv->advance(1e30, steps - 1), steps - 1);
  const double t = cpu->time();
  EXPECT_NEAR(ranges->time(), t, 1e-9 * t) << name;
  const Deviation dev = deviation(cpu->particles(), ranges->particles());
  const double c0 = s.physics.c0, rho0 = s.physics.rho0;
  std::printf("  %s: %zu particles, %ld steps to t = %.6g s; GPU - CPU: |dr| %.3e dp, |dv| %.3e c0, |drho| %.3e rho0, "
              "|dt| %.3e t; pairs CPU %.0f GPU %.0f\n",
              name, s.particles.size(), steps, t, dev.r / s.dp, dev.v / c0, dev.rho / rho0, std::fabs(ranges->time() - t) / t,
              cpu->pair_interactions(), ranges->pair_interactions());
  expect_within(dev, 1e-9, s, name);
  // The searches: the same neighbours summed in another order, so round-off apart (a search that
  // missed pairs would be ~1e-3 rho0 apart after one step).
  const Deviation sd = deviation(ranges->particles(), tiles->particles());
  std::printf("  %s: tiles - cell-range: |dr| %.3e dp, |dv| %.3e c0, |drho| %.3e rho0\n", name, sd.r / s.dp, sd.v / c0,
              sd.rho / rho0);
  expect_within(sd, 1e-9, s, name);
  EXPECT_NEAR(tiles->time(), t, 1e-9 * t) << name;
  if (with_list) {
    const Deviation ld = deviation(ranges->particles(), list->particles());
    std::printf("  %s: list - cell-range: |dr| %.3e dp, |dv| %.3e c0, |drho| %.3e rho0; the list read in %ld of %ld steps\n",
                name, ld.r / s.dp, ld.v / c0, ld.rho / rho0, list->list_use().reused,
                list->list_use().reused + list->list_use().searched);
    expect_within(ld, 1e-9, s, name);
    EXPECT_NEAR(list->time(), t, 1e-9 * t) << name;
    // From rest, 50 steps move the fluid far less than the skin allows: every step read the list.
    EXPECT_EQ(list->list_use().reused, steps) << name;
  }
  // Mass: particles carry constant masses and none is lost or duplicated (by_id checks the ids).
  for (auto* sv : gpus) {
    EXPECT_EQ(sv->particles().count(sph::Kind::fluid), s.particles.count(sph::Kind::fluid));
    EXPECT_EQ(sv->measure({}).fluid_mass, mass0) << name;
  }
}

}  // namespace ria::test
