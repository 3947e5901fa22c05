// Tree mechanism, optimized build: reference/protocols/tree_mechanism.hpp with int64 leaves (numerators on the grid
// 2^−r), i128 noise (fast::RoundedNormal::wide's sample_wide, same bits and values) and 128-bit sums. Every σ̄ the
// reference admits with numerator and denominator in int64, r <= 62 and c = σ̄·2^r <= 2^100 is admitted (c <= 2^48:
// the sampler's 128-bit rounding; above: its 256-bit rounding, issue 21); anything else is refused by
// fast::RoundedNormal, naming the parameter. The symmetrisation (none|half|root2) picks the sampler per label exactly as
// the reference does (ref::tree_label_sigmas; the rounded-up σ̄/√2 and σ̄√2 lie on the grid 2^−32).
// No overflow: |leaf| <= 2^63, N <= 2^62 leaves, |noise| <= 2^120 (sample_wide's bound), m <= 63 levels. A node adds at
// most N leaves and one noise: < 2^125 + 2^120. A release adds at most m nodes covering disjoint leaf ranges, so its
// leaf part is at most N·2^63 <= 2^125 and its noise part at most 63·2^120 < 2^126: |release| < 2^125 + 2^126 < 2^127.
// Bit-identical to the reference (tests/optimized/protocols/tree_mechanism_prop_test.cpp, including r = 62).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "optimized/internal/wide_int.hpp"
#include "optimized/samplers/rounded_normal.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::fast {

using tree_i128 = i128;  // optimized/internal/wide_int.hpp

struct TreeStep {
  std::vector<unsigned> completed_levels;
  std::vector<tree_i128> completed_noise;  // |completed| × |labels|, node-major
  std::vector<tree_i128> release;
  ref::TreeStep to_reference(const Integer& t) const;
};

class TreeMechanism {
 public:
  explicit TreeMechanism(ref::TreeParams params);

  unsigned levels() const { return m_; }

  template <BitSource Bits>
  TreeStep add(std::span<const std::int64_t> leaf, Bits& bits) {
    if (leaf.size() != L_)
      throw_parameter_error("fast::TreeMechanism::add", "leaf", std::to_string(L_) + " label values",
                            std::to_string(leaf.size()));
    if (t_ >= N_)
      throw_parameter_error("fast::TreeMechanism::add", "leaf", "at most N = " + std::to_string(N_) + " leaves",
                            "leaf " + std::to_string(t_ + 1));
    ++t_;
    TreeStep step;
    for (unsigned h = 0; h < m_; ++h)
      for (std::size_t k = 0; k < L_; ++k) open_[h * L_ + k] += leaf[k];
    for (unsigned h = 0; h < m_ && (t_ & ((std::uint64_t{1} << h) - 1)) == 0; ++h) {
      step.completed_levels.push_back(h);
      for (std::size_t k = 0; k < L_; ++k) {
        const tree_i128 K = samplers_[sampler_of_[k]].sample_wide(bits);
        step.completed_noise.push_back(K);
        noisy_[h * L_ + k] = open_[h * L_ + k] + K;
        open_[h * L_ + k] = 0;
      }
    }
    step.release.assign(L_, 0);
    for (unsigned h = 0; h < m_; ++h)
      if ((t_ >> h) & 1U)
        for (std::size_t k = 0; k < L_; ++k) step.release[k] += noisy_[h * L_ + k];
    return step;
  }

  // The same bits and release as add(), written into `release` (|labels| entries) without recording the completed
  // nodes: no allocation (the learners' per-round path).
  template <BitSource Bits>
  void add_release(std::span<const std::int64_t> leaf, Bits& bits, std::span<tree_i128> release) {
    if (leaf.size() != L_ || release.size() != L_)
      throw_parameter_error("fast::TreeMechanism::add_release", "leaf", std::to_string(L_) + " label values",
                            std::to_string(leaf.size()));
    if (t_ >= N_)
      throw_parameter_error("fast::TreeMechanism::add_release", "leaf",
                            "at most N = " + std::to_string(N_) + " leaves", "leaf " + std::to_string(t_ + 1));
    ++t_;
    for (unsigned h = 0; h < m_; ++h)
      for (std::size_t k = 0; k < L_; ++k) open_[h * L_ + k] += leaf[k];
    for (unsigned h = 0; h < m_ && (t_ & ((std::uint64_t{1} << h) - 1)) == 0; ++h)
      for (std::size_t k = 0; k < L_; ++k) {
        noisy_[h * L_ + k] = open_[h * L_ + k] + samplers_[sampler_of_[k]].sample_wide(bits);
        open_[h * L_ + k] = 0;
      }
    for (std::size_t k = 0; k < L_; ++k) release[k] = 0;
    for (unsigned h = 0; h < m_; ++h)
      if ((t_ >> h) & 1U)
        for (std::size_t k = 0; k < L_; ++k) release[k] += noisy_[h * L_ + k];
  }

  std::uint64_t time() const { return t_; }

 private:
  ref::TreeMechanism checked_;  // the reference's validation
  std::vector<RoundedNormal> samplers_;  // one per distinct σ̄ (RoundedNormal::wide), in the reference's order
  std::vector<std::size_t> sampler_of_;  // per label
  std::size_t L_;
  unsigned m_;
  std::uint64_t N_, t_ = 0;
  std::vector<tree_i128> open_, noisy_;  // level-major, |labels| per level
};

}  // namespace dpb::fast
