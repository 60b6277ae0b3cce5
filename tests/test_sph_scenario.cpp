// SPH scenario files: the keys, their defaults, and the errors for bad input (file, line, key and
// what was expected), as for the shallow-water scenarios.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "io/io_error.hpp"
#include "io/scenario/sph_scenario_toml.hpp"
#include "ria/sph/driver.hpp"
#include "ria/sph/setup.hpp"
#include "ria/sph/solver.hpp"

using namespace ria;

namespace {

const std::string kColumn = R"(name = "column"
dimensions = 2
[particles]
dp = 0.01
[time]
duration = "0.5 s"
output_interval = "0.01 s"
[[fluid]]
min = [0.0, 0.0]
max = [0.1, 0.2]
[[wall]]
kind = "tank"
min = [0.0, 0.0]
max = [0.4, 0.3]
[[probe]]
name = "H"
kind = "height"
at = [0.02]
)";

std::string error_of(const std::string& text, const std::vector<std::string>& sets = {}) {
  try {
    io::parse_sph_scenario(text, "col.toml", "/base", sets);
  } catch (const io::InputError& e) {
    return e.what();
  }
  return "(no error)";
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(SphScenario, ReadsKeysAndDefaults) {
  const sph::Scenario s = io::parse_sph_scenario(kColumn, "col.toml", "/base");
  EXPECT_EQ(s.name, "column");
  EXPECT_EQ(s.dim, 2);
  EXPECT_EQ(s.dp, 0.01);
  EXPECT_EQ(s.h_over_dp, 1.5);
  EXPECT_EQ(s.duration, 0.5);
  EXPECT_DOUBLE_EQ(s.output_interval, 0.01);
  EXPECT_EQ(s.snapshot_interval, 0.0);
  ASSERT_EQ(s.fluid.size(), 1u);
  EXPECT_EQ(s.fluid[0].hi[1], 0.2);
  ASSERT_EQ(s.walls.size(), 1u);
  EXPECT_EQ(s.walls[0].kind, sph::WallBox::Kind::tank);
  EXPECT_TRUE(s.walls[0].open_top);
  ASSERT_EQ(s.probes.size(), 1u);
  EXPECT_EQ(s.probes[0].kind, sph::Probe::Kind::height);
  EXPECT_EQ(s.diffusion, sph::DensityDiffusion::fourtakas);
  EXPECT_TRUE(s.hydrostatic_start);
  EXPECT_EQ(s.kinematic_viscosity, 0.0);  // laminar viscosity off unless asked for
  // c0 = 20 sqrt(g H), H the fluid's height 0.2 m.
  EXPECT_NEAR(sph::sound_speed(s), 20 * std::sqrt(9.81 * 0.2), 1e-12);
  // --set overrides.
  const sph::Scenario t = io::parse_sph_scenario(kColumn, "col.toml", "/base",
                                                 {"particles.dp=0.005", "physics.c0=50", "wall.0.top=closed",
                                                  "physics.kinematic_viscosity=1e-6"});
  EXPECT_EQ(t.dp, 0.005);
  EXPECT_EQ(t.kinematic_viscosity, 1e-6);
  EXPECT_EQ(sph::sound_speed(t), 50.0);
  EXPECT_FALSE(t.walls[0].open_top);
}

TEST(SphScenario, ErrorsNameFileLineKeyAndWhatWasExpected) {
  // An unknown key, with the nearest valid one.
  std::string e = error_of(kColumn + "[physics]\nalpah = 0.1\n");
  EXPECT_TRUE(has(e, "col.toml:20: ")) << e;
  EXPECT_TRUE(has(e, "unknown key 'alpah' in [physics]; did you mean 'alpha'?")) << e;
  // A point with the wrong number of components for the dimension.
  std::string with3 = kColumn;
  with3.replace(with3.find("max = [0.1, 0.2]"), 16, "max = [0.1, 0.2, 0.3]");
  e = error_of(with3);
  EXPECT_TRUE(has(e, "fluid.0.max: expected [x, z] (2 numbers for dimensions = 2), got 3 numbers")) << e;
  // An empty box.
  e = error_of(kColumn, {"fluid.0.max=[0.1, -0.2]"});
  EXPECT_TRUE(has(e, "--set fluid.0.max: ")) << e;
  EXPECT_TRUE(has(e, "expected max > min")) << e;
  // c0 both ways.
  e = error_of(kColumn + "[physics]\nc0 = 30\nc0_coefficient = 10\n");
  EXPECT_TRUE(has(e, "give either c0 or c0_coefficient")) << e;
  // A speed of sound whose steps would never end the run (dt ~ h / c0).
  e = error_of(kColumn + "[physics]\nc0 = 1e100\n");
  EXPECT_TRUE(has(e, "physics.c0: got 1e+100; expected in [0.01, 10000]")) << e;
  // Snapshots closer than the microsecond of their file names.
  e = error_of(kColumn, {"time.snapshot_interval=2.5e-7"});
  EXPECT_TRUE(has(e, "expected 0 (the start and the end) or at least 1 us: snapshot files are named by their time in "
                     "microseconds")) << e;
  // A run whose snapshot names would outgrow their 10 digits of microseconds (and sort out of order).
  e = error_of(kColumn, {"time.duration=3h"});
  EXPECT_TRUE(has(e, "time.duration: expected a duration in (0, 9999.999999] s, got 10800 s (3 h)")) << e;
  EXPECT_EQ(error_of(kColumn, {"time.duration=9999"}), "(no error)");
  e = error_of(kColumn + "[physics]\nc0_coefficient = 1e6\n");
  EXPECT_TRUE(has(e, "physics.c0_coefficient: got 1000000; expected in [1, 1000]")) << e;
  // A choice.
  e = error_of(kColumn + "[physics]\ndensity_diffusion = \"fourtaka\"\n");
  EXPECT_TRUE(has(e, "expected one of \"none\", \"molteni_colagrossi\", \"fourtakas\"")) << e;
  EXPECT_TRUE(has(e, "did you mean 'fourtakas'?")) << e;
  // Plausibility, with the reason.
  e = error_of(kColumn, {"particles.h_over_dp=5"});
  EXPECT_TRUE(has(e, "particles.h_over_dp: got 5; expected in [1, 3] (the smoothing length in particle spacings")) << e;
  e = error_of(kColumn, {"physics.kinematic_viscosity=-1e-6"});
  EXPECT_TRUE(has(e, "physics.kinematic_viscosity: ")) << e;
  e = error_of(kColumn, {"physics.kinematic_viscosity=1000"});  // mm2/s given as m2/s
  EXPECT_TRUE(has(e, "got 1000; expected in [1e-07, 1]")) << e;
  e = error_of(kColumn, {"physics.turbulence=sps"});  // SPS is the laminar + SPS model
  EXPECT_TRUE(has(e, "physics.turbulence: ")) << e;
  EXPECT_TRUE(has(e, "it needs kinematic_viscosity > 0")) << e;
  EXPECT_TRUE(io::parse_sph_scenario(kColumn, "col.toml", "/base",
                                     {"physics.turbulence=sps", "physics.kinematic_viscosity=1e-6"}).sps);
  // A block wall takes no tank keys.
  e = error_of(kColumn, {"wall.0.kind=block", "wall.0.layers=2"});
  EXPECT_TRUE(has(e, "wall.0.layers: not used with kind = \"block\"")) << e;
  // Required pieces.
  e = error_of("dimensions = 2\n[particles]\ndp = 0.01\n[time]\nduration = 1\n");
  EXPECT_TRUE(has(e, "missing [[fluid]]")) << e;
  e = error_of(kColumn, {"dimensions=4"});
  EXPECT_TRUE(has(e, "dimensions: expected an integer in [2, 3], got 4")) << e;
  // Duplicate probe names (they head CSV columns).
  e = error_of(kColumn + "[[probe]]\nname = \"H\"\nkind = \"pressure\"\nat = [0.1, 0.1]\n");
  EXPECT_TRUE(has(e, "probe name 'H' is already used by probe.0")) << e;
  // A height probe is a vertical line: [x] in 2-D; a wall probe is a point: [x, z].
  e = error_of(kColumn, {"probe.0.at=[0.02, 0.1]"});
  EXPECT_TRUE(has(e, "expected [x] (1 numbers for dimensions = 2)")) << e;
  e = error_of(kColumn, {"probe.0.kind=\"wall_pressure\""});
  EXPECT_TRUE(has(e, "expected [x, z] (2 numbers for dimensions = 2)")) << e;
  EXPECT_EQ(error_of(kColumn, {"probe.0.kind=\"wall_pressure\"", "probe.0.at=[0.0, 0.1]"}), "(no error)");
  e = error_of(kColumn, {"probe.0.kind=\"wall\""});
  EXPECT_TRUE(has(e, "wall_pressure")) << e;
  // An interval longer than the run; not checked for snapshots that are not written.
  e = error_of(kColumn, {"time.snapshot_interval=1"});
  EXPECT_TRUE(has(e, "time.snapshot_interval: expected a duration <= time.duration (0.5 s), got 1 s")) << e;
  EXPECT_EQ(error_of(kColumn, {"time.snapshot_interval=1", "output.snapshots=false"}), "(no error)");
  e = error_of(kColumn, {"time.output_interval=1", "output.snapshots=false"});
  EXPECT_TRUE(has(e, "time.output_interval: expected a duration <= time.duration")) << e;
  // At most 1e4 checkpoints over the run, as ria run (detail::kMaxCheckpoints): 0.5 s / 2^-15 s.
  e = error_of(kColumn, {"output.checkpoint_interval=3.0517578125e-05"});
  EXPECT_TRUE(has(e, "--set output.checkpoint_interval: output.checkpoint_interval: expected at most 10000 checkpoints "
                     "over time.duration (0.5 s), that is an interval of at least 5e-05 s; got 3.05176e-05 s, 16384 of them"))
      << e;
  EXPECT_EQ(error_of(kColumn, {"output.checkpoint_interval=1e-4"}), "(no error)");
  EXPECT_EQ(error_of(kColumn + "[output]\ncheckpoint_interval = 0\n"), "(no error)");
}

// A fluid box below or beside [domain] would leave the flow in the first step, and one crossing a
// tank's wall would lose its part in the wall's layers and spill the rest outside: refused, naming
// the box's key and the extent it leaves. Above the domain's top or a tank's open top is allowed.
TEST(SphScenario, FluidBoxesOutsideTheDomainOrATankAreRefused) {
  const std::vector<std::string> domain = {"domain.min=[0.05, -0.05]", "domain.max=[0.5, 0.5]"};
  std::string e = error_of(kColumn, domain);
  EXPECT_TRUE(has(e, "col.toml:9: fluid.0.min: the box reaches x = 0 m, beyond [domain] (x from 0.05 to 0.5 m): fluid "
                     "below or beside the domain leaves the flow in the first step")) << e;
  e = error_of(kColumn, {"domain.min=[-0.1, 0.01]", "domain.max=[0.5, 0.5]"});
  EXPECT_TRUE(has(e, "fluid.0.min: the box reaches z = 0 m, beyond [domain] (z from 0.01 m up)")) << e;
  EXPECT_EQ(error_of(kColumn, {"domain.min=[-0.1, -0.1]", "domain.max=[0.5, 0.1]"}), "(no error)");  // above the top
  e = error_of(kColumn, {"fluid.0.max=[0.5, 0.2]"});
  EXPECT_TRUE(has(e, "--set fluid.0.max: fluid.0.max: the box reaches x = 0.5 m, beyond the inside of the tank wall.0 "
                     "(x from 0 to 0.4 m): fluid in a tank's particle layers is left out")) << e;
  e = error_of(kColumn, {"fluid.0.min=[-0.05, 0.0]"});
  EXPECT_TRUE(has(e, "fluid.0.min: the box reaches x = -0.05 m, beyond the inside of the tank wall.0")) << e;
  EXPECT_EQ(error_of(kColumn, {"fluid.0.max=[0.1, 0.35]"}), "(no error)");  // above the open top
  e = error_of(kColumn, {"fluid.0.max=[0.1, 0.35]", "wall.0.top=closed"});
  EXPECT_TRUE(has(e, "fluid.0.max: the box reaches z = 0.35 m, beyond the inside of the tank wall.0 (z from 0 to 0.3 m)"))
      << e;
  // Beside the tank, clear of its inside: read, and set up with a warning for the column of its
  // particles in the tank's 3 layers (x 0.4-0.43 m); a box over a block likewise.
  std::vector<std::string> warnings;
  sph::make_setup(io::parse_sph_scenario(kColumn, "col.toml", "/base", {"fluid.0.min=[0.42, 0.0]", "fluid.0.max=[0.52, 0.1]"}),
                  exec::Backend::serial, warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], "fluid 0 overlaps wall 0 (the particle layers of a tank): 10 of its particles lie in the wall "
                         "and are left out");
  warnings.clear();
  const std::string block = "[[wall]]\nkind = \"block\"\nmin = [0.05, 0.0]\nmax = [0.15, 0.05]\n";
  sph::make_setup(io::parse_sph_scenario(kColumn + block, "col.toml", "/base"), exec::Backend::serial, warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], "fluid 0 overlaps wall 1 (a block): 25 of its particles lie in the wall and are left out");
}

// Probes that could only read 0, or not what they stand at: a wall probe in the water; a pressure
// probe 0.006 m into a tank's layers (x from -0.03 to 0 m: 0.011 m from the nearest water, whose
// pressure it reads) and one in the middle of a block wall 0.1 m square (0.05 m from its faces:
// beyond 2h = 0.03 m of any water, it reads 0). A wall probe on the floor's face and a pressure probe
// on it are fine.
TEST(SphScenario, ProbesThatReadNothingAreWarnedOf) {
  // Wall 1, a block, with water against its east face (fluid 1): D is 2h = 0.03 m and a little
  // inside that face, N 0.006 m inside it.
  const std::string probes =
      "[[wall]]\nkind = \"block\"\nmin = [0.25, 0.0]\nmax = [0.35, 0.1]\n"
      "[[fluid]]\nmin = [0.35, 0.0]\nmax = [0.4, 0.1]\n"
      "[[probe]]\nname = \"W\"\nkind = \"wall_pressure\"\nat = [0.1, 0.1]\n"
      "[[probe]]\nname = \"P\"\nkind = \"pressure\"\nat = [-0.006, 0.05]\n"
      "[[probe]]\nname = \"F\"\nkind = \"wall_pressure\"\nat = [0.2, 0.0]\n"
      "[[probe]]\nname = \"B\"\nkind = \"pressure\"\nat = [0.05, 0.0]\n"
      "[[probe]]\nname = \"D\"\nkind = \"pressure\"\nat = [0.319, 0.05]\n"
      "[[probe]]\nname = \"N\"\nkind = \"pressure\"\nat = [0.344, 0.05]\n";
  std::vector<std::string> warnings;
  const sph::Scenario sc = io::parse_sph_scenario(kColumn + probes, "col.toml", "/base");
  const sph::Setup setup = sph::make_setup(sc, exec::Backend::serial, warnings);
  ASSERT_EQ(warnings.size(), 4u) << (warnings.empty() ? "" : warnings[0]);
  EXPECT_EQ(warnings[0], "probe 'W' (wall_pressure) has no wall particle within 2h = 0.03 m: it reads 0 for the whole run; "
                         "put it on a wall's face");
  EXPECT_EQ(warnings[1], "probe 'P' (pressure) lies inside wall 0: it reads the fluid beyond the wall's face, within 2h = "
                         "0.03 m (0 where that fluid's kernel sum is below 0.1), not the pressure at its place; put it "
                         "in the water or use kind = \"wall_pressure\"");
  EXPECT_EQ(warnings[2], "probe 'D' (pressure) lies inside wall 1 by 2h = 0.03 m or more, where no fluid comes within the "
                         "kernel's reach: it reads 0 for the whole run");
  EXPECT_EQ(warnings[3].substr(0, 51), "probe 'N' (pressure) lies inside wall 1: it reads t");
  // What they read: P the water's pressure (~rho0 g 0.15 m at its depth); N that of the water
  // beside it (~rho0 g 0.05 m); D nothing, the water's first particles 0.036 m away.
  const sph::Measures m = sph::make_solver(setup)->measure(sc.probes);
  ASSERT_EQ(m.probes.size(), 7u);
  EXPECT_GT(m.probes[2], 1000.0);
  EXPECT_FALSE(m.probes[5] > 0);
  EXPECT_GT(m.probes[6], 200.0);
}

TEST(SphScenario, SizesBeyondTheLimitsAreRefusedBeforeAllocating) {
  std::vector<std::string> warnings;
  auto setup_error = [&](const std::vector<std::string>& sets) {
    try {
      sph::make_setup(io::parse_sph_scenario(kColumn, "col.toml", "/base", sets), exec::Backend::serial, warnings);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  std::string e = setup_error({"particles.dp=1e-6"});
  EXPECT_TRUE(has(e, "col.toml: the boxes at dp = 1e-06 m hold about")) << e;
  EXPECT_TRUE(has(e, "more than 2^31 (particles.dp too small?)")) << e;
  e = setup_error({"domain.min=[-1000.0, -1000.0]", "domain.max=[1000.0, 1000.0]"});
  EXPECT_TRUE(has(e, "the neighbour-search cells of 2h = 0.03 m over the domain (2000 x 2000 m) would number")) << e;
  // A box narrower than about dp: one particle of dp^2 would stand for 2.5 times the column's
  // 0.1 x 0.2 m (and lie outside it).
  e = setup_error({"particles.dp=0.5", "wall.0.max=[4.0, 3.0]"});
  EXPECT_TRUE(has(e, "fluid 0: its x extent 0.1 m is 0.2 dp, which 1 particles of 0.5 m cannot stand for; give "
                     "particles.dp below 0.05 m, or a larger box")) << e;
  // Every fluid box inside a block: no fluid particle.
  const std::string block = "[[wall]]\nkind = \"block\"\nmin = [0.0, 0.0]\nmax = [0.2, 0.25]\n";
  try {
    sph::make_setup(io::parse_sph_scenario(kColumn + block, "col.toml", "/base"), exec::Backend::serial, warnings);
    ADD_FAILURE() << "a set-up without a fluid particle was accepted";
  } catch (const std::invalid_argument& x) {
    EXPECT_TRUE(has(x.what(), "col.toml: no fluid particle: every [[fluid]] box lies inside walls or earlier fluid"))
        << x.what();
  }
}

// The count make_setup checks against 2^31 is the count it generates: a tank is its shell, not
// the hollow box (which counted the inside and refused ria bench sph --particles 2e9, inside the
// option's range, as 8.1e9 particles).
TEST(SphScenario, TheParticleCountCheckedIsTheCountGenerated) {
  std::vector<std::string> warnings;
  const std::string block = "[[wall]]\nkind = \"block\"\nmin = [0.2, 0.0]\nmax = [0.3, 0.05]\n";
  for (const std::vector<std::string>& sets :
       {std::vector<std::string>{}, {"wall.0.top=closed"}, {"wall.0.layers=5", "particles.h_over_dp=2"}}) {
    const sph::Scenario s = io::parse_sph_scenario(kColumn + block, "col.toml", "/base", sets);
    EXPECT_EQ(sph::lattice_particle_count(s), sph::make_setup(s, exec::Backend::serial, warnings).particles.size())
        << (sets.empty() ? "" : sets[0]);
  }
  const std::filesystem::path spheric = std::filesystem::path(RIA_SOURCE_DIR) / "scenarios/sph/spheric_test2_3d.toml";
  const sph::Scenario s3 = io::load_sph_scenario(spheric.string(), {"particles.dp=0.05"});  // closed tank, a block
  EXPECT_EQ(sph::lattice_particle_count(s3), sph::make_setup(s3, exec::Backend::serial, warnings).particles.size());
  // ria bench sph's case (src/app/bench_sph.cpp) at its largest --particles, 2e9: dp = 3.45e-4 m.
  sph::Scenario bench;
  bench.dim = 3, bench.dp = 3.45e-4;
  bench.fluid.resize(1), bench.walls.resize(1);
  bench.fluid[0].hi = {0.4, 0.5, 0.4};
  bench.walls[0].kind = sph::WallBox::Kind::tank, bench.walls[0].hi = {1.0, 0.5, 0.5};
  const double n = sph::lattice_particle_count(bench);
  EXPECT_GT(n, 1.9e9);
  EXPECT_LT(n, sph::kMaxParticles);
}

TEST(SphScenario, UnreadableFileIsAnIoError) {
  EXPECT_THROW(io::load_sph_scenario("/nonexistent/dir/x.toml"), io::IoError);
}

TEST(SphScenario, ShippedScenariosParseAndSetUp) {
  // Every scenarios/sph/*.toml: read and turned into particles; the only warnings allowed say by
  // how much a box is rounded to whole particle spacings (SPHERIC Test 2's dimensions are not
  // multiples of any practical dp).
  const std::filesystem::path dir = std::filesystem::path(RIA_SOURCE_DIR) / "scenarios" / "sph";
  int parsed = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() != ".toml") continue;
    const sph::Scenario s = io::load_sph_scenario(e.path().string());
    std::vector<std::string> warnings;
    const sph::Setup setup = sph::make_setup(s, exec::Backend::serial, warnings);
    for (const std::string& w : warnings) EXPECT_TRUE(has(w, " dp; ")) << e.path() << ": " << w;
    EXPECT_GT(setup.particles.count(sph::Kind::fluid), 1000u) << e.path();
    ++parsed;
  }
  EXPECT_GE(parsed, 3);
}

// Rows every 0.05 s and checkpoints every 0.075 s meet at 0.15 s, where 3 x 0.05 is one ulp above
// 2 x 0.075: one stop there, not a second one a step of 1e-17 s later (it wrote the row, the
// snapshot and the checkpoint twice).
TEST(SphDriver, StopsOfTwoIntervalsWithinRoundOffAreOne) {
  const sph::Scenario sc = io::parse_sph_scenario(kColumn, "col.toml", "/base",
                                                  {"time.output_interval=0.05", "output.checkpoint_interval=0.075"});
  ASSERT_NE(3 * 0.05, 2 * 0.075);  // the round-off this is about
  std::vector<double> stops;
  for (double t = 0; t < sc.duration;) stops.push_back(t = sph::next_stop(sc, t));
  const std::vector<double> want = {0.05, 0.075, 0.1, 2 * 0.075, 0.2, 0.225, 0.25, 0.3, 0.35, 3 * 0.125, 0.4, 0.45, 0.5};
  ASSERT_EQ(stops.size(), want.size());
  for (std::size_t k = 0; k < want.size(); ++k) EXPECT_NEAR(stops[k], want[k], 1e-12) << k;
}
