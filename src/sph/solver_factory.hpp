// The SPH backends behind make_solver (make_solver.cpp): the serial/OpenMP solver
// (cpu_solver.cpp) and the CUDA solver (cuda_solver_cuda.cu, or no_cuda_solver.cpp in a build
// without CUDA).
#pragma once

#include <memory>

#include "ria/sph/solver.hpp"

namespace ria::sph {

std::unique_ptr<Solver> make_cpu_solver(const Setup& s);
std::unique_ptr<Solver> make_cuda_solver(const Setup& s);

}  // namespace ria::sph
