// Row loops for the CPU backends: the only place (with reduce_cpu.cpp) OpenMP pragmas appear.
#pragma once

#include <algorithm>

#if defined(RIA_HAVE_OPENMP)
#include <omp.h>
#endif

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

/// Calls f(k) for k in [begin, end) whose costs differ widely (SPH particles: a wall particle
/// with no fluid in reach costs next to nothing, a fluid one ~100 pair terms): with `parallel`
/// threads take chunks of 256 as they finish (a static split of particles sorted by cell gives one
/// thread more of the water). f(k) must not depend on which thread runs it.
template <class F>
void for_uneven_items(bool parallel, int begin, int end, F&& f) {
#if defined(RIA_HAVE_OPENMP)
  if (parallel) {
#pragma omp parallel for schedule(dynamic, 256)
    for (int k = begin; k < end; ++k) f(k);
    return;
  }
#else
  (void)parallel;
#endif
  for (int k = begin; k < end; ++k) f(k);
}

/// Calls f(j0, j1) on consecutive chunks [j0, j1) covering [begin, end): one chunk, or with
/// `parallel` one per thread (the rows split as evenly as they go), for loops that carry values
/// from one row to the next.
template <class F>
void for_row_chunks(bool parallel, int begin, int end, F&& f) {
#if defined(RIA_HAVE_OPENMP)
  if (parallel) {
#pragma omp parallel
    {
      const long n = omp_get_num_threads(), k = omp_get_thread_num(), rows = end - begin;
      const int j0 = begin + static_cast<int>(rows * k / n), j1 = begin + static_cast<int>(rows * (k + 1) / n);
      if (j0 < j1) f(j0, j1);
    }
    return;
  }
#else
  (void)parallel;
#endif
  if (begin < end) f(begin, end);
}

/// for_row_chunks for rows whose costs differ (a domain mostly dry, with the water in a few
/// places): with `parallel` the rows are cut into `per_thread` chunks per thread, of at least
/// `min_rows` rows each (the chunks as even as they go; one chunk when the rows are fewer), and
/// threads take chunks as they finish. f(j0, j1) must not depend on the chunking.
template <class F>
void for_uneven_row_chunks(bool parallel, int begin, int end, int per_thread, int min_rows, F&& f) {
#if defined(RIA_HAVE_OPENMP)
  if (parallel) {
    const long rows = end - begin;
    const long n = std::max<long>(
        1, std::min<long>(rows / std::max(1, min_rows), static_cast<long>(per_thread) * omp_get_max_threads()));
#pragma omp parallel for schedule(dynamic, 1)
    for (long c = 0; c < n; ++c) f(begin + static_cast<int>(rows * c / n), begin + static_cast<int>(rows * (c + 1) / n));
    return;
  }
#else
  (void)parallel;
  (void)per_thread;
  (void)min_rows;
#endif
  if (begin < end) f(begin, end);
}

}  // namespace ria::exec::cpu
