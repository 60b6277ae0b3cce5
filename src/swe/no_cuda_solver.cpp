// Compiled only without the CUDA backend.
#include "swe/solver_common.hpp"

namespace ria::swe {

std::unique_ptr<Solver> make_cuda_solver(const SolverSetup&) {
  throw NotBuiltError(exec::backend_unavailable(exec::Backend::cuda));
}
std::unique_ptr<BlockSolver> make_cuda_block_solver(const SolverSetup&, const RowBlock&) {
  throw NotBuiltError(exec::backend_unavailable(exec::Backend::cuda));
}
std::vector<std::string> cuda_kernel_names() { return {}; }

}  // namespace ria::swe
