// The synthetic estuary under a tide, a river and a release, run with and without the skip of dry
// work (SolverSetup::dry_skip: the dry-edge check of the CPU sweep, stencil.hpp dry_edge; the
// active tiles of the fused GPU kernels, swe/active_tiles.hpp): the CPU and CUDA tests compare the
// two runs bit for bit.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "run_fixture.hpp"

namespace ria::test {

struct DrySkipOutcome {
  swe::HostState initial, state;
  swe::Balance balance;
  swe::HostExtremes extremes;
  long steps = 0;
};

/// n: cells per side of the estuary. The dry land of rows [n/2, n/2 + 16) starts with a current
/// qx = 1e-6 m^2/s, which the dry-cell policy zeroes in the first step: its tiles become all zero
/// then, so a skip that took the buffer's older state for the current one would show. Two slugs
/// of 0.2 m of water start on the banks, some 20 m above the sea, and run down towards the channel
/// across dry land: on the west bank moving north-east, on the east bank south-west, at 1.4 m/s
/// (rows [3n/4, 3n/4 + n/16) x columns [n/8, n/8 + n/16), and [5n/8, 5n/8 + n/16) x [13n/16,
/// 13n/16 + n/16)). Their fronts cross tile and segment edges in all four directions; the tide
/// alone wets few cells that start at zero (the flats end in a step up to the banks). `adjust`,
/// when given, changes the solver setup last (an ensemble member's, ensemble::set_member_setup).
inline DrySkipOutcome run_dry_skip_case(exec::Backend b, const std::string& kernel, Precision p, bool dry_skip,
                                        int n = 64, void (*adjust)(swe::SolverSetup&) = nullptr) {
  const sim::Scenario sc = forcing_scenario(3600);
  sim::Model m = sim::build_model(sc, estuary_domain(n));
  for (std::size_t k = static_cast<std::size_t>(n / 2) * n; k < static_cast<std::size_t>(n / 2 + 16) * n; ++k)
    if (m.init.h[k] == 0) m.init.qx[k] = 1e-6;
  const auto slug = [&](int j0, int i0, double q) {
    for (int j = j0; j < j0 + n / 16; ++j)
      for (int i = i0; i < i0 + n / 16; ++i) {
        const std::size_t k = static_cast<std::size_t>(j) * n + i;
        if (m.init.h[k] == 0) m.init.h[k] = 0.2, m.init.qx[k] = q, m.init.qy[k] = q;
      }
  };
  slug(3 * n / 4, n / 8, 0.2 * std::sqrt(0.5));
  slug(5 * n / 8, 13 * n / 16, -0.2 * std::sqrt(0.5));
  m.setup.dry_skip = dry_skip;
  if (adjust) adjust(m.setup);
  auto solver = start_solver(m, b, kernel, p);
  RecordingObserver obs;
  sim::run(*solver, sc, m, obs, {});
  DrySkipOutcome o;
  o.initial = m.init;
  solver->get_state(o.state);
  o.balance = solver->balance();
  o.extremes = obs.final_extremes;
  o.steps = solver->steps();
  return o;
}

/// Bitwise equality of two vectors of doubles (also -0.0 against 0.0 and NaN payloads).
inline bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

/// The two runs took the same steps to the same state, bit for bit.
inline void expect_same_steps_and_state(const DrySkipOutcome& a, const DrySkipOutcome& b) {
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_TRUE(same_bits(a.state.h, b.state.h));
  EXPECT_TRUE(same_bits(a.state.qx, b.state.qx));
  EXPECT_TRUE(same_bits(a.state.qy, b.state.qy));
  EXPECT_TRUE(same_bits(a.state.hc, b.state.hc));
}

/// The two runs agree bit for bit: steps, state, balance and the extremes records.
inline void expect_same_bits(const DrySkipOutcome& on, const DrySkipOutcome& off) {
  expect_same_steps_and_state(on, off);
  EXPECT_EQ(on.balance.water_in, off.balance.water_in);
  EXPECT_EQ(on.balance.water_out, off.balance.water_out);
  EXPECT_EQ(on.balance.pollutant_in, off.balance.pollutant_in);
  EXPECT_EQ(on.balance.pollutant_decayed, off.balance.pollutant_decayed);
  ASSERT_FALSE(on.extremes.max_depth.empty());
  EXPECT_TRUE(same_bits(on.extremes.max_depth, off.extremes.max_depth));
  EXPECT_TRUE(same_bits(on.extremes.max_speed, off.extremes.max_speed));
  EXPECT_TRUE(same_bits(on.extremes.max_concentration, off.extremes.max_concentration));
  EXPECT_TRUE(same_bits(on.extremes.first_wet_time, off.extremes.first_wet_time));
  EXPECT_TRUE(same_bits(on.extremes.arrival_time, off.extremes.arrival_time));
}

/// An ensemble member's run (`member`: no balance, the concentration's records only) against the
/// full run of the same case: the same steps and states, the concentration's records bit for bit,
/// no balance, and max_depth and max_speed left at their start value 0. The case's release
/// reaches cells (arrival times and maxima above 0), so the records compared are not all empty.
inline void expect_member_records(const DrySkipOutcome& member, const DrySkipOutcome& run) {
  expect_same_steps_and_state(member, run);
  EXPECT_EQ(member.balance.water_in, 0.0);
  EXPECT_EQ(member.balance.pollutant_in, 0.0);
  EXPECT_GT(run.balance.pollutant_in, 0.0);
  const swe::HostExtremes& e = member.extremes;
  ASSERT_EQ(e.max_depth.size(), run.state.h.size());
  EXPECT_TRUE(std::all_of(e.max_depth.begin(), e.max_depth.end(), [](double x) { return x == 0; }));
  EXPECT_TRUE(std::all_of(e.max_speed.begin(), e.max_speed.end(), [](double x) { return x == 0; }));
  EXPECT_TRUE(same_bits(e.max_concentration, run.extremes.max_concentration));
  EXPECT_TRUE(same_bits(e.first_wet_time, run.extremes.first_wet_time));
  EXPECT_TRUE(same_bits(e.arrival_time, run.extremes.arrival_time));
  const auto arrived = std::count_if(e.arrival_time.begin(), e.arrival_time.end(), [](double t) { return t == t; });
  EXPECT_GT(arrived, 0);
  EXPECT_GT(*std::max_element(e.max_concentration.begin(), e.max_concentration.end()), 0.0);
}

}  // namespace ria::test
