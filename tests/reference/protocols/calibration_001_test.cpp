// Seed 001's calibrations (reference/protocols/calibration_001.hpp) and accounting (reference/privacy/seed001.hpp):
// Lemma B.4 at the errata's inputs, its precondition at B = 20, Thm 3.2's σ and ranges, Thm C.1's exact ceilings,
// the tree's least certified σ on its grid, the paper-code profile against spec 001 §6.4's table, and bad input
// named per parameter.
#include <gtest/gtest.h>

#include "reference/privacy/p_vec_privacy.hpp"

#include "reference/privacy/seed001.hpp"
#include "reference/protocols/calibration_001.hpp"
#include "tests/support/parameter_errors.hpp"

namespace dpb {
namespace {

using ref::Calibration001Input;

Calibration001Input input(const std::string& variant) {
  Calibration001Input in;
  in.variant = variant;
  return in;
}

bool inside(const ref::Quantity* q, const Rational& lo, const Rational& hi) {
  return q != nullptr && q->enclosure && q->enclosure->certainly_greater(lo) && q->enclosure->certainly_less(hi);
}

TEST(Calibration001Test, LemmaB4AtTheErrataInputs) {
  auto in = input("fmt");
  in.eps0 = Rational(57246, 100000);
  in.delta0 = Rational(25, 1000000000);
  in.n = 400;
  in.delta_prime = Rational(5, 1000000);
  const auto c = ref::calibrate_001(in);
  EXPECT_TRUE(*c.find("applicable")->flag);
  EXPECT_TRUE(inside(c.find("eps_tilde"), Rational(44276, 100000), Rational(44277, 100000)));
  EXPECT_TRUE(inside(c.find("delta_tilde"), Rational(37782, 1000000000), Rational(37783, 1000000000)));
  EXPECT_TRUE(c.find("eps_tilde")->enclosure->certainly_less_equal(Interval(*c.find("eps_tilde_upper")->exact, 256)) ||
              c.find("eps_tilde")->enclosure->upper() == *c.find("eps_tilde_upper")->exact);
}

TEST(Calibration001Test, LemmaB4PreconditionFailsAtB20) {
  // Errata: at B = 20 it fails for every delta <= 1 (n <= 16 ln(2/δ′) already at δ′ = 1/2: 16 ln 4 > 20).
  for (const Rational& dp : {Rational(1, 2), Rational(1, 20), Rational(1, 1000000)}) {
    const ref::FmtBound f = ref::fmt_amplification(ref::exact_real(Rational(1, 100)), Rational(0), 20, dp);
    EXPECT_FALSE(f.applicable);
  }
  // ... and holds at B = 400, δ′ = 5e-6 for ε₀ below ln(400/(16 ln(4e5))) ≈ 0.6617, fails above.
  EXPECT_TRUE(ref::fmt_amplification(ref::exact_real(Rational(66, 100)), Rational(0), 400, Rational(5, 1000000)).applicable);
  EXPECT_FALSE(ref::fmt_amplification(ref::exact_real(Rational(67, 100)), Rational(0), 400, Rational(5, 1000000)).applicable);
}

TEST(Calibration001Test, Theorem32SigmaRangeAndFmt) {
  auto in = input("p-amp");
  in.eps = Rational(1, 10);
  in.delta = Rational(1, 100000);
  in.n = 400;
  const auto c = ref::calibrate_001(in);
  EXPECT_TRUE(inside(c.find("eps0"), Rational(57245, 100000), Rational(57246, 100000)));
  const Rational sigma_bar = *c.find("sigma_bar")->exact;
  const Interval& sigma = *c.find("sigma")->enclosure;
  EXPECT_TRUE(sigma.certainly_less(sigma_bar));
  EXPECT_TRUE(sigma.certainly_greater(Rational(sigma_bar - Rational(1, Integer(1) << 32))));
  EXPECT_TRUE(*c.find("fmt_applicable")->flag);
  EXPECT_EQ(*c.find("delta0")->exact, Rational(1, 40000000));
  // ε above √(ln(2/δ)/B) ≈ 0.1747 is refused, naming eps.
  in.eps = Rational(18, 100);
  try {
    ref::calibrate_001(in);
    ADD_FAILURE() << "accepted";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("calibrate: parameter 'eps' must be in (0, sqrt(ln(2/delta)/B)]"),
              std::string::npos) << e.what();
  }
  // Experiment setting (spec §6.4): σ ≈ 27.3 and FMT not applicable.
  in.eps = Rational(1, 5);
  in.delta = Rational(1, 10);
  in.n = 20;
  const auto x = ref::calibrate_001(in);
  EXPECT_TRUE(inside(x.find("sigma"), Rational(2728, 100), Rational(2730, 100)));
  EXPECT_FALSE(*x.find("fmt_applicable")->flag);
}

TEST(Calibration001Test, Theorem35CeilingsAreExact) {
  auto in = input("p-vec");
  in.eps = Rational(1, 5);
  in.delta = Rational(1, 10);
  in.n = 20;
  in.d = 5;
  const auto c = ref::calibrate_001(in);
  EXPECT_EQ(*c.find("g")->exact, 9);  // ⌈2√20⌉ = ⌈8.94⌉
  const Integer b = boost::multiprecision::numerator(*c.find("b")->exact);
  // b − 1 < 24e4·81·ln²(1040)/(0.04·20) <= b, at 512 bits
  const Interval v = Interval(Rational(1040), 512).log().sqr().mul(Rational(240000 * 81, 1) / Rational(4, 5));
  EXPECT_TRUE(v.certainly_greater(Rational(b - 1)));
  EXPECT_TRUE(v.certainly_less(Rational(b)));
  EXPECT_EQ(*c.find("message_bits")->exact, Rational(b + 9));
  EXPECT_EQ(*c.find("bits_per_user")->exact, Rational((b + 9) * 20));
  in.delta = Rational(1, 2);
  test::expect_error_message([&] { ref::calibrate_001(in); },
                             "calibrate: parameter 'delta' must be in (0, 1/2) (Thm 3.5/C.1), got 1/2");
  in.delta = Rational(1, 10);
  in.eps = 16;
  test::expect_error_message([&] { ref::calibrate_001(in); },
                             "calibrate: parameter 'eps' must be in (0, 15] (Thm 3.5/C.1), got 16");
  in.eps = Rational(1, 5);
  in.returning = true;
  in.horizon = 1000;
  in.eps = 1;
  test::expect_error_message(
      [&] { ref::calibrate_001(in); },
      "calibrate: parameter 'eps' must be < 1 for returning users (Thm E.2's advanced composition), got 1");
}

TEST(Calibration001Test, PVecReturningReportsTheComposedAccountants) {
  auto in = input("p-vec");
  in.eps = Rational(1, 2);
  in.delta = Rational(1, 10);
  in.n = 100;
  in.d = 2;
  in.horizon = 1000;
  in.returning = true;
  const auto c = ref::calibrate_001(in);
  const Integer M = boost::multiprecision::numerator(*c.find("M")->exact);
  EXPECT_EQ(M, 10);
  const Rational eps_m = *c.find("eps_batch")->exact, delta_m = *c.find("delta_batch")->exact;
  // The proof's route: C.1's (ε_m, δ_m) by advanced composition at δ/2, δ total exactly δ (Thm E.2: ≤ ε).
  EXPECT_EQ(*c.find("eps_total_advanced")->exact,
            ref::advanced_composition_eps_upper_bound(eps_m, M, Rational(1, 20)));
  EXPECT_LE(*c.find("eps_total_advanced")->exact, *in.eps);
  EXPECT_EQ(*c.find("delta_total_advanced")->exact, *in.delta);
  // The certified routes are those of ref::pvec_returning_totals at the calibrated (g, b), below ε here.
  const auto t = ref::pvec_returning_totals(boost::multiprecision::numerator(*c.find("g")->exact),
                                            boost::multiprecision::numerator(*c.find("b")->exact), Integer(100),
                                            Integer(2), M, delta_m, *in.delta);
  EXPECT_EQ(*c.find("eps_total_certified_rdp")->exact, *t.eps_rdp);
  EXPECT_EQ(*c.find("eps_total_certified_advanced")->exact, *t.eps_advanced);
  EXPECT_LT(*t.eps_rdp, *in.eps);
  EXPECT_LE(c.find("tail_total")->exact.value(), *in.delta / 2000);
  // With --vec-constant the proof's route does not apply (b is not C.1's), the certified routes still do.
  in.vec_constant = Rational(1);
  const auto m = ref::calibrate_001(in);
  EXPECT_FALSE(m.find("eps_total_advanced")->exact.has_value());
  EXPECT_TRUE(m.find("eps_total_certified_rdp")->exact.has_value() ||
              m.find("eps_total_certified_rdp")->text.has_value());
}

TEST(Calibration001Test, TreeSigmaIsTheLeastCertifiedGridPoint) {
  auto in = input("tree");
  in.eps = Rational(1, 2);
  in.delta = Rational(1, 100000);
  in.horizon = 100;
  const auto c = ref::calibrate_001(in);
  EXPECT_EQ(*c.find("m")->exact, 8);  // ⌈log₂ 100⌉ + 1
  const Rational s = *c.find("sigma_node")->exact;
  const Interval sens = Interval(8L, 256).sqrt().mul(Rational(4));
  EXPECT_TRUE(ref::gaussian_delta(sens, Interval(s, 256), in.eps.value(), 256).certainly_less_equal(Interval(*in.delta, 256)));
  const Rational below = s - Rational(1, Integer(1) << 32);
  EXPECT_TRUE(ref::gaussian_delta(sens, Interval(below, 256), in.eps.value(), 256).certainly_greater(Interval(*in.delta, 256)));
}

TEST(Calibration001Test, PaperCodeProfileReproducesSpecTable) {
  // spec 001 §6.4, δ = 0.1, B = 20, n = 20000, d = 5, ε = 0.2: LDP s 8.971, JDP s 50.65, Amp s 2.787, Vec b 1530.4.
  auto l = input("ldp-gauss");
  l.profile = ref::Profile001::PaperCode;
  l.eps = Rational(1, 5);
  l.delta = Rational(1, 10);
  EXPECT_TRUE(inside(ref::calibrate_001(l).find("s"), Rational(89705, 10000), Rational(89715, 10000)));
  auto t = l;
  t.variant = "tree";
  t.n = 20000;
  EXPECT_TRUE(inside(ref::calibrate_001(t).find("s"), Rational(50645, 1000), Rational(50655, 1000)));
  auto a = l;
  a.variant = "p-amp";
  a.n = 20;
  EXPECT_TRUE(inside(ref::calibrate_001(a).find("s"), Rational(27865, 10000), Rational(27875, 10000)));
  auto v = a;
  v.variant = "p-vec";
  v.d = 5;
  EXPECT_TRUE(inside(ref::calibrate_001(v).find("b"), Rational(15303, 10), Rational(15305, 10)));
}

TEST(Calibration001Test, FlagsThatDoNotApplyAreRefusedAndMissingOnesNamed) {
  auto in = input("fmt");
  in.eps0 = Rational(1, 2);
  in.delta0 = Rational(0);
  in.n = 400;
  test::expect_error_message([&] { ref::calibrate_001(in); },
                             "calibrate: parameter 'delta-prime' must be given for fmt, got nothing");
  in.delta_prime = Rational(0);
  test::expect_error_message([&] { ref::calibrate_001(in); },
                             "calibrate: parameter 'delta-prime' must be in (0, 1], got 0");
  in.delta_prime = Rational(1, 2);
  in.n = 0;
  test::expect_error_message([&] { ref::calibrate_001(in); }, "calibrate: parameter 'n' must be >= 1, got 0");
  in.n = 1;  // the range's end: accepted (Lemma B.4's precondition fails, so the bound does not apply)
  EXPECT_FALSE(*ref::calibrate_001(in).find("applicable")->flag);
  in.n = 10;
  in.eps = Rational(1);
  test::expect_error_message([&] { ref::calibrate_001(in); },
                             "calibrate: parameter 'eps' must be absent for fmt (it does not apply), got a value");
  auto p = input("p-amp");
  p.eps = Rational(1, 10);
  p.delta = Rational(1, 10);
  p.n = 0;
  test::expect_error_message([&] { ref::calibrate_001(p); },
                             "calibrate: parameter 'n' must be >= 1 (the batch size B), got 0");
}

}  // namespace
}  // namespace dpb
