// Two block solvers (swe/block_solver.hpp) of a 2-rank row split, stepped in one process as the MPI
// layer steps its ranks (mpi/distributed_solver.cpp): the halo recomputed while it is valid and
// exchanged every G steps, staged through host buffers (pack/unpack) or in place (the messages'
// bytes copied straight between the solvers' own rows, as an MPI library that reaches their
// memory does). The CPU and GPU tests compare them with one solver of the whole grid.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <vector>

#include "mpi/row_split.hpp"
#include "ria/swe/block_solver.hpp"
#include "ria/swe/cfl.hpp"

namespace ria::test {

enum class Halo { staged, in_place };

/// How the in-place "messages" move between the solvers' memory: copy starts a copy of `bytes`
/// bytes and may return before it is done (as a posted MPI message); wait returns when every copy
/// started is done (std::memcpy and nothing on the CPU; asynchronous copies on a GPU stream).
struct Mover {
  std::function<void(void* to, const void* from, std::size_t bytes)> copy;
  std::function<void()> wait = [] {};
};

struct TwoBlocks {
  std::vector<RowBlock> rows;              // the split: block r owns rows[r].owned_begin .. owned_end
  std::unique_ptr<swe::BlockSolver> b[2];
};

/// Steps the two blocks `steps` times from `init`; before each step, dt(min of the blocks' local
/// dt) gives its length, and after it check(step, t_end, blocks) runs.
inline void step_two_blocks(const swe::SolverSetup& s, const swe::HostState& init, int G, Halo halo,
                            const Mover& mover, int steps, const std::function<double(double)>& dt_of,
                            const std::function<void(int, double, const TwoBlocks&)>& check) {
  TwoBlocks tb;
  tb.rows = mpi::split_rows(s.grid, 2, G, mpi::Split::even, {}, 0);
  double min_local = INFINITY;
  for (int r = 0; r < 2; ++r) {
    tb.b[r] = swe::make_block_solver(s, tb.rows[r]);
    tb.b[r]->set_state(init);
    min_local = std::min(min_local, tb.b[r]->min_local_dt(tb.rows[r].owned_begin, tb.rows[r].owned_end));
  }
  swe::BlockSolver& lo = *tb.b[0];
  swe::BlockSolver& hi = *tb.b[1];
  const int cut = tb.rows[0].owned_end, ny = s.grid.ny;  // the first row of block 1
  // Staged: each solver packs into its own buffer and unpacks from its own (as ranks do; the CUDA
  // solver page-locks the buffers it is given), and the "message" copies between them.
  std::vector<unsigned char> up_sent(lo.row_bytes() * G), up_got(up_sent.size()), down_sent(up_sent.size()),
      down_got(up_sent.size());
  // Rows [from0, from0 + G) of a's next level into rows [to0, to0 + G) of b's, one copy per field.
  auto in_place = [&](swe::BlockSolver& a, int from0, swe::BlockSolver& b, int to0) {
    const swe::RowsInPlace from = a.rows_in_place(swe::Level::next, from0, from0 + G);
    const swe::RowsInPlace to = b.rows_in_place(swe::Level::next, to0, to0 + G);
    ASSERT_EQ(from.bytes, to.bytes);
    ASSERT_EQ(from.bytes * 4, a.row_bytes() * G);
    for (int c = 0; c < 4; ++c) mover.copy(to.field[c], from.field[c], from.bytes);
  };
  int valid = G;
  double t = 0;
  for (int step = 0; step < steps; ++step) {
    const double dt = dt_of(min_local);
    const int reach = valid - 1;
    if (reach == 0) {
      // As the MPI layer overlaps: the border rows; the copies started (in place) or the packs
      // (staged: on a GPU beside the interior); the interior while they run; the halo unpacked
      // (on a GPU while the interior may still run).
      lo.step(t, dt, cut - G, cut);
      hi.step(t, dt, cut, cut + G);
      if (halo == Halo::in_place) {
        lo.finish_updates(), hi.finish_updates();
        in_place(lo, cut - G, hi, cut - G);
        in_place(hi, cut, lo, cut);
      } else {
        lo.start_pack(swe::Level::next, cut - G, cut, up_sent.data());
        hi.start_pack(swe::Level::next, cut, cut + G, down_sent.data());
      }
      lo.step(t, dt, 0, cut - G);
      hi.step(t, dt, cut + G, ny);
      if (halo == Halo::in_place) {
        mover.wait();
      } else {
        lo.wait_packs(), hi.wait_packs();
        up_got = up_sent, down_got = down_sent;
        hi.unpack(swe::Level::next, cut - G, cut, up_got.data());
        lo.unpack(swe::Level::next, cut, cut + G, down_got.data());
      }
    } else {
      lo.step(t, dt, 0, cut + reach);
      hi.step(t, dt, cut - reach, ny);
    }
    valid = reach == 0 ? G : valid - 1;
    min_local = std::min(lo.swap(), hi.swap());
    t += dt;
    check(step, t, tb);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

/// Rows [j0, j1) of a solver of the whole grid's state in the layout of BlockSolver::get_rows.
inline std::vector<double> rows_of(const swe::HostState& w, std::size_t nx, int j0, int j1) {
  const std::size_t m = static_cast<std::size_t>(j1 - j0) * nx, off = static_cast<std::size_t>(j0) * nx;
  std::vector<double> out(4 * m);
  const std::vector<double>* f[4] = {&w.h, &w.qx, &w.qy, &w.hc};
  for (int c = 0; c < 4; ++c) std::copy_n(f[c]->data() + off, m, out.data() + c * m);
  return out;
}

}  // namespace ria::test
