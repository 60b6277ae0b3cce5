// Runs of interior edges on the CPU: the fluxes of consecutive edges computed as the lanes of
// vector instructions. An edge of a run lies between a left cell and a right cell; the run gives
// both cells' states as arrays starting at its first edge, in the edge frame (qn: the discharge
// normal to the edges, qt: along them), so one function serves x-edges (left = the cell before in
// the row; qn = qx) and y-edges (left = the cell in the row below; qn = qy). Each lane calls
// interior_edge (stencil.hpp), the function every backend calls, so the values are those of the
// scalar loop bit for bit: the file is built without floating-point contraction.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "ria/swe/state.hpp"
#include "swe/stencil.hpp"

namespace ria::swe {

/// The cells on one side of a run of edges: states in S, beds in T, element k for edge k.
template <class S, class T>
struct EdgeSide {
  const S* h;
  const S* qn;
  const S* qt;
  const S* hc;
  const T* H;
};

/// Edge fluxes as five arrays (structure of arrays), element k for edge k.
template <class T>
struct EdgeFluxes {
  T* h;
  T* qn_l;
  T* qn_r;
  T* qt;
  T* hc;
  EdgeFluxes shifted(long k) const { return {h + k, qn_l + k, qn_r + k, qt + k, hc + k}; }
  EdgeFlux<T> at(long k) const { return {h[k], qn_l[k], qn_r[k], qt[k], hc[k]}; }
  void set(long k, const EdgeFlux<T>& f) const {
    h[k] = f.h;
    qn_l[k] = f.qn_l;
    qn_r[k] = f.qn_r;
    qt[k] = f.qt;
    hc[k] = f.hc;
  }
};

/// Storage of the fluxes of n edges, as EdgeFluxes.
template <class T>
class FluxRow {
 public:
  explicit FluxRow(int n) : v_(5 * static_cast<std::size_t>(n)), n_(static_cast<std::size_t>(n)) {}
  EdgeFluxes<T> fluxes() {
    T* p = v_.data();
    return {p, p + n_, p + 2 * n_, p + 3 * n_, p + 4 * n_};
  }
  void swap(FluxRow& o) { v_.swap(o.v_); std::swap(n_, o.n_); }

 private:
  std::vector<T> v_;
  std::size_t n_;
};

/// out[k] = interior_edge(left cell k, right cell k) for k in [0, count); inv_d: 1/dx for
/// x-edges, 1/dy for y-edges (diffusion). The arrays of out must not overlap the inputs.
template <class S, class T>
void interior_edge_run(const EdgeSide<S, T>& left, const EdgeSide<S, T>& right, int count, T inv_d,
                       const Physics<T>& p, const EdgeFluxes<T>& out);

/// Whether every edge of a run between the sides left and right lies between two dry cells
/// (dry_edge, judged in T as the sweep's states are): then the run's fluxes are all zero.
template <class S, class T>
bool all_dry_edges(const EdgeSide<S, T>& left, const EdgeSide<S, T>& right, int count) {
  for (int k = 0; k < count; ++k)
    if (!dry_edge(static_cast<T>(left.h[k]), static_cast<T>(right.h[k]))) return false;
  return true;
}

}  // namespace ria::swe
