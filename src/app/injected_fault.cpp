// Faults injected for the failure tests (injected_fault.hpp).
#include "app/injected_fault.hpp"

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace ria::app {
namespace {

class FaultySolver final : public swe::Solver {
 public:
  FaultySolver(std::unique_ptr<swe::Solver> s, Fault fault, long after, std::string error)
      : in_(std::move(s)), fault_(fault), after_(after), error_(std::move(error)) {}
  void set_state(const swe::HostState& s) override { in_->set_state(s); }
  void get_state(swe::HostState& s) const override { in_->get_state(s); }
  double time() const override { return in_->time(); }
  long steps() const override { return in_->steps(); }
  void set_clock(double t, long n) override { in_->set_clock(t, n); }
  long advance(double t_stop, long max_steps, double t_hold) override {
    const long n = in_->advance(t_stop, max_steps, t_hold);
    if (++advances_ != after_) return n;
    if (fault_ == Fault::error) throw std::runtime_error(error_);
    swe::HostState s;
    in_->get_state(s);
    for (double& h : s.h)
      if (h > 0) {
        h = std::nan("");
        break;
      }
    in_->set_state(s);
    return n;
  }
  swe::Totals totals() const override { return in_->totals(); }
  void set_boundaries(const swe::Boundaries& bc) override { in_->set_boundaries(bc); }
  swe::Balance balance() const override { return in_->balance(); }
  void set_balance(const swe::Balance& b) override { in_->set_balance(b); }
  void record_extremes() override { in_->record_extremes(); }
  void get_extremes(swe::HostExtremes& e) const override { in_->get_extremes(e); }
  void set_extremes(const swe::HostExtremes& e) override { in_->set_extremes(e); }
  std::vector<swe::Conserved<double>> probe(const std::vector<std::size_t>& c) const override { return in_->probe(c); }
  std::string description() const override { return in_->description(); }
  double bytes_per_cell_update() const override { return in_->bytes_per_cell_update(); }

 private:
  std::unique_ptr<swe::Solver> in_;
  Fault fault_;
  long after_, advances_ = 0;
  std::string error_;  // the message of Fault::error
};

}  // namespace

Fault ensemble_fault(std::size_t member) {
  const char* f = std::getenv("RIA_ENSEMBLE_FAULT");
  if (!f) return Fault::none;
  std::istringstream in(f);
  for (std::string item; std::getline(in, item, ',');) {
    char* end = nullptr;
    const unsigned long m = std::strtoul(item.c_str(), &end, 10);
    if (item.empty() || end == item.c_str() || m != member) continue;
    return std::string(end) == ":error" ? Fault::error : Fault::nan;
  }
  return Fault::none;
}

long run_fault_advance() {
  const char* f = std::getenv("RIA_RUN_FAULT");
  if (!f) return 0;
  char* end = nullptr;
  const long n = std::strtol(f, &end, 10);
  if (end == f || *end != '\0' || n < 1) throw std::invalid_argument("RIA_RUN_FAULT must be a whole number >= 1");
  return n;
}

std::unique_ptr<swe::Solver> with_fault(std::unique_ptr<swe::Solver> s, Fault fault, long after,
                                        const std::string& error) {
  if (fault == Fault::none) return s;
  return std::make_unique<FaultySolver>(std::move(s), fault, after, error);
}

}  // namespace ria::app
