// Skipping the flux of edges between two dry cells (stencil.hpp dry_edge) changes no bit of a run
// with wetting and drying, diffusion, decay, friction, a river and a release; and it does skip.
#include <gtest/gtest.h>

#include <algorithm>

#include "dry_skip_case.hpp"
#include "ria/exec/backend.hpp"

using namespace ria;

TEST(DrySkip, SameBitsWithAndWithoutOnTheCpu) {
  for (exec::Backend b : {exec::Backend::serial, exec::Backend::openmp}) {
    if (b == exec::Backend::openmp && !exec::built_with_openmp()) continue;
    for (Precision p : {Precision::f64, Precision::f32}) {
      const test::DrySkipOutcome on = test::run_dry_skip_case(b, "default", p, true);
      const test::DrySkipOutcome off = test::run_dry_skip_case(b, "default", p, false);
      // The case has dry land (depth exactly 0) at the end, so the skip was taken.
      EXPECT_GT(std::count(on.state.h.begin(), on.state.h.end(), 0.0), 100);
      EXPECT_EQ(on.steps, off.steps);
      EXPECT_TRUE(test::same_bits(on.state.h, off.state.h));
      EXPECT_TRUE(test::same_bits(on.state.qx, off.state.qx));
      EXPECT_TRUE(test::same_bits(on.state.qy, off.state.qy));
      EXPECT_TRUE(test::same_bits(on.state.hc, off.state.hc));
      EXPECT_EQ(on.balance.water_in, off.balance.water_in);
      EXPECT_EQ(on.balance.water_out, off.balance.water_out);
      EXPECT_EQ(on.balance.pollutant_decayed, off.balance.pollutant_decayed);
    }
  }
}
