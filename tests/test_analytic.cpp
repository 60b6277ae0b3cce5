// The exact solutions themselves (include/ria/analytic).
#include <gtest/gtest.h>

#include <cmath>

#include "ria/analytic/bump.hpp"
#include "ria/analytic/dam_break.hpp"
#include "ria/analytic/thacker.hpp"

using namespace ria::analytic;

TEST(DamBreak, RitterConservesMassAndHasItsFrontAt2c) {
  const DamBreak d{1.0, 0.0, 0.0, 9.81};
  const double t = 2.0, c = std::sqrt(9.81);
  EXPECT_EQ(d.depth(2 * c * t + 1e-9, t), 0.0);
  EXPECT_EQ(d.depth(-c * t - 1e-9, t), 1.0);
  double m = 0;  // volume moved right of the dam equals the volume lost left of it
  const int n = 200000;
  const double L = 3 * c * t, dx = 2 * L / n;
  for (int i = 0; i < n; ++i) m += (d.depth(-L + (i + 0.5) * dx, t) - (i < n / 2 ? 1.0 : 0.0)) * dx;
  EXPECT_NEAR(m, 0.0, 1e-6);
}

TEST(DamBreak, StokerMiddleStateSatisfiesBothRelations) {
  const DamBreak d{1.0, 0.1, 0.0, 9.81};
  const double hm = d.middle_depth(), g = 9.81;
  // Known value for h_r/h_l = 0.1: h_m = 0.3965 m (SWASHES).
  EXPECT_NEAR(hm, 0.3965, 5e-4);
  const double um = 2 * (std::sqrt(g) - std::sqrt(g * hm));
  EXPECT_NEAR(um, (hm - 0.1) * std::sqrt(g * (hm + 0.1) / (2 * hm * 0.1)), 1e-9);
}

TEST(Thacker, PeriodicAndVolumeConserving) {
  const Thacker th;
  EXPECT_NEAR(th.depth(2.3, 2.1, 0.0), th.depth(2.3, 2.1, th.period()), 1e-12);
  auto volume = [&](double t) {
    double v = 0;
    const int n = 800;
    const double d = 4.0 / n;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) v += th.depth((i + 0.5) * d, (j + 0.5) * d, t) * d * d;
    return v;
  };
  EXPECT_NEAR(volume(0.0), volume(0.3 * th.period()), 2e-4 * volume(0.0));
}

TEST(Bump, BernoulliAndSubcritical) {
  const Bump b;
  for (double x : {2.0, 9.0, 10.0, 11.5, 20.0}) {
    const double h = b.depth(x);
    EXPECT_GT(h, std::cbrt(b.q * b.q / b.g));
    const double e = h + b.q * b.q / (2 * b.g * h * h) + b.bed_elevation(x);
    EXPECT_NEAR(e, b.h_out + b.q * b.q / (2 * b.g * b.h_out * b.h_out), 1e-10);
  }
}
