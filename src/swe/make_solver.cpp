#include "swe/solver_common.hpp"

namespace ria::swe {

std::unique_ptr<Solver> make_solver(const SolverSetup& s) {
  if (s.backend == exec::Backend::cuda) return make_cuda_solver(s);
  return make_cpu_solver(s);
}

std::unique_ptr<BlockSolver> make_block_solver(const SolverSetup& s, const RowBlock& b) {
  if (s.backend == exec::Backend::cuda) return make_cuda_block_solver(s, b);
  return make_cpu_block_solver(s, b);
}

}  // namespace ria::swe

namespace ria::swe {

std::vector<std::string> kernels_of(exec::Backend b) {
  if (b == exec::Backend::cuda) return cuda_kernel_names();
  if (b == exec::Backend::openmp && !exec::built_with_openmp()) return {};
  return {"default"};
}

}  // namespace ria::swe
