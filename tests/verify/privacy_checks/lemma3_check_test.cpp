// Claim 000.lemma3's checker: the exact Skellam Rényi divergence on Z (window + certified tails), checked against
// worked values of Lemma 3 (Chowdhury & Zhou 2023) and bracketed by the folded divergence; the negative control (σ
// halved) is violated.
#include "verify/privacy_checks/lemma3_check.hpp"

#include <gtest/gtest.h>

#include "reference/privacy/privacy_profile.hpp"
#include "reference/privacy/view_distribution.hpp"

namespace dpb::verify::privacy_checks {
namespace {

TEST(Lemma3CheckTest, ExactDivergenceMatchesTheSpecTable) {
  // Lemma 3 of Chowdhury & Zhou 2023, worked example: ε = 1/2, s = 10, n = 2 ⇒ g = 8, σ² = 256, α = 2: exact D_α ≈
  // 0.24986.
  const Interval d = skellam_renyi_exact(Rational(256), 8, 2, 128);
  EXPECT_TRUE(d.certainly_greater(Rational(24985, 100000)));
  EXPECT_TRUE(d.certainly_less(Rational(24987, 100000)));
  EXPECT_LT(d.width(), Rational(1, 1000000000));
}

TEST(Lemma3CheckTest, DivergenceOnZIsAtLeastTheFoldedOne) {
  // Folding mod M is post-processing (data processing inequality), so D_α(on Z) ≥ D_α(mod M).
  const ref::ModularNoiseLaw F = ref::folded_skellam(Rational(10), Integer(31), 128);
  const Interval folded = ref::renyi_divergence(ref::shifted_law(F, Integer(3)), F.prob, Rational(4), 128);
  const Interval onz = skellam_renyi_exact(Rational(10), 3, 4, 128);
  EXPECT_FALSE(folded.lower() > onz.upper());
  EXPECT_TRUE(folded.certainly_less(onz));  // the fold mixes the far tails, strictly lowering D_4 here
}

TEST(Lemma3CheckTest, HoldsOnASmallGridAndHalfSigmaIsViolated) {
  const Lemma3Grid grid{{Rational(1), Rational(10)}, {1, 2}, {2, 5}};
  EXPECT_EQ(check_lemma3(grid).verdict, Verdict::holds);
  EXPECT_EQ(check_lemma3(grid, Rational(1, 2)).verdict, Verdict::violated);
}

}  // namespace
}  // namespace dpb::verify::privacy_checks
