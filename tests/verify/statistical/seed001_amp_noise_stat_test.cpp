// 001.amp.noise-law: the checker holds on P_Amp's own noise at the quick size, and its negative control — P_Amp
// drawing σ̄·11/10 while the law tested is σ̄'s — is rejected. Why: a 10 % wider normal moves the mass of the 0.999
// tails from 10⁻³ to about 2.4·10⁻³ (P[|X| > 3.29/1.1] = P[|X| > 2.99] ≈ 2.8·10⁻³ two-sided), over 20 000 draws per
// case ≈ 28 tail draws where ≈ 10 are expected, and the Pearson test's noncentrality is in the hundreds.
#include <gtest/gtest.h>

#include "verify/statistical/seed001_amp_noise.hpp"

namespace dpb::verify::statistical {
namespace {

TEST(AmpNoiseLawStatTest, PAmpsNoiseFollowsTheRoundedGaussian) {
  const Outcome o = check_amp_noise_law(RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(1);
}

TEST(AmpNoiseLawStatTest, ATenPercentWiderNoiseIsRejected) {
  const Outcome o = check_amp_noise_law(RunOptions{}, Rational(11, 10));
  EXPECT_EQ(o.verdict, Verdict::violated) << o.key_figure;
}

}  // namespace
}  // namespace dpb::verify::statistical
