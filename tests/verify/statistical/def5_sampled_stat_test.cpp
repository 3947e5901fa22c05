// Negative control of 000.def5.sampled: the claim's own checker (quick size, the default seed) with every per-user
// Skellam variance multiplied by 21/20 (the sum is Sk(0, 1.05 σ²)) must come out `violated`. Prints, per case, the
// predicted Pearson power against Sk(0, 1.05 σ²) and what was measured; every case whose predicted miss is below
// 1e-6 must be rejected on its own.
#include <gtest/gtest.h>

#include "reference/pmf/skellam.hpp"
#include "tests/verify/statistical/control_power.hpp"
#include "verify/statistical/def5_sampled.hpp"

namespace dpb::verify::statistical {
namespace {

TEST(Def5SampledControlTest, SkellamVarianceTimes105IsViolated) {
  SumCheck check = def5_sampled_check(Suite::quick);
  check.per_user_override = [](const SumCase& c) {
    ref::NoiseLaw law = c.per_user;
    law.variance = law.variance * Rational(21, 20);
    return law;
  };
  const Outcome o = check_sampled_sums(check, RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::violated) << o.evidence.dump(1);
  const auto powers = test::case_powers(check, o, [](const SumCase& c) {
    return std::make_unique<ref::SkellamPmf>(c.per_user.variance * Integer(c.users) * Rational(21, 20));
  });
  test::print_powers("000.def5.sampled control: per-user variance x 1.05 (" + o.key_figure + ")", powers);
  for (const auto& p : powers) {
    if (p.miss < 1e-6) {
      EXPECT_GT(p.rejected, 0U) << p.label << ": predicted miss " << p.miss;
    }
  }
}

}  // namespace
}  // namespace dpb::verify::statistical
