// A solver that passes every call to another one it owns (a decorator): a subclass overrides the
// calls it changes. The injected faults of the failure tests (app/injected_fault.cpp, the driver's
// tests) wrap real solvers this way.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ria/swe/solver.hpp"

namespace ria::swe {

class ForwardingSolver : public Solver {
 public:
  explicit ForwardingSolver(std::unique_ptr<Solver> in) : in_(std::move(in)) {}
  void set_state(const HostState& s) override { in_->set_state(s); }
  void get_state(HostState& s) const override { in_->get_state(s); }
  double time() const override { return in_->time(); }
  long steps() const override { return in_->steps(); }
  void set_clock(double t, long n) override { in_->set_clock(t, n); }
  long advance(double t_stop, long max_steps, double t_hold) override { return in_->advance(t_stop, max_steps, t_hold); }
  bool held() const override { return in_->held(); }
  Totals totals() const override { return in_->totals(); }
  void set_boundaries(const Boundaries& bc) override { in_->set_boundaries(bc); }
  Balance balance() const override { return in_->balance(); }
  void set_balance(const Balance& b) override { in_->set_balance(b); }
  void record_extremes() override { in_->record_extremes(); }
  void get_extremes(HostExtremes& e) const override { in_->get_extremes(e); }
  void set_extremes(const HostExtremes& e) override { in_->set_extremes(e); }
  std::vector<Conserved<double>> probe(const std::vector<std::size_t>& c) const override { return in_->probe(c); }
  std::string description() const override { return in_->description(); }
  double bytes_per_cell_update() const override { return in_->bytes_per_cell_update(); }

 protected:
  std::unique_ptr<Solver> in_;
};

}  // namespace ria::swe
