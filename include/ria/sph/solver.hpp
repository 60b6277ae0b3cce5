// The SPH solver seen from the driver and the CLI: one interface for every backend. Particles
// cross it as double arrays on the host (particles.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "ria/errors.hpp"
#include "ria/exec/backend.hpp"
#include "ria/grid/grid.hpp"
#include "ria/sph/params.hpp"
#include "ria/sph/particles.hpp"
#include "ria/sph/scenario.hpp"
#include "ria/sph/search.hpp"

namespace ria::sph {

/// Everything a solver needs, derived from a scenario by make_setup (src/sph/setup.cpp).
struct Setup {
  int dim = 2;
  double dp = 0;               // particle spacing [m]
  Physics physics;             // make_params<dim>(physics) are the solver's parameters
  Grid cells;                  // cells of size >= 2h (2-D grids use (x, z) as (x, y)); each search splits them (src/sph/cell_list.hpp)
  Particles particles;         // the initial particles
  exec::Backend backend = exec::Backend::serial;
  Search search = Search::cell_range;  // the neighbour search (search.hpp); tiles only on CUDA
  // double, or mixed (CUDA only): the pair terms computed in float from float copies of the
  // particles, summed and integrated in double (docs/sph.md, "Mixed precision")
  Precision precision = Precision::f64;
};

// The errors of ria/errors.hpp, shared with the other solver.
using ria::NotBuiltError;
using ria::NumericalError;

/// What the series records at one time (measure.cpp).
struct Measures {
  double front = 0;        // largest x of a fluid particle + dp/2 [m]: the leading edge of the fluid
  double u_max = 0;        // largest fluid particle speed [m/s]
  double kinetic = 0;      // kinetic energy of the fluid, sum m |v|^2 / 2 [J] (2-D: J per metre)
  double fluid_mass = 0;   // sum of the fluid particles' masses [kg] (2-D: kg per metre)
  double fluid_volume = 0; // sum m / rho over fluid particles [m^3] (2-D: m^2)
  long out_particles = 0;  // fluid particles taken out of the flow, having left the domain (Kind::out)
  std::vector<double> probes;  // per scenario probe: pressure [Pa] or surface elevation [m]; NaN when dry
};

class Solver {
 public:
  virtual ~Solver() = default;
  virtual double time() const = 0;
  virtual long steps() const = 0;
  virtual void set_clock(double t, long steps) = 0;
  /// The stable time step of the last step [s] (time_step.hpp: the minimum over the particles; 0
  /// before the first; the step taken when nothing limits it, every particle being out). The step
  /// taken is shorter where it lands on a stop (step_towards).
  virtual double last_dt() const = 0;
  /// The largest speed of a fluid particle at the end of any step this solver took [m/s] (0 before
  /// the first): what the weak-compressibility condition c0 >= 10 U_max is checked against.
  virtual double largest_fluid_speed() const = 0;
  /// Steps until time() == t_stop exactly or max_steps steps were taken; returns the steps taken.
  /// The step that would pass t_stop ends on it, and the step before takes half of what is left
  /// when a full step would leave less than one (no sliver steps). Throws NumericalError naming
  /// the first bad particle.
  virtual long advance(double t_stop, long max_steps) = 0;
  /// The particles in the solver's current order.
  virtual const Particles& particles() const = 0;
  /// Replaces the particles (a restart): same count, kinds and dimension as the setup's.
  virtual void set_particles(const Particles& p) = 0;
  virtual Measures measure(const std::vector<Probe>& probes) const = 0;
  /// Pair interactions evaluated so far (pairs within 2h, each seen from both sides, both halves of a step).
  virtual double pair_interactions() const = 0;
  /// The pairs of each particle (in the current order) in the last rate evaluation (the
  /// corrector's); empty before the first step. Checks that searches find the same neighbours.
  virtual std::vector<std::uint32_t> pair_counts() const = 0;
  virtual std::string description() const = 0;
  /// Search::list (search.hpp): steps whose second rate evaluation read the neighbour list, and
  /// steps that sorted and searched again instead (too long a step for the list's skin, or a
  /// particle with more masks than the list holds: src/sph/neighbour_list.hpp); both 0 for
  /// the other searches.
  struct ListUse {
    long reused = 0, searched = 0;
  };
  virtual ListUse list_use() const { return {}; }
};

/// The solver of setup.backend with setup.search: NotBuiltError for a backend not in this build,
/// std::invalid_argument for a search the backend does not have.
std::unique_ptr<Solver> make_solver(const Setup& setup);

/// The searches a backend has in this build on this machine (none for CUDA without a device).
std::vector<Search> searches_of(exec::Backend b);

/// The precisions a backend has: double everywhere, mixed on CUDA.
std::vector<Precision> precisions_of(exec::Backend b);

}  // namespace ria::sph
