// What every SPH backend shares above its step: the clock and the time loop of Solver::advance
// (ria/sph/solver.hpp). A backend supplies step(t_stop), one symplectic step of dt =
// step_towards(...) (time_step.hpp), and moves the clock with tick(dt_stable, dt, last, t_stop).
#pragma once

#include <cmath>

#include "ria/sph/solver.hpp"

namespace ria::sph {

class SteppingSolver : public Solver {
 public:
  double time() const final { return t_; }
  long steps() const final { return steps_; }
  void set_clock(double t, long steps) final { t_ = t, steps_ = steps; }
  double last_dt() const final { return last_dt_; }

  long advance(double t_stop, long max_steps) final {
    long taken = 0;
    while (t_ < t_stop && taken < max_steps) {
      step(t_stop);
      ++taken;
    }
    return taken;
  }

 protected:
  /// One step towards t_stop; throws NumericalError naming the first bad particle.
  virtual void step(double t_stop) = 0;
  /// The clock after a step of dt, taken where the conditions allowed dt_stable: on t_stop exactly
  /// when it was the last (step_towards).
  void tick(double dt_stable, double dt, bool last, double t_stop) {
    t_ = last ? t_stop : t_ + dt;
    ++steps_;
    last_dt_ = std::isfinite(dt_stable) ? dt_stable : dt;  // +inf: every particle is out, no limit
  }

  double t_ = 0;
  long steps_ = 0;

 private:
  double last_dt_ = 0;
};

}  // namespace ria::sph
