// Row loops for the CPU backends: the only place (with reduce_cpu.cpp) OpenMP pragmas appear.
#pragma once

namespace ria::exec::cpu {

/// Calls f(j) for j in [begin, end); with `parallel` the rows are split statically over threads.
template <class F>
void for_rows(bool parallel, int begin, int end, F&& f) {
#if defined(RIA_HAVE_OPENMP)
  if (parallel) {
#pragma omp parallel for schedule(static)
    for (int j = begin; j < end; ++j) f(j);
    return;
  }
#else
  (void)parallel;
#endif
  for (int j = begin; j < end; ++j) f(j);
}

}  // namespace ria::exec::cpu
