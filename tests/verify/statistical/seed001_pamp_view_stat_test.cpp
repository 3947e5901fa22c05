// 001.p-amp.shuffled-view: the checker holds on the implementation at the quick size and its negative control — an
// implementation drawing σ̄/4 — is rejected. Why the twin is caught: with the noise four times too small, user 1's
// message sits within σ̄/4 of x₁ = (1, 0) while the others' sit near their records, so the nominal likelihood ratio of
// the view is about that of the one message at its mean, ln LR ≈ μ²/2 = 2 (μ = 2) in the case with others at 0 and ε
// = 1/2: the event U < 1 − e^{ε − ln LR} has probability ≈ 1 − e^{−1.5} ≈ 0.78, above the one-message bound δ_one(1/2)
// = Φ(0.75) − e^{0.5}Φ(−1.25) ≈ 0.599 by ≈ 0.18, some 24 standard errors at 3000 runs.
#include <gtest/gtest.h>

#include "verify/statistical/seed001_pamp_view.hpp"

namespace dpb::verify::statistical {
namespace {

TEST(PAmpShuffledViewStatTest, TheEstimateLiesInTheCertifiedSandwich) {
  const Outcome o = check_pamp_shuffled_view(RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(1);
  for (const auto& row : o.evidence["cases"]) {
    // The sandwich is informative here: the sum's bound below the one message's, and both inside (0, 1).
    EXPECT_GT(row["certified_sum_lower"].get<double>(), 0.1);
    EXPECT_LT(row["certified_sum_lower"].get<double>(), row["certified_one_message_upper"].get<double>());
  }
}

TEST(PAmpShuffledViewStatTest, ALeakyImplementationIsRejected) {
  const Outcome o = check_pamp_shuffled_view(RunOptions{}, 4);
  EXPECT_EQ(o.verdict, Verdict::violated) << o.evidence.dump(1);
}

}  // namespace
}  // namespace dpb::verify::statistical
