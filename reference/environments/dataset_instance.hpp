// A bandit instance defined by a labelled dataset: arm a is a set (cluster) of rows, and pulling it returns the
// relevance label of a row drawn uniformly (with replacement) from the cluster, scaled to [0, 1] as the exact
// rational label/4 (reward grid G = 4). Arm a's mean is then exactly (Σ_l l·c_{a,l}) / (4 Σ_l c_{a,l}), c_{a,l} the
// number of rows of arm a with label l: the instance is its table of label counts.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), §7 and App. J (MSLR-WEB10K: k-means with K = 50 clusters, each
// cluster an arm whose mean is the empirical mean of its ratings; label in {0, …, 4} used as the reward). The paper
// leaves open the clustering features, the scaling and the per-round sampling; docs/decisions.md § dataset environment
// records our choices. Which rows form an arm is data preprocessing (k-means in floating point,
// optimized/environments/letor_dataset.hpp), not a
// privacy-relevant decision: the learners see only the rewards, drawn here exactly.
//
// Sampling (normative; the optimized twin draws the same bits): u = uniform_below(n_a) (reference/bits/uniform.hpp),
// then the label l with C_{l−1} <= u < C_l, C the cumulative counts of labels 0, 1, …, 4.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/rational.hpp"
#include "reference/environments/letor.hpp"
#include "reference/environments/reward_tape.hpp"

namespace dpb::ref {

using LabelCounts = std::array<std::uint64_t, kLetorMaxLabel + 1>;

class DatasetInstance {
 public:
  static constexpr std::int64_t kGrid = kLetorMaxLabel;  // reward = label/4

  // Validation: at least one arm, every arm with at least one row, at most 2^62 rows per arm.
  explicit DatasetInstance(std::vector<LabelCounts> counts);

  std::uint32_t arms() const { return static_cast<std::uint32_t>(counts_.size()); }
  const LabelCounts& counts(std::uint32_t arm) const { return counts_.at(arm); }
  std::uint64_t rows(std::uint32_t arm) const { return cumulative_.at(arm).back(); }
  const std::vector<Rational>& means() const { return means_; }
  std::uint32_t best_arm() const;  // lowest index among the largest means

  // One reward of arm a in units of 1/4, i.e. the label of a uniformly drawn row of the arm.
  template <BitSource B>
  std::int32_t sample(std::uint32_t arm, B& bits) const {
    const auto& C = cumulative_[arm];
    const Integer u = uniform_below(bits, Integer(C.back()));
    std::int32_t label = 0;
    while (Integer(C[static_cast<std::size_t>(label)]) <= u) ++label;
    return label;
  }

 private:
  std::vector<LabelCounts> counts_;
  std::vector<LabelCounts> cumulative_;  // C_l = Σ_{l' <= l} c_{l'}
  std::vector<Rational> means_;
};

// A length × K tape, arm a's rewards from ChaCha20Source(seed, first_stream + a) (as make_reward_tape).
RewardTape make_dataset_reward_tape(const DatasetInstance& instance, std::uint64_t length, std::uint64_t seed,
                                    std::uint64_t first_stream = 1);

}  // namespace dpb::ref
