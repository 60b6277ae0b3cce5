// The CUDA block solver (block_solver.hpp): a row block of the grid on one GPU for the MPI layer.
// It runs the paper's optimized kernel (ghost-cell-decoupled tiles, texture fetches, phase 1 of
// the CFL reduction in the update) on row ranges, or by default, with a float state, the column
// strips of the fused kernel (strip_kernel_cuda.cuh) on each range whose strips fill the device
// kMinStripWaves times, as `fused` takes them on a whole grid; the two compute every edge and
// update by the same functions of the same states. swap() runs phase 2 over the partial minima of
// every range updated in the step and reads the result, which the MPI layer reduces over ranks.
// Halo rows go from and into its own rows (rows_in_place, for an MPI library that reads device
// memory) or through the caller's host buffers (pack/unpack), page-locked here on first use and
// copied on a second stream, beside the interior's update.
#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "exec/cuda/cuda_check.hpp"
#include "exec/cuda/device_buffer.hpp"
#include "exec/cuda/parallel_for.cuh"
#include "ria/exec/reduce.hpp"
#include "swe/solver_common.hpp"
#include "swe/cuda_extremes.cuh"
#include "swe/cuda_variants.hpp"
#include "swe/strip_kernel_cuda.cuh"
#include "swe/strip_plan.hpp"
#include "swe/swe_kernels_cuda.cuh"

namespace ria::swe {
namespace {

template <class T>
class CudaBlockSolver final : public BlockSolver {
 public:
  /// strip_waves: the column strips on the ranges they fill the device that many times (0: every
  /// range), or -1: the bx x by tiles on every range.
  CudaBlockSolver(const SolverSetup& s, const RowBlock& b, int bx, int by, int strip_waves, const std::string& name)
      : setup_(s),
        block_(b),
        bx_(bx),
        by_(by),
        strip_waves_(strip_waves),
        name_(name),
        nx_(s.grid.nx),
        n_(static_cast<std::size_t>(b.stored_rows()) * s.grid.nx),
        offset_(static_cast<std::size_t>(b.stored_begin) * s.grid.nx),
        stride_((n_ + 127) / 128 * 128) {
    exec::require_backend(exec::Backend::cuda);
    if (!(0 <= b.stored_begin && b.stored_begin <= b.owned_begin && b.owned_begin < b.owned_end &&
          b.owned_end <= b.stored_end && b.stored_end <= s.grid.ny))
      throw std::invalid_argument("row block is not inside the grid or owns no row");
    if (n_ >= (std::size_t(1) << 31)) throw std::invalid_argument("row block too large for the CUDA backend (>= 2^31 cells)");
    sweep_ = make_sweep_setup<T>(s);
    // No dry-edge check on the GPU (stencil.hpp dry_edge): measured on the H100, a tile vote before
    // the edges cost 13% on wet domains and gained nothing on Coos Bay, where a warp of dry cells
    // already leaves edge_flux early on a uniform branch (docs/performance.md).
    sweep_.dry_skip = false;
    sweep_.row0 = b.stored_begin;
    for (auto& l : buf_) l = exec::cuda::DeviceBuffer<T>(4 * stride_);
    H_ = exec::cuda::DeviceBuffer<T>(n_);
    dt_ = exec::cuda::DeviceBuffer<T>(n_);
    // Partial minima: at most three launches per step (two border ranges and the interior), of
    // tiles or of strip blocks (at most ceil(rows / kStripWarps) rows of them, at one row a strip).
    const std::size_t tiles = ((nx_ + bx - 2) / (bx - 1)) * ((b.stored_rows() + by - 2) / (by - 1) + 2);
    const std::size_t strip_blocks = static_cast<std::size_t>((nx_ + kStripColumns - 1) / kStripColumns) *
                                     ((b.stored_rows() + kStripWarps - 1) / kStripWarps + 1);
    partial_ = exec::cuda::DeviceBuffer<T>(3 * std::max(tiles, strip_waves >= 0 ? strip_blocks : 0));
    if (strip_waves >= 0) strip_warps_ = cuda::resident_strip_warps(cuda::k_update_strips<T, cuda::TexSource<T>, T, false>);
    scalar_ = exec::cuda::DeviceBuffer<T>(1);
    upload(s.H, H_);
    if (!s.manning.per_cell.empty()) {
      manning_ = exec::cuda::DeviceBuffer<T>(n_);
      upload(s.manning.per_cell, manning_);
      sweep_.manning.per_cell = manning_;
    }
    tex_H_ = exec::cuda::texture_of<T>(H_, n_);
    for (int l = 0; l < 2; ++l)
      for (int f = 0; f < 4; ++f) tex_[l][f] = exec::cuda::texture_of<T>(buf_[l] + f * stride_, n_);
    stream_ = exec::cuda::make_stream();
    copy_ = exec::cuda::make_stream();
    updated_ = exec::cuda::make_event();
    reducer_ = exec::make_cuda_reducer(stream_);
    if (s.extremes.track) ext_ = cuda::DeviceExtremes<T>(n_, stream_), rule_ = extremes_rule<T>(s);
  }

  ~CudaBlockSolver() override {
    cudaStreamSynchronize(stream_);
    cudaStreamSynchronize(copy_);
    for (const void* p : registered_) cudaHostUnregister(const_cast<void*>(p));
  }

  const RowBlock& block() const override { return block_; }

  void set_state(const HostState& g) override {
    const std::vector<double>* f[4] = {&g.h, &g.qx, &g.qy, &g.hc};
    for (int c = 0; c < 4; ++c) {
      if (f[c]->size() != setup_.grid.cells()) throw std::invalid_argument("state field has the wrong size for the grid");
      upload(*f[c], buf_[cur_] + c * stride_);
    }
  }

  void get_rows(int j0, int j1, double* out) const override {
    const std::size_t m = span(j0, j1);
    std::vector<T> host(m);
    for (int c = 0; c < 4; ++c) {
      RIA_CUDA_CHECK(cudaMemcpyAsync(host.data(), buf_[cur_] + c * stride_ + local(j0), m * sizeof(T),
                                     cudaMemcpyDeviceToHost, stream_));
      RIA_CUDA_CHECK(cudaStreamSynchronize(stream_));
      std::copy(host.begin(), host.end(), out + c * m);
    }
  }

  std::size_t row_bytes() const override { return 4 * sizeof(T) * static_cast<std::size_t>(nx_); }

  void step(double t, double dt, int j0, int j1) override {
    span(j0, j1);
    if (j1 <= j0) return;
    const StripPlan plan = strip_warps_ > 0 ? plan_strips(nx_, j1 - j0, strip_warps_, strip_waves_) : StripPlan{};
    const dim3 grid = plan.rows > 0 ? dim3(plan.blocks_x, plan.blocks_y)
                                    : dim3((nx_ + bx_ - 2) / (bx_ - 1), (j1 - j0 + by_ - 2) / (by_ - 1));
    const std::size_t tiles = static_cast<std::size_t>(grid.x) * grid.y;
    if (partial_used_ + tiles > partial_.size()) throw std::logic_error("more row ranges in one step than planned");
    const cuda::TexSource<T> src{tex_[cur_][0], tex_[cur_][1], tex_[cur_][2], tex_[cur_][3], tex_H_, nx_, block_.stored_begin};
    const cuda::StepDt<T, false> sd{static_cast<T>(dt), nullptr};
    T* partial = partial_ + partial_used_;
    const cuda::PerimeterFluxes<T> none{};  // the balance is the MPI layer's (edge_rates)
    const StepTime st = step_time(sweep_.bc, t);
    if (plan.rows > 0)
      cuda::k_update_strips<T, cuda::TexSource<T>, T, false><<<grid, dim3(32, kStripWarps), 0, stream_>>>(
          src, fields(1 - cur_), sweep_, st, sd, plan.rows, j0, j1, block_.stored_begin, block_.stored_end, partial, none);
    else if (bx_ == 32)
      cuda::k_update_tiled<T, 32, 8, cuda::TexSource<T>, true, false>
          <<<grid, dim3(32, 8), 0, stream_>>>(src, fields(1 - cur_), sweep_, st, sd, partial, j0, j1, none);
    else
      cuda::k_update_tiled<T, 16, 16, cuda::TexSource<T>, true, false>
          <<<grid, dim3(16, 16), 0, stream_>>>(src, fields(1 - cur_), sweep_, st, sd, partial, j0, j1, none);
    RIA_CUDA_CHECK(cudaGetLastError());
    partial_used_ += tiles;
  }

  void pack(Level level, int j0, int j1, void* host) override {
    start_pack(level, j0, j1, host);
    wait_packs();
  }

  /// The copies go on the copy stream after the updates queued so far on the update stream (an
  /// event between them), so that the interior queued next runs beside them.
  void start_pack(Level level, int j0, int j1, void* host) override {
    const std::size_t m = span(j0, j1);
    pin(host, 4 * m * sizeof(T));
    const int l = level == Level::current ? cur_ : 1 - cur_;
    RIA_CUDA_CHECK(cudaEventRecord(updated_, stream_));
    RIA_CUDA_CHECK(cudaStreamWaitEvent(copy_, updated_, 0));
    for (int c = 0; c < 4; ++c)
      RIA_CUDA_CHECK(cudaMemcpyAsync(static_cast<T*>(host) + c * m, buf_[l] + c * stride_ + local(j0), m * sizeof(T),
                                     cudaMemcpyDeviceToHost, copy_));
  }
  void wait_packs() override { RIA_CUDA_CHECK(cudaStreamSynchronize(copy_)); }

  /// On the copy stream, beside the updates still running: the caller writes only rows those
  /// updates neither read nor write (block_solver.hpp); the updates started after this returns
  /// come after the copy.
  void unpack(Level level, int j0, int j1, const void* host) override {
    const std::size_t m = span(j0, j1);
    pin(host, 4 * m * sizeof(T));
    const int l = level == Level::current ? cur_ : 1 - cur_;
    for (int c = 0; c < 4; ++c)
      RIA_CUDA_CHECK(cudaMemcpyAsync(buf_[l] + c * stride_ + local(j0), static_cast<const T*>(host) + c * m,
                                     m * sizeof(T), cudaMemcpyHostToDevice, copy_));
    // The host buffer may be reused once this returns.
    RIA_CUDA_CHECK(cudaStreamSynchronize(copy_));
  }

  RowsInPlace rows_in_place(Level level, int j0, int j1) override {
    const std::size_t m = span(j0, j1);
    const int l = level == Level::current ? cur_ : 1 - cur_;
    RowsInPlace r;
    for (int c = 0; c < 4; ++c) r.field[c] = buf_[l] + c * stride_ + local(j0);
    r.bytes = m * sizeof(T);
    return r;
  }
  void finish_updates() override { RIA_CUDA_CHECK(cudaStreamSynchronize(stream_)); }
  bool on_device() const override { return true; }

  double swap() override {
    double m = INFINITY;
    if (partial_used_ > 0) {
      exec::cuda::reduce_phase2<exec::ReduceOp::min, T>
          <<<1, 1024, 0, stream_>>>(partial_, static_cast<int>(partial_used_), scalar_);
      RIA_CUDA_CHECK(cudaGetLastError());
      T r;
      RIA_CUDA_CHECK(cudaMemcpyAsync(&r, scalar_, sizeof(T), cudaMemcpyDeviceToHost, stream_));
      RIA_CUDA_CHECK(cudaStreamSynchronize(stream_));
      m = static_cast<double>(r);
    } else {
      RIA_CUDA_CHECK(cudaStreamSynchronize(stream_));
    }
    partial_used_ = 0;
    cur_ = 1 - cur_;
    return m;
  }

  double min_local_dt(int j0, int j1) override {
    const std::size_t m = span(j0, j1);
    if (m == 0) return INFINITY;
    const ConstFields<T> f{buf_[cur_] + local(j0), buf_[cur_] + stride_ + local(j0), buf_[cur_] + 2 * stride_ + local(j0),
                           buf_[cur_] + 3 * stride_ + local(j0)};
    exec::cuda::parallel_for(stream_, m, cuda::local_dt_of(f, sweep_, dt_.get()));
    RIA_CUDA_CHECK(cudaStreamSynchronize(stream_));
    return reducer_->reduce(exec::ReduceOp::min, dt_, m);
  }

  void edge_rates(double t, const EdgeRanges& r, BoundaryRates* out) override {
    const std::size_t n = static_cast<std::size_t>(r.edges());
    if (n == 0) return;
    if (n > rates_.size()) {
      rates_ = exec::cuda::DeviceBuffer<BoundaryRates>(n);
      rates_host_ = exec::cuda::PinnedBuffer<BoundaryRates>(n);
    }
    const cuda::TexSource<T> src{tex_[cur_][0], tex_[cur_][1], tex_[cur_][2], tex_[cur_][3], tex_H_, nx_, block_.stored_begin};
    cuda::k_edge_rates<T, cuda::TexSource<T>><<<(n + 127) / 128, 128, 0, stream_>>>(src, sweep_, step_time(sweep_.bc, t), r, rates_);
    RIA_CUDA_CHECK(cudaGetLastError());
    RIA_CUDA_CHECK(cudaMemcpyAsync(rates_host_, rates_, n * sizeof(BoundaryRates), cudaMemcpyDeviceToHost, stream_));
    RIA_CUDA_CHECK(cudaStreamSynchronize(stream_));
    std::copy_n(rates_host_.get(), n, out);
  }

  void set_boundaries(const Boundaries& bc) override { sweep_.bc = bc; }

  /// A side kernel over rows [j0, j1) of the current level (the MPI layer's owned rows, after swap).
  void record_extremes(double t, int j0, int j1) override {
    require_extremes(setup_);
    span(j0, j1);
    const ConstFields<T> f{buf_[cur_], buf_[cur_] + stride_, buf_[cur_] + 2 * stride_, buf_[cur_] + 3 * stride_};
    ext_.record(f, local(j0), local(j1), t, rule_, stream_);
  }
  void get_extremes_rows(int j0, int j1, double* out) const override {
    require_extremes(setup_);
    const std::size_t m = span(j0, j1);
    ext_.download(stream_).to_rows(local(j0), m, out);
  }
  void set_extremes(const HostExtremes& global) override {
    require_extremes(setup_);
    ExtremesStore<T> h(n_);
    h.from_host(global, offset_, setup_.grid.cells());
    ext_.upload(h, stream_);
  }

  std::string description() const override { return "cuda/" + name_ + "/" + (sizeof(T) == 4 ? "float" : "double"); }
  double bytes_per_cell_update() const override { return 9.0 * sizeof(T); }

 private:
  std::size_t local(int j) const { return static_cast<std::size_t>(j - block_.stored_begin) * nx_; }
  std::size_t span(int j0, int j1) const {
    if (j0 < block_.stored_begin || j1 > block_.stored_end || j0 > j1)
      throw std::out_of_range("rows outside the stored rows of the block");
    return static_cast<std::size_t>(j1 - j0) * nx_;
  }
  Fields<T> fields(int l) const { return {buf_[l], buf_[l] + stride_, buf_[l] + 2 * stride_, buf_[l] + 3 * stride_}; }
  /// The stored rows of a global field, converted to T, into device memory.
  void upload(const std::vector<double>& global, T* dst) const {
    const std::vector<T> v(global.begin() + offset_, global.begin() + offset_ + n_);
    RIA_CUDA_CHECK(cudaMemcpy(dst, v.data(), n_ * sizeof(T), cudaMemcpyHostToDevice));
  }
  /// Page-locks a halo buffer on its first use (it stays registered until the solver ends).
  void pin(const void* p, std::size_t bytes) {
    if (registered_.count(p)) return;
    if (cudaHostRegister(const_cast<void*>(p), bytes, cudaHostRegisterDefault) == cudaSuccess) registered_.insert(p);
    else cudaGetLastError();  // not page-lockable (e.g. already pinned): the copy still works, staged
  }

  SolverSetup setup_;
  RowBlock block_;
  int bx_, by_;
  int strip_waves_;            // as the constructor's strip_waves
  long long strip_warps_ = 0;  // the strip kernel's warps resident on the device, or 0: tiles only
  std::string name_;
  int nx_;
  std::size_t n_, offset_, stride_;
  SweepSetup<T> sweep_;
  // Buffers first: the textures over them and the stream are released before.
  exec::cuda::DeviceBuffer<T> buf_[2];
  exec::cuda::DeviceBuffer<T> H_, dt_, partial_, scalar_;
  exec::cuda::DeviceBuffer<T> manning_;  // per-cell Manning n, or empty
  cuda::DeviceExtremes<T> ext_;           // empty unless setup.extremes.track
  ExtremesRule<T> rule_{};
  exec::cuda::DeviceBuffer<BoundaryRates> rates_;
  exec::cuda::PinnedBuffer<BoundaryRates> rates_host_;  // page-locked copy of rates_
  std::size_t partial_used_ = 0;
  exec::cuda::Texture tex_[2][4];
  exec::cuda::Texture tex_H_;
  exec::cuda::Stream stream_;  // the updates, phase 2 and the reads of whole levels
  exec::cuda::Stream copy_;    // the halo rows' copies (start_pack, unpack), beside the updates
  exec::cuda::Event updated_;  // on stream_ where a halo copy starts: the updates before it
  std::set<const void*> registered_;
  int cur_ = 0;
  std::unique_ptr<exec::Reducer> reducer_;
};

}  // namespace

std::unique_ptr<BlockSolver> make_cuda_block_solver(const SolverSetup& s, const RowBlock& b) {
  // The default: with a float state the strips where they fill the device twice, the 32 x 8 tiles
  // elsewhere; "fused-strips" the strips on every range in every precision (as it runs them on a
  // whole grid in one process: to test them); the others their tiles.
  const bool by_default = s.kernel.empty() || s.kernel == "default";
  const bool all_strips = s.kernel == "fused-strips";
  const std::string k = by_default || all_strips ? "optimized-32x8" : s.kernel;
  int bx = 0, by = 0;
  if (k == "optimized-32x8") bx = 32, by = 8;
  if (k == "optimized") bx = 16, by = 16;
  if (bx == 0)
    throw std::invalid_argument("kernel '" + k + "' cannot run a row block of an MPI job: the ranks take a global "
                                "time step each step, which the host-synchronised kernels 'optimized-32x8' and "
                                "'optimized' provide, and the default (strips where they fill the device, else "
                                "32 x 8 tiles) and 'fused-strips' (strips on every row range)");
  if (s.precision == Precision::mixed)
    throw std::invalid_argument("--precision mixed runs on the CUDA backend in one process (the fused kernel); the "
                                "CUDA row blocks of mpirun run float or double, the CPU ones all three");
  const bool f32 = s.precision == Precision::f32;
  const int waves = all_strips ? 0 : by_default && f32 ? kMinStripWaves : -1;
  const std::string name = all_strips ? "strips" : by_default && f32 ? "strips+optimized-32x8" : k;
  if (f32) return std::make_unique<CudaBlockSolver<float>>(s, b, bx, by, waves, name);
  return std::make_unique<CudaBlockSolver<double>>(s, b, bx, by, waves, name);
}

}  // namespace ria::swe
