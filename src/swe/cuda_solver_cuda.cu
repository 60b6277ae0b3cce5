// The CUDA backend of the shallow-water solver: buffers, texture objects, the launches of each
// kernel variant of `--kernel` (cuda_variants.hpp: the paper's naive and optimized kernels, its
// intermediate steps, and fused) and the CUDA graph of the fused variant.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "exec/cuda/cuda_check.hpp"
#include "exec/cuda/device_buffer.hpp"
#include "exec/cuda/parallel_for.cuh"
#include "ria/exec/reduce.hpp"
#include "swe/solver_common.hpp"
#include "swe/cuda_extremes.cuh"
#include "swe/cuda_fused_clock.cuh"
#include "swe/cuda_variants.hpp"
#include "swe/state_image.hpp"
#include "swe/strip_kernel_cuda.cuh"
#include "swe/cuda_tile_flags.cuh"

namespace ria::swe {
namespace {

constexpr int kGraphSteps = 32;  // steps per CUDA graph launch (even: the ping-pong ends where it began)

/// S: the precision of the state's values, T: the fluxes' (equal, or double and float for
/// Precision::mixed, which only the fused variants run: make_cuda_solver, and whose state is kept
/// as six floats a cell, mixed_fields.hpp).
template <class S, class T>
class CudaSolver final : public Solver {
  static constexpr bool kUniform = std::is_same<S, T>::value;
  using Stored = std::conditional_t<kUniform, S, float>;  // what the state buffers hold
  static constexpr int kFields = kUniform ? 4 : 6;         // arrays of stride_ values a buffer
 public:
  // Fields start at multiples of 512 bytes (the texture alignment of linear memory).
  CudaSolver(const SolverSetup& s, const Variant& v)
      : setup_(s), v_(v), n_(s.grid.cells()), stride_((s.grid.cells() + 127) / 128 * 128) {
    exec::require_backend(exec::Backend::cuda);
    sweep_ = make_sweep_setup<T>(s);
    // No dry-edge check on the GPU (stencil.hpp dry_edge): measured on the H100, a tile vote before
    // the edges cost 13% on wet domains and gained nothing on Coos Bay, where a warp of dry cells
    // already leaves edge_flux early on a uniform branch (docs/performance.md). The fused kernels
    // skip whole quiet tiles instead (active_tiles.hpp).
    sweep_.dry_skip = false;
    if (n_ >= (std::size_t(1) << 31)) throw std::invalid_argument("grid too large for the CUDA backend (>= 2^31 cells)");
    // Non-blocking streams, and every copy queued on stream_: solvers of other host threads
    // (ria ensemble --concurrent) share the device, and one of them may be capturing its graph,
    // which no legacy-stream operation may then depend on.
    stream_ = exec::cuda::make_stream(cudaStreamNonBlocking);
    side_ = exec::cuda::make_stream(cudaStreamNonBlocking);
    for (auto& b : buf_) b = exec::cuda::DeviceBuffer<Stored>(kFields * stride_);
    H_ = exec::cuda::DeviceBuffer<T>(n_);
    dt_ = exec::cuda::DeviceBuffer<T>(n_);
    clock_ = cuda::FusedClock<T>::make();
    set_shape(false);
    partial_ = exec::cuda::DeviceBuffer<T>(n_);  // a partial per tile: at most one per cell
    scalar_ = exec::cuda::DeviceBuffer<T>(1);
    balance_ = exec::cuda::DeviceBuffer<Balance>(1);
    if (!s.manning.per_cell.empty()) {
      const std::vector<T> n(s.manning.per_cell.begin(), s.manning.per_cell.end());
      manning_ = exec::cuda::DeviceBuffer<T>(n_);
      manning_.upload(n.data(), n_, stream_);
      sweep_.manning.per_cell = manning_;
    }
    set_balance(Balance{});
    if (s.track_balance && v.dt == DtMode::device) {
      const std::size_t e = 2 * (static_cast<std::size_t>(s.grid.nx) + s.grid.ny);
      perimeter_buf_ = exec::cuda::DeviceBuffer<T>(4 * e);
      for (int b = 0; b < 2; ++b) perimeter_[b] = {perimeter_buf_.get() + 2 * b * e, perimeter_buf_.get() + (2 * b + 1) * e};
    }
    if (s.extremes.track) ext_ = cuda::DeviceExtremes<T>(n_, stream_), rule_ = extremes_rule<T>(s);
    // Active tiles (active_tiles.hpp) on the fused kernels, with SolverSetup::dry_skip as on the
    // CPU; used while a state set holds enough quiet tiles (set_state).
    if (s.dry_skip && v.dt == DtMode::device)
      tiles_ = cuda::TileFlagSets(s.grid.nx, s.grid.ny, tiles_shape().x - 1, tiles_shape().y - 1, sweep_.rel);
    const std::vector<T> H(s.H.begin(), s.H.end());
    H_.upload(H.data(), n_, stream_);
    if (v.textures) {
      tex_H_ = exec::cuda::texture_of<T>(H_, n_);
      for (int b = 0; b < 2; ++b)
        for (int f = 0; f < 4; ++f) tex_[b][f] = exec::cuda::texture_of<Stored>(buf_[b] + f * stride_, n_);
    }
    balance_side_ = exec::cuda::make_stream(cudaStreamNonBlocking);
    fork_ = exec::cuda::make_event();
    join_ = exec::cuda::make_event();
    balance_join_ = exec::cuda::make_event();
    reducer_ = exec::make_cuda_reducer(stream_);
    // The fused kernels (one translation unit, one set of architectures) wait for their
    // prerequisites only when compiled for sm_90 or later (dependent_launch.cuh).
    dependent_ = exec::cuda::compiled_with_dependent_launch(cuda::k_fused_phase2<T, S>);
  }

  void set_state(const HostState& s) override {
    const std::vector<Stored> host = state_image<Stored, kFields>(s, n_);
    for (int c = 0; c < kFields; ++c)
      RIA_CUDA_CHECK(cudaMemcpyAsync(buf_[cur_] + c * stride_, host.data() + c * n_, n_ * sizeof(Stored),
                                     cudaMemcpyHostToDevice, stream_));
    reset_tiles(s);
    min_local_ = reduce_local_dt();
    clock_.set(t_, min_local_, steps_, stream_);
    recorded_ = false;
  }

  void get_state(HostState& s) const override {
    std::vector<Stored> host(kFields * n_);
    for (int c = 0; c < kFields; ++c)
      exec::cuda::copy_to_host(host.data() + c * n_, buf_[cur_] + c * stride_, n_, stream_);
    state_of_image<Stored, kFields>(host, n_, s);
  }

  double time() const override { return t_; }
  long steps() const override { return steps_; }
  void set_clock(double t, long steps) override {
    t_ = t;
    steps_ = steps;
    clock_.set(t_, min_local_, steps_, stream_);
    recorded_ = false;
  }

  long advance(double t_stop, long max_steps, double t_hold) override {
    const long taken = advance_any(t_stop, max_steps, t_hold);
    held_ = stopped_for_hold(taken, max_steps, t_, t_stop);
    return taken;
  }
  bool held() const override { return held_; }

  long advance_any(double t_stop, long max_steps, double t_hold) {
    if (v_.dt == DtMode::device) return advance_fused(t_stop, max_steps, t_hold);
    const long taken = host_advance(setup_, t_, steps_, t_stop, max_steps, t_hold, [&] { return min_local_; },
                                    [&](double dt) {
                                      launch_update(static_cast<S>(dt));
                                      if (setup_.extremes.track)
                                        ext_.record(recorded_fields(cur_), 0, n_, advance_time(t_, dt, t_stop), rule_,
                                                    stream_);
                                      min_local_ = v_.dt == DtMode::tree ? reduce_local_dt() : read_scalar();
                                    });
    if (!(min_local_ > 0)) check_dt(-1.0, t_, steps_);
    return taken;
  }

  Totals totals() const override {
    const double area = setup_.grid.area();
    const auto sum = [&](int field) { return reducer_->reduce(exec::ReduceOp::sum, buf_[cur_] + field * stride_, n_); };
    if constexpr (kUniform) return {sum(0) * area, sum(3) * area};
    else return {(sum(0) + sum(4)) * area, (sum(3) + sum(5)) * area};  // the his and the los
  }

  void set_boundaries(const Boundaries& bc) override {
    sweep_.bc = bc;
    drop_graph();  // the graph holds the kernel parameters by value
  }
  Balance balance() const override {
    Balance b;
    exec::cuda::copy_to_host(&b, balance_.get(), 1, stream_);
    return b;
  }
  void set_balance(const Balance& b) override {
    balance_.upload(&b, 1, stream_);
  }
  void record_extremes() override {
    require_extremes(setup_);
    ext_.record(recorded_fields(cur_), 0, n_, t_, rule_, stream_);
    recorded_ = true;
  }
  void get_extremes(HostExtremes& e) const override {
    require_extremes(setup_);
    // The fused kernel's side kernel records each step's input state (swe_kernels_cuda.cuh): the
    // current state, the last step's output, is recorded here (again, which changes nothing, when
    // it already was, as when the update records its output: records_in_update).
    if (v_.dt == DtMode::device) {
      ext_.record(recorded_fields(cur_), 0, n_, t_, rule_, stream_);
    }
    const ExtremesStore<T> h = ext_.download(stream_);
    std::vector<double> rows(5 * n_);
    h.to_rows(0, n_, rows.data());
    e.reset(n_);
    place_extremes_rows(rows.data(), n_, 0, e);
  }
  void set_extremes(const HostExtremes& e) override {
    require_extremes(setup_);
    ExtremesStore<T> h(n_);
    h.from_host(e, 0, n_);
    ext_.upload(h, stream_);
    recorded_ = false;
  }

  std::vector<Conserved<double>> probe(const std::vector<std::size_t>& cells) const override {
    std::vector<Conserved<double>> out;
    for (std::size_t k : cells) {
      if (k >= n_) throw std::out_of_range("probe: cell index outside the grid");
      Stored v[kFields];
      for (int c = 0; c < kFields; ++c)
        RIA_CUDA_CHECK(cudaMemcpyAsync(&v[c], buf_[cur_] + c * stride_ + k, sizeof(Stored), cudaMemcpyDeviceToHost, stream_));
      RIA_CUDA_CHECK(cudaStreamSynchronize(stream_));
      out.push_back(image_cell<Stored, kFields>(v, 1));
    }
    return out;
  }

  std::string description() const override {
    return std::string("cuda/") + v_.name + "/" + precision_name(setup_.precision);
  }

  // naive and decoupled: state (4) + bed read, state written (4 + 5 incl. the dt kernel's read),
  // local dt written and read (2): 15 values; two-phase and fused: the state's arrays read and
  // written (4 each, a mixed state's 6 floats), the bed read in T.
  double bytes_per_cell_update() const override {
    return v_.dt == DtMode::tree ? 15.0 * sizeof(T) : 2.0 * kFields * sizeof(Stored) + sizeof(T);
  }

 private:
  /// Buffer b's state: ConstFields<S> / Fields<S>, or a mixed state's ConstMixedFields / MixedFields.
  auto cfields(int b) const {
    const Stored* p = buf_[b];
    if constexpr (kUniform) return ConstFields<S>{p, p + stride_, p + 2 * stride_, p + 3 * stride_};
    else return ConstMixedFields{p, p + stride_, p + 2 * stride_, p + 3 * stride_, p + 4 * stride_, p + 5 * stride_};
  }
  auto fields(int b) const {
    Stored* p = buf_[b];
    if constexpr (kUniform) return Fields<S>{p, p + stride_, p + 2 * stride_, p + 3 * stride_};
    else return MixedFields{p, p + stride_, p + 2 * stride_, p + 3 * stride_, p + 4 * stride_, p + 5 * stride_};
  }
  /// Buffer b's state as the extremes record it, in T (extremes.hpp): the state, or a mixed
  /// state's his and floats, the float state its fluxes read (its first four arrays either way).
  ConstFields<T> recorded_fields(int b) const {
    const Stored* p = buf_[b];
    return {p, p + stride_, p + 2 * stride_, p + 3 * stride_};
  }
  ArraySource<T, S> array_source(int b) const { return {cfields(b), H_, setup_.grid.nx, 0}; }
  auto tex_source(int b) const {
    const cuda::TexSource<Stored> src{tex_[b][0], tex_[b][1], tex_[b][2], tex_[b][3], tex_H_, setup_.grid.nx, 0};
    if constexpr (kUniform) return src;
    else return cuda::MixedTexSource{src, buf_[b] + 4 * stride_, buf_[b] + 5 * stride_};
  }

  /// Local dt kernel and the tree reduction launched level by level (the paper's naive dt).
  double reduce_local_dt() {
    exec::cuda::parallel_for(stream_, n_, cuda::local_dt_of(cfields(cur_), sweep_, dt_.get()));
    T* in = dt_;
    T* out = partial_;
    std::size_t n = n_;
    while (n > 1) {
      const std::size_t blocks = (n + 511) / 512;
      cuda::k_tree_min<<<blocks, 256, 0, stream_>>>(in, n, out);
      RIA_CUDA_CHECK(cudaGetLastError());
      n = blocks;
      std::swap(in, out);
    }
    T r;
    RIA_CUDA_CHECK(cudaMemcpyAsync(&r, in, sizeof(T), cudaMemcpyDeviceToHost, stream_));
    RIA_CUDA_CHECK(cudaStreamSynchronize(stream_));
    return static_cast<double>(r);
  }

  double read_scalar() {
    T r;
    RIA_CUDA_CHECK(cudaMemcpyAsync(&r, scalar_, sizeof(T), cudaMemcpyDeviceToHost, stream_));
    RIA_CUDA_CHECK(cudaStreamSynchronize(stream_));
    return static_cast<double>(r);
  }

  /// st: the boundaries' values at the step's start (host-driven steps; the fused step reads the
  /// clock's on the device and passes StepTime{}).
  template <int BX, int BY, class Src, bool kPhase1, bool kDevice>
  void tiled(const Src& src, int out, S dt, const StepTime& st, ActiveTiles tiles) {
    cuda::StepDt<S, kDevice> step{dt, clock_, clock_.step_out()};
    const cuda::PerimeterFluxes<T> perim = kDevice ? perimeter_[1 - out] : cuda::PerimeterFluxes<T>{};
    if constexpr (kDevice) {  // the fused step: dependent on the previous phase 2 (dependent_launch.cuh)
      auto kernel = cuda::k_update_tiled<T, BX, BY, Src, kPhase1, kDevice, S>;
      if constexpr (runs_active_tiles(BX, BY)) {  // the tiles are on only with these shapes (set_shape)
        if (tiles.on())
          kernel = records_in_update() ? cuda::k_update_tiled<T, BX, BY, Src, kPhase1, kDevice, S, true, true>
                                       : cuda::k_update_tiled<T, BX, BY, Src, kPhase1, kDevice, S, true>;
      }
      exec::cuda::launch_dependent(dependent_, kernel, grid_, dim3(BX, BY), stream_, src, fields(out), sweep_, st, step,
                                   nullptr, 0, setup_.grid.ny, perim, tiles, ext_.fields(), rule_);
      return;
    }
    cuda::k_update_tiled<T, BX, BY, Src, kPhase1, kDevice, S><<<grid_, dim3(BX, BY), 0, stream_>>>(
        src, fields(out), sweep_, st, step, partial_, 0, setup_.grid.ny, perim);
  }

  /// Tile shapes instantiated per use: the decoupled steps use 16x16 only, the optimized kernel
  /// all benchmarked shapes, the fused kernels 32x8 and 16x16, and 32x16 with float fluxes
  /// (compile time stays small).
  template <class Src, bool kPhase1, bool kDevice>
  void tiled_by_shape(const Src& src, int out, S dt, const StepTime& st, ActiveTiles tiles = {}) {
    constexpr bool kAllShapes = kPhase1 && !kDevice && !std::is_same<Src, ArraySource<T>>::value;
    if constexpr (kAllShapes) {
      if (bx_ == 8) return tiled<8, 8, Src, kPhase1, kDevice>(src, out, dt, st, tiles);
    }
    if constexpr (kAllShapes || (kDevice && sizeof(T) == 4)) {
      if (bx_ == 32 && by_ == 16) return tiled<32, 16, Src, kPhase1, kDevice>(src, out, dt, st, tiles);
    }
    if constexpr (kDevice || kAllShapes) {
      if (bx_ == 32 && by_ == 8) return tiled<32, 8, Src, kPhase1, kDevice>(src, out, dt, st, tiles);
    }
    tiled<16, 16, Src, kPhase1, kDevice>(src, out, dt, st, tiles);
  }

  /// Whether the fused update records the extremes of the state it writes (ExtremesSetup::in_update,
  /// k_update_tiled's kRecord): built for the update with the active tiles' flags, so only while
  /// they are on; otherwise the side kernel records each step's input.
  bool records_in_update() const { return setup_.extremes.track && setup_.extremes.in_update && tiles_.on(); }

  /// The block shape of the tiled kernels while the active tiles are on (Variant).
  dim3 tiles_shape() const {
    return v_.tiles_bx > 0 ? dim3(v_.tiles_bx, v_.tiles_by) : dim3(v_.bx, v_.by);
  }

  /// The block shape and grid of the tiled kernels: tiles_shape() when the active tiles are on,
  /// else the variant's, with its wet_by for float fluxes (Variant); or the strips' (StripUse).
  void set_shape(bool tiles_on) {
    bx_ = tiles_on ? tiles_shape().x : v_.bx;
    by_ = tiles_on ? tiles_shape().y : v_.wet_by > 0 && sizeof(T) == 4 ? v_.wet_by : v_.by;
    grid_ = dim3((setup_.grid.nx + bx_ - 2) / (bx_ - 1), (setup_.grid.ny + by_ - 2) / (by_ - 1));
    strip_rows_ = 0;
    if (tiles_on || v_.strips == StripUse::never || (v_.strips == StripUse::large_float && sizeof(S) != 4)) return;
    const long long resident = cuda::resident_strip_warps(cuda::k_update_strips<T, decltype(tex_source(0)), S>);
    const StripPlan plan =
        plan_strips(setup_.grid.nx, setup_.grid.ny, resident, v_.strips == StripUse::large_float ? kMinStripWaves : 0);
    if (plan.rows == 0) return;
    strip_rows_ = plan.rows;
    grid_ = dim3(plan.blocks_x, plan.blocks_y);
  }

  /// The fused step's update by column strips from the state src into buffer out.
  template <class Src>
  void strips(const Src& src, int out) {
    const cuda::StepDt<S, true> step{S(0), clock_, clock_.step_out()};
    const int ny = setup_.grid.ny;
    exec::cuda::launch_dependent(dependent_, cuda::k_update_strips<T, Src, S>, grid_, dim3(32, kStripWarps), stream_, src,
                                 fields(out), sweep_, StepTime{}, step, strip_rows_, 0, ny, 0, ny, static_cast<T*>(nullptr),
                                 perimeter_[1 - out]);
  }

  /// The flags of a fused step from buffer b into 1 - b, or off.
  ActiveTiles active_tiles(int b) const {
    if (!tiles_.on()) return {};
    return {tiles_.flags(b), tiles_.flags(1 - b), static_cast<int>(grid_.x), static_cast<int>(grid_.y)};
  }

  /// A new state s in buffer cur_: the active tiles are used or not for it (TileFlagSets::reset).
  void reset_tiles(const HostState& s) {
    if (!tiles_.available()) return;
    const bool was_on = tiles_.on();
    if (tiles_.reset(s, cur_, stream_) != was_on) drop_graph();  // the graphs hold the grid by value
    set_shape(tiles_.on());
  }

  /// Balance of the host-driven step of length dt about to be taken from buffer cur_ (one block),
  /// st the boundaries' values at its start.
  void launch_balance(T dt, const StepTime& st) {
    if (!setup_.track_balance) return;
    const double d = static_cast<double>(dt), decay = setup_.physics.decay_rate;
    if (v_.textures)
      cuda::k_boundary_balance<<<1, 256, 0, stream_>>>(tex_source(cur_), sweep_, st, d, decay, balance_.get());
    else
      cuda::k_boundary_balance<<<1, 256, 0, stream_>>>(array_source(cur_), sweep_, st, d, decay, balance_.get());
    RIA_CUDA_CHECK(cudaGetLastError());
  }

  /// One step from buffer cur_ into the other one (host-driven variants, which make_cuda_solver
  /// gives a uniform precision only), then swap.
  void launch_update(S dt) {
    if constexpr (!kUniform) {
      throw std::logic_error("the host-driven CUDA kernels run float or double only");
    } else {
      launch_uniform_update(dt);
    }
  }
  void launch_uniform_update(T dt) {
    const StepTime st = step_time(sweep_.bc, t_);  // the tide and series once per step, for both kernels
    launch_balance(dt, st);
    const int out = 1 - cur_;
    if (v_.flux == Flux::naive) {
      const dim3 block(16, 16), grid((setup_.grid.nx + 15) / 16, (setup_.grid.ny + 15) / 16);
      cuda::k_update_naive<<<grid, block, 0, stream_>>>(array_source(cur_), fields(out), sweep_, st, dt);
    } else if (v_.dt == DtMode::tree) {
      tiled_by_shape<ArraySource<T>, false, false>(array_source(cur_), out, dt, st);
    } else if (v_.textures) {
      tiled_by_shape<cuda::TexSource<T>, true, false>(tex_source(cur_), out, dt, st);
    } else {
      tiled_by_shape<ArraySource<T>, true, false>(array_source(cur_), out, dt, st);
    }
    RIA_CUDA_CHECK(cudaGetLastError());
    if (v_.dt == DtMode::two_phase) {
      exec::cuda::reduce_phase2<exec::ReduceOp::min, T><<<1, 1024, 0, stream_>>>(partial_, grid_.x * grid_.y, scalar_);
      RIA_CUDA_CHECK(cudaGetLastError());
    }
    cur_ = out;
  }

  /// One fused step from buffer b into 1 - b on stream_: the update kernel, which keeps the
  /// perimeter fluxes in perimeter_[b] when the balance is tracked, and phase 2. Two side branches
  /// start from the state the step reads, after the previous phase 2, and join before this one's:
  ///   - with the extremes tracked, k_record_step_start records buffer b (the step's input) beside
  ///     the update: both only read buffer b and the clock, which phase 2 advances. Not with
  ///     records_in_update(): the update records its output then (ExtremesSetup::in_update).
  ///   - with `balance_before` (a previous step in this launch sequence), k_fused_balance
  ///     accumulates that step's balance from perimeter_[1 - b], which this update does not write.
  void launch_fused_step(int b, bool balance_before) {
    const bool extremes = setup_.extremes.track && !records_in_update(),
               balance = balance_before && setup_.track_balance;
    if (extremes || balance) RIA_CUDA_CHECK(cudaEventRecord(fork_, stream_));
    if (balance) launch_side_balance(1 - b);
    if (extremes) {
      RIA_CUDA_CHECK(cudaStreamWaitEvent(side_, fork_, 0));
      const TileMap map{tiles_.on() ? tiles_.flags(b) : nullptr, setup_.grid.nx, bx_ - 1, by_ - 1,
                        static_cast<int>(grid_.x)};
      if (tiles_.on()) {  // a block per tile (the update's grid), so that zero tiles cost one load
        cuda::k_record_step_start_tiles<T><<<grid_, dim3(bx_, by_), 0, side_>>>(
            recorded_fields(b), setup_.grid.ny, clock_, ext_.fields(), rule_, map);
      } else {
        const int threads = 256;
        cuda::k_record_step_start<T><<<(n_ + threads - 1) / threads, threads, 0, side_>>>(
            recorded_fields(b), n_, clock_, ext_.fields(), rule_, map);
      }
      RIA_CUDA_CHECK(cudaGetLastError());
      RIA_CUDA_CHECK(cudaEventRecord(join_, side_));
    }
    if (strip_rows_ > 0)
      strips(tex_source(b), 1 - b);
    else
      tiled_by_shape<decltype(tex_source(b)), true, true>(tex_source(b), 1 - b, S(0), StepTime{}, active_tiles(b));
    RIA_CUDA_CHECK(cudaGetLastError());
    if (extremes) RIA_CUDA_CHECK(cudaStreamWaitEvent(stream_, join_, 0));
    if (balance) RIA_CUDA_CHECK(cudaStreamWaitEvent(stream_, balance_join_, 0));
    exec::cuda::launch_dependent(dependent_, cuda::k_fused_phase2<T, S>, dim3(1), dim3(32), stream_, clock_.step_out(),
                                 clock_.get(), setup_.dt_rule(), setup_.physics.decay_rate);
  }

  /// k_fused_balance of the step that read buffer b (the last phase 2's), on balance_side_ from the
  /// fork_ event recorded after that phase 2, joined through balance_join_.
  void launch_side_balance(int b) {
    RIA_CUDA_CHECK(cudaStreamWaitEvent(balance_side_, fork_, 0));
    const cuda::FusedBalance<T> fb{perimeter_[b].h, perimeter_[b].hc, sweep_, setup_.physics.decay_rate, balance_.get()};
    cuda::k_fused_balance<T><<<1, 1024, 0, balance_side_>>>(fb, clock_);
    RIA_CUDA_CHECK(cudaGetLastError());
    RIA_CUDA_CHECK(cudaEventRecord(balance_join_, balance_side_));
  }

  /// `count` fused steps from buffer b, ending with the last step's balance joined into stream_.
  void launch_fused_steps(int b, int count) {
    for (int k = 0; k < count; ++k, b = 1 - b) launch_fused_step(b, k > 0);
    if (!setup_.track_balance) return;
    RIA_CUDA_CHECK(cudaEventRecord(fork_, stream_));
    launch_side_balance(1 - b);
    RIA_CUDA_CHECK(cudaStreamWaitEvent(stream_, balance_join_, 0));
  }

  /// Captures kGraphSteps fused steps starting from buffer `base` (ping-pong) into a CUDA graph.
  /// Once the clock stops (dt = 0) the remaining steps of the graph return at once and write
  /// nothing, so after k real steps the state is in buffer (base + k) % 2.
  void build_graph(int base) {
    cudaGraph_t graph;
    RIA_CUDA_CHECK(cudaStreamBeginCapture(stream_, cudaStreamCaptureModeThreadLocal));
    launch_fused_steps(base, kGraphSteps);
    RIA_CUDA_CHECK(cudaStreamEndCapture(stream_, &graph));
    cudaGraphExec_t exec = nullptr;
    const cudaError_t made = cudaGraphInstantiate(&exec, graph, 0);
    cudaGraphDestroy(graph);
    RIA_CUDA_CHECK(made);
    graph_exec_[base] = exec::cuda::GraphExec(exec);
  }

  void drop_graph() {
    for (auto& g : graph_exec_) g.reset();
  }

  /// Graphs of kGraphSteps steps while the step limit and the hold are far; near them, steps
  /// launched one by one (about as many as are left, so few stopped steps are launched: a hold
  /// before every gauge time costs a few launches, not a graph). Far from every stop (the stop
  /// time too), the next graph is queued before the clock after the last one is read, so the GPU
  /// does not wait for the host between graphs; it starts from the same buffer (kGraphSteps is
  /// even), and if the clock stopped within the graph before it, its steps are stopped ones,
  /// which change nothing. The estimates only choose how steps are launched: where the clock
  /// stops is decided on the device.
  long advance_fused(double t_stop, long max_steps, double t_hold) {
    const long start = steps_;
    // Steps that record their output leave the state they start from to be recorded here, as the
    // side kernel's first step would record it: a state, time or records set since the last
    // record (recorded_), once. A state a step or record_extremes recorded at its time is not
    // recorded again (which would change nothing, for a pass over the grid).
    if (records_in_update() && !recorded_) {
      ext_.record(recorded_fields(cur_), 0, n_, t_, rule_, stream_);
      recorded_ = true;
    }
    const long long limit = max_steps >= (1L << 40) ? (1LL << 62) : static_cast<long long>(steps_) + max_steps;
    cuda::k_fused_start<S><<<1, 128, 0, stream_>>>(clock_, t_stop, limit, t_hold, setup_.dt_rule(),
                                                 setup_.physics.decay_rate, sweep_.bc);
    RIA_CUDA_CHECK(cudaGetLastError());
    cuda::DeviceClock c = clock_.read(stream_);
    // Steps to the step limit or the hold (plus two), and to any stop, about, from clock c.
    const auto near_of = [&](const cuda::DeviceClock& k) {
      const double left = static_cast<double>(k.step_limit - k.steps);
      const double to_hold = std::isfinite(t_hold) ? (t_hold - k.t) / k.dt : INFINITY;
      return std::min(left, to_hold + 2);
    };
    const auto far_of = [&](const cuda::DeviceClock& k) { return std::min(near_of(k), (t_stop - k.t) / k.dt); };
    while (!c.error && c.dt > 0) {
      const int b = static_cast<int>((cur_ + (c.steps - start)) % 2);
      const double near = near_of(c);
      if (near < kGraphSteps) {
        launch_fused_steps(b, std::max(1, static_cast<int>(near)));
      } else {
        if (!graph_exec_[b]) build_graph(b);
        RIA_CUDA_CHECK(cudaGraphLaunch(graph_exec_[b], stream_));
        // k: the clock one graph behind the graphs queued; a graph more while, by the estimates
        // (the hold's with its margin of two steps), its steps come before every stop even if
        // the one in flight takes all of its own.
        for (cuda::DeviceClock k = c; far_of(k) >= 2 * kGraphSteps;) {
          clock_.queue_read(stream_);
          RIA_CUDA_CHECK(cudaGraphLaunch(graph_exec_[b], stream_));
          k = clock_.queued();
          if (k.error || !(k.dt > 0)) break;
        }
      }
      c = clock_.read(stream_);
    }
    t_ = c.t;
    steps_ = static_cast<long>(c.steps);
    min_local_ = c.min_local;
    cur_ = static_cast<int>((cur_ + (steps_ - start)) % 2);
    if (c.error) check_dt(-1.0, t_, steps_);
    return steps_ - start;
  }

  SolverSetup setup_;
  Variant v_;
  std::size_t n_, stride_;
  SweepSetup<T> sweep_;
  // Buffers first: the textures over them, streams, events and the graph are released before.
  exec::cuda::DeviceBuffer<Stored> buf_[2];
  exec::cuda::DeviceBuffer<T> H_, dt_, partial_, scalar_;
  cuda::FusedClock<T> clock_;  // the fused step's (cuda_fused_clock.cuh)
  exec::cuda::DeviceBuffer<Balance> balance_;
  exec::cuda::DeviceBuffer<T> manning_;  // per-cell Manning n, or empty
  cuda::DeviceExtremes<T> ext_;           // empty unless setup.extremes.track; in T (extremes.hpp)
  ExtremesRule<T> rule_{};
  exec::cuda::Texture tex_[2][4];
  exec::cuda::Texture tex_H_;
  exec::cuda::Stream stream_;
  // The fused step's perimeter fluxes (h, then hc) when balanced, one set per input buffer: a
  // step's balance is summed while the next step's update keeps its own.
  exec::cuda::DeviceBuffer<T> perimeter_buf_;
  cuda::PerimeterFluxes<T> perimeter_[2];  // over perimeter_buf_, or null
  exec::cuda::Stream side_;          // the extremes branch of the fused graph
  exec::cuda::Stream balance_side_;  // its balance branch
  exec::cuda::Event fork_, join_, balance_join_;
  exec::cuda::GraphExec graph_exec_[2];  // the fused graphs starting from buffer 0 and 1
  cuda::TileFlagSets tiles_;  // the fused step's active tiles when SolverSetup::dry_skip
  int bx_ = 0, by_ = 0;  // the tiled kernels' block shape now (set_shape)
  int strip_rows_ = 0;   // the rows of the fused update's strips, or 0: tiles (set_shape)
  bool dependent_ = false;  // the fused update and phase 2 launched as programmatic dependents
  dim3 grid_;
  int cur_ = 0;
  // The current state is in the extremes at its time t_, read only while the update records its
  // output (records_in_update(), which only set_state changes): set by record_extremes and by
  // advance_fused before its steps, whose updates then record each state they write; cleared by
  // set_state, set_clock and set_extremes. (A fused step with the side kernel records its input,
  // so there the flag does not follow the state; it is not read there.)
  bool recorded_ = false;
  double t_ = 0, min_local_ = 0;
  long steps_ = 0;
  bool held_ = false;  // the last advance stopped for its t_hold
  std::unique_ptr<exec::Reducer> reducer_;
};

}  // namespace

std::vector<std::string> cuda_kernel_names() {
  if (!exec::cuda_device_available()) return {};
  std::vector<std::string> out;
  for (const Variant& v : kVariants) out.push_back(v.name);
  return out;
}

std::unique_ptr<Solver> make_cuda_solver(const SolverSetup& s) {
  const Variant& v = find_variant(s.kernel == "default" || s.kernel.empty() ? "fused" : s.kernel);
  if (s.precision == Precision::f32) return std::make_unique<CudaSolver<float, float>>(s, v);
  if (s.precision == Precision::mixed) {
    if (v.dt != DtMode::device)
      throw std::invalid_argument("kernel '" + std::string(v.name) + "' runs --precision float or double; --precision "
                                  "mixed runs on the fused kernels (fused, fused-16x16)");
    return std::make_unique<CudaSolver<double, float>>(s, v);
  }
  return std::make_unique<CudaSolver<double, double>>(s, v);
}

}  // namespace ria::swe
