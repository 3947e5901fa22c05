// Exact decisions of the reference learners: radical-sum equality, exact ties of UCB indices, certified argmax,
// sign and floor.
#include "reference/learners/internal/certified.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "reference/learners/radical.hpp"

namespace dpb::ref {
namespace {

using internal::LogBase;
using internal::LogIndex;

TEST(RadicalTest, IsZeroDecidesSumsOfSquareRootsExactly) {
  EXPECT_TRUE(is_zero({}));
  EXPECT_TRUE(is_zero({{Rational(1), Rational(8)}, {Rational(-2), Rational(2)}}));        // √8 − 2√2
  EXPECT_TRUE(is_zero({{Rational(1), Rational(1, 2)}, {Rational(-1, 2), Rational(2)}}));  // √(1/2) − √2/2
  EXPECT_FALSE(is_zero({{Rational(1), Rational(2)}, {Rational(-1), Rational(3)}}));
  EXPECT_FALSE(is_zero({{Rational(1), Rational(2)}, {Rational(-1), Rational(3)}, {Rational(-1)}}));
  EXPECT_TRUE(is_zero({{Rational(3)}, {Rational(-1), Rational(9)}}));  // 3 − √9
  EXPECT_TRUE(is_zero({{Rational(5), Rational(0)}}));
}

TEST(RadicalTest, EncloseContainsTheValue) {
  const Interval v = enclose(RadicalSum{{Rational(1), Rational(2)}, {Rational(3)}}, 128);  // √2 + 3
  EXPECT_TRUE(v.certainly_greater(Rational(441421, 100000)));
  EXPECT_TRUE(v.certainly_less(Rational(441422, 100000)));
}

TEST(CertifiedTest, RationalLogOnlyForPowersOfTwoInBaseTwo) {
  EXPECT_EQ(*internal::rational_log(1, LogBase::Natural), 0);
  EXPECT_FALSE(internal::rational_log(2, LogBase::Natural).has_value());
  EXPECT_EQ(*internal::rational_log(8, LogBase::Two), 3);
  EXPECT_FALSE(internal::rational_log(12, LogBase::Two).has_value());
}

TEST(CertifiedTest, ArgmaxBreaksExactTiesTowardsTheLowestIndex) {
  const LogIndex a{Rational(1, 2), radical(1, Rational(3, 4)), radical(Rational(3, 4))};
  std::vector<LogIndex> x{{Rational(1, 4), radical(1, Rational(3, 4)), radical(Rational(3, 4))}, a, a};
  EXPECT_EQ(internal::certified_argmax(x, 10, LogBase::Natural), 1U);
  x[2].q += Rational(1, Integer(1) << 80);  // separable only at high precision
  EXPECT_EQ(internal::certified_argmax(x, 10, LogBase::Natural), 2U);
}

TEST(CertifiedTest, ExactTieWithDifferentFormsWhenLogIsRational) {
  // t = 4: log₂ t = 2. √(3·2/6) = 1 and 1/2 + √(3·2/24) = 1: q + √(3L/O) equal for (q, O) = (0, 6) and (1/2, 24).
  const LogIndex a{Rational(0), radical(1, Rational(3, 6)), radical(0)};
  const LogIndex b{Rational(1, 2), radical(1, Rational(3, 24)), radical(0)};
  EXPECT_TRUE(internal::exactly_equal(a, b, 4, LogBase::Two));
  EXPECT_FALSE(internal::exactly_equal(a, b, 5, LogBase::Two));
  const std::vector<LogIndex> x{b, a};
  EXPECT_EQ(internal::certified_argmax(x, 4, LogBase::Two), 0U);
  std::size_t other = 9;
  const auto m = internal::argmax_margin(x, 0, 4, LogBase::Two, other);
  EXPECT_EQ(other, 1U);
  EXPECT_TRUE(m.exact_tie);
}

TEST(CertifiedTest, SignAndFloorRefineUntilCertain) {
  // ln 2 − 0.6931471805599453 > 0 (the double nearest ln 2 is below it).
  const Rational d("6931471805599453/10000000000000000");
  EXPECT_EQ(internal::certified_sign([&](mpfr_prec_t p) { return Interval(2L, p).log() - Interval(d, p); }, "ln 2"), 1);
  EXPECT_EQ(
      internal::certified_floor([](mpfr_prec_t p) { return Interval(1000000L, p).log().mul(Rational(1000)); }, "x"),
      13815);
  EXPECT_THROW(internal::certified_sign([](mpfr_prec_t p) { return Interval(0L, p); }, "zero"), std::runtime_error);
}

// The refinement reaches kMaxPrecision itself, not only some precision below it: 2 − 2^−50000 (and its distance
// from 2) needs more than 50000 bits, which the doubling schedule 64, 128, …, 2^16 reaches and a coarser one (×3:
// …, 46656, then past the cap — the mutation campaign's gen-s1-015) would not.
TEST(CertifiedTest, SignAndFloorRefineAllTheWayToTheirCap) {
  const Rational eps(Integer(1), Integer(1) << 50000);
  ASSERT_LT(50001, internal::kMaxPrecision);
  EXPECT_EQ(internal::certified_floor([&](mpfr_prec_t p) { return Interval(Rational(2 - eps), p); }, "2 - 2^-50000"),
            1);
  EXPECT_EQ(internal::certified_sign([&](mpfr_prec_t p) { return Interval(Rational(2 - eps), p) - Interval(2L, p); },
                                     "(2 - 2^-50000) - 2"),
            -1);
}

}  // namespace
}  // namespace dpb::ref
