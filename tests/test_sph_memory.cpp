// The memory an SPH set-up is refused by (ria/sph/memory.hpp): the CPU solver's heap against the
// count, the cells counted before generation against the set-up's, the set-up's room, the
// per-particle figures the docs give, and the limits checked before any of it.
#include <gtest/gtest.h>

#include <malloc.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "ria/sph/memory.hpp"
#include "ria/sph/setup.hpp"
#include "ria/sph/solver.hpp"
#include "sph/neighbour_list.hpp"
#include "sph_cases.hpp"

using namespace ria;
using namespace ria::sph;

namespace {

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
constexpr bool kHeapKnown = true;
/// Bytes this process has allocated and not freed (glibc: the arenas' chunks in use and mmapped ones).
double heap_in_use() {
  const struct mallinfo2 m = mallinfo2();
  return static_cast<double>(m.uordblks) + static_cast<double>(m.hblkhd);
}
#else
constexpr bool kHeapKnown = false;
double heap_in_use() { return 0; }
#endif

struct Case {
  const char* name;
  Scenario sc;
};

std::vector<Case> cases() {
  Scenario sps3 = test::dam_break_scenario(3, 0.005);
  sps3.sps = true;
  sps3.kinematic_viscosity = 1e-6;
  // A small block in a large [domain]: the cells outweigh the particles.
  const Scenario block = test::thrown_block_scenario(0.002, {0, 0, 0}, {-1, -1, 0}, {1, 1, 0});
  return {{"2-D dam break", test::dam_break_scenario(2, 0.001)}, {"3-D dam break, SPS", sps3}, {"2-D block in a large domain", block}};
}

}  // namespace

// What the serial solver holds after its construction, a step and a measure (every array it
// allocates has its size then) is what solver_memory counts, to 1% (malloc headers, pages; 0.2%
// when written): a forgotten double array would be 4% of it in 2-D, 3% in 3-D.
TEST(SphMemory, CpuSolverAllocatesWhatIsCounted) {
  if (!kHeapKnown) GTEST_SKIP() << "no mallinfo2 (glibc 2.33) to read the heap with";
  for (const Case& c : cases()) {
    const sph::Setup setup = test::make_test_setup(c.sc);
    const double n = static_cast<double>(setup.particles.size());
    const double counted = solver_memory(setup.dim, n, static_cast<double>(setup.cells.cells()), exec::Backend::serial,
                                         Search::cell_range, Precision::f64, c.sc.sps)
                               .host;
    const double before = heap_in_use();
    double held = 0;
    {
      auto solver = make_solver(setup);
      solver->advance(1e30, 1);
      solver->measure({});
      held = heap_in_use() - before;
    }
    EXPECT_NEAR(held, counted, 0.01 * counted + 65536.0) << c.name << ": " << n << " particles, "
                                                         << setup.cells.cells() << " cells of 2h";
  }
}

// The cells the memory check counts before any particle exists are the cells make_setup makes.
TEST(SphMemory, CellsCountedBeforeGenerationAreTheSetUpsCells) {
  std::vector<Case> all = cases();
  Scenario closed = test::dam_break_scenario(3, 0.01);
  closed.walls[0].open_top = false, closed.walls[0].layers = 4;
  all.push_back({"closed 3-D tank of 4 layers", closed});
  Scenario offset = test::dam_break_scenario(2, 0.0037);  // boxes not whole numbers of dp
  offset.fluid[0].lo = {0.013, 0.021, 0}, offset.walls[0].lo = {-0.011, 0.0, 0};
  all.push_back({"boxes rounded to dp", offset});
  for (const Case& c : all) {
    const Grid g = lattice_cells(c.sc), s = test::make_test_setup(c.sc).cells;
    EXPECT_EQ(g.nx, s.nx) << c.name;
    EXPECT_EQ(g.ny, s.ny) << c.name;
    EXPECT_EQ(g.nz, s.nz) << c.name;
    EXPECT_DOUBLE_EQ(g.x0, s.x0) << c.name;
    EXPECT_DOUBLE_EQ(g.dx, s.dx) << c.name;
  }
  // A fluid box reaching past a block it overlaps loses those particles: the count is an upper bound.
  Scenario overlap = test::dam_break_scenario(2, 0.01);
  WallBox block;
  block.lo = {0.0, 0.15, 0}, block.hi = {0.1, 0.25, 0};
  overlap.walls.push_back(block);
  overlap.fluid[0].hi[1] = 0.25;
  EXPECT_GE(lattice_cells(overlap).cells(), test::make_test_setup(overlap).cells.cells());
}

// make_setup's arrays hold the room the check counts for them (lattice_particle_count), not up to
// twice the particles from growing as they are generated.
TEST(SphMemory, SetUpHoldsTheRoomItCounts) {
  for (const Case& c : cases()) {
    const sph::Setup s = test::make_test_setup(c.sc);
    const double n = lattice_particle_count(c.sc);
    EXPECT_EQ(static_cast<double>(s.particles.r[0].capacity()), n) << c.name;
    EXPECT_EQ(static_cast<double>(s.particles.id.capacity()), n) << c.name;
    const MemoryNeed alone = setup_memory(c.sc, exec::Backend::serial, Search::cell_range, Precision::f64, false);
    const MemoryNeed looped = setup_memory(c.sc, exec::Backend::serial, Search::cell_range, Precision::f64, true);
    EXPECT_DOUBLE_EQ(alone.host, particles_bytes(c.sc.dim, n) +
                                     solver_memory(c.sc.dim, n, static_cast<double>(s.cells.cells()), exec::Backend::serial,
                                                   Search::cell_range, Precision::f64, c.sc.sps)
                                         .host)
        << c.name;
    EXPECT_DOUBLE_EQ(looped.host - alone.host, particles_bytes(c.sc.dim, n)) << c.name;  // sph::run's copy
    EXPECT_EQ(alone.device, 0.0) << c.name;
  }
}

// The bytes per particle that memory.hpp and docs/sph.md give.
TEST(SphMemory, PerParticleFiguresAreTheDocumented) {
  const double n = 1 << 20;
  const auto per = [&](int dim, exec::Backend b, Precision p, bool sps, bool device) {
    const MemoryNeed m = solver_memory(dim, n, 0, b, Search::cell_range, p, sps);
    return (device ? m.device : m.host) / n;
  };
  const exec::Backend cpu = exec::Backend::serial, cuda = exec::Backend::cuda;
  EXPECT_EQ(particles_bytes(2, 1), 45);
  EXPECT_EQ(particles_bytes(3, 1), 61);
  EXPECT_NEAR(per(2, cpu, Precision::f64, false, false), 198, 1e-3);
  EXPECT_NEAR(per(3, cpu, Precision::f64, false, false), 238, 1e-3);
  EXPECT_NEAR(per(2, cpu, Precision::f64, true, false) - per(2, cpu, Precision::f64, false, false), 24, 1e-9);
  EXPECT_NEAR(per(3, cpu, Precision::f64, true, false) - per(3, cpu, Precision::f64, false, false), 48, 1e-9);
  EXPECT_NEAR(per(2, cuda, Precision::f64, false, true), 263, 0.1);
  EXPECT_NEAR(per(3, cuda, Precision::f64, false, true), 335, 0.1);
  EXPECT_NEAR(per(3, cuda, Precision::mixed, false, true) - per(3, cuda, Precision::f64, false, true), 48, 1e-9);
  EXPECT_NEAR(per(3, cuda, Precision::f64, true, true) - per(3, cuda, Precision::f64, false, true), 48, 1e-9);
  EXPECT_NEAR(per(2, cuda, Precision::f64, false, false), 57, 1e-3);
  EXPECT_NEAR(per(3, cuda, Precision::f64, false, false), 73, 1e-3);
  // Cells: 8 bytes per search cell (cells of h: 2^dim per cell of 2h) and 8 per cell of 2h on the CPU.
  const double cells = 1e6;
  EXPECT_NEAR(solver_memory(3, 0, cells, cpu, Search::cell_range, Precision::f64, false).host / cells, 8 * 8 + 8, 1e-3);
  EXPECT_NEAR(solver_memory(3, 0, cells, cuda, Search::tiles, Precision::f64, false).device / cells, 4 + 2, 1e-3);
  // The list search: 4 + 8 list_capacity bytes a particle more on the device (500 at h = 1.5 dp
  // in 3-D), and no list without h / dp.
  const double with_list = solver_memory(3, n, 0, cuda, Search::list, Precision::f64, false, 1.5).device / n;
  EXPECT_NEAR(with_list - per(3, cuda, Precision::f64, false, true), 4 + 8.0 * list_capacity(3, 1.5), 1e-9);
  EXPECT_EQ(list_capacity(3, 1.5), 62u);
  EXPECT_THROW(solver_memory(3, n, 0, cuda, Search::list, Precision::f64, false), std::invalid_argument);
}

// What no machine runs is refused in its own words, before anything is counted or generated.
TEST(SphMemory, LimitsAreCheckedBeforeTheMemory) {
  const auto refusal = [](const Scenario& sc, Search s) {
    try {
      check_set_up_limits(sc, s);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(refusal(test::dam_break_scenario(2, 0.01), Search::cell_range), "");
  EXPECT_NE(refusal(test::dam_break_scenario(2, 1e-7), Search::cell_range).find("more than 2^31 (particles.dp too small?)"),
            std::string::npos);
  // Cells of 2h that fit, split into cells of h that do not: the cell-range search is refused, the tiles are not.
  const Scenario wide = test::thrown_block_scenario(0.01, {0, 0, 0}, {-200, -200, 0}, {200, 200, 0});
  EXPECT_NE(refusal(wide, Search::cell_range).find("the neighbour-search cells of h = "), std::string::npos);
  EXPECT_EQ(refusal(wide, Search::tiles), "");
}
