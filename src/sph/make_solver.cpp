#include <iterator>
#include <stdexcept>
#include <string>

#include "ria/exec/backend.hpp"
#include "sph/solver_factory.hpp"

namespace ria::sph {

std::unique_ptr<Solver> make_solver(const Setup& s) {
  // Float alone is not an SPH mode; which backend runs mixed is each backend's to say.
  if (s.precision != Precision::f64 && s.precision != Precision::mixed)
    throw std::invalid_argument(std::string("SPH precision '") + precision_name(s.precision) +
                                "' does not exist (expected double or mixed)");
  if (s.backend == exec::Backend::cuda) return make_cuda_solver(s);
  return make_cpu_solver(s);
}

std::vector<Search> searches_of(exec::Backend b) {
  if (b == exec::Backend::cuda)
    return exec::cuda_device_available() ? std::vector<Search>(std::begin(kSearches), std::end(kSearches))
                                         : std::vector<Search>{};
  if (b == exec::Backend::openmp && !exec::built_with_openmp()) return {};
  return {Search::cell_range};
}

std::vector<Precision> precisions_of(exec::Backend b) {
  if (b == exec::Backend::cuda) return {Precision::f64, Precision::mixed};
  return {Precision::f64};
}

}  // namespace ria::sph
