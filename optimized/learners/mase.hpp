// Seed 004's multi-agent elimination engine, optimized build: reference/learners/mase.hpp on machine integers,
// bit-identical (the same outcome record, event for event, on the same streams; verify/crosscheck/
// multi_agent_crosscheck.hpp).
//  * Reward sums in int64: pulls per (agent, arm) <= max_rounds <= 2^40 and G <= 2^21 are required (refused
//    otherwise, ParameterError), so every sum is below 2^61.
//  * The SE threshold ⌈2G·√(t·ln(cKt²/ρ))⌉ is computed in double and cached per t; when the double is within a
//    relative 10^−9 of an integer (its error is below 2^−48 relative) the reference's certified ceiling is used,
//    counted in `deferred`.
//  * DP-MASE: noisy sums q·Σk + Lap_Z(G·q/ε) in __int128: an epoch that ends has R <= max_rounds <= 2^40, so
//    |Σk·q| <= 2^40·2^21·2^20 = 2^81 and |noise| < 2^63: far below 2^127 (dp_mase_noisy_sum_bound, tested).
//    The test μ̃_max − μ̃_i > 2(h + c) in double; within 2^−40 relative of the threshold (error below 2^−47) it
//    defers to the reference's certified DpSeEpoch test, counted. HalfGap is decided exactly (rationals).
//  * P^γ: the first 64-bit chunk is decided on the table ⌊F(k)·2^64⌋; when F(k−1)·2^64 ∈ [u, u + 1) the draw
//    continues in the reference's certified inversion with the chunk it read, counted.
//  * binomial_epoch_sums (MultiAgentConfig, Bernoulli arms): an arm's epoch sum is binomial_epoch_sum(R(e), μ) on
//    its (agent, arm) reward stream — one BinomialSplit draw instead of R(e) Bernoulli draws (004.epoch-sum.binomial).
#pragma once

#include "optimized/internal/wide_int.hpp"
#include "optimized/samplers/binomial_split.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/environments/bandit_instance.hpp"
#include "reference/learners/mase.hpp"

namespace dpb::fast {

// The sum of R Bernoulli(mean) rewards as the binomial epoch-sum path draws it: Bin(R, mean) by BinomialSplit
// (R <= 2^63 − 1, mean ∈ [0, 1]).
template <BitSource B>
std::uint64_t binomial_epoch_sum(B& bits, std::uint64_t R, const Rational& mean) {
  const Integer b = boost::multiprecision::denominator(mean);
  if (b <= Integer(BinomialSplit::kMaxDenominator) && mean >= 0 && mean <= 1 && R <= detail::kInt64Max)
    return BinomialSplit::draw(bits, R, to_uint64(Integer(boost::multiprecision::numerator(mean))), to_uint64(b));
  return to_uint64(ref::BinomialSplit(Integer(R), mean)(bits));  // validates; the same bits
}

ref::MultiAgentOutcome run_multi_agent(const ref::MultiAgentConfig& config, const ref::BanditInstance& instance,
                                       const ref::MultiAgentStreams& streams);

// The SE threshold in reward units (double with certified fallback); `deferred` is incremented on a fallback.
std::int64_t se_threshold_units(std::uint64_t t, std::uint32_t K, std::int64_t G, const Rational& c,
                                const Rational& rho, ref::SeRadius radius, std::uint64_t& deferred);

// The largest |q·Σk + noise| a DP-MASE epoch can produce in the optimized build (R <= 2^40, G <= 2^21,
// q <= 2^20, |noise| < 2^63): the bound behind its i128 arithmetic. Exposed for the overflow test.
i128 dp_mase_noisy_sum_bound();

}  // namespace dpb::fast
