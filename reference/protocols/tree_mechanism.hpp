// The tree-based (binary counting) mechanism of seed 001's central baselines (Chan, Shi, Song 2010; Shariff and
// Sheffet 2018; Chowdhury & Zhou, ICML 2022, arXiv:2202.05567, App. F, Prop. F.3, and App. E.3, Prop. 4.3),
// generic over the leaf type: a leaf is one value per label of a LabelSet (labels.hpp), i.e. a d-vector or the upper
// triangle of a symmetric D×D matrix (the Gram of z = (φ, y), D = d + 1). docs/protocol-001.md.
//
// N leaves (rounds, or batch sums), m = ⌈log₂ N⌉ + 1 levels h = 0..m−1 (errata to issue 17, "Tree"). Node (h, j)
// covers leaves j·2^h + 1 .. (j+1)·2^h (1-based) and ends at leaf t = (j+1)·2^h. The release after leaf t is the prefix
// Σ_{s<=t} leaf_s + noise = the sum of the dyadic nodes (h, ⌊t/2^h⌋ − 1) over the set bits h of t (at most m nodes).
// For a set bit h, ⌊t/2^h⌋ is odd, so every node any release uses has an EVEN index j (a left child); a node with an
// odd j (a right child) is in no release. Only the released nodes are materialised: the node ending at leaf t is
// (v, t/2^v − 1) with v = v₂(t) (trailing zeros of t; v <= m − 1 since t <= N <= 2^(m−1)), the only node ending at t
// with an even index, and it is released at t (bit v of t is set) and at every later leaf until bit v changes. It
// holds the exact sum of its leaves plus fresh noise: per label an independent rounded Gaussian K·2^−r,
// K = RoundedNormal(σ̄, r) (for a matrix leaf the upper triangle is drawn, the lower one is its mirror: symmetric
// noise). The nodes (h, t/2^h − 1), h < v, that also end at t are right children: no noise is drawn for them and
// their sums are not kept (each level's running sum restarts at every multiple of 2^h, as before).
// (The papers' trees draw noise for every node; a node no release uses changes no release, so dropping it leaves the
// joint law of all releases unchanged: each released node is still its exact sum plus fresh independent noise of
// the same law — docs/decisions.md, "The tree draws noise only for released nodes".)
// Leaves are exact rationals on the grid 2^−r (checked), so a node's value s + K·2^−r = round_{2^−r}(s + σ̄X) is a
// post-processing of the Gaussian mechanism s + σ̄X: the whole view (all released, i.e. left, nodes) is a Gaussian
// mechanism of ℓ₂ sensitivity at most √m·Δ_leaf (a leaf is in at most one node per level, so in at most m left
// nodes; the calibration, which assumes every node, is unchanged and conservative), and every prefix is a
// post-processing of it.
//
// Bits (normative): at leaf t, v = v₂(t): node (v, t/2^v − 1)'s noise, one RoundedNormal draw per label in LabelSet
// order; nothing else (|labels| draws per leaf). Until session 20 (issue 20) every node ending at t drew noise
// (h = 0..v, in that order); the golden vectors changed with it (docs/vectors.md).
//
// Symmetrisation (seed 003, Sarmasarkar 2026, arXiv:2602.00417, Lemma I.4 and App. P; docs/protocol-003.md, "The
// matrix tree"): for a symmetric-matrix label set the node noise can follow the law of a symmetrised Gaussian
// matrix Z built from Z′ with i.i.d. N(0, σ²) entries, its upper triangle drawn directly (one draw per label, same
// order): `none` (default, seed 001's behaviour) every label N(0, σ̄²); `half` Z = (Z′ + Z′ᵀ)/2: diagonal N(0, σ̄²),
// off-diagonal N(0, σ²/2); `root2` Z = (Z′ + Z′ᵀ)/√2: diagonal N(0, 2σ²), off-diagonal N(0, σ̄²). The irrational
// standard deviations σ̄/√2 and σ̄√2 are rounded UP to the grid 2^−32 (tree_label_sigmas): the sampler's noise is
// then at least the nominal law's, so an accountant that uses the nominal law (as docs/privacy-003.md does) is
// conservative.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/labels.hpp"
#include "reference/samplers/rounded_normal.hpp"

namespace dpb::ref {

// m = ⌈log₂ N⌉ + 1 for N >= 1.
unsigned tree_levels(const Integer& leaves);

enum class Symmetrisation { None, Half, Root2 };
std::string symmetrisation_name(Symmetrisation s);       // none, half, root2
Symmetrisation parse_symmetrisation(const std::string& s, std::string_view function);  // ParameterError otherwise

// The grid of the rounded-up irrational standard deviations: 2^−32.
inline constexpr unsigned kTreeSigmaGridBits = 32;
// ⌈x·2^32⌉·2^−32 for x = σ/√2 (half = true) or σ√2, decided exactly on integers.
Rational round_up_sigma_over_sqrt2(const Rational& sigma);
Rational round_up_sigma_times_sqrt2(const Rational& sigma);

struct TreeParams {
  LabelSet labels = LabelSet::vector(1);
  Integer leaves{1};     // N >= 1, <= 2^62
  Rational sigma{1};     // σ̄ > 0, the node noise's standard deviation
  Integer grid_bits{16}; // r: leaves and releases on the grid 2^−r
  Symmetrisation symmetrisation = Symmetrisation::None;  // half/root2 need a symmetric-matrix label set
};

struct TreeNode {
  unsigned level = 0;
  Integer index;               // j
  std::vector<Integer> noise;  // K per label (noise = K·2^−r)
  bool operator==(const TreeNode&) const = default;
};

struct TreeStep {
  // The node whose noise was drawn at this leaf: exactly one, (v₂(t), t/2^v₂(t) − 1) — the newest node of the release's
  // dyadic cover (tree_prefix_cover(t)'s lowest level). The right children that also end at t are not listed (no
  // noise, never released). A vector for the callers that iterate it.
  std::vector<TreeNode> completed;
  std::vector<Integer> release;     // the noisy prefix, numerators on the grid 2^−r, per label
  bool operator==(const TreeStep&) const = default;
};

// The dyadic cover of the prefix 1..t: the nodes (h, ⌊t/2^h⌋ − 1) for the set bits h of t, h ascending (the nodes
// TreeMechanism sums into the release after leaf t).
struct TreeNodeId {
  unsigned level = 0;
  std::uint64_t index = 0;
  bool operator==(const TreeNodeId&) const = default;
};
std::vector<TreeNodeId> tree_prefix_cover(std::uint64_t t);

// The noise's standard deviation per label (LabelSet order) that the sampler uses: σ̄ or its rounded-up multiple by
// 1/√2 (half, off-diagonal) or √2 (root2, diagonal). ParameterError naming TreeMechanism for half/root2 on a vector.
std::vector<Rational> tree_label_sigmas(const TreeParams& params);
// The nominal variance factor c_e per label: σ_e² = c_e·σ² (none 1; half 1 diagonal, 1/2 off; root2 2 and 1).
std::vector<Rational> tree_variance_factors(const TreeParams& params);

class TreeMechanism {
 public:
  // ParameterError naming TreeMechanism for N outside [1, 2^62]; RoundedNormal's for σ̄ and r.
  explicit TreeMechanism(TreeParams params);

  const TreeParams& params() const { return params_; }
  unsigned levels() const { return m_; }
  const Integer& time() const { return t_; }

  // Leaf as rationals on the grid 2^−r (ParameterError naming TreeMechanism::add otherwise) or as numerators.
  template <BitSource Bits>
  TreeStep add(std::span<const Rational> leaf, Bits& bits) {
    return add_numerators(to_numerators(leaf), bits);
  }
  template <BitSource Bits>
  TreeStep add_numerators(const std::vector<Integer>& leaf, Bits& bits);

  std::vector<Integer> to_numerators(std::span<const Rational> leaf) const;

 private:
  TreeParams params_;
  unsigned m_;
  std::vector<RoundedNormal> samplers_;  // one per distinct σ̄ (at most 2)
  std::vector<std::size_t> sampler_of_;  // per label
  Integer t_{0};
  std::vector<std::vector<Integer>> open_;   // per level h: exact sum of the leaves since the last multiple of 2^h
  std::vector<std::vector<Integer>> noisy_;  // per level: the last released (left) node's noisy value
};

template <BitSource Bits>
TreeStep TreeMechanism::add_numerators(const std::vector<Integer>& leaf, Bits& bits) {
  const std::size_t L = params_.labels.size();
  if (leaf.size() != L)
    throw_parameter_error("TreeMechanism::add", "leaf", std::to_string(L) + " label values",
                          std::to_string(leaf.size()));
  if (t_ >= params_.leaves)
    throw_parameter_error("TreeMechanism::add", "leaf", "at most N = " + to_string(params_.leaves) + " leaves",
                          "leaf " + to_string(Integer(t_ + 1)));
  ++t_;
  TreeStep step;
  for (unsigned h = 0; h < m_; ++h)
    for (std::size_t k = 0; k < L; ++k) open_[h][k] += leaf[k];
  unsigned v = 0;  // v₂(t) <= m − 1 (t <= N <= 2^(m−1))
  while (!bit_test(t_, v)) ++v;
  for (unsigned h = 0; h < v; ++h)  // right children ending at t: no noise, never released
    for (std::size_t k = 0; k < L; ++k) open_[h][k] = 0;
  TreeNode node;
  node.level = v;
  node.index = (t_ >> v) - 1;
  for (std::size_t k = 0; k < L; ++k) {
    node.noise.push_back(samplers_[sampler_of_[k]](bits));
    noisy_[v][k] = open_[v][k] + node.noise.back();
    open_[v][k] = 0;
  }
  step.completed.push_back(std::move(node));
  step.release.assign(L, Integer(0));
  for (unsigned h = 0; h < m_; ++h)
    if (bit_test(t_, h))
      for (std::size_t k = 0; k < L; ++k) step.release[k] += noisy_[h][k];
  return step;
}

}  // namespace dpb::ref
