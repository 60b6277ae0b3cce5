// Compiled only without the CUDA backend.
#include "sph/solver_factory.hpp"

namespace ria::sph {

std::unique_ptr<Solver> make_cuda_solver(const Setup&) {
  throw NotBuiltError(exec::backend_unavailable(exec::Backend::cuda));
}

}  // namespace ria::sph
