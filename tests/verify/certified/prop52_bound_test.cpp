// `004.prop5.2.bound` (verify/certified/prop52_bound.hpp): the printed min over α is driven to 0 (B_A ≤ δ·η_ξ^A and
// the minimum sits at the largest α tried), the exact failure lower bound of the coin instance exceeds it, and E2's
// union form is enclosed (positive, below its geometric bound 1/(1 − η_ξ)).
#include "verify/certified/prop52_bound.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dpb::verify::certified {
namespace {

TEST(Prop52Bound, PrintedMinIsVacuousAndViolated) {
  RunOptions o;
  const Outcome r = check_prop52_bound(o);
  EXPECT_EQ(r.verdict, Verdict::violated);
  ASSERT_EQ(r.evidence["points"].size(), 6U);
  for (const auto& p : r.evidence["points"]) {
    EXPECT_EQ(p["argmin_alpha"], p["A"]);  // every term is below the previous ones' minimum eventually: no min
    EXPECT_LE(p["B_A_min_over_alpha_le_A"].get<double>(), p["B_upper_delta_eta_xi_to_A"].get<double>());
    EXPECT_GT(p["failure_lower_bound"].get<double>(), p["B_upper_delta_eta_xi_to_A"].get<double>());
    const double ex = p["eta_xi"].get<double>();
    EXPECT_GT(p["e2_union_form_lower"].get<double>(), 0.0);
    EXPECT_LE(p["e2_union_form_lower"].get<double>(), p["e2_union_form_upper"].get<double>());
    EXPECT_LT(p["e2_union_form_upper"].get<double>(), 1.0 / (1.0 - ex));
  }
}

}  // namespace
}  // namespace dpb::verify::certified
