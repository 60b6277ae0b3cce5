// The memory an SPH run takes, counted from the arrays that hold it (src/sph/memory.cpp names each
// array it counts), so that a set-up too large for the machine is refused before any particle is
// generated (`ria sph run`, `ria bench sph`: src/app/sph_memory.cpp) instead of failing in an
// allocation. Bytes per particle (2-D / 3-D, double, no SPS):
//   one copy of the particles (particles.hpp)        45 / 61
//   serial and OpenMP solver (cpu_solver.cpp)       198 / 238, + 8 per search cell and per cell of 2h
//   CUDA solver, device (cuda_solver_cuda.cu)       263 / 335, + 4 per search cell, 2 per cell of 2h
//   CUDA solver, host (its copy, the measures')      57 / 73, + 8 per cell of 2h
// SPS adds 24 / 48 (the stresses) on the solver's side; mixed precision adds 48 on the device
// (float4 copies); the list search adds 4 + 8 list_capacity (src/sph/neighbour_list.hpp) on the
// device, 500 at h = 1.5 dp in 3-D. The set-up's particles are one more copy on the host.
#pragma once

#include "ria/config.hpp"
#include "ria/exec/backend.hpp"
#include "ria/sph/scenario.hpp"
#include "ria/sph/search.hpp"

namespace ria::sph {

/// Bytes on the host and, for the CUDA backend, on the device (0 for the others).
struct MemoryNeed {
  double host = 0;
  double device = 0;
};

/// One copy of n particles (particles.hpp): r and v (dim doubles each), rho (double), kind (one
/// byte) and id (4 bytes) per particle.
inline double particles_bytes(int dim, double n) { return (16.0 * dim + 13.0) * n; }

/// What the solver make_solver builds for these particles allocates, from its construction through
/// its steps and measures: `particles` particles on `cells` cells of 2h (Setup::cells), which
/// `search` splits (cell_list.hpp, search_cells), with the SPS stresses when `sps`; h_over_dp sizes
/// the list of Search::list (std::invalid_argument when it is not > 0 there). Not counted:
/// what a numerical failure copies to name the bad particle, pair_counts() (tests), the reducer's
/// block partials (one double per 4096 particles), CUDA's context (outside its free memory).
MemoryNeed solver_memory(int dim, double particles, double cells, exec::Backend backend, Search search,
                         Precision precision, bool sps, double h_over_dp = 0);

/// What a set-up of the scenario and its solver hold together, counted from the scenario alone:
/// make_setup's particles (lattice_particle_count of them, the room it reserves) and
/// solver_memory on lattice_cells; with `driver`, also the copy of the particles at the last stop
/// that sph::run keeps (driver.hpp). For a scenario that passed check_set_up_limits (setup.hpp).
MemoryNeed setup_memory(const Scenario& sc, exec::Backend backend, Search search, Precision precision, bool driver);

}  // namespace ria::sph
