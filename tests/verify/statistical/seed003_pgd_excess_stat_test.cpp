// 003.g2: the checker holds on the optimized P_GD at the quick size, and its negative control — a P_GD twin that
// releases its last iterate θ_{T_it} instead of the average θ̄ — is rejected. Why: at Eq. 127's noise the per-step
// gradient noise has a standard deviation of several hundred L per coordinate at every n (docs/protocol-003.md
// "P_GD: excess risk (003.g2)"), so every iterate is thrown to the boundary of the S = 16 ball in a near-random
// direction; such a point has excess risk ≈ S·E|⟨x, u⟩| − O(1), above Lemma T.2's bound at the grid's larger T_it,
// while the average θ̄ of T_it such points stays near the centre: at ε = 8 (T_it = 1276, B ≈ 1.2) all 6 runs exceed,
// p = 0.05⁶ ≈ 1.6·10⁻⁸ < α/16. (A twin with the noise ×10, PgdTwin::b_factor = 100, is not a usable control: the
// nominal P_GD is already noise-dominated and the twin holds — docs/protocol-003.md "P_GD: excess risk (003.g2)".)
#include <gtest/gtest.h>

#include "verify/statistical/seed003_pgd_excess.hpp"

namespace dpb::verify::statistical {
namespace {

TEST(PgdExcessStatTest, PGdsExcessRiskIsWithinLemmaT2) {
  const Outcome o = check_g2(RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure << "\n" << o.evidence.dump(1);
}

TEST(PgdExcessStatTest, ReleasingTheLastIterateIsRejected) {
  PgdTwin twin;
  twin.release_last_iterate = true;
  const Outcome o = check_g2(RunOptions{}, twin);
  EXPECT_EQ(o.verdict, Verdict::violated) << o.key_figure << "\n" << o.evidence.dump(1);
}

}  // namespace
}  // namespace dpb::verify::statistical
