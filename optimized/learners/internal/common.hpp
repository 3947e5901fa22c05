// Helpers shared by the optimized learners: the reward tape's means as doubles, exact rationals to doubles, and
// the argmax with near-tie detection.
#pragma once

#include <cmath>
#include <stdexcept>
#include <string>
#include <cstdint>
#include <vector>

#include "optimized/internal/wide_int.hpp"
#include "optimized/learners/trajectory.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/environments/reward_tape.hpp"

namespace dpb::fast::internal {

inline double to_double(const Rational& q) { return q.convert_to<double>(); }

// The optimized learners hold noisy statistics raw·q + noise in int64 (issue 11 §5: legal parameters used to overflow
// silently). raw is a sum of at most T rewards of at most G units, so T·G·q ≤ 2^60 keeps raw·q ≤ 2^60; the noise
// is added with a check (|noise| > 2^60 has probability below e^{−2^60/scale}, but it is checked, not assumed), and
// every noisy value is kept within ±2^61 so that sums of up to 4 of them and their differences stay in range; longer
// sums use checked_add. Parameters beyond the bound are refused at construction (ParameterError naming
// `noise_refinement`: the reference build has no such limit).
inline constexpr std::int64_t kNoisyLimit = std::int64_t{1} << 61;

inline void require_int64_headroom(std::uint64_t T, std::int64_t grid, std::int64_t q, const char* function) {
  const i128 bound = static_cast<i128>(T) * grid * q;
  if (bound > (static_cast<i128>(1) << 60))
    throw_parameter_error(function, "noise_refinement",
                          "such that T·grid·noise_refinement <= 2^60 (the optimized build's 64-bit noisy sums; T = " +
                              std::to_string(T) + ", grid = " + std::to_string(grid) + ")",
                          std::to_string(q));
}

// raw·q + noise, checked to lie within ±kNoisyLimit (std::overflow_error naming `function` otherwise).
inline std::int64_t noisy_value(std::int64_t raw, std::int64_t q, std::int64_t noise, const char* function) {
  const i128 v = static_cast<i128>(raw) * q + noise;
  if (v > kNoisyLimit || v < -kNoisyLimit)
    throw std::overflow_error(std::string(function) + ": a noisy statistic left the optimized build's range ±2^61");
  return static_cast<std::int64_t>(v);
}

// a + b, checked (std::overflow_error naming `function`).
inline std::int64_t checked_add(std::int64_t a, std::int64_t b, const char* function) {
  std::int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r))
    throw std::overflow_error(std::string(function) + ": a sum of noisy statistics overflows int64");
  return r;
}

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
