// Friction, decay, desingularisation, boundary ghost states and the local time step.
#include <gtest/gtest.h>

#include <cmath>

#include "ria/swe/boundary.hpp"
#include "ria/swe/cfl.hpp"
#include "ria/swe/sources.hpp"
#include "swe/stencil.hpp"

using namespace ria::swe;

TEST(WetDry, RatioIsExactAboveToleranceAndVanishesWithDepth) {
  EXPECT_DOUBLE_EQ(ratio(0.3, 1.5, 1e-6), 0.3 / 1.5);
  EXPECT_EQ(ratio(1.0, 0.0, 1e-6), 0.0);
  EXPECT_LT(std::fabs(ratio(1e-9, 1e-9, 1e-6)), 1e-2);  // would be 1 undesingularised
}

TEST(Friction, ManningMatchesTheSemiImplicitFormula) {
  const Physics<double> p;
  Conserved<double> w{2.0, 2.0, 0.0, 0.0};
  const double dt = 10.0;
  apply_friction_and_dry_policy(w, dt, 0.03, p);
  const double factor = 1 + dt * 9.81 * 0.03 * 0.03 * 1.0 / std::pow(2.0, 4.0 / 3.0);
  EXPECT_NEAR(w.qx, 2.0 / factor, 1e-14);
  Conserved<double> dry{1e-7, 1.0, 1.0, 0.0};
  apply_friction_and_dry_policy(dry, dt, 0.03, p);
  EXPECT_EQ(dry.qx, 0.0);
}

TEST(Decay, HalfLifeHalvesTheLoad) {
  Conserved<double> w{1, 0, 0, 8.0};
  const double half_life = 3600;
  apply_decay(w, decay_factor(std::log(2.0) / half_life, half_life));
  EXPECT_NEAR(w.hc, 4.0, 1e-12);
  EXPECT_EQ(decay_factor(0.0, half_life), 1.0);  // no decay: hC unchanged, bit for bit
  EXPECT_EQ(decay_factor(0.0f, 1e6f), 1.0f);
}

TEST(Diffusion, FluxIsConservativeAndZeroWhenDry) {
  EXPECT_NEAR(diffusive_flux(1.0, 1.0, 2.0, 0.0, 0.5, 0.1, 1e-6), 0.5 * 1.0 * (0.0 - 1.0) / 0.1, 1e-14);
  EXPECT_EQ(diffusive_flux(0.0, 0.0, 2.0, 1.0, 0.5, 0.1, 1e-6), 0.0);
}

TEST(Boundary, GhostStates) {
  BoundarySide b;
  const EdgeState<double> in{2.0, 1.0, 0.5, 0.2};
  b.kind = BoundaryKind::wall;
  EXPECT_EQ(ghost_state(b, b.kind, in, 1.0, 0.0, 0.0, 1.0, 9.81, 1e-6).qn, -1.0);
  b.kind = BoundaryKind::level;
  b.level.mean = 0.5;
  b.level.count = 1;
  b.level.amplitude[0] = 0.2;
  b.level.omega[0] = 1.0;
  // The level the step takes from the tide at t = pi (step_time): 0.5 + 0.2 cos(pi).
  const StepTime st = step_time(Boundaries{{b, b, b, b}}, M_PI);
  EXPECT_NEAR(st.level(west), 0.5 - 0.2, 1e-15);
  EXPECT_NEAR(ghost_state(b, b.kind, in, 1.0, M_PI, st.level(west), 1.0, 9.81, 1e-6).h, 1.0 + 0.5 - 0.2, 1e-14);
  b.kind = BoundaryKind::discharge;
  b.discharge = 3.0;
  b.concentration = 0.4;
  const EdgeState<double> gd = ghost_state(b, b.kind, in, 1.0, 0.0, 0.0, -1.0, 9.81, 1e-6);
  EXPECT_EQ(gd.qn, -3.0);
  EXPECT_NEAR(gd.hc / gd.h, 0.4, 1e-15);
  // The edge passes q_in itself whichever way the cell flows (here away from the boundary at 1 m/s
  // and towards it), with C_bc and no tangential momentum, on either side of the domain.
  for (const double un : {1.0, -1.0})
    for (const bool interior_is_right : {true, false}) {
      const double inward = interior_is_right ? 1.0 : -1.0;
      const EdgeState<double> cell{2.0, inward * un * 2.0, 0.5, 0.2};
      const EdgeFlux<double> f = boundary_edge(b, 0, cell, 1.0, interior_is_right, step_time(Boundaries{}, 0.0), west,
                                               Physics<double>{});
      EXPECT_EQ(f.h, inward * 3.0) << un << " " << interior_is_right;
      EXPECT_EQ(f.hc, inward * 3.0 * 0.4);
      EXPECT_EQ(f.qt, 0.0);
    }
  BoundarySide seg;
  seg.kind = BoundaryKind::open;
  seg.begin = 3;
  seg.end = 5;
  EXPECT_EQ(kind_at(seg, 2), BoundaryKind::wall);
  EXPECT_EQ(kind_at(seg, 4), BoundaryKind::open);
}

TEST(Cfl, LocalStepMatchesEq16OnASquareCell) {
  const Physics<double> p;
  const Conserved<double> w{4.0, 4.0, 0.0, 0.0};  // u = 1, c = sqrt(9.81 * 4)
  const double c = std::sqrt(9.81 * 4.0), dx = 2.0;
  EXPECT_NEAR(local_dt(w, 1 / dx, 1 / dx, p), 1.0 / ((1 + c) / dx + c / dx), 1e-14);
  EXPECT_LT(local_dt(Conserved<double>{NAN, 0, 0, 0}, 1.0, 1.0, p), 0.0);
  EXPECT_GT(local_dt(Conserved<double>{0.0, 0, 0, 0}, 1.0, 1.0, p), 1e20);
}

TEST(Cfl, GlobalStepIsGammaTimesTheMinimumLimitedByDiffusionAndTheStop) {
  const DtRule rule{0.5, 0.0, 2.0, 4.0};
  EXPECT_EQ(global_dt(rule, 3.0, 100.0), 1.5);  // gamma min_i dt_i
  EXPECT_EQ(global_dt(rule, 3.0, 1.0), 1.0);    // the stop is never overshot
  // K = 0.5 m^2/s: dt <= min(dx, dy)^2 / (4 K) = 4 / 2 = 2 s, below gamma min = 5 s.
  const DtRule diffusive{0.5, 0.5, 2.0, 4.0};
  EXPECT_EQ(global_dt(diffusive, 10.0, 100.0), 2.0);
  EXPECT_EQ(global_dt(diffusive, 2.0, 100.0), 1.0);  // advection limits again
  // A step clamped to the time left lands exactly on the stop.
  const double t = 0.1, t_stop = 0.7;
  EXPECT_EQ(advance_time(t, global_dt(rule, 10.0, t_stop - t), t_stop), t_stop);
}
