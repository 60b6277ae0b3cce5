// CPU backends (serial reference and OpenMP): the same per-cell update; each cell is written by
// one thread from the old state only, so the two are bitwise identical.
#include <cmath>
#include <sstream>

#include "exec/cpu/parallel_for.hpp"
#include "ria/exec/reduce.hpp"
#include "ria/exec/threads.hpp"
#include "ria/swe/cfl.hpp"
#include "swe/solver_common.hpp"
#include "swe/stencil.hpp"

namespace ria::swe {
namespace {

template <class T>
class CpuSolver final : public Solver {
 public:
  CpuSolver(const SolverSetup& s, bool parallel)
      : setup_(s), parallel_(parallel), reducer_(exec::make_host_reducer(parallel)), n_(s.grid.cells()) {
    if (parallel_) exec::thread_policy();  // sets the thread count before the first parallel region
    sweep_ = make_sweep_setup<T>(s);
    H_.assign(s.H.begin(), s.H.end());
    manning_.assign(s.manning.per_cell.begin(), s.manning.per_cell.end());
    if (!manning_.empty()) sweep_.manning.per_cell = manning_.data();
    for (auto* v : {&cur_, &next_}) v->resize(4 * n_);
    local_dt_.assign(n_, T(0));
  }

  void set_state(const HostState& s) override {
    copy_in(s.h, h(cur_)); copy_in(s.qx, qx(cur_)); copy_in(s.qy, qy(cur_)); copy_in(s.hc, hc(cur_));
    compute_local_dt(cur_);
  }
  void get_state(HostState& s) const override {
    s.resize(n_);
    for (std::size_t k = 0; k < n_; ++k) {
      s.h[k] = cur_[k]; s.qx[k] = cur_[n_ + k]; s.qy[k] = cur_[2 * n_ + k]; s.hc[k] = cur_[3 * n_ + k];
    }
  }
  double time() const override { return t_; }
  long steps() const override { return steps_; }
  void set_clock(double t, long steps) override { t_ = t; steps_ = steps; }

  long advance(double t_stop, long max_steps) override {
    return host_advance(
        setup_, t_, steps_, t_stop, max_steps,
        [&] { return reducer_->reduce(exec::ReduceOp::min, local_dt_.data(), n_); },
        [&](double dt) {
          if (setup_.track_balance) account(dt);
          sweep(static_cast<T>(dt));
        });
  }

  Totals totals() const override {
    const double area = setup_.grid.area();
    return {reducer_->reduce(exec::ReduceOp::sum, cur_.data(), n_) * area,
            reducer_->reduce(exec::ReduceOp::sum, cur_.data() + 3 * n_, n_) * area};
  }
  void set_boundaries(const Boundaries& bc) override { sweep_.bc = bc; }
  Balance balance() const override { return balance_; }
  void set_balance(const Balance& b) override { balance_ = b; }
  std::vector<Conserved<double>> probe(const std::vector<std::size_t>& cells) const override {
    std::vector<Conserved<double>> out;
    for (std::size_t k : cells) {
      if (k >= n_) throw std::out_of_range("probe: cell index outside the grid");
      out.push_back({double(cur_[k]), double(cur_[n_ + k]), double(cur_[2 * n_ + k]), double(cur_[3 * n_ + k])});
    }
    return out;
  }
  std::string description() const override {
    std::ostringstream o;
    o << (parallel_ ? "openmp" : "serial") << "/" << (sizeof(T) == 4 ? "float" : "double");
    if (parallel_) {
      const exec::ThreadPolicy p = exec::thread_policy();
      o << " (" << p.threads << (p.threads == 1 ? " thread, " : " threads, ") << p.wait_policy << " wait)";
    }
    return o.str();
  }
  // Reads state (4) and bed (1), writes state (4) and the local dt (1), reads the local dt (1).
  double bytes_per_cell_update() const override { return 11.0 * sizeof(T); }

 private:
  static T* h(std::vector<T>& v) { return v.data(); }
  T* qx(std::vector<T>& v) const { return v.data() + n_; }
  T* qy(std::vector<T>& v) const { return v.data() + 2 * n_; }
  T* hc(std::vector<T>& v) const { return v.data() + 3 * n_; }
  void copy_in(const std::vector<double>& src, T* dst) const {
    if (src.size() != n_) throw std::invalid_argument("state field has the wrong size for the grid");
    for (std::size_t k = 0; k < n_; ++k) dst[k] = static_cast<T>(src[k]);
  }
  ConstFields<T> view(const std::vector<T>& v) const {
    return {v.data(), v.data() + n_, v.data() + 2 * n_, v.data() + 3 * n_};
  }

  void compute_local_dt(std::vector<T>& state) {
    const ConstFields<T> f = view(state);
    const int nx = setup_.grid.nx;
    exec::cpu::for_rows(parallel_, 0, setup_.grid.ny, [&](int j) {
      for (int i = 0; i < nx; ++i) {
        const std::size_t k = static_cast<std::size_t>(j) * nx + i;
        local_dt_[k] = local_dt(load(f, k), sweep_.inv_dx, sweep_.inv_dy, sweep_.physics);
      }
    });
  }

  /// Balance of the step about to be taken from the current state (balance.hpp).
  void account(double dt) {
    const ArraySource<T> src{view(cur_), H_.data(), setup_.grid.nx, 0};
    double rw, rc;
    release_totals(sweep_.rel, t_, rw, rc);
    accumulate_step(balance_, perimeter_rates(src, sweep_, t_), rw, rc, dt, setup_.physics.decay_rate);
  }

  void sweep(T dt) {
    const ArraySource<T> src{view(cur_), H_.data(), setup_.grid.nx, 0};
    const Fields<T> out{h(next_), qx(next_), qy(next_), hc(next_)};
    const int nx = setup_.grid.nx;
    const double t = t_;
    exec::cpu::for_rows(parallel_, 0, setup_.grid.ny, [&](int j) {
      for (int i = 0; i < nx; ++i) {
        const std::size_t k = static_cast<std::size_t>(j) * nx + i;
        const Conserved<T> w = update_from_neighbours(src, sweep_, t, dt, i, j);
        store(out, k, w);
        local_dt_[k] = local_dt(w, sweep_.inv_dx, sweep_.inv_dy, sweep_.physics);
      }
    });
    cur_.swap(next_);
  }

  SolverSetup setup_;
  bool parallel_;
  std::unique_ptr<exec::Reducer> reducer_;
  std::size_t n_;
  SweepSetup<T> sweep_;
  std::vector<T> H_, cur_, next_, local_dt_, manning_;
  double t_ = 0;
  long steps_ = 0;
  Balance balance_;
};

}  // namespace

std::unique_ptr<Solver> make_cpu_solver(const SolverSetup& s) {
  const bool parallel = s.backend == exec::Backend::openmp;
  if (parallel && !exec::built_with_openmp())
    throw NotBuiltError("backend 'openmp' requested but ria was not built with OpenMP (-DRIA_OPENMP=ON)");
  if (s.kernel != "default" && !s.kernel.empty())
    throw std::invalid_argument("kernel '" + s.kernel + "' does not exist for backend '" + exec::to_string(s.backend) +
                                "' (CPU backends have only 'default')");
  if (s.precision == Precision::f32) return std::make_unique<CpuSolver<float>>(s, parallel);
  return std::make_unique<CpuSolver<double>>(s, parallel);
}

}  // namespace ria::swe
