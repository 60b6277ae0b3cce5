// interior_edge_run, compiled for vector lanes. The loop body is interior_edge with everything
// inlined (flatten); edge_flux is written without mutable flags (roe_flux.hpp) so that its
// branches become selects. CMakeLists.txt builds this file with -fopenmp-simd (the simd pragma),
// -fno-trapping-math and -fno-math-errno (a select may evaluate the branch not taken, whose
// values are dropped), -fno-tree-pre (GCC 12 otherwise merges the dry tests into a mask select it
// cannot vectorise) and -ffp-contract=off (no fused multiply-add in any clone; the whole host
// build has it too, so the scalar code makes the same bits). None of these changes a value. With
// GCC on x86-64 and glibc the function is cloned for AVX-512 and AVX2, and the loader picks the
// widest the processor runs.
#include "swe/edge_runs.hpp"

#include "swe/stencil.hpp"

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__)  // clones need ifunc
#define RIA_EDGE_RUN_CLONES __attribute__((flatten, target_clones("avx512f", "avx2", "default")))
#else
#define RIA_EDGE_RUN_CLONES
#endif

namespace ria::swe {

template <class S, class T>
RIA_EDGE_RUN_CLONES void interior_edge_run(const EdgeSide<S, T>& left, const EdgeSide<S, T>& right, int count, T inv_d,
                                           const Physics<T>& p, const EdgeFluxes<T>& out) {
  const S *__restrict lh = left.h, *__restrict lqn = left.qn, *__restrict lqt = left.qt, *__restrict lhc = left.hc;
  const S *__restrict rh = right.h, *__restrict rqn = right.qn, *__restrict rqt = right.qt, *__restrict rhc = right.hc;
  const T *__restrict lH = left.H, *__restrict rH = right.H;
  T *__restrict fh = out.h, *__restrict fl = out.qn_l, *__restrict fr = out.qn_r, *__restrict ft = out.qt,
    *__restrict fc = out.hc;
#pragma omp simd
  for (int k = 0; k < count; ++k) {
    const EdgeState<T> l{static_cast<T>(lh[k]), static_cast<T>(lqn[k]), static_cast<T>(lqt[k]), static_cast<T>(lhc[k])};
    const EdgeState<T> r{static_cast<T>(rh[k]), static_cast<T>(rqn[k]), static_cast<T>(rqt[k]), static_cast<T>(rhc[k])};
    const EdgeFlux<T> f = interior_edge(l, lH[k], r, rH[k], inv_d, p);
    fh[k] = f.h;
    fl[k] = f.qn_l;
    fr[k] = f.qn_r;
    ft[k] = f.qt;
    fc[k] = f.hc;
  }
}

template void interior_edge_run<float, float>(const EdgeSide<float, float>&, const EdgeSide<float, float>&, int, float,
                                              const Physics<float>&, const EdgeFluxes<float>&);
template void interior_edge_run<double, double>(const EdgeSide<double, double>&, const EdgeSide<double, double>&, int,
                                                double, const Physics<double>&, const EdgeFluxes<double>&);
template void interior_edge_run<double, float>(const EdgeSide<double, float>&, const EdgeSide<double, float>&, int,
                                               float, const Physics<float>&, const EdgeFluxes<float>&);

}  // namespace ria::swe
