// The pieces of the row-block decomposition that the MPI layer builds on, checked in one process:
// the perimeter sum's tree order, the row split, and block solvers with ghost cell expansion.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <random>

#include "mpi/row_split.hpp"
#include "two_blocks.hpp"
#include "ria/swe/block_solver.hpp"
#include "ria/swe/cfl.hpp"
#include "ria/swe/perimeter_sum.hpp"
#include "validate/problems.hpp"

using namespace ria;

TEST(PerimeterSum, SubtreesOfAnySplitGiveTheBitsOfTheWholeSum) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> value(-1e3, 1e3);
  for (long n : {1L, 2L, 3L, 7L, 100L, 1023L, 1024L, 1025L, 4000L}) {
    std::vector<double> x(n);
    for (double& v : x) v = value(rng) * std::pow(10.0, static_cast<int>(rng() % 12) - 6);
    const auto leaf = [&](long e) { return x[e]; };
    const double whole = swe::tree_sum<double>(n, leaf);
    for (int trial = 0; trial < 20; ++trial) {
      // Cut [0, n) at random points into pieces, as ranks own runs of edges.
      std::vector<long> cuts = {0, n};
      for (int c = 0; c < 4; ++c) cuts.push_back(static_cast<long>(rng() % (n + 1)));
      std::sort(cuts.begin(), cuts.end());
      std::map<std::pair<int, long>, double> known;
      for (std::size_t k = 0; k + 1 < cuts.size(); ++k)
        for (const swe::TreeNode& node : swe::tree_cover(cuts[k], cuts[k + 1]))
          known[{node.level, node.index}] =
              swe::tree_sum<double>(node, n, leaf, [](swe::TreeNode, double&) { return false; });
      const double joined = swe::tree_sum<double>(
          swe::TreeNode{swe::tree_levels(n), 0}, n, [](long) -> double { throw std::logic_error("leaf not covered"); },
          [&](swe::TreeNode node, double& v) {
            const auto it = known.find({node.level, node.index});
            if (it == known.end()) return false;
            v = it->second;
            return true;
          });
      ASSERT_EQ(whole, joined) << "n = " << n << ", trial " << trial;
    }
  }
}

TEST(RowSplit, EvenSplitGhostRowsAndRefusal) {
  const Grid g{10, 50, 1, 1, 0, 0};
  const auto b = mpi::split_rows(g, 3, 2, mpi::Split::even, {}, 0);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0].owned_begin, 0);
  EXPECT_EQ(b[2].owned_end, 50);
  for (int r = 0; r < 3; ++r) {
    const int rows = b[r].owned_end - b[r].owned_begin;
    EXPECT_TRUE(rows == 16 || rows == 17) << rows;
    if (r > 0) {
      EXPECT_EQ(b[r].owned_begin, b[r - 1].owned_end);
    }
    EXPECT_EQ(b[r].stored_begin, r > 0 ? b[r].owned_begin - 2 : 0);
    EXPECT_EQ(b[r].stored_end, r < 2 ? b[r].owned_end + 2 : 50);
  }
  EXPECT_THROW(mpi::split_rows(g, 4, 16, mpi::Split::even, {}, 0), std::invalid_argument);
  EXPECT_THROW(mpi::parse_split("wetness"), std::invalid_argument);
}

TEST(RowSplit, WetSplitGivesTheDryRowsToFewerRanks) {
  // Rows 0..29 wet, 30..99 dry: by weight (1 per wet cell, 1/8 per dry cell) the wet third holds
  // 30 of 38.75 units, so two of three ranks work in it.
  const Grid g{8, 100, 1, 1, 0, 0};
  std::vector<double> h(g.cells(), 0.0);
  for (std::size_t k = 0; k < 30u * 8; ++k) h[k] = 1.0;
  const auto b = mpi::split_rows(g, 3, 1, mpi::Split::wet, h, 1e-3);
  EXPECT_LT(b[1].owned_end, 30);
  EXPECT_EQ(b[2].owned_end, 100);
}

namespace {

/// Two block solvers of a 2-rank split with G ghost rows (tests/two_blocks.hpp) against a
/// whole-grid solver that takes its own time step: the same dt and the same bits every step.
void compare_blocks_to_whole(sim::AnalyticCase problem, int G, Precision p, test::Halo halo = test::Halo::staged) {
  validate::Options opt;
  opt.precision = p;
  validate::Problem pr = validate::make_problem(problem, 48, opt);
  swe::SolverSetup& s = pr.setup;
  s.manning.per_cell.resize(s.grid.cells());  // varying by row: each block must index its own rows
  for (std::size_t k = 0; k < s.manning.per_cell.size(); ++k) s.manning.per_cell[k] = 0.01 + 0.0005 * (k / s.grid.nx % 17);
  s.track_balance = true;
  auto whole = swe::make_solver(s);
  whole->set_state(pr.init);
  const auto dt_of = [&](double min_local) { return swe::global_dt(s.dt_rule(), min_local, 1e30); };
  const test::Mover memcpy_bytes{[](void* to, const void* from, std::size_t n) { std::memcpy(to, from, n); }};
  test::step_two_blocks(s, pr.init, G, halo, memcpy_bytes, 5 * G + 1, dt_of,
                        [&](int step, double t, const test::TwoBlocks& tb) {
    whole->advance(1e30, 1);  // its own min over all cells: the same minimum, the same dt
    ASSERT_EQ(whole->time(), t) << "step " << step;
    swe::HostState w;
    whole->get_state(w);
    for (int r = 0; r < 2; ++r) {
      const int j0 = tb.rows[r].owned_begin, j1 = tb.rows[r].owned_end;
      std::vector<double> rows(4 * static_cast<std::size_t>(j1 - j0) * s.grid.nx);
      tb.b[r]->get_rows(j0, j1, rows.data());
      const std::vector<double> ref = test::rows_of(w, s.grid.nx, j0, j1);
      for (std::size_t k = 0; k < rows.size(); ++k)
        ASSERT_EQ(rows[k], ref[k]) << "step " << step << ", rank " << r << ", value " << k << " (field-major rows)";
    }
  });
}

}  // namespace

TEST(BlockSolver, TwoBlocksWithGhostExpansionMatchTheWholeGridBitwise) {
  compare_blocks_to_whole(sim::AnalyticCase::thacker, 1, Precision::f64);
  compare_blocks_to_whole(sim::AnalyticCase::thacker, 3, Precision::f64);
  compare_blocks_to_whole(sim::AnalyticCase::thacker, 2, Precision::f32);
  compare_blocks_to_whole(sim::AnalyticCase::thacker, 2, Precision::mixed);
  compare_blocks_to_whole(sim::AnalyticCase::thacker, 3, Precision::f64, test::Halo::in_place);
  compare_blocks_to_whole(sim::AnalyticCase::thacker, 2, Precision::f32, test::Halo::in_place);
}
