// CPU backends (serial reference and OpenMP): the same per-cell update; each cell is written by
// one thread from the old state only, so the two are bitwise identical. One class serves the whole
// grid (Solver) and a row block of it (BlockSolver, for the MPI layer): the whole grid is the block
// that stores and owns every row.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "exec/cpu/parallel_for.hpp"
#include "ria/exec/reduce.hpp"
#include "ria/exec/threads.hpp"
#include "ria/swe/block_solver.hpp"
#include "ria/swe/cfl.hpp"
#include "ria/swe/perimeter_sum.hpp"
#include "swe/active_tiles.hpp"
#include "swe/edge_runs.hpp"
#include "swe/extremes_store.hpp"
#include "swe/solver_common.hpp"
#include "swe/stencil.hpp"

namespace ria::swe {
namespace {

/// S: the state's precision, T: the fluxes' (equal, or double and float for Precision::mixed).
template <class S, class T>
class CpuSolver final : public Solver, public BlockSolver {
 public:
  CpuSolver(const SolverSetup& s, bool parallel, const RowBlock& b)
      : setup_(s),
        parallel_(parallel),
        reducer_(exec::make_host_reducer(parallel)),
        block_(b),
        nx_(s.grid.nx),
        n_(static_cast<std::size_t>(b.stored_rows()) * s.grid.nx),
        offset_(static_cast<std::size_t>(b.stored_begin) * s.grid.nx) {
    if (parallel_) exec::thread_policy();  // sets the thread count before the first parallel region
    sweep_ = make_sweep_setup<T>(s);
    check_block(s.grid, b);
    sweep_.row0 = b.stored_begin;
    H_.assign(s.H.begin() + offset_, s.H.begin() + offset_ + n_);
    if (!s.manning.per_cell.empty()) {
      manning_.assign(s.manning.per_cell.begin() + offset_, s.manning.per_cell.begin() + offset_ + n_);
      sweep_.manning.per_cell = manning_.data();
    }
    for (auto* v : {&cur_, &next_}) v->resize(4 * n_);
    local_dt_.assign(n_, T(0));
    if (s.extremes.track) ext_ = ExtremesStore<T>(n_), rule_ = extremes_rule<T>(s);
    // Quiet row segments are skipped (active_tiles.hpp) in whole-grid steps, with the dry-edge check.
    if (s.dry_skip && b.stored_begin == 0 && b.stored_end == s.grid.ny) segments_ = SegmentFlags(nx_, s.grid.ny, sweep_.rel);
  }

  // ------------------------------------------------------------------ Solver (the whole grid)
  void set_state(const HostState& s) override {
    copy_in(s.h, h(cur_)); copy_in(s.qx, qx(cur_)); copy_in(s.qy, qy(cur_)); copy_in(s.hc, hc(cur_));
    keep_all(cur_);
    segments_.clear();
    compute_local_dt(cur_);
  }
  void get_state(HostState& s) const override {
    require_whole("get_state");
    s.resize(n_);
    for (std::size_t k = 0; k < n_; ++k) {
      s.h[k] = cur_[k]; s.qx[k] = cur_[n_ + k]; s.qy[k] = cur_[2 * n_ + k]; s.hc[k] = cur_[3 * n_ + k];
    }
  }
  double time() const override { return t_; }
  long steps() const override { return steps_; }
  void set_clock(double t, long steps) override { t_ = t; steps_ = steps; }

  long advance(double t_stop, long max_steps, double t_hold) override {
    require_whole("advance");
    const long taken = host_advance(
        setup_, t_, steps_, t_stop, max_steps, t_hold,
        [&] { return reducer_->reduce(exec::ReduceOp::min, local_dt_.data(), n_); },
        [&](double dt) {
          if (setup_.track_balance) account(dt);
          sweep(t_, static_cast<S>(dt), 0, setup_.grid.ny, setup_.extremes.track, advance_time(t_, dt, t_stop),
                segments_.on());
          cur_.swap(next_);
          segments_.swap();
        });
    held_ = stopped_for_hold(taken, max_steps, t_, t_stop);
    return taken;
  }
  bool held() const override { return held_; }

  Totals totals() const override {
    require_whole("totals");
    const double area = setup_.grid.area();
    return {reducer_->reduce(exec::ReduceOp::sum, cur_.data(), n_) * area,
            reducer_->reduce(exec::ReduceOp::sum, cur_.data() + 3 * n_, n_) * area};
  }
  void set_boundaries(const Boundaries& bc) override { sweep_.bc = bc; }
  Balance balance() const override { return balance_; }
  void set_balance(const Balance& b) override { balance_ = b; }
  void record_extremes() override {
    require_whole("record_extremes");
    record_extremes(t_, block_.stored_begin, block_.stored_end);
  }
  void get_extremes(HostExtremes& e) const override {
    require_whole("get_extremes");
    e.reset(n_);
    std::vector<double> rows(5 * n_);
    get_extremes_rows(block_.stored_begin, block_.stored_end, rows.data());
    place_extremes_rows(rows.data(), n_, 0, e);
  }
  void set_extremes(const HostExtremes& global) override {
    require_extremes(setup_);
    ext_.from_host(global, offset_, setup_.grid.cells());
  }
  std::vector<Conserved<double>> probe(const std::vector<std::size_t>& cells) const override {
    std::vector<Conserved<double>> out;
    for (std::size_t g : cells) {
      if (g < offset_ || g - offset_ >= n_) throw std::out_of_range("probe: cell index outside the stored rows");
      const std::size_t k = g - offset_;
      out.push_back({double(cur_[k]), double(cur_[n_ + k]), double(cur_[2 * n_ + k]), double(cur_[3 * n_ + k])});
    }
    return out;
  }
  std::string description() const override {
    std::ostringstream o;
    o << (parallel_ ? "openmp" : "serial") << "/" << precision_name(setup_.precision);
    if (parallel_) {
      const exec::ThreadPolicy p = exec::thread_policy();
      o << " (" << p.threads << (p.threads == 1 ? " thread, " : " threads, ") << p.wait_policy << " wait)";
    }
    return o.str();
  }
  // Reads state (4) and bed (1), writes state (4) and the local dt (1), reads the local dt (1).
  double bytes_per_cell_update() const override { return 8.0 * sizeof(S) + 3.0 * sizeof(T); }

  // ------------------------------------------------------------------ BlockSolver (a row block)
  const RowBlock& block() const override { return block_; }
  void get_rows(int j0, int j1, double* out) const override {
    const std::size_t m = rows_span(j0, j1);
    for (int c = 0; c < 4; ++c)
      std::copy_n(cur_.data() + c * n_ + local(j0), m, out + c * m);
  }
  std::size_t row_bytes() const override { return 4 * sizeof(S) * static_cast<std::size_t>(nx_); }
  void step(double t, double dt, int j0, int j1) override {
    rows_span(j0, j1);
    sweep(t, static_cast<S>(dt), j0, j1, false, 0.0, false);
    updated_.push_back({j0, j1});
    segments_.clear();  // steps of row ranges keep no flags: a later advance() starts afresh
  }
  void record_extremes(double t, int j0, int j1) override {
    require_extremes(setup_);
    rows_span(j0, j1);
    const ConstFields<S> f = view(cur_);
    const ExtremesFields<T> e = ext_.fields();
    exec::cpu::for_rows(parallel_, j0, j1, [&](int j) {
      for (int i = 0; i < nx_; ++i) {
        const std::size_t k = local(j) + i;
        swe::record_extremes(e, k, narrow<T>(extremes_input(f, k, rule_)), t, rule_);
      }
    });
  }
  void get_extremes_rows(int j0, int j1, double* out) const override {
    require_extremes(setup_);
    ext_.to_rows(local(j0), rows_span(j0, j1), out);
  }
  void pack(Level level, int j0, int j1, void* host) override {
    const std::size_t m = rows_span(j0, j1);
    const std::vector<S>& v = level == Level::current ? cur_ : next_;
    S* dst = static_cast<S*>(host);
    for (int c = 0; c < 4; ++c) std::copy_n(v.data() + c * n_ + local(j0), m, dst + c * m);
  }
  void unpack(Level level, int j0, int j1, const void* host) override {
    const std::size_t m = rows_span(j0, j1);
    std::vector<S>& v = level == Level::current ? cur_ : next_;
    const S* src = static_cast<const S*>(host);
    for (int c = 0; c < 4; ++c) std::copy_n(src + c * m, m, v.data() + c * n_ + local(j0));
    segments_.clear();
  }
  RowsInPlace rows_in_place(Level level, int j0, int j1) override {
    const std::size_t m = rows_span(j0, j1);
    std::vector<S>& v = level == Level::current ? cur_ : next_;
    RowsInPlace r;
    for (int c = 0; c < 4; ++c) r.field[c] = v.data() + c * n_ + local(j0);
    r.bytes = m * sizeof(S);
    segments_.clear();  // the rows may be written by a message, as by unpack
    return r;
  }
  void finish_updates() override {}  // step() returns when its rows are done
  bool on_device() const override { return false; }
  double swap() override {
    cur_.swap(next_);
    double m = INFINITY;
    for (const auto& r : updated_) m = std::min(m, min_local_dt(r.first, r.second));
    updated_.clear();
    return m;
  }
  double min_local_dt(int j0, int j1) override {
    return reducer_->reduce(exec::ReduceOp::min, local_dt_.data() + local(j0), rows_span(j0, j1));
  }
  void edge_rates(double t, const EdgeRanges& r, BoundaryRates* out) override {
    const ArraySource<T, S> src{view(cur_), H_.data(), nx_, block_.stored_begin};
    const StepTime st = step_time(sweep_.bc, t);
    for (int k = 0; k < r.count; ++k)
      for (int e = r.begin[k]; e < r.end[k]; ++e) *out++ = perimeter_edge_rates(src, sweep_, st, e);
  }

 private:
  static void check_block(const Grid& g, const RowBlock& b) {
    if (!(0 <= b.stored_begin && b.stored_begin <= b.owned_begin && b.owned_begin < b.owned_end &&
          b.owned_end <= b.stored_end && b.stored_end <= g.ny))
      throw std::invalid_argument("row block is not inside the grid or owns no row");
  }
  void require_whole(const char* what) const {
    if (block_.stored_begin != 0 || block_.stored_end != setup_.grid.ny)
      throw std::logic_error(std::string(what) + " needs the whole grid; this solver holds a row block");
  }
  /// Offset of global row j in a stored field.
  std::size_t local(int j) const { return static_cast<std::size_t>(j - block_.stored_begin) * nx_; }
  /// Cells in rows [j0, j1), which must be stored.
  std::size_t rows_span(int j0, int j1) const {
    if (j0 < block_.stored_begin || j1 > block_.stored_end || j0 > j1)
      throw std::out_of_range("rows outside the stored rows of the block");
    return static_cast<std::size_t>(j1 - j0) * nx_;
  }
  static S* h(std::vector<S>& v) { return v.data(); }
  S* qx(std::vector<S>& v) const { return v.data() + n_; }
  S* qy(std::vector<S>& v) const { return v.data() + 2 * n_; }
  S* hc(std::vector<S>& v) const { return v.data() + 3 * n_; }
  void copy_in(const std::vector<double>& src, S* dst) const {
    if (src.size() != setup_.grid.cells()) throw std::invalid_argument("state field has the wrong size for the grid");
    for (std::size_t k = 0; k < n_; ++k) dst[k] = static_cast<S>(src[offset_ + k]);
  }
  /// The state v as this precision keeps it (mixed_state.hpp: Precision::mixed rounds a set state
  /// as it rounds each update).
  void keep_all(std::vector<S>& v) const {
    if constexpr (kMixed<S, T>) {
      const ConstFields<S> f = view(v);
      const Fields<S> out{h(v), qx(v), qy(v), hc(v)};
      for (std::size_t k = 0; k < n_; ++k) store(out, k, kept_state<S, T>(load(f, k)));
    }
  }
  ConstFields<S> view(const std::vector<S>& v) const {
    return {v.data(), v.data() + n_, v.data() + 2 * n_, v.data() + 3 * n_};
  }

  void local_dt_rows(const std::vector<S>& state, int j0, int j1) {
    const ConstFields<S> f = view(state);
    exec::cpu::for_rows(parallel_, j0, j1, [&](int j) {
      for (int i = 0; i < nx_; ++i) {
        const std::size_t k = local(j) + i;
        local_dt_[k] = local_dt(narrow<T>(load(f, k)), sweep_.inv_dx, sweep_.inv_dy, sweep_.physics);
      }
    });
  }
  void compute_local_dt(const std::vector<S>& state) { local_dt_rows(state, block_.stored_begin, block_.stored_end); }

  /// Balance of the step about to be taken from the current state (balance.hpp); the perimeter
  /// rates are summed in the tree order of perimeter_sum.hpp, as the MPI layer sums them.
  void account(double dt) {
    const ArraySource<T, S> src{view(cur_), H_.data(), nx_, block_.stored_begin};
    const StepTime st = step_time(sweep_.bc, t_);
    const BoundaryRates r = tree_sum<BoundaryRates>(perimeter_edges(sweep_), [&](long e) {
      return perimeter_edge_rates(src, sweep_, st, static_cast<int>(e));
    });
    double rw, rc;
    release_totals(sweep_.rel, t_, rw, rc);
    accumulate_step(balance_, r, rw, rc, dt, setup_.physics.decay_rate);
  }

  /// Row chunks per thread of a parallel sweep, taken as threads finish, of at least
  /// kMinChunkRows rows: on a mostly dry domain the rows' costs differ (the wet ones cost more), so
  /// one chunk per thread leaves threads waiting. Each chunk evaluates the y-edges below its first
  /// row once more (at most 1/16 more y-edges).
  static constexpr int kChunksPerThread = 8, kMinChunkRows = 16;

  /// Rows [j0, j1) of the next level from the current one, with their local dt; with `record`,
  /// each new state also goes into the extremes at t_end, the time the step ends (in the same
  /// pass: the state is still in registers). Each edge's flux is evaluated once: per row, its
  /// x-edges and the y-edges above it, the edges below it being those above the row before (a
  /// chunk of rows starts by evaluating the edges below its first row). A cell's update takes the
  /// four values update_from_neighbours would compute, so the result is bitwise the same, at half
  /// the flux evaluations. Interior edges go in runs of vector lanes (edge_runs.hpp). With `skip`
  /// (whole-grid steps), the quiet segments of a row (active_tiles.hpp) are not computed: their
  /// cells' west and north edges lie between zero cells, whose flux dry_edge gives as zero, and the
  /// next level already holds their state, its local dt and extremes are those of a zero state.
  void sweep(double t, S dt, int j0, int j1, bool record, double t_end, bool skip) {
    const ArraySource<T, S> src{view(cur_), H_.data(), nx_, block_.stored_begin};
    const Fields<S> out{h(next_), qx(next_), qy(next_), hc(next_)};
    const ExtremesFields<T> e = ext_.fields();
    const StepTime st = step_time(sweep_.bc, t);
    constexpr int W = SegmentFlags::kSegment;
    const DecayOfStep<S> decay{decay_factor(cell_decay<S>(sweep_).rate, dt)};  // the step's, computed once
    exec::cpu::for_uneven_row_chunks(parallel_, j0, j1, kChunksPerThread, kMinChunkRows, [&](int ja, int jb) {
      FluxRow<T> x_row(nx_ + 1), below_row(nx_), above_row(nx_);
      std::vector<unsigned char> quiet(skip ? segments_.per_row() : 0);
      const unsigned char* q = skip ? quiet.data() : nullptr;
      y_edges(src, st, ja, nullptr, below_row.fluxes());
      for (int j = ja; j < jb; ++j) {
        if (skip) segments_.plan_row(j, quiet.data());
        const EdgeFluxes<T> x = x_row.fluxes(), below = below_row.fluxes(), above = above_row.fluxes();
        x_edges(src, st, j, q, x);
        y_edges(src, st, j + 1, q, above);
        for (int s0 = 0; s0 < nx_; s0 += W) {
          if (skip && quiet[s0 / W]) continue;
          unsigned bits = 0;  // NonzeroBits of the segment's new cells
          for (int i = s0; i < std::min(nx_, s0 + W); ++i) {
            const std::size_t k = local(j) + i;
            const Conserved<S> w = kept_state<S, T>(update_from_edge_fluxes(
                src.exact(i, j), x.at(i), x.at(i + 1), below.at(i), above.at(i), sweep_, t, dt, decay, i, j));
            store(out, k, w);
            local_dt_[k] = local_dt(narrow<T>(w), sweep_.inv_dx, sweep_.inv_dy, sweep_.physics);
            if (record) swe::record_extremes(e, k, narrow<T>(w), t_end, rule_);
            bits |= nonzero_bits(is_zero_state(w), i - s0, 0, W, 1);
          }
          if (skip) segments_.set_bits(j, s0 / W, bits);
        }
        below_row.swap(above_row);
      }
    });
  }

  /// Fluxes of the x-edges of row j: out[i] on the west side of cell i, i in [0, nx]. quiet: the
  /// row's skipped segments (SegmentFlags::plan_row), or null.
  void x_edges(const ArraySource<T, S>& src, const StepTime& st, int j, const unsigned char* quiet,
               const EdgeFluxes<T>& out) const {
    out.set(0, x_edge_flux(src, sweep_, st, 0, j, false));
    out.set(nx_, x_edge_flux(src, sweep_, st, nx_, j, false));
    interior_edges(src, j, false, 1, nx_, quiet, out);
  }
  /// Fluxes of the y-edges on the south side of row j: out[i] below cell i, j in [0, ny].
  void y_edges(const ArraySource<T, S>& src, const StepTime& st, int j, const unsigned char* quiet,
               const EdgeFluxes<T>& out) const {
    if (j == 0 || j == setup_.grid.ny) {
      for (int i = 0; i < nx_; ++i) out.set(i, y_edge_flux(src, sweep_, st, i, j, false));
      return;
    }
    interior_edges(src, j, true, 0, nx_, quiet, out);
  }
  /// Interior edges [a, b) of row j, edge i between cell i and the cell before it in the row
  /// (x-edges) or in the row below (y-edges, the edge frame rotated: qn = qy). The edges of a
  /// quiet segment, or of a segment whose cells on both sides are all dry (dry_edge, with the
  /// dry-edge check on), are zero; the others go in runs of consecutive segments.
  void interior_edges(const ArraySource<T, S>& src, int j, bool y, int a, int b, const unsigned char* quiet,
                      const EdgeFluxes<T>& out) const {
    constexpr int W = SegmentFlags::kSegment;
    const auto side = [&](int i, int jj) {
      const std::size_t k = src.index(i, jj);
      const ConstFields<S>& f = src.f;
      return y ? EdgeSide<S, T>{f.h + k, f.qy + k, f.qx + k, f.hc + k, src.H + k}
               : EdgeSide<S, T>{f.h + k, f.qx + k, f.qy + k, f.hc + k, src.H + k};
    };
    const auto left = [&](int i) { return y ? side(i, j - 1) : side(i - 1, j); };
    const T inv_d = y ? sweep_.inv_dy : sweep_.inv_dx;
    const auto run = [&](int i0, int i1) {
      if (i0 < i1) interior_edge_run(left(i0), side(i0, j), i1 - i0, inv_d, sweep_.physics, out.shifted(i0));
    };
    int pending = a;  // first edge of the run not yet computed
    for (int s0 = (a / W) * W; s0 < b; s0 += W) {
      const int sa = std::max(s0, a), sb = std::min(s0 + W, b);
      const bool zero = (quiet && quiet[s0 / W]) ||
                        (sweep_.dry_skip && all_dry_edges(left(sa), side(sa, j), sb - sa));
      if (!zero) continue;
      run(pending, sa);
      for (int i = sa; i < sb; ++i) out.set(i, {T(0), T(0), T(0), T(0), T(0)});
      pending = sb;
    }
    run(pending, b);
  }

  SolverSetup setup_;
  bool parallel_;
  std::unique_ptr<exec::Reducer> reducer_;
  RowBlock block_;
  int nx_;
  std::size_t n_, offset_;  // stored cells; global index of stored cell 0
  SweepSetup<T> sweep_;
  std::vector<S> cur_, next_;
  std::vector<T> H_, local_dt_, manning_;
  ExtremesStore<T> ext_;  // empty unless setup.extremes.track; in T (extremes.hpp)
  ExtremesRule<T> rule_{};
  std::vector<std::pair<int, int>> updated_;  // row ranges stepped since the last swap
  SegmentFlags segments_;                     // active row segments of whole-grid steps, or off
  double t_ = 0;
  long steps_ = 0;
  bool held_ = false;  // the last advance stopped for its t_hold
  Balance balance_;
};

bool parallel_backend(const SolverSetup& s) {
  exec::require_backend(s.backend);
  const bool parallel = s.backend == exec::Backend::openmp;
  if (s.kernel != "default" && !s.kernel.empty())
    throw std::invalid_argument("kernel '" + s.kernel + "' does not exist for backend '" + exec::to_string(s.backend) +
                                "' (CPU backends have only 'default')");
  return parallel;
}

template <class Base>
std::unique_ptr<Base> make_cpu(const SolverSetup& s, const RowBlock& b) {
  const bool parallel = parallel_backend(s);
  if (s.precision == Precision::f32) return std::make_unique<CpuSolver<float, float>>(s, parallel, b);
  if (s.precision == Precision::mixed) return std::make_unique<CpuSolver<double, float>>(s, parallel, b);
  return std::make_unique<CpuSolver<double, double>>(s, parallel, b);
}

}  // namespace

std::unique_ptr<Solver> make_cpu_solver(const SolverSetup& s) { return make_cpu<Solver>(s, RowBlock::whole(s.grid)); }
std::unique_ptr<BlockSolver> make_cpu_block_solver(const SolverSetup& s, const RowBlock& b) {
  return make_cpu<BlockSolver>(s, b);
}

}  // namespace ria::swe
