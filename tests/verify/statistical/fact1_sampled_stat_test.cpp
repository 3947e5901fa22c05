// Negative controls of 000.fact1.sampled: the claim's own checker (quick size, the default seed) on a broken
// per-user path must come out `violated`.
//   - r = 1/(n+1) instead of 1/n: the n user laws sum to a Pólya(n/(n+1), β) difference, not Lap_Z(t);
//   - scale · 21/20 per user: the sum is Lap_Z(1.05 t).
// Each prints, per case, the predicted Pearson noncentrality λ against the law the broken path follows, the
// critical value at the first Holm threshold, the predicted miss probability, and what was measured; every case
// whose predicted miss is below 1e-6 must be rejected on its own.
#include <gtest/gtest.h>

#include "reference/pmf/discrete_laplace.hpp"
#include "reference/pmf/polya_difference.hpp"
#include "tests/verify/statistical/control_power.hpp"
#include "verify/statistical/fact1_sampled.hpp"

namespace dpb::verify::statistical {
namespace {

void expect_detected(const SumCheck& check, const test::AlternativeLaw& alternative, const std::string& title) {
  const Outcome o = check_sampled_sums(check, RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::violated) << o.evidence.dump(1);
  const auto powers = test::case_powers(check, o, alternative);
  test::print_powers(title + " (" + o.key_figure + ")", powers);
  for (const auto& p : powers) {
    if (p.miss >= 0 && p.miss < 1e-6) {
      EXPECT_GT(p.rejected, 0U) << p.label << ": predicted miss " << p.miss;
    }
  }
}

TEST(Fact1SampledControlTest, PolyaShapeOneOverNPlusOneIsViolated) {
  SumCheck check = fact1_sampled_check(Suite::quick);
  check.per_user_override = [](const SumCase& c) {
    ref::NoiseLaw law = c.per_user;
    law.polya_r = Rational(Integer(1), Integer(c.users + 1));
    return law;
  };
  expect_detected(
      check,
      [](const SumCase& c) {
        // Σ of n Pólya(1/(n+1), β) on each side is Pólya(n/(n+1), β).
        return std::make_unique<ref::PolyaDifferencePmf>(Rational(Integer(c.users), Integer(c.users + 1)),
                                                         c.per_user.scale);
      },
      "000.fact1.sampled control: per-user r = 1/(n+1)");
}

TEST(Fact1SampledControlTest, PolyaScaleTimes105IsViolated) {
  SumCheck check = fact1_sampled_check(Suite::quick);
  check.per_user_override = [](const SumCase& c) {
    ref::NoiseLaw law = c.per_user;
    law.scale = law.scale * Rational(21, 20);
    return law;
  };
  expect_detected(
      check,
      [](const SumCase& c) { return std::make_unique<ref::DiscreteLaplacePmf>(c.per_user.scale * Rational(21, 20)); },
      "000.fact1.sampled control: per-user scale x 1.05");
}

}  // namespace
}  // namespace dpb::verify::statistical
