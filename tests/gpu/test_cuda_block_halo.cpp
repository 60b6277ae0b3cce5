// The CUDA block solver (src/swe/cuda_block_solver_cuda.cu) split in two row blocks with ghost cell
// expansion, its halo exchanged staged through host memory (pack/unpack) and in place (device-to-
// device copies between the blocks' own rows, on a stream of their own while the interior rows
// update, as a CUDA-aware MPI library sends them), against one block solver of the whole grid
// stepped with the same dt: the same bits every step, in both precisions; and with the column
// strips on every row range ("fused-strips": the default takes them only on ranges that fill the
// device twice, 2200^2 and up on an H100), the same bits as the whole grid's strips and as the
// tiles of "optimized-32x8". The MPI tests
// (mpi_cuda_*) check the staged path under mpirun; where the MPI library is not CUDA-aware only
// this test reaches the in-place path's device pointers.
#include <gtest/gtest.h>
#include <cuda_runtime.h>

#include "ria/exec/backend.hpp"
#include "two_blocks.hpp"
#include "validate/problems.hpp"

using namespace ria;

namespace {

void compare_with_whole_block(Precision p, int G, test::Halo halo, int cells = 48, const char* kernel = "default") {
  const validate::Options opt{exec::Backend::cuda, kernel, p};
  validate::Problem pr = validate::make_problem(sim::AnalyticCase::thacker, cells, opt);
  const swe::SolverSetup& s = pr.setup;
  auto whole = swe::make_block_solver(s, RowBlock::whole(s.grid));
  whole->set_state(pr.init);
  double whole_min = whole->min_local_dt(0, s.grid.ny), dt = 0;
  const auto dt_of = [&](double min_local) {
    EXPECT_EQ(min_local, whole_min);  // the two blocks' minimum is the whole grid's
    return dt = swe::global_dt(s.dt_rule(), min_local, 1e30);
  };
  // The copies run on a stream of their own while the interior rows update, as a CUDA-aware MPI
  // library's transfers would.
  cudaStream_t copies = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&copies, cudaStreamNonBlocking), cudaSuccess);
  const test::Mover device_copy{[copies](void* to, const void* from, std::size_t n) {
                                  ASSERT_EQ(cudaMemcpyAsync(to, from, n, cudaMemcpyDefault, copies), cudaSuccess);
                                },
                                [copies] { ASSERT_EQ(cudaStreamSynchronize(copies), cudaSuccess); }};
  double t = 0;
  test::step_two_blocks(s, pr.init, G, halo, device_copy, 5 * G + 1, dt_of,
                        [&](int step, double t_end, const test::TwoBlocks& tb) {
    whole->step(t, dt, 0, s.grid.ny);
    whole_min = whole->swap();
    t += dt;
    ASSERT_EQ(t, t_end);
    for (int r = 0; r < 2; ++r) {
      const int j0 = tb.rows[r].owned_begin, j1 = tb.rows[r].owned_end;
      const std::size_t n = 4 * static_cast<std::size_t>(j1 - j0) * s.grid.nx;
      std::vector<double> rows(n), ref(n);
      tb.b[r]->get_rows(j0, j1, rows.data());
      whole->get_rows(j0, j1, ref.data());
      for (std::size_t k = 0; k < n; ++k)
        ASSERT_EQ(rows[k], ref[k]) << "step " << step << ", block " << r << ", value " << k << " (field-major rows)";
    }
  });
  cudaStreamDestroy(copies);
}

}  // namespace

TEST(CudaBlockHalo, StagedAndInPlaceExchangesMatchTheWholeGridBitwise) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  for (const test::Halo halo : {test::Halo::staged, test::Halo::in_place}) {
    compare_with_whole_block(Precision::f64, 3, halo);
    compare_with_whole_block(Precision::f32, 2, halo);
  }
}

// Thacker's bowl (wet/dry fronts) on 256 x 256 cells by strips on every row range: two blocks
// (halo staged and in place) against the whole grid, and the whole grid against the 32 x 8 tiles,
// in both precisions.
TEST(CudaBlockHalo, RowStripsMatchTheWholeGridAndTheTilesBitwise) {
  if (!exec::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  for (const test::Halo halo : {test::Halo::staged, test::Halo::in_place})
    for (const Precision p : {Precision::f32, Precision::f64}) compare_with_whole_block(p, 8, halo, 256, "fused-strips");
  for (const Precision p : {Precision::f32, Precision::f64}) {
    validate::Problem pr = validate::make_problem(sim::AnalyticCase::thacker, 256, {exec::Backend::cuda, "fused-strips", p});
    swe::SolverSetup tiles_setup = pr.setup;
    tiles_setup.kernel = "optimized-32x8";
    auto strips = swe::make_block_solver(pr.setup, RowBlock::whole(pr.setup.grid));
    auto tiles = swe::make_block_solver(tiles_setup, RowBlock::whole(pr.setup.grid));
    EXPECT_NE(strips->description().find("/strips/"), std::string::npos) << strips->description();
    EXPECT_EQ(tiles->description().find("strips"), std::string::npos) << tiles->description();
    strips->set_state(pr.init);
    tiles->set_state(pr.init);
    const int ny = pr.setup.grid.ny;
    double m_strips = strips->min_local_dt(0, ny), m_tiles = tiles->min_local_dt(0, ny), t = 0;
    const std::size_t n = 4 * pr.setup.grid.cells();
    std::vector<double> a(n), b(n);
    for (int step = 0; step < 40; ++step) {
      ASSERT_EQ(m_strips, m_tiles) << "step " << step;
      const double dt = swe::global_dt(pr.setup.dt_rule(), m_strips, 1e30);
      strips->step(t, dt, 0, ny);
      tiles->step(t, dt, 0, ny);
      m_strips = strips->swap();
      m_tiles = tiles->swap();
      t += dt;
    }
    strips->get_rows(0, ny, a.data());
    tiles->get_rows(0, ny, b.data());
    for (std::size_t k = 0; k < n; ++k) ASSERT_EQ(a[k], b[k]) << "value " << k << " (field-major rows)";
  }
}
