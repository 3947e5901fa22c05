// Exact binomial tests (of a tail count against a certified tail mass) and Clopper–Pearson intervals.
//
// Numeric accuracy: binomial tails come from Boost.Math's regularized incomplete beta (ibeta/ibetac), relative
// error ≲ 1e-14 for the n ≤ 10^8 used here; values below ~1e-308 underflow to 0. Clopper–Pearson bounds come from
// ibeta_inv / ibetac_inv (relative error ≲ 1e-13) and are then widened outward by a relative 1e-12, so the
// reported interval contains the exact Clopper–Pearson interval.
//
// The success probability of a test is given as an enclosure [lower, upper] (from a certified pmf): each one-sided
// p-value is taken at the endpoint that makes it largest (P[X ≥ k] increases in p, P[X ≤ k] decreases), so the
// test is conservative with respect to the enclosure width.
#pragma once

#include <cstdint>

#include "verify/stats/chi_squared.hpp"

namespace dpb::verify::stats {

// P[X ≤ k] and P[X ≥ k] for X ~ Binomial(n, p), 0 ≤ p ≤ 1 (k > n gives 1 and 0).
double binomial_cdf(std::uint64_t k, std::uint64_t n, double p);
double binomial_upper_tail(std::uint64_t k, std::uint64_t n, double p);

struct BinomialTest {
  std::uint64_t k = 0;            // observed count
  std::uint64_t n = 0;            // trials
  ProbabilityEnclosure p;         // null success probability
  double p_value_low = 1;         // P[X ≤ k] at p = p.lower   (evidence that the true p is smaller)
  double p_value_high = 1;        // P[X ≥ k] at p = p.upper   (evidence that the true p is larger)
  double p_value = 1;             // two-sided: min(1, 2 min(p_value_low, p_value_high))
};

// Exact two-sided binomial test of H0: success probability in [p.lower, p.upper], by the two one-sided exact tails.
BinomialTest binomial_test(std::uint64_t k, std::uint64_t n, ProbabilityEnclosure p);

struct ConfidenceInterval {
  double lower = 0;
  double upper = 1;
};

// Clopper–Pearson interval at `confidence` (e.g. 0.95): each side leaves out (1 − confidence)/2.
ConfidenceInterval clopper_pearson(std::uint64_t k, std::uint64_t n, double confidence);
// One-sided Clopper–Pearson bounds at `confidence`: P_p[bound is wrong] ≤ 1 − confidence for every p.
double clopper_pearson_lower(std::uint64_t k, std::uint64_t n, double confidence);
double clopper_pearson_upper(std::uint64_t k, std::uint64_t n, double confidence);

}  // namespace dpb::verify::stats
