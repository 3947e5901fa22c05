// The checkers of 003.g3 and 003.pgd.privacy (verify/certified/seed003_pgd.hpp) accept the implementation and
// reject deliberately wrong twins: P_GD without the projection, without the shrink loop; a calibration whose
// per-step ε is twice Alg. 7's.
#include <gtest/gtest.h>

#include "verify/certified/seed003_pgd.hpp"

namespace dpb::verify::certified {
namespace {

TEST(Seed003PgdChecks, G3HoldsForTheImplementation) {
  const Outcome o = check_g3([](const ref::PgdParams& p, std::size_t n, std::size_t d) { return ref::PGd(p, n, d); });
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure;
  EXPECT_GT(o.evidence["projections"].get<std::uint64_t>(), 0U);
  EXPECT_GT(o.evidence["shrink_steps"].get<std::uint64_t>(), 0U);
}

TEST(Seed003PgdChecks, G3RejectsTheUnprojectedAndTheUnshrunkTwins) {
  ref::PgdFaults no_projection;
  no_projection.skip_projection = true;
  const Outcome a = check_g3([&](const ref::PgdParams& p, std::size_t n, std::size_t d) {
    return ref::PGd(p, n, d, no_projection);
  });
  EXPECT_EQ(a.verdict, Verdict::violated) << a.key_figure;
  ref::PgdFaults no_shrink;
  no_shrink.skip_shrink = true;
  const Outcome b = check_g3([&](const ref::PgdParams& p, std::size_t n, std::size_t d) {
    return ref::PGd(p, n, d, no_shrink);
  });
  EXPECT_EQ(b.verdict, Verdict::violated) << b.key_figure;
}

// The paper's range (T_it <= 10⁵ or so: n <= 10⁵, ε <= 1): Alg. 7's per-step budget composes within the targets.
PgdPrivacyGrid small_grid() {
  PgdPrivacyGrid g;
  g.alg1_eps = {Rational(1, 2), Rational(1)};
  g.alg1_delta = {Rational(1, 100), Rational(1, 100000)};
  g.alg1_n = {1000, 100000};
  g.alg1_d = {1, 3};
  g.alg2_eps = {Rational(1)};
  g.alg2_delta = {Rational(1, 100)};
  g.alg2_calls = {1, 10};
  g.alg2_n = {10000};
  return g;
}

TEST(Seed003PgdChecks, PrivacyHoldsForTheCalibrationInThePapersRange) {
  const Outcome o = check_pgd_privacy(ref::calibrate_pgd, small_grid());
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure << " " << o.evidence.dump();
}

// On the registered grid, T_it ≈ 10¹¹ (n = 10⁷) makes ln((T_it+1)/δ)/ln(1/δ) large: the accountant's first term
// (ε/2)√(that ratio) exceeds the target, certainly; with the corrected ε_step every point is within.
TEST(Seed003PgdChecks, PrivacyIsInconclusiveOnTheRegisteredGridAndTheCorrectedBudgetFits) {
  const Outcome o = check_pgd_privacy(ref::calibrate_pgd);
  EXPECT_EQ(o.verdict, Verdict::inconclusive) << o.key_figure;
  EXPECT_GT(o.evidence["paper_step_budget"]["above_target_lower"].get<std::size_t>(), 0U);
  EXPECT_EQ(o.evidence["corrected_step_budget"]["above_target_upper"].get<std::size_t>(), 0U);
}

TEST(Seed003PgdChecks, PrivacyRejectsATwiceTooLargePerStepBudget) {
  const Outcome o = check_pgd_privacy(
      [](const ref::CalibrationPgdInput& in) {
        ref::PgdCalibration c = ref::calibrate_pgd(in);
        if (c.eps_step) c.eps_step = *c.eps_step * 2;
        return c;
      },
      small_grid());
  EXPECT_NE(o.verdict, Verdict::holds) << o.key_figure;
  EXPECT_GT(o.evidence["paper_step_budget"]["above_target_lower"].get<std::size_t>(), 0U);
}

}  // namespace
}  // namespace dpb::verify::certified
