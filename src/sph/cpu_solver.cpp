// The serial and OpenMP SPH solver: symplectic steps (ria/sph/symplectic.hpp) whose rates come
// from the pair interaction summed over cell-list neighbours (interaction.hpp), with the variable
// time step min-reduced by the project's CPU reducer (ria/exec/reduce.hpp). Every per-particle
// loop is a for_rows over particles; the sorting and the reductions do not depend on the number
// of threads, so the OpenMP backend is bitwise equal to the serial one.
#include <cmath>
#include <memory>
#include <sstream>
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

namespace ria::sph {
namespace {

template <int D>
class CpuSolver final : public Solver {
 public:
  CpuSolver(const Setup& s, bool parallel)
      : P_(make_params<D>(s.physics)), dp_(s.dp), grid_(s.cells), parallel_(parallel),
        reducer_(exec::make_host_reducer(parallel)) {
    if (parallel_) exec::thread_policy();  // sets the thread count before the first parallel region
    set_particles(s.particles);
  }

  double time() const override { return t_; }
  long steps() const override { return steps_; }
  void set_clock(double t, long steps) override { t_ = t, steps_ = steps; }
  double last_dt() const override { return last_dt_; }
  const Particles& particles() const override { return p_; }
  double pair_interactions() const override { return pairs_; }

  void set_particles(const Particles& p) override {
    if (p.dim != D) throw std::invalid_argument("set_particles: particles of dimension " + std::to_string(p.dim) +
                                                " for a " + std::to_string(D) + "-D solver");
    const std::size_t n = p.size();
    for (int d = 0; d < D; ++d)
      if (p.r[d].size() != n || p.v[d].size() != n) throw std::invalid_argument("set_particles: arrays of unequal length");
    if (p.rho.size() != n || p.kind.size() != n || p.id.size() != n)
      throw std::invalid_argument("set_particles: arrays of unequal length");
    if (n >= (1u << 31)) throw std::invalid_argument("set_particles: more than 2^31 particles");
    if (n_ > 0 && (n != n_ || p.count(Kind::fluid) != p_.count(Kind::fluid)))
      throw std::invalid_argument("set_particles: " + std::to_string(n) + " particles (" +
                                  std::to_string(p.count(Kind::fluid)) + " fluid) replace " + std::to_string(n_) + " (" +
                                  std::to_string(p_.count(Kind::fluid)) + " fluid): a restart needs the set-up's particles");
    p_ = p;
    n_ = n;
    for (auto* a : {&r0_, &v0_, &acc_})
      for (int d = 0; d < D; ++d) (*a)[d].assign(n, 0.0);
    for (auto* a : {&rho0_, &pres_, &c_, &inv_rho_, &drho_, &mu_, &dtl_, &npairs_, &scratch_}) a->assign(n, 0.0);
  }

  long advance(double t_stop, long max_steps) override {
    long taken = 0;
    while (t_ < t_stop && taken < max_steps) {
      step(t_stop);
      ++taken;
    }
    return taken;
  }

  Measures measure(const std::vector<Probe>& probes) const override {
    return sph::measure<D>(P_, dp_, grid_, p_, probes, measure_cells_);
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

  /// Bins the particles at their current positions and reorders every live array by cell;
  /// `with_start_of_step` also reorders the state at the start of the step (r0, v0, rho0).
  void sort(bool with_start_of_step) {
    cells_.build(grid_, D, {p_.r[0].data(), p_.r[1].data(), D == 3 ? p_.r[2].data() : nullptr}, n_);
    const std::uint32_t* order = cells_.order.data();
    auto permute = [&](auto& v) {
      using T = typename std::decay_t<decltype(v)>::value_type;
      std::vector<T>& tmp = scratch_of<T>();
      tmp.resize(n_);
      exec::cpu::for_rows(parallel_, 0, static_cast<int>(n_), [&](int s) { tmp[s] = v[order[s]]; });
      v.swap(tmp);
    };
    for (int d = 0; d < D; ++d) permute(p_.r[d]), permute(p_.v[d]);
    permute(p_.rho), permute(p_.kind), permute(p_.id);
    if (with_start_of_step) {
      for (int d = 0; d < D; ++d) permute(r0_[d]), permute(v0_[d]);
      permute(rho0_);
    }
  }

  template <class T>
  std::vector<T>& scratch_of() {
    if constexpr (std::is_same_v<T, double>) return scratch_;
    else if constexpr (std::is_same_v<T, std::uint8_t>) return scratch_u8_;
    else return scratch_u32_;
  }

  /// Pressure, sound speed and the rates (acc, drho, mu_max) at the current, sorted state.
  void rates() {
    exec::cpu::for_rows(parallel_, 0, static_cast<int>(n_), [&](int a) {
      pres_[a] = P_.eos.pressure(p_.rho[a]);
      c_[a] = P_.eos.sound_speed(p_.rho[a]);
      inv_rho_[a] = 1.0 / p_.rho[a];
    });
    SweepIn<D> in;
    SweepOut<D> out;
    for (int d = 0; d < D; ++d) in.r[d] = p_.r[d].data(), in.v[d] = p_.v[d].data(), out.acc[d] = acc_[d].data();
    in.rho = p_.rho.data(), in.inv_rho = inv_rho_.data(), in.p = pres_.data(), in.c = c_.data(), in.kind = p_.kind.data();
    fluid_before_.resize(n_ + 1);
    fluid_before_[0] = 0;
    for (std::size_t a = 0; a < n_; ++a) fluid_before_[a + 1] = fluid_before_[a] + (fluid(a) ? 1u : 0u);
    in.fluid_before = fluid_before_.data();
    out.drho = drho_.data(), out.mu_max = mu_.data(), out.pairs = npairs_.data();
    interact<D>(P_, grid_, cells_, in, out, n_, parallel_);
    pairs_ += reducer_->reduce(exec::ReduceOp::sum, npairs_.data(), n_);
  }

  void step(double t_stop) {
    sort(false);
    rates();
    exec::cpu::for_rows(parallel_, 0, static_cast<int>(n_), [&](int a) {
      Vec<D> acc;
      for (int d = 0; d < D; ++d) acc[d] = acc_[d][a];
      dtl_[a] = local_dt(P_, fluid(a), acc, c_[a], mu_[a]);
    });
    double dt = reducer_->reduce(exec::ReduceOp::min, dtl_.data(), n_);
    if (!(dt > 0) || !std::isfinite(dt)) fail_dt(dt);
    // The step that reaches t_stop ends on it exactly; the one before it takes half of what is left
    // when a full step would leave less than one, so that no sliver of a step remains.
    const bool last = t_ + dt >= t_stop;
    if (last) dt = t_stop - t_;
    else if (t_ + 2 * dt > t_stop) dt = 0.5 * (t_stop - t_);

    // Predictor: half a step with the rates of the state at t.
    const double rho_ref = P_.eos.rho0;
    exec::cpu::for_rows(parallel_, 0, static_cast<int>(n_), [&](int a) {
      for (int d = 0; d < D; ++d) r0_[d][a] = p_.r[d][a], v0_[d][a] = p_.v[d][a];
      rho0_[a] = p_.rho[a];
      if (fluid(a)) {
        for (int d = 0; d < D; ++d) {
          p_.r[d][a] = half_step(r0_[d][a], v0_[d][a], dt);
          p_.v[d][a] = half_step(v0_[d][a], acc_[d][a], dt);
        }
        p_.rho[a] = half_step(rho0_[a], drho_[a], dt);
      } else {
        p_.rho[a] = boundary_density(half_step(rho0_[a], drho_[a], dt), rho_ref);
      }
    });
    // Corrector: the full step with the rates of the half-step state.
    sort(true);
    rates();
    exec::cpu::for_rows(parallel_, 0, static_cast<int>(n_), [&](int a) {
      const double rho1 = corrected_density(rho0_[a], drho_[a], p_.rho[a], dt);
      if (fluid(a)) {
        for (int d = 0; d < D; ++d) {
          const double v1 = corrected_velocity(v0_[d][a], acc_[d][a], dt);
          p_.r[d][a] = corrected_position(r0_[d][a], v0_[d][a], v1, dt);
          p_.v[d][a] = v1;
        }
        p_.rho[a] = rho1;
      } else {
        p_.rho[a] = boundary_density(rho1, rho_ref);
      }
    });
    t_ = last ? t_stop : t_ + dt;
    ++steps_;
    last_dt_ = dt;
    check_state();
  }

  /// Throws NumericalError for the first particle (in storage order) with a non-finite position
  /// or velocity or a density that is not finite and > 0.
  void check_state() const {
    for (std::size_t a = 0; a < n_; ++a) {
      bool ok = std::isfinite(p_.rho[a]) && p_.rho[a] > 0;
      for (int d = 0; d < D; ++d) ok = ok && std::isfinite(p_.r[d][a]) && std::isfinite(p_.v[d][a]);
      if (!ok) throw NumericalError("step " + std::to_string(steps_) + ", t = " + num(t_) + " s: " + particle_text(a));
    }
  }

  [[noreturn]] void fail_dt(double dt) const {
    std::size_t worst = 0;
    for (std::size_t a = 1; a < n_; ++a)
      if (!(dtl_[a] >= dtl_[worst])) worst = a;
    throw NumericalError("the time step is " + num(dt) + " s at step " + std::to_string(steps_) + ", t = " + num(t_) +
                         " s; the particle limiting it: " + particle_text(worst));
  }

  std::string particle_text(std::size_t a) const {
    std::ostringstream o;
    o.precision(9);
    o << (fluid(a) ? "fluid" : "boundary") << " particle " << p_.id[a] << " at (";
    for (int d = 0; d < D; ++d) o << (d ? ", " : "") << p_.r[d][a];
    o << ") m, velocity (";
    for (int d = 0; d < D; ++d) o << (d ? ", " : "") << p_.v[d][a];
    o << ") m/s, density " << p_.rho[a] << " kg/m3";
    return o.str();
  }

  static std::string num(double v) {
    std::ostringstream o;
    o.precision(9);
    o << v;
    return o.str();
  }

  SphParams<D> P_;
  double dp_;
  Grid grid_;
  bool parallel_;
  std::unique_ptr<exec::Reducer> reducer_;
  Particles p_;
  std::size_t n_ = 0;
  std::array<std::vector<double>, D> r0_, v0_, acc_;
  std::vector<double> rho0_, pres_, c_, inv_rho_, drho_, mu_, dtl_, npairs_, scratch_;
  std::vector<std::uint8_t> scratch_u8_;
  std::vector<std::uint32_t> scratch_u32_, fluid_before_;
  CellList cells_;
  mutable CellList measure_cells_;
  double t_ = 0, last_dt_ = 0, pairs_ = 0;
  long steps_ = 0;
};

}  // namespace

std::unique_ptr<Solver> make_solver(const Setup& s) {
  if (s.backend == exec::Backend::cuda)
    throw NotBuiltError("the SPH module has no CUDA backend yet (use --backend serial or openmp)");
  const bool parallel = s.backend == exec::Backend::openmp;
  if (parallel && !exec::built_with_openmp())
    throw NotBuiltError("backend 'openmp' requested but ria was not built with OpenMP (-DRIA_OPENMP=ON)");
  if (s.dim == 2) return std::make_unique<CpuSolver<2>>(s, parallel);
  if (s.dim == 3) return std::make_unique<CpuSolver<3>>(s, parallel);
  throw std::invalid_argument("SPH runs in 2 or 3 dimensions, not " + std::to_string(s.dim));
}

}  // namespace ria::sph
