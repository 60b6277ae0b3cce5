// An SPH scenario as plain data (filled by the TOML reader src/io/scenario/sph_scenario_toml.cpp;
// every key is listed in docs/sph.md). Coordinates are model components: (x, z) in 2-D, (x, y, z)
// in 3-D, metres; the third array element is unused in 2-D.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "ria/sph/params.hpp"

namespace ria::sph {

/// Snapshot files are named by their time in whole ticks (microseconds): a snapshot interval of
/// at least one tick keeps every name its own.
constexpr double kSnapshotTick = 1e-6;
/// The longest run: its snapshot names keep their 10 digits of ticks (particles_%010lld), so that
/// they sort in time order, up to 9999.999999 s (a WCSPH dam break lasts seconds).
constexpr double kMaxDuration = 1e4 - kSnapshotTick;

using Point = std::array<double, 3>;

/// A block of fluid filling [lo, hi] with particles at spacing dp.
struct FluidBox {
  Point lo{}, hi{};
  Point velocity{};  // initial velocity [m/s]
};

/// Boundary particles: a solid block filling [lo, hi] (an obstacle, a wall), or a tank: the shell
/// of `layers` particle layers around the inner box [lo, hi] (floor, side walls and, when closed,
/// a lid), whose inner faces are the faces of the box.
struct WallBox {
  enum class Kind { block, tank };
  Kind kind = Kind::block;
  Point lo{}, hi{};
  int layers = 0;         // tank walls; 0: enough to hold the kernel support, ceil(2h / dp)
  bool open_top = true;   // tank: no lid
};

/// A measuring point, sampled at every series row.
///  pressure: the fluid pressure at `at` (Shepard-normalised kernel interpolation, src/sph/measure.cpp);
///  wall_pressure: the same interpolation over the boundary particles, at a point `at` on a wall's
///          face: the pressure the dynamic boundary particles push back with (docs/sph.md says
///          where it is the wall's load and where it is not);
///  height: the free-surface elevation above the vertical line through `at` (2-D: at[0] = x;
///          3-D: at[0], at[1] = x, y): the highest z where the fluid's kernel sum reaches 1/2.
struct Probe {
  enum class Kind { pressure, wall_pressure, height };
  std::string name;
  Kind kind = Kind::pressure;
  Point at{};
};

struct Scenario {
  std::string name, description, file, base_dir;
  std::vector<std::string> set_keys;  // the keys given with --set ("particles.dp"): messages name them
  std::vector<std::string> overrides;  // the --set overrides as given ("particles.dp=0.01"): outputs record them
  int dim = 2;

  // [particles]
  double dp = 0;          // particle spacing [m]
  double h_over_dp = 1.5; // smoothing length h = h_over_dp dp

  // [physics]
  double gravity = 9.81;     // [m/s^2], acting along -z
  double rho0 = 1000;        // [kg/m^3]
  double gamma = 7;
  double c0 = 0;             // [m/s]; 0: c0_coefficient sqrt(g depth)
  double c0_coefficient = 20;
  double depth = 0;          // H of the c0 rule [m]; 0: the height of the fluid boxes (lowest bottom to highest top)
  double alpha = 0.1;
  double wall_viscosity = 1;  // the artificial viscosity between fluid and walls, as a factor of alpha
  double kinematic_viscosity = 0;  // laminar viscosity nu0 [m^2/s] (pair.hpp); 0: none
  bool sps = false;                // SPS turbulence with the laminar term (sps.hpp): turbulence = "sps"
  DensityDiffusion diffusion = DensityDiffusion::fourtakas;
  double delta = 0.1;
  double cfl = 0.2;
  bool hydrostatic_start = true;  // initial densities hydrostatic (src/sph/layout.cpp), else rho0

  // [time]
  double duration = 0;           // [s]
  double output_interval = 0;    // series rows [s]
  double snapshot_interval = 0;  // particle files [s]; 0: at the start and the end only; else >= kSnapshotTick

  // [domain] (optional): the box the neighbour-search cells cover; default the particles' box
  bool has_domain = false;
  Point domain_lo{}, domain_hi{};

  std::vector<FluidBox> fluid;
  std::vector<WallBox> walls;
  std::vector<Probe> probes;

  // [output]
  std::string directory = "sph_output";
  bool snapshots = true;
  bool snapshot_csv = true, snapshot_vtu = false;  // snapshot_format: "csv", "vtu" or "both"
  bool snapshot_png = false;  // snapshot_png: a picture of the particles at every snapshot (needs cairo)
  double checkpoint_interval = 0;  // [s]; 0: checkpoints only at the end and on a signal; > 0: also at its multiples
};

}  // namespace ria::sph
