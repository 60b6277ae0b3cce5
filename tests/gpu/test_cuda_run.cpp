// The CUDA backend under the simulation driver: time-series boundaries (set_boundaries rebuilds
// the fused graph), releases and the device-side mass balance agree with the serial reference.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "../run_fixture.hpp"
#include "ria/exec/backend.hpp"

using namespace ria;

namespace {

double rel_l1(const std::vector<double>& a, const std::vector<double>& b) {
  double num = 0, den = 0;
  for (std::size_t k = 0; k < a.size(); ++k) num += std::fabs(a[k] - b[k]), den += std::fabs(b[k]);
  return num / den;
}

struct Outcome {
  swe::HostState state;
  swe::Totals totals;
  swe::Balance balance;
};

/// harmonic: the sea level is a mean and 35 constituents instead of a series (a station's tide has
/// up to 37), so the fused step's levels, which four warps of phase 2 sum in a tree once per step
/// (swe_kernels_cuda.cuh side_levels), cover lanes with one and with two terms.
Outcome run_on(exec::Backend b, const std::string& kernel, Precision p, bool manning_field = false,
               bool harmonic = false) {
  sim::Scenario sc = test::forcing_scenario(3600);
  if (harmonic) {
    sim::BoundarySpec& sea = sc.boundaries[0];
    sea.series.clear();
    sea.mean_level = 0.3;
    for (int k = 0; k < 35; ++k) sea.constituents.push_back({"", 0.3 / (k + 1), 44712.0 * (1 + 0.03 * k), 10.0 * k});
  }
  sim::Domain domain = test::estuary_domain(64);
  if (manning_field) {  // n from 0.01 to 0.07 in stripes across the channel
    domain.manning.resize(domain.bed_z.size());
    for (std::size_t k = 0; k < domain.bed_z.size(); ++k) domain.manning[k] = 0.01 * (1 + k % 7);
  }
  sim::Model m = sim::build_model(sc, domain);
  m.setup.dry_skip = kernel != "fused-strips";  // the strips run where the active tiles are off
  auto solver = test::start_solver(m, b, kernel, p);
  test::RecordingObserver obs;
  sim::run(*solver, sc, m, obs, {});
  Outcome o;
  solver->get_state(o.state);
  o.totals = solver->totals();
  o.balance = solver->balance();
  return o;
}

}  // namespace

TEST(CudaRun, ForcedEstuaryMatchesSerialAndBalanceCloses) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const Outcome ref = run_on(exec::Backend::serial, "default", Precision::f64);
  for (const char* kernel : {"fused", "fused-strips", "optimized", "naive"}) {
    const Outcome d = run_on(exec::Backend::cuda, kernel, Precision::f64);
    EXPECT_LT(rel_l1(d.state.h, ref.state.h), 1e-12) << kernel;
    EXPECT_LT(rel_l1(d.state.hc, ref.state.hc), 1e-11) << kernel;
    EXPECT_NEAR(d.balance.water_released, ref.balance.water_released, 1e-9 * ref.balance.water_released) << kernel;
    EXPECT_NEAR(d.balance.water_in, ref.balance.water_in, 1e-9 * ref.balance.water_in) << kernel;
    EXPECT_NEAR(d.balance.pollutant_decayed, ref.balance.pollutant_decayed, 1e-9 * ref.balance.pollutant_decayed)
        << kernel;
    EXPECT_LT(std::fabs(d.totals.water - d.balance.water_expected) / d.totals.water, 1e-12) << kernel;
    EXPECT_LT(std::fabs(d.totals.pollutant - d.balance.pollutant_expected) / d.totals.pollutant, 1e-12) << kernel;
  }
  // Float: the balance closes to float round-off accumulated over the steps.
  const Outcome f = run_on(exec::Backend::cuda, "fused", Precision::f32);
  EXPECT_LT(std::fabs(f.totals.water - f.balance.water_expected) / f.totals.water, 1e-4);
  EXPECT_LT(rel_l1(f.state.h, ref.state.h), 1e-4);
}

TEST(CudaRun, MixedPrecisionKeepsTheBalanceInDoubleAndFollowsTheCpu) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const Outcome cpu = run_on(exec::Backend::serial, "default", Precision::mixed);
  const Outcome ref = run_on(exec::Backend::serial, "default", Precision::f64);
  for (const char* kernel : {"fused", "fused-16x16", "fused-strips"}) {
    const Outcome d = run_on(exec::Backend::cuda, kernel, Precision::mixed);
    // Conservation to double round-off, as on the CPU (MixedPrecision.* in tests/): each edge's
    // flux leaves one cell and enters its neighbour as the same value, so what is left is the
    // cells' and the sums' rounding (3.4e-16 measured on the H100). An edge computed by two
    // copies of the flux's instructions, contracted differently, gave 2.3e-13 (the strips'
    // first south edge, docs/performance.md).
    EXPECT_LT(std::fabs(d.totals.water - d.balance.water_expected) / d.totals.water, 1e-14) << kernel;
    EXPECT_LT(std::fabs(d.totals.pollutant - d.balance.pollutant_expected) / d.totals.pollutant, 1e-14) << kernel;
    // The float fluxes differ from the CPU's by the GPU's fused multiply-adds and approximate
    // division and square root: the float bound of CudaRun.ForcedEstuaryMatchesSerialAndBalanceCloses.
    EXPECT_LT(rel_l1(d.state.h, cpu.state.h), 1e-4) << kernel;
    EXPECT_LT(rel_l1(d.state.h, ref.state.h), 1e-4) << kernel;
    std::printf("  %s mixed: balance water %.2e pollutant %.2e, rel L1 h vs CPU mixed %.2e, vs CPU double %.2e\n",
                kernel, (d.totals.water - d.balance.water_expected) / d.totals.water,
                (d.totals.pollutant - d.balance.pollutant_expected) / d.totals.pollutant,
                rel_l1(d.state.h, cpu.state.h), rel_l1(d.state.h, ref.state.h));
  }
}

// A harmonic tide of 35 constituents on the sea boundary: the GPU's levels (a tree sum once per
// step) against the CPU's (Tide::at, in order), which differ by round-off only.
TEST(CudaRun, HarmonicTideMatchesSerial) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const Outcome ref = run_on(exec::Backend::serial, "default", Precision::f64, false, true);
  for (const char* kernel : {"fused", "optimized", "naive"}) {
    const Outcome d = run_on(exec::Backend::cuda, kernel, Precision::f64, false, true);
    EXPECT_LT(rel_l1(d.state.h, ref.state.h), 1e-12) << kernel;
    EXPECT_LT(rel_l1(d.state.hc, ref.state.hc), 1e-11) << kernel;
    EXPECT_NEAR(d.balance.water_in, ref.balance.water_in, 1e-9 * ref.balance.water_in) << kernel;
    EXPECT_NEAR(d.balance.water_out, ref.balance.water_out, 1e-9 * ref.balance.water_out) << kernel;
  }
}

TEST(CudaRun, ManningFieldMatchesSerial) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const Outcome ref = run_on(exec::Backend::serial, "default", Precision::f64, true);
  const Outcome uniform = run_on(exec::Backend::serial, "default", Precision::f64, false);
  EXPECT_GT(rel_l1(ref.state.qx, uniform.state.qx), 1e-3);  // the field does change the flow
  for (const char* kernel : {"fused", "optimized", "naive"}) {
    const Outcome d = run_on(exec::Backend::cuda, kernel, Precision::f64, true);
    EXPECT_LT(rel_l1(d.state.h, ref.state.h), 1e-12) << kernel;
    EXPECT_LT(rel_l1(d.state.qx, ref.state.qx), 1e-10) << kernel;
  }
}
