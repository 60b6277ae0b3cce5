// The sum of the perimeter edges' inflow/outflow rates (balance.hpp) in a fixed pairwise order that
// does not depend on who computes which edges: the same bits on one process and on a row-block
// decomposition over ranks (mpi/), where each rank sums the subtrees inside its own edges.
//
// The edges 0..n-1 are the leaves of a binary tree of L levels, 2^L >= n. Node (level l, index m)
// covers edges [m 2^l, (m + 1) 2^l); its value is its left child plus its right child, or the left
// child alone when the right one covers no edge below n.
#pragma once

#include <vector>

#include "ria/swe/balance.hpp"

namespace ria::swe {

struct TreeNode {
  int level = 0;
  long index = 0;
  long begin() const { return index << level; }
};

/// Levels of the tree over n leaves (the smallest L with 2^L >= n).
inline int tree_levels(long n) {
  int l = 0;
  while ((1L << l) < n) ++l;
  return l;
}

/// Value of a node, its leaves from leaf(e); nodes found by known(node, value) are not descended.
template <class V, class Leaf, class Known>
V tree_sum(TreeNode node, long n, const Leaf& leaf, const Known& known) {
  V v;
  if (known(node, v)) return v;
  if (node.level == 0) return leaf(node.begin());
  const TreeNode left{node.level - 1, 2 * node.index}, right{node.level - 1, 2 * node.index + 1};
  v = tree_sum<V>(left, n, leaf, known);
  if (right.begin() < n) v += tree_sum<V>(right, n, leaf, known);
  return v;
}

/// The tree's sum over all n edges.
template <class V, class Leaf>
V tree_sum(long n, const Leaf& leaf) {
  if (n <= 0) return V{};
  return tree_sum<V>(TreeNode{tree_levels(n), 0}, n, leaf, [](TreeNode, V&) { return false; });
}

/// The largest tree nodes covering [begin, end) exactly, left to right (at most 2 L of them).
inline std::vector<TreeNode> tree_cover(long begin, long end) {
  std::vector<TreeNode> out;
  while (begin < end) {
    int l = 0;
    while ((begin % (2L << l)) == 0 && begin + (2L << l) <= end) ++l;
    out.push_back({l, begin >> l});
    begin += 1L << l;
  }
  return out;
}

}  // namespace ria::swe
