// reference/core/interval — the base of every certified verdict — against MPFR at 2048 bits (issue 13 §4):
// every operation at 64 bits must enclose a 2048-bit enclosure of the true value (computed with directed roundings
// from the input's own directed roundings), and be tight (a few ulps at 64 bits); exactly representable results
// are exact; comparisons are "certain" only when true; directed rounding at the edges (tiny and huge magnitudes,
// non-representable inputs, sign changes) keeps the true value inside.
#include "reference/core/interval.hpp"

#include <gtest/gtest.h>
#include <mpfr.h>

#include <functional>
#include <string>
#include <vector>

namespace dpb {
namespace {

constexpr mpfr_prec_t kHigh = 2048;

// An MPFR number at 2048 bits, RAII.
struct Big {
  mpfr_t v;
  Big() { mpfr_init2(v, kHigh); }
  ~Big() { mpfr_clear(v); }
  Big(const Big&) = delete;
  Big& operator=(const Big&) = delete;
};

Rational to_rational(const mpfr_t x) {
  Interval i(x->_mpfr_prec);
  mpfi_set_fr(i.get(), x);
  return i.lower();
}

using MpfrFn = std::function<int(mpfr_t, const mpfr_t, mpfr_rnd_t)>;

// [lo, hi] ∋ f(q) at 2048 bits for f monotone on [q rounded down, q rounded up].
std::pair<Rational, Rational> reference_enclosure(const MpfrFn& f, const Rational& q, bool increasing) {
  Big x_lo, x_hi, y_lo, y_hi;
  mpfr_set_q(x_lo.v, q.backend().data(), MPFR_RNDD);
  mpfr_set_q(x_hi.v, q.backend().data(), MPFR_RNDU);
  if (increasing) {
    f(y_lo.v, x_lo.v, MPFR_RNDD);
    f(y_hi.v, x_hi.v, MPFR_RNDU);
  } else {
    f(y_lo.v, x_hi.v, MPFR_RNDD);
    f(y_hi.v, x_lo.v, MPFR_RNDU);
  }
  return {to_rational(y_lo.v), to_rational(y_hi.v)};
}

struct UnaryCase {
  std::string name;
  std::function<Interval(const Interval&)> ours;
  MpfrFn mpfr;
  bool increasing;
  std::vector<Rational> inputs;
};

Rational abs_of(const Rational& q) { return q < 0 ? Rational(-q) : q; }

void expect_encloses(const Interval& got, const std::pair<Rational, Rational>& ref, const std::string& label) {
  EXPECT_TRUE(got.lower() <= ref.first) << label << ": lower endpoint above the true value";
  EXPECT_TRUE(got.upper() >= ref.second) << label << ": upper endpoint below the true value";
  // Tight: the 64-bit enclosure is at most 2^-50 relative wider than the value (or 2^-900 absolute): the input's own
  // rounding (2^-64 relative) times the condition number |x f'(x)/f(x)| ≤ 40 on the tightness inputs, plus a few ulps.
  const Rational scale = abs_of(ref.second) > abs_of(ref.first) ? abs_of(ref.second) : abs_of(ref.first);
  const Rational slack = scale / (Integer(1) << 50) + Rational(1, Integer(1) << 900);
  EXPECT_TRUE(got.width() <= slack) << label << ": enclosure too wide (" << got.width().convert_to<double>()
                                    << " vs scale " << scale.convert_to<double>() << ")";
}

TEST(IntervalTest, UnaryOperationsEncloseMpfrAt2048Bits) {
  const std::vector<Rational> general = {Rational(0), Rational(1, 3), Rational(-7, 5), Rational(10), Rational(-40),
                                         Rational(1, Integer(1) << 70), Rational(-1, 1000003)};
  const std::vector<Rational> positive = {Rational(1, 3), Rational(2), Rational(4), Rational(1, Integer(1) << 80),
                                          Rational(Integer(boost::multiprecision::pow(Integer(10), 30))), Rational(22, 7), Rational(1)};
  const std::vector<Rational> nonneg = {Rational(0), Rational(1, 3), Rational(9, 4), Rational(50), Rational(1, 1024)};
  const std::vector<UnaryCase> cases = {
      {"exp", [](const Interval& x) { return x.exp(); }, mpfr_exp, true, general},
      {"expm1", [](const Interval& x) { return x.expm1(); }, mpfr_expm1, true, general},
      {"sinh", [](const Interval& x) { return x.sinh(); }, mpfr_sinh, true, general},
      {"log", [](const Interval& x) { return x.log(); }, mpfr_log, true, positive},
      {"log1p", [](const Interval& x) { return x.log1p(); }, mpfr_log1p, true,
       {Rational(0), Rational(-1, 2), Rational(1, 3), Rational(1, Integer(1) << 70), Rational(1000)}},
      {"sqrt", [](const Interval& x) { return x.sqrt(); }, mpfr_sqrt, true, nonneg},
      {"cosh", [](const Interval& x) { return x.cosh(); }, mpfr_cosh, true, nonneg},
      {"abs", [](const Interval& x) { return x.abs(); }, mpfr_abs, true, nonneg},
      {"sqr", [](const Interval& x) { return x.sqr(); }, mpfr_sqr, true, nonneg},
      {"pow7", [](const Interval& x) { return x.pow(7); },
       [](mpfr_t r, const mpfr_t a, mpfr_rnd_t rnd) { return mpfr_pow_ui(r, a, 7, rnd); }, true, nonneg},
      {"neg", [](const Interval& x) { return -x; }, mpfr_neg, false, general},
  };
  for (const auto& c : cases)
    for (const Rational& q : c.inputs) {
      const std::string label = c.name + "(" + to_string(q) + ")";
      expect_encloses(c.ours(Interval(q, 64)), reference_enclosure(c.mpfr, q, c.increasing), label);
    }
  // exp_neg(q) = e^{−q}, decreasing in q.
  for (const Rational& q : {Rational(0), Rational(1, 3), Rational(50), Rational(100000), Rational(-3, 2)})
    expect_encloses(exp_neg(q, 64),
                    reference_enclosure([](mpfr_t r, const mpfr_t a, mpfr_rnd_t rnd) {
                                          Big na;
                                          mpfr_neg(na.v, a, MPFR_RNDN);  // exact
                                          return mpfr_exp(r, na.v, rnd);
                                        },
                                        q, false),
                    "exp_neg(" + to_string(q) + ")");
}

TEST(IntervalTest, ArithmeticEnclosesTheExactRationalResult) {
  const std::vector<Rational> values = {Rational(1, 3), Rational(-2, 7), Rational(Integer(1) << 100, 3),
                                        Rational(Integer(1), Integer(boost::multiprecision::pow(Integer(3), 60))), Rational(5), Rational(-1)};
  for (const Rational& a : values)
    for (const Rational& b : values) {
      const Interval x(a, 64), y(b, 64);
      const std::string label = to_string(a) + " op " + to_string(b);
      for (const auto& [got, exact] : {std::pair{x + y, Rational(a + b)}, std::pair{x - y, Rational(a - b)},
                                       std::pair{x * y, Rational(a * b)}, std::pair{x / y, Rational(a / b)},
                                       std::pair{x.mul(b), Rational(a * b)}, std::pair{x.div(b), Rational(a / b)}}) {
        EXPECT_TRUE(got.contains(exact)) << label;
        // Tight: a few ulps of the operands (sums) or of the result (products, quotients).
        EXPECT_TRUE(got.width() <= (abs_of(a) + abs_of(b) + abs_of(exact)) / (Integer(1) << 56)) << label;
      }
    }
}

TEST(IntervalTest, RepresentableValuesAreExactAndOthersStrictlyEnclosed) {
  const Interval half(Rational(1, 2), 64);
  EXPECT_EQ(half.lower(), Rational(1, 2));
  EXPECT_EQ(half.upper(), Rational(1, 2));
  EXPECT_EQ(Interval(Rational(4), 64).sqrt().lower(), Rational(2));
  EXPECT_EQ(Interval(Rational(4), 64).sqrt().upper(), Rational(2));
  EXPECT_EQ(Interval(Rational(0), 64).exp().lower(), Rational(1));
  const Interval third(Rational(1, 3), 64);
  EXPECT_LT(third.lower(), Rational(1, 3));
  EXPECT_GT(third.upper(), Rational(1, 3));
  // Directed rounding of a negative non-representable input: still outward.
  const Interval neg(Rational(-1, 3), 64);
  EXPECT_LT(neg.lower(), Rational(-1, 3));
  EXPECT_GT(neg.upper(), Rational(-1, 3));
  // A tiny positive value keeps a positive lower bound; e^{−10^5} (≈ 2^{−144270}) is positive, not flushed to 0.
  EXPECT_GT(Interval(Rational(1, Integer(1) << 2000), 64).lower(), 0);
  EXPECT_GT(exp_neg(Rational(100000), 64).lower(), 0);
  // Large arguments: still an enclosure (the input's rounding dominates the width there).
  for (const Rational& q : {Rational(123456789, 1000), Rational(-123456789, 1000)}) {
    const auto ref = reference_enclosure(mpfr_sinh, q, true);
    const Interval got = Interval(q, 64).sinh();
    EXPECT_TRUE(got.lower() <= ref.first && got.upper() >= ref.second) << "sinh(" << q << ")";
  }
}

TEST(IntervalTest, ComparisonsAreCertainOnlyWhenTrue) {
  const Interval a(Rational(1, 3), 64), b(Rational(1, 3) + Rational(1, Integer(1) << 40), 64);
  EXPECT_TRUE(a.certainly_less(b));
  EXPECT_FALSE(b.certainly_less(a));
  EXPECT_FALSE(a.certainly_less(a));               // overlapping enclosures decide nothing
  EXPECT_FALSE(a.certainly_less(Rational(1, 3)));  // 1/3 ∈ a
  EXPECT_FALSE(a.certainly_greater(Rational(1, 3)));
  EXPECT_TRUE(a.contains(Rational(1, 3)));
  EXPECT_TRUE(a.certainly_less(Rational(1, 2)));
  // Values closer than the precision: undecided at 64 bits, decided at 256.
  const Rational q(1, 3), r = q + Rational(1, Integer(1) << 100);
  EXPECT_FALSE(Interval(q, 64).certainly_less(Interval(r, 64)));
  EXPECT_TRUE(Interval(q, 256).certainly_less(Interval(r, 256)));
}

TEST(IntervalTest, CorrectlyRoundedDecimalRefinesUntilDecided) {
  EXPECT_EQ(correctly_rounded_decimal([](mpfr_prec_t p) { return Interval(Rational(1), p).exp(); }, 10),
            "2.718281828e0");
  EXPECT_EQ(correctly_rounded_decimal([](mpfr_prec_t p) { return Interval(Rational(2), p).sqrt(); }, 12),
            "1.41421356237e0");
}

}  // namespace
}  // namespace dpb
