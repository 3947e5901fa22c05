// Helpers shared by the optimized learners: the reward tape's means as doubles, exact rationals to doubles, and
// the argmax with near-tie detection.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "optimized/learners/trajectory.hpp"
#include "reference/core/rational.hpp"
#include "reference/environments/reward_tape.hpp"

namespace dpb::fast::internal {

inline double to_double(const Rational& q) { return q.convert_to<double>(); }

inline std::vector<double> means_of(const ref::RewardTape& tape) {
  std::vector<double> means;
  for (const Rational& mu : tape.means()) means.push_back(to_double(mu));
  return means;
}

// Index j is value[j] ± error[j]; key[j] identifies the exact inputs of the index (equal keys give bitwise equal
// values and exactly equal indices, which both builds break towards the lowest arm). Returns the first largest
// value's arm and, if another arm with a different key is within the error bounds, records a NearTie.
template <class Key>
std::uint32_t argmax_flagged(const double* value, const double* error, const Key* key, std::uint32_t K,
                             std::uint64_t round, std::vector<NearTie>& near_ties) {
  std::uint32_t best = 0;
  for (std::uint32_t j = 1; j < K; ++j)
    if (value[j] > value[best]) best = j;
  for (std::uint32_t j = 0; j < K; ++j) {
    if (j == best || key[j] == key[best]) continue;
    const double gap = value[best] - value[j], bound = error[best] + error[j];
    if (gap <= bound) {
      near_ties.push_back(NearTie{round, best, j, gap, bound});
      break;
    }
  }
  return best;
}

}  // namespace dpb::fast::internal
