// The audit pipeline's false-alarm rate, end to end (issue 13, errata): on targets of known ε — the discrete Laplace
// mechanism (Lap_Z(2) on a sensitivity-1 count: ε = 1/2 exactly) and randomized response (P[1] = 3/4 vs 1/4:
// ε = ln 3 exactly) — audited against their exact ε, VIOLATION must occur in at most a fraction α of independent
// audits (α = 1 − confidence = 0.05, so that a miscalibrated pipeline shows at this size). 2000 seeds per target at a
// small n; the count of violations is tested by an exact one-sided binomial test at 1e-6 against rate α.
// Negative control: the same pipeline on a claim 20% below the truth must be flagged far more often than α.
#include <gtest/gtest.h>

#include <cmath>
#include <unordered_map>

#include "optimized/samplers/discrete_laplace.hpp"
#include "reference/bits/chacha20.hpp"
#include "verify/audit/black_box.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::verify::audit {
namespace {

constexpr int kSeeds = 2000;
constexpr std::uint64_t kSamples = 2000;  // final split per side (search split: 1000)
constexpr double kAlpha = 0.05;

SideSampler dlaplace_mechanism() {
  const fast::DiscreteLaplace noise(Rational(2));
  return [noise](int side, std::uint64_t n, std::uint64_t seed, std::uint64_t stream) {
    ChaCha20Source bits(seed, stream);
    std::unordered_map<std::int64_t, std::uint64_t> c;
    for (std::uint64_t i = 0; i < n; ++i) ++c[(side == 0 ? 1 : 0) + noise(bits)];
    return Histogram::from_integer_counts({c.begin(), c.end()});
  };
}

SideSampler randomized_response() {
  return [](int side, std::uint64_t n, std::uint64_t seed, std::uint64_t stream) {
    ChaCha20Source bits(seed, stream);
    std::uint64_t ones = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      const bool both = bits.next_bits(2) != 0;  // P = 3/4
      ones += side == 0 ? both : !both;          // D: 1 w.p. 3/4; D′: 1 w.p. 1/4
    }
    return Histogram::from_integer_counts({{0, n - ones}, {1, ones}});
  };
}

// The number of VIOLATIONs over kSeeds audits claiming the target's exact ε.
int violations(const SideSampler& s, double eps_exact) {
  AuditSettings settings;
  settings.confidence = 1 - kAlpha;
  settings.threads = 1;
  settings.max_thresholds = 16;  // fewer candidate events (the guarantee holds for any family; keeps this test fast)
  int v = 0;
  for (int seed = 1; seed <= kSeeds; ++seed) {
    const AuditResult r = run_audit("false-alarm", s, kSamples, static_cast<std::uint64_t>(seed), eps_exact,
                                    std::nullopt, settings);
    v += r.verdict == AuditVerdict::violation;
  }
  return v;
}

// P[Bin(kSeeds, kAlpha) ≥ v]: the one-sided p-value of the observed count under the largest admissible rate.
double upper_tail(int v) {
  return stats::binomial_test(static_cast<std::uint64_t>(v), kSeeds, {kAlpha, kAlpha}).p_value_high;
}

TEST(AuditFalseAlarmTest, ViolationRateIsAtMostAlphaOnTargetsOfKnownEps) {
  const int dl = violations(dlaplace_mechanism(), 0.5);
  const int rr = violations(randomized_response(), std::log(3.0));
  RecordProperty("dlaplace_violations", dl);
  RecordProperty("rr_violations", rr);
  EXPECT_GT(upper_tail(dl), 1e-6) << dl << " of " << kSeeds << " dlaplace audits were VIOLATION";
  EXPECT_GT(upper_tail(rr), 1e-6) << rr << " of " << kSeeds << " randomized-response audits were VIOLATION";
}

// Negative control: the same count at a claimed ε 20% below the truth (a real violation, mild) must be far above α —
// the test above has power to see a pipeline whose bounds sit on the wrong side of the truth.
TEST(AuditFalseAlarmTest, AClaimBelowTheTruthIsCaughtFarMoreOftenThanAlpha) {
  const int rr = violations(randomized_response(), 0.8 * std::log(3.0));
  EXPECT_LT(upper_tail(rr), 1e-6) << rr << " of " << kSeeds;
}

}  // namespace
}  // namespace dpb::verify::audit
