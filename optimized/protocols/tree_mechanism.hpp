// Tree mechanism, optimized build: reference/protocols/tree_mechanism.hpp with int64 leaves (numerators on the grid
// 2^−r), i128 noise (fast::RoundedNormal::wide's sample_wide, same bits and values) and 128-bit sums. Every σ̄ the
// reference admits with numerator and denominator in int64, r <= 62 and c = σ̄·2^r <= 2^100 is admitted (c <= 2^48:
// the sampler's 128-bit rounding; above: its 256-bit rounding, issue 21); anything else is refused by
// fast::RoundedNormal, naming the parameter. The symmetrisation (none|half|root2) picks the sampler per label exactly as
// the reference does (ref::tree_label_sigmas; the rounded-up σ̄/√2 and σ̄√2 lie on the grid 2^−32).
// Same nodes and bits as the reference: at leaf t one node, (v₂(t), t/2^v₂(t) − 1), |labels| draws in LabelSet order.
// Kept differently (same values, exact integers): the exact prefix sum of the leaves, the noise K of the last drawn
// node per level, and `cover` = Σ of the noise of the release's dyadic cover (the levels of t's set bits). From t − 1
// to t (v = v₂(t)): t − 1 has bits 0..v−1 set and bit v clear, t has bits 0..v−1 clear and bit v set, so
// cover(t) = cover(t − 1) − Σ_{h<v} K_h + K_new; the release is prefix + cover: O((v + 2)·|labels|) additions per leaf
// (≈ 3·|labels| on average) instead of the reference's O(m·|labels|).
// No overflow: |leaf| <= 2^63, N <= 2^62 leaves, |noise| <= 2^120 (sample_wide's bound), m <= 63 levels. The prefix
// is at most N·2^63 <= 2^125; cover and every intermediate of its update is a sum of at most m + 1 <= 64 noises (a
// subset of one cover plus the new one): < 2^126; |release| < 2^125 + 2^126 < 2^127.
// Bit-identical to the reference (tests/optimized/protocols/tree_mechanism_prop_test.cpp, including r = 62).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "optimized/internal/wide_int.hpp"
#include "optimized/samplers/rounded_normal.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::fast {

using tree_i128 = i128;  // optimized/internal/wide_int.hpp

struct TreeStep {  // ref::TreeStep's: completed_levels = {v₂(t)}, the drawn node's level
  std::vector<unsigned> completed_levels;
  std::vector<tree_i128> completed_noise;  // |completed| × |labels|, node-major
  std::vector<tree_i128> release;
  ref::TreeStep to_reference(const Integer& t) const;
};

class TreeMechanism {
 public:
  explicit TreeMechanism(ref::TreeParams params);

  unsigned levels() const { return m_; }

  // The release and the drawn node (completed_levels: exactly v₂(t); completed_noise: its |labels| noises).
  template <BitSource Bits>
  TreeStep add(std::span<const std::int64_t> leaf, Bits& bits) {
    TreeStep step;
    step.release.resize(L_);
    const unsigned v = advance("fast::TreeMechanism::add", leaf, bits, step.release.data());
    step.completed_levels.push_back(v);
    step.completed_noise.assign(noise_.begin() + static_cast<std::ptrdiff_t>(v * L_),
                                noise_.begin() + static_cast<std::ptrdiff_t>((v + 1) * L_));
    return step;
  }

  // The same bits and release as add(), written into `release` (|labels| entries) without recording the drawn node:
  // no allocation (the learners' per-round path).
  template <BitSource Bits>
  void add_release(std::span<const std::int64_t> leaf, Bits& bits, std::span<tree_i128> release) {
    if (release.size() != L_)
      throw_parameter_error("fast::TreeMechanism::add_release", "release", std::to_string(L_) + " label values",
                            std::to_string(release.size()));
    advance("fast::TreeMechanism::add_release", leaf, bits, release.data());
  }

  std::uint64_t time() const { return t_; }

 private:
  ref::TreeMechanism checked_;  // the reference's validation
  std::vector<RoundedNormal> samplers_;  // one per distinct σ̄ (RoundedNormal::wide), in the reference's order
  std::vector<std::size_t> sampler_of_;  // per label
  std::size_t L_;
  unsigned m_;
  std::uint64_t N_, t_ = 0;
  std::vector<tree_i128> prefix_;  // Σ leaves so far, per label
  std::vector<tree_i128> noise_;   // level-major, |labels| per level: the last drawn node's K at each level
  std::vector<tree_i128> cover_;   // Σ of noise_ over the set bits of t, per label

  // One leaf: validates, draws node (v₂(t), ·)'s noise, writes the release; returns v₂(t).
  template <BitSource Bits>
  unsigned advance(const char* fn, std::span<const std::int64_t> leaf, Bits& bits, tree_i128* release) {
    if (leaf.size() != L_)
      throw_parameter_error(fn, "leaf", std::to_string(L_) + " label values", std::to_string(leaf.size()));
    if (t_ >= N_)
      throw_parameter_error(fn, "leaf", "at most N = " + std::to_string(N_) + " leaves",
                            "leaf " + std::to_string(t_ + 1));
    ++t_;
    const auto v = static_cast<unsigned>(std::countr_zero(t_));  // <= m − 1
    for (unsigned h = 0; h < v; ++h) {  // leave the cover: levels 0..v−1 (set in t − 1, clear in t)
      const tree_i128* K = noise_.data() + h * L_;
      for (std::size_t k = 0; k < L_; ++k) cover_[k] -= K[k];
    }
    tree_i128* K = noise_.data() + v * L_;
    for (std::size_t k = 0; k < L_; ++k) {
      K[k] = samplers_[sampler_of_[k]].sample_wide(bits);
      cover_[k] += K[k];
      prefix_[k] += leaf[k];
      release[k] = prefix_[k] + cover_[k];
    }
    return v;
  }
};

}  // namespace dpb::fast
