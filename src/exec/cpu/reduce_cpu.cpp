#include <algorithm>
#include <limits>
#include <vector>

#include "exec/cpu/parallel_for.hpp"
#include "ria/exec/reduce.hpp"

namespace ria::exec {
namespace {

double identity(ReduceOp op) {
  switch (op) {
    case ReduceOp::min: return std::numeric_limits<double>::infinity();
    case ReduceOp::max: return -std::numeric_limits<double>::infinity();
    default: return 0.0;
  }
}

double combine(ReduceOp op, double a, double b) {
  switch (op) {
    case ReduceOp::min: return b < a ? b : a;
    case ReduceOp::max: return b > a ? b : a;
    default: return a + b;
  }
}

template <class T>
double two_phase(ReduceOp op, const T* data, std::size_t n, bool parallel) {
  const std::size_t blocks = (n + kReduceBlock - 1) / kReduceBlock;
  std::vector<double> partial(blocks, identity(op));
  cpu::for_rows(parallel, 0, static_cast<int>(blocks), [&](int b) {
    const std::size_t begin = static_cast<std::size_t>(b) * kReduceBlock;
    const std::size_t end = std::min(n, begin + kReduceBlock);
    double acc = identity(op);
    for (std::size_t k = begin; k < end; ++k) acc = combine(op, acc, static_cast<double>(data[k]));
    partial[b] = acc;
  });
  double acc = identity(op);
  for (double p : partial) acc = combine(op, acc, p);
  return acc;
}

class HostReducer final : public Reducer {
 public:
  explicit HostReducer(bool parallel) : parallel_(parallel) {}
  double reduce(ReduceOp op, const float* d, std::size_t n) override { return two_phase(op, d, n, parallel_); }
  double reduce(ReduceOp op, const double* d, std::size_t n) override { return two_phase(op, d, n, parallel_); }

 private:
  bool parallel_;
};

}  // namespace

std::unique_ptr<Reducer> make_host_reducer(bool parallel) { return std::make_unique<HostReducer>(parallel); }

}  // namespace ria::exec
