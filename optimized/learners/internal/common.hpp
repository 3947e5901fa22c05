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
// value's arm; if another arm with a different key is within the error bounds (a near tie), records a NearTie and,
// with options.defer_near_ties, returns certified() instead — the reference's certified argmax on the exact inputs —
// counting the deferral. (options.near_tie_scale and fault_at_near_ties are the cross-check controls' hooks.)
template <class Key, class Certified>
std::uint32_t argmax_deferring(const double* value, const double* error, const Key* key, std::uint32_t K,
                               std::uint64_t round, Trajectory& out, const LearnerOptions& options,
                               Certified&& certified) {
  std::uint32_t best = 0;
  for (std::uint32_t j = 1; j < K; ++j)
    if (value[j] > value[best]) best = j;
  for (std::uint32_t j = 0; j < K; ++j) {
    if (j == best || key[j] == key[best]) continue;
    const double gap = value[best] - value[j], bound = (error[best] + error[j]) * options.near_tie_scale;
    if (gap <= bound) {
      NearTie tie{round, best, j, gap, bound};
      if (options.defer_near_ties) {
        best = certified();
        tie.arm = best;
        tie.deferred = true;
        ++out.deferrals;
      } else if (options.fault_at_near_ties) {
        best = j;
        tie.arm = best;
      }
      out.near_ties.push_back(tie);
      break;
    }
  }
  return best;
}

}  // namespace dpb::fast::internal
