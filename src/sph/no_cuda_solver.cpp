// Compiled only without the CUDA backend.
#include "sph/solver_factory.hpp"

namespace ria::sph {

std::unique_ptr<Solver> make_cuda_solver(const Setup&) {
  throw NotBuiltError("backend 'cuda' requested but ria was not built with CUDA (-DRIA_CUDA=ON needs nvcc)");
}

}  // namespace ria::sph
