// GPU vs CPU on the paper's water column (Table V) at T = 1 s, and all GPU variants against each
// other. Bound: L1 difference of h, qx, qy normalised by the CPU solution's L1 norm <= 1e-5 (float)
// and 1e-12 (double). In double the only differences are the GPU's fused multiply-adds (one
// rounding less per a*b+c); in float also the approximate division and square root (<= 2 ulp,
// -prec-div=false -prec-sqrt=false). Over the ~1000 steps of the run these stay near 1e-7 (float)
// and 1e-15 (double), two orders inside the bounds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>

#include "ria/swe/solver.hpp"
#include "validate/common.hpp"

using namespace ria;

namespace {

swe::HostState water_column(exec::Backend b, const std::string& kernel, Precision p, int n, double t) {
  const validate::Options opt{b, kernel, p};
  swe::HostState init;
  const swe::SolverSetup s = validate::water_column_setup(n, opt, init);
  return validate::run_to(s, init, t);
}

double rel_l1_diff(const swe::HostState& a, const swe::HostState& ref) {
  double d = 0, norm = 0;
  for (std::size_t k = 0; k < ref.h.size(); ++k) {
    d += std::fabs(a.h[k] - ref.h[k]) + std::fabs(a.qx[k] - ref.qx[k]) + std::fabs(a.qy[k] - ref.qy[k]);
    norm += std::fabs(ref.h[k]) + std::fabs(ref.qx[k]) + std::fabs(ref.qy[k]);
  }
  return d / norm;
}

exec::Backend cpu_backend() { return exec::built_with_openmp() ? exec::Backend::openmp : exec::Backend::serial; }

}  // namespace

class GpuVsCpu : public ::testing::TestWithParam<std::tuple<int, Precision>> {};

TEST_P(GpuVsCpu, WaterColumnAtOneSecond) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const auto [n, p] = GetParam();
  const double bound = p == Precision::f32 ? 1e-5 : 1e-12;
  const swe::HostState cpu = water_column(cpu_backend(), "default", p, n, 1.0);
  std::map<std::string, swe::HostState> gpu;
  for (const std::string& k : swe::kernels_of(exec::Backend::cuda)) {
    gpu[k] = water_column(exec::Backend::cuda, k, p, n, 1.0);
    const double d = rel_l1_diff(gpu[k], cpu);
    std::printf("  %4dx%-4d %-6s %-18s rel L1 diff vs CPU %.3e\n", n, n, p == Precision::f32 ? "float" : "double",
                k.c_str(), d);
    EXPECT_LE(d, bound) << k;
  }
  for (const auto& [k, s] : gpu) {
    const double d = rel_l1_diff(s, gpu.at("naive"));
    std::printf("  %4dx%-4d %-18s rel L1 diff vs naive %.3e%s\n", n, n, k.c_str(), d, d == 0 ? " (bitwise)" : "");
    EXPECT_LE(d, bound) << k;
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, GpuVsCpu,
                         ::testing::Combine(::testing::Values(100, 400, 1000),
                                            ::testing::Values(Precision::f32, Precision::f64)));

TEST(GpuSolver, FusedStopsExactlyAtRequestedTimesAndStepLimits) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const validate::Options opt{exec::Backend::cuda, "fused"};
  swe::HostState init;
  const swe::SolverSetup s = validate::water_column_setup(64, opt, init);
  auto solver = swe::make_solver(s);
  solver->set_state(init);
  EXPECT_EQ(solver->advance(1e30, 7), 7);  // fewer than one graph of steps
  solver->advance(0.25, 1L << 40);
  EXPECT_EQ(solver->time(), 0.25);
  solver->advance(0.5, 1L << 40);
  EXPECT_EQ(solver->time(), 0.5);
  // Far from the stop: graphs queued ahead of the clock's reads (advance_fused), the last one
  // stopping within its steps.
  solver->advance(4.0, 1L << 40);
  EXPECT_EQ(solver->time(), 4.0);
  // Same steps as the CPU with the same stops.
  validate::Options copt;
  swe::HostState cinit;
  auto cpu = swe::make_solver(validate::water_column_setup(64, copt, cinit));
  cpu->set_state(cinit);
  cpu->advance(1e30, 7);
  cpu->advance(0.25, 1L << 40);
  cpu->advance(0.5, 1L << 40);
  cpu->advance(4.0, 1L << 40);
  EXPECT_GE(cpu->steps(), 7 + 3 * 32);
  EXPECT_EQ(solver->steps(), cpu->steps());
}

TEST(GpuSolver, NanStopsTheFusedKernelWithNumericalError) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const validate::Options opt{exec::Backend::cuda, "fused"};
  swe::HostState init;
  const swe::SolverSetup s = validate::water_column_setup(32, opt, init);
  init.qx[100] = std::nan("");
  auto solver = swe::make_solver(s);
  solver->set_state(init);
  EXPECT_THROW(solver->advance(1.0, 1L << 40), swe::NumericalError);
}

// A state that breaks down inside a fused step, not at its start: one cell's momentum so large
// that its first step's fluxes overflow. The start is valid (the serial solver takes that step),
// so the error must come through the minimum that the update kernels fold into phase 2's key
// (exec::ordered_key: a local dt of -1 below every positive one).
TEST(GpuSolver, BreakdownInsideAFusedStepStopsWithNumericalError) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  for (const Precision p : {Precision::f32, Precision::mixed, Precision::f64}) {
    const double q = p == Precision::f64 ? 1e300 : 1e30;
    validate::Options copt;
    copt.precision = p == Precision::f64 ? Precision::f64 : Precision::f32;
    swe::HostState cinit;
    auto cpu = swe::make_solver(validate::water_column_setup(32, copt, cinit));
    cinit.qx[100] = q;
    cpu->set_state(cinit);
    EXPECT_EQ(cpu->advance(1.0, 1), 1) << precision_name(p);
    const validate::Options opt{exec::Backend::cuda, "fused", p};
    swe::HostState init;
    auto solver = swe::make_solver(validate::water_column_setup(32, opt, init));
    init.qx[100] = q;
    solver->set_state(init);
    EXPECT_THROW(solver->advance(1.0, 1L << 40), swe::NumericalError) << precision_name(p);
  }
}
