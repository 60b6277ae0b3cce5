// The memory of an SPH set-up and its solver, array by array (ria/sph/memory.hpp). Each count
// names the members it stands for; a new array in a solver belongs here too
// (tests/test_sph_memory.cpp measures the CPU solver's heap against it).
#include "ria/sph/memory.hpp"

#include <cmath>
#include <stdexcept>

#include "ria/sph/setup.hpp"
#include "sph/cell_list.hpp"
#include "sph/neighbour_list.hpp"

namespace ria::sph {
namespace {

/// A CellList (cell_list.hpp) of n particles on `cells` cells: order, cell and the scratch
/// cell_of_particle_ (32-bit each) per particle; start and the scratch next_ (cells + 1 each).
double cell_list_bytes(double n, double cells) { return 12.0 * n + 8.0 * (cells + 1); }

}  // namespace

MemoryNeed solver_memory(int dim, double n, double cells, exec::Backend backend, Search search, Precision precision,
                         bool sps, double h_over_dp) {
  const double D = dim;
  // search_cells splits each of the dim axes of the cells of 2h in cell_reach(search).
  const double search_cells = cells * std::pow(static_cast<double>(cell_reach(search)), dim);
  const double tau = sps ? 8.0 * (D * (D + 1) / 2) * n : 0.0;  // Sym<D>::size doubles per particle (sps.hpp)
  MemoryNeed m;
  if (backend != exec::Backend::cuda) {
    // CpuSolver (cpu_solver.cpp): p_ (its copy of the particles); r0_, v0_, acc_ (D doubles each);
    // rho0_, pres_, c_, inv_rho_, drho_, mu_, dtl_, npairs_ and scratch_ (a double each);
    // scratch_u8_ (1 byte), scratch_u32_ and fluid_before_ (4 bytes each); tau_ with SPS; the
    // search's CellList cells_ on the search cells and the measures' measure_cells_ on the cells of 2h.
    m.host = particles_bytes(dim, n) + (24.0 * D + 72.0 + 9.0) * n + tau + cell_list_bytes(n, search_cells) +
             cell_list_bytes(n, cells);
    return m;
  }
  // CudaSolver (cuda_solver_cuda.cu), on the device: two Sets (real: r, v, r0, v0 (D each), rho,
  // rho0 as doubles; kind, 1 byte; id, 4 bytes); derived_ (p, c, 1/rho, drho/dt, max mu and D of
  // acc: D + 5 doubles); key_, key_sorted_, slot_, order_, pairs_, fluid_flag_ and fluid_before_
  // (32-bit each); tau_ with SPS; mixed_ (3 float4) in mixed precision; CUB's sort_temp_: the
  // radix sort's alternate keys and values (4 + 4 bytes) and its per-tile counters (under a byte,
  // counted as one); start_ (32-bit per search cell + 1); partial_ (a double per block of 128
  // particles or of 4 cells: kRangeThreads, kTileWarps, counted as both).
  const double sets = 2.0 * ((4.0 * D + 2.0) * 8.0 + 1.0 + 4.0);
  const double mixed = precision == Precision::mixed ? 48.0 : 0.0;
  m.device = (sets + (D + 5.0) * 8.0 + 7.0 * 4.0 + mixed + 9.0) * n + tau + 4.0 * (search_cells + 1) +
             8.0 * (n / 128.0 + cells / 4.0 + 1.0);
  if (search == Search::list) {
    // list_word_ (list_words: list_capacity 8-byte masks a particle, for whole blocks of
    // kListLanes particles) and list_count_. The list's cells (list_cells) are no more than the
    // cells of 2h counted above.
    if (!(h_over_dp > 0)) throw std::invalid_argument("solver_memory: the list search needs h / dp > 0");
    m.device += 8.0 * static_cast<double>(list_words(static_cast<std::size_t>(n), list_capacity(dim, h_over_dp))) + 4.0 * n;
  }
  // On the host: host_ (the particles, refreshed from the device) and measure_cells_.
  m.host = particles_bytes(dim, n) + cell_list_bytes(n, cells);
  return m;
}

MemoryNeed setup_memory(const Scenario& sc, exec::Backend backend, Search search, Precision precision, bool driver) {
  const double n = lattice_particle_count(sc);
  MemoryNeed m = solver_memory(sc.dim, n, static_cast<double>(lattice_cells(sc).cells()), backend, search, precision, sc.sps,
                               sc.h_over_dp);
  m.host += particles_bytes(sc.dim, n) * (driver ? 2.0 : 1.0);
  return m;
}

}  // namespace ria::sph
