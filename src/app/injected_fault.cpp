// Faults injected for the failure tests (injected_fault.hpp).
#include "app/injected_fault.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "swe/forwarding_solver.hpp"

namespace ria::app {
namespace {

class FaultySolver final : public swe::ForwardingSolver {
 public:
  FaultySolver(std::unique_ptr<swe::Solver> s, Fault fault, long after, std::string error)
      : ForwardingSolver(std::move(s)), fault_(fault), after_(after), error_(std::move(error)) {}
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

 private:
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
  // Said, so that a failure it makes is never taken for the model's.
  std::fprintf(stderr, "ria: warning: %s is injected after %ld advance(s) of the solver (RIA_RUN_FAULT or "
                       "RIA_ENSEMBLE_FAULT is set: a hook of ria's failure tests)\n",
               fault == Fault::error ? "an error" : "a NaN depth", after);
  return std::make_unique<FaultySolver>(std::move(s), fault, after, error);
}

}  // namespace ria::app
