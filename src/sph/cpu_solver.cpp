// The serial and OpenMP SPH solver: symplectic steps (ria/sph/symplectic.hpp) whose rates come
// from the pair interaction summed over cell-list neighbours (interaction.hpp), with the variable
// time step min-reduced by the project's CPU reducer (ria/exec/reduce.hpp). Every per-particle
// loop is a for_rows over particles (the pair sums a for_uneven_items, which balances them); the
// sorting and the reductions do not depend on the number of threads, so the OpenMP backend is
// bitwise equal to the serial one.
#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include "exec/cpu/parallel_for.hpp"
#include "ria/exec/reduce.hpp"
#include "ria/exec/threads.hpp"
#include "ria/sph/eos.hpp"
#include "ria/sph/solver.hpp"
#include "ria/sph/symplectic.hpp"
#include "ria/sph/time_step.hpp"
#include "sph/cell_list.hpp"
#include "sph/interaction.hpp"
#include "sph/measure.hpp"
#include "sph/particle_step.hpp"
#include "sph/solver_factory.hpp"
#include "sph/stepping_solver.hpp"
#include "sph/step_checks.hpp"

namespace ria::sph {
namespace {

template <int D>
class CpuSolver final : public SteppingSolver {
 public:
  CpuSolver(const Setup& s, bool parallel)
      : P_(make_params<D>(s.physics)), dp_(s.dp), grid_(search_grid(s.cells, D, s.search, P_.kernel.support())),
        measure_grid_(s.cells), box_(domain_box(s.cells, D, s.physics.h)), parallel_(parallel),
        reducer_(exec::make_host_reducer(parallel)) {
    if (parallel_) exec::thread_policy();  // sets the thread count before the first parallel region
    set_particles(s.particles);
  }

  const Particles& particles() const override { return p_; }
  double pair_interactions() const override { return pairs_; }
  double largest_fluid_speed() const override { return std::sqrt(speed2_max_); }
  std::vector<std::uint32_t> pair_counts() const override {
    return !rated_ ? std::vector<std::uint32_t>{} : std::vector<std::uint32_t>(npairs_.begin(), npairs_.end());
  }

  void set_particles(const Particles& p) override {
    check_replacement(p, D, n_ > 0 ? &p_ : nullptr);
    check_out_parked(p, D, box_);
    const std::size_t n = p.size();
    p_ = p;
    n_ = n;
    live_ = n;  // the first sort moves any out particle to the tail
    for (auto* a : {&r0_, &v0_, &acc_})
      for (int d = 0; d < D; ++d) (*a)[d].assign(n, 0.0);
    for (auto* a : {&rho0_, &pres_, &c_, &inv_rho_, &drho_, &mu_, &dtl_, &npairs_, &scratch_}) a->assign(n, 0.0);
  }

  Measures measure(const std::vector<Probe>& probes) const override {
    return sph::measure<D>(P_, dp_, measure_grid_, p_, probes, measure_cells_);
  }

  std::string description() const override {
    std::ostringstream o;
    o << D << "-D, " << (parallel_ ? "openmp" : "serial");
    if (parallel_) {
      const exec::ThreadPolicy tp = exec::thread_policy();
      o << " (" << tp.threads << (tp.threads == 1 ? " thread, " : " threads, ") << tp.wait_policy << " wait)";
    }
    return o.str();
  }

 private:
  bool fluid(std::size_t a) const { return p_.kind[a] == static_cast<std::uint8_t>(Kind::fluid); }

  /// Bins the particles of slots [0, live_) at their current positions and reorders every array
  /// there by cell; `with_start_of_step` also reorders the state at the start of the step (r0,
  /// v0, rho0). Out particles (fluid that left the domain, parked at rest) go to the end of the
  /// range, and live_ becomes the count before them: the slots [live_, n_) hold out particles
  /// only, which no later sort, rate or step touches.
  void sort(bool with_start_of_step) {
    const std::size_t m = live_;
    cells_.build(grid_.grid, D, {p_.r[0].data(), p_.r[1].data(), D == 3 ? p_.r[2].data() : nullptr}, m, p_.kind.data());
    const std::uint32_t* order = cells_.order.data();
    auto permute = [&](auto& v) {
      using T = typename std::decay_t<decltype(v)>::value_type;
      std::vector<T>& tmp = scratch_of<T>();
      tmp.resize(m);
      exec::cpu::for_rows(parallel_, 0, static_cast<int>(m), [&](int s) { tmp[s] = v[order[s]]; });
      if (m == v.size()) v.swap(tmp);
      else std::copy(tmp.begin(), tmp.end(), v.begin());
    };
    for (int d = 0; d < D; ++d) permute(p_.r[d]), permute(p_.v[d]);
    permute(p_.rho), permute(p_.kind), permute(p_.id);
    if (with_start_of_step) {
      for (int d = 0; d < D; ++d) permute(r0_[d]), permute(v0_[d]);
      permute(rho0_);
    }
    live_ = cells_.start[grid_.grid.cells()];
    // The slots that just turned out: no pairs, and no limit on the step (particle_dt).
    for (std::size_t a = live_; a < m; ++a) npairs_[a] = 0, dtl_[a] = INFINITY;
  }

  template <class T>
  std::vector<T>& scratch_of() {
    if constexpr (std::is_same_v<T, double>) return scratch_;
    else if constexpr (std::is_same_v<T, std::uint8_t>) return scratch_u8_;
    else return scratch_u32_;
  }

  /// Pressure, sound speed and the rates (acc, drho, mu_max) at the current, sorted state.
  void rates() {
    const std::size_t n = live_;
    exec::cpu::for_rows(parallel_, 0, static_cast<int>(n), [&](int a) {
      const EosValues e = eos_values(P_.eos, p_.rho[a]);
      pres_[a] = e.p, c_[a] = e.c, inv_rho_[a] = e.inv_rho;
    });
    SweepIn<D> in;
    SweepOut<D> out;
    for (int d = 0; d < D; ++d) in.r[d] = p_.r[d].data(), in.v[d] = p_.v[d].data(), out.acc[d] = acc_[d].data();
    in.rho = p_.rho.data(), in.inv_rho = inv_rho_.data(), in.p = pres_.data(), in.c = c_.data(), in.kind = p_.kind.data();
    fluid_before_.resize(n + 1);
    fluid_before_[0] = 0;
    for (std::size_t a = 0; a < n; ++a) fluid_before_[a + 1] = fluid_before_[a] + (fluid(a) ? 1u : 0u);
    in.fluid_before = fluid_before_.data();
    if (P_.sps) {  // the SPS stresses of this state first (sps.hpp), read by the pairs
      tau_.resize(n_ * Sym<D>::size);
      sps_stresses<D>(P_, grid_, cells_, in, tau_.data(), n, parallel_);
      in.tau = tau_.data();
    }
    out.drho = drho_.data(), out.mu_max = mu_.data(), out.pairs = npairs_.data();
    interact<D>(P_, grid_, cells_, in, out, n, parallel_);
    pairs_ += reducer_->reduce(exec::ReduceOp::sum, npairs_.data(), n);
    rated_ = true;
  }

  StepArrays<D> arrays() {
    StepArrays<D> s;
    for (int d = 0; d < D; ++d) {
      s.r[d] = p_.r[d].data(), s.v[d] = p_.v[d].data(), s.r0[d] = r0_[d].data(), s.v0[d] = v0_[d].data();
      s.acc[d] = acc_[d].data();
    }
    s.rho = p_.rho.data(), s.rho0 = rho0_.data(), s.drho = drho_.data(), s.kind = p_.kind.data();
    return s;
  }

  void step(double t_stop) override {
    sort(false);
    rates();
    const StepArrays<D> s = arrays();  // valid until the next sort (which swaps the arrays)
    exec::cpu::for_rows(parallel_, 0, static_cast<int>(live_), [&](int a) { dtl_[a] = particle_dt(P_, s, c_.data(), mu_.data(), a); });
    const double dt_min = reducer_->reduce(exec::ReduceOp::min, dtl_.data(), live_);
    if (!(dt_min > 0)) fail_dt(dt_min, dtl_, p_, steps_, t_);  // +inf: every particle is out (particle_dt)
    bool last = false;
    const double dt = step_towards(dt_min, t_, t_stop, last);

    // Predictor: half a step with the rates of the state at t.
    const double rho_ref = P_.eos.rho0;
    exec::cpu::for_rows(parallel_, 0, static_cast<int>(live_), [&](int a) { predict(s, a, dt, rho_ref); });
    // Corrector: the full step with the rates of the half-step state.
    sort(true);
    rates();
    const StepArrays<D> sorted = arrays();
    exec::cpu::for_rows(parallel_, 0, static_cast<int>(live_), [&](int a) { correct(sorted, a, dt, rho_ref, box_); });
    tick(dt_min, dt, last, t_stop);
    check_state(p_, steps_, t_);
    // The fluid's largest |v|^2 after the step (each particle's in the scratch array).
    exec::cpu::for_rows(parallel_, 0, static_cast<int>(live_), [&](int a) { scratch_[a] = fluid_speed2(sorted, a); });
    speed2_max_ = std::max(speed2_max_, reducer_->reduce(exec::ReduceOp::max, scratch_.data(), live_));
  }

  SphParams<D> P_;
  double dp_;
  SearchCells grid_;   // the cells of the search (cell_list.hpp)
  Grid measure_grid_;  // cells of 2h for the measures' own cell list (measure.cpp)
  DomainBox box_;  // where fluid leaves the flow (particle_step.hpp)
  bool parallel_;
  std::unique_ptr<exec::Reducer> reducer_;
  Particles p_;
  std::size_t n_ = 0;
  std::size_t live_ = 0;  // slots [live_, n_) hold out particles only (sort)
  std::array<std::vector<double>, D> r0_, v0_, acc_;
  std::vector<double> rho0_, pres_, c_, inv_rho_, drho_, mu_, dtl_, npairs_, scratch_;
  std::vector<double> tau_;  // SPS stresses of the sorted state (Sym<D>::size per particle), with P_.sps
  std::vector<std::uint8_t> scratch_u8_;
  std::vector<std::uint32_t> scratch_u32_, fluid_before_;
  CellList cells_;
  mutable CellList measure_cells_;
  double pairs_ = 0;
  double speed2_max_ = 0;  // the fluid's largest |v|^2 after any step
  bool rated_ = false;
};

}  // namespace

std::unique_ptr<Solver> make_cpu_solver(const Setup& s) {
  exec::require_backend(s.backend);
  const bool parallel = s.backend == exec::Backend::openmp;
  if (s.search != Search::cell_range)
    throw std::invalid_argument(std::string("neighbour search '") + search_name(s.search) + "' runs on the CUDA backend only; backend '" +
                                exec::to_string(s.backend) + "' searches cell ranges (--search cell-range)");
  if (s.precision == Precision::mixed)
    throw std::invalid_argument(std::string("SPH precision 'mixed' runs on the CUDA backend only; backend '") +
                                exec::to_string(s.backend) + "' computes in double (--precision double)");
  if (s.dim == 2) return std::make_unique<CpuSolver<2>>(s, parallel);
  if (s.dim == 3) return std::make_unique<CpuSolver<3>>(s, parallel);
  throw std::invalid_argument("SPH runs in 2 or 3 dimensions, not " + std::to_string(s.dim));
}

}  // namespace ria::sph
