// Active tiles of the fused kernels (swe/active_tiles.hpp): a tile quiet in a step's state and in
// the previous one is not computed. On the synthetic estuary under a tide, a river and a release,
// with wetting and drying, diffusion, decay and friction, the run with active tiles equals the full
// sweep bit for bit: states, balance, steps and extremes, in each precision and with both fused
// kernels (the same 15 x 15 tiles while the skip is on, different shapes without it), on an estuary dry enough that the solver uses the skip, where tiles of land that starts
// with a current become all zero after the first step and two slugs of water run over dry land
// across tile edges in all four directions (dry_skip_case.hpp). Recorded inside the update
// (ExtremesSetup::in_update, the default) and by the side kernel, the extremes are the same bit
// for bit; run as an ensemble member, each keeps the same concentration records.
#include <gtest/gtest.h>

#include "../dry_skip_case.hpp"
#include "ensemble/member_recorder.hpp"
#include "ria/exec/backend.hpp"
#include "swe/active_tiles.hpp"

using namespace ria;

TEST(ActiveTiles, SameBitsAsTheFullSweepOnBothFusedShapes) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  for (const char* kernel : {"fused", "fused-16x16"}) {
    for (Precision p : {Precision::f64, Precision::f32, Precision::mixed}) {
      SCOPED_TRACE(std::string(kernel) + " " + precision_name(p));
      // The tiles of both kernels with the active tiles on: 15 x 15 (cuda_variants.hpp).
      const int tw = 15, th = 15;
      // An estuary on which more than kQuietShareToUse of the tiles are quiet at the start, so that
      // the solver uses the skip.
      const int n = 512;
      const std::vector<unsigned char> pins = swe::pinned_tiles(n, n, tw, th, swe::Releases{});
      const test::DrySkipOutcome on = test::run_dry_skip_case(exec::Backend::cuda, kernel, p, true, n);
      const test::DrySkipOutcome off = test::run_dry_skip_case(exec::Backend::cuda, kernel, p, false, n);
      const swe::HostState& a = on.initial;
      const double quiet = static_cast<double>(swe::quiet_tiles(a.h, a.qx, a.qy, a.hc, n, n, tw, th, pins));
      EXPECT_GT(quiet, (swe::kQuietShareToUse + 0.01) * static_cast<double>(pins.size()));
      test::expect_same_bits(on, off);
      // The full records kept by the update itself (ExtremesSetup::in_update: each step records the
      // state it writes, the advance the state it starts from) against the side kernel's.
      const auto side_kernel = [](swe::SolverSetup& s) { s.extremes.in_update = false; };
      test::expect_same_bits(test::run_dry_skip_case(exec::Backend::cuda, kernel, p, true, n, side_kernel), on);
      // As an ensemble member (no balance, the concentration's records only), with the active
      // tiles (recorded inside the update) and without (by the side kernel, which reads h and hc
      // only).
      for (const test::DrySkipOutcome* run : {&on, &off})
        test::expect_member_records(
            test::run_dry_skip_case(exec::Backend::cuda, kernel, p, run == &on, n, ensemble::set_member_setup), *run);
    }
  }
}
