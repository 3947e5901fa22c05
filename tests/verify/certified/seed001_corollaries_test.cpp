// The corollary checker (verify/certified/seed001_corollaries.hpp): every registered corollary holds with the signs
// restored, and the checker rejects the printed forms whose minus signs the extraction lost (spec 001 §9 item 14), a
// rate one term exceeds, and a derived LDP parameter that does not follow from B.
#include "verify/certified/seed001_corollaries.hpp"

#include <gtest/gtest.h>

namespace dpb::verify::certified {
namespace {

Corollary find(const std::string& id) {
  for (const Corollary& c : seed001_corollaries())
    if (c.id == id) return c;
  throw std::logic_error("no corollary " + id);
}

TEST(Seed001Corollaries, AllHoldWithTheRestoredSigns) {
  for (const Corollary& c : seed001_corollaries()) {
    const Outcome o = check_corollary(c);
    EXPECT_EQ(o.verdict, Verdict::holds) << c.id << ": " << o.key_figure;
  }
  // B.2 balances the two terms of Thm B.1 exactly: both are the rate
  EXPECT_NE(check_corollary(find("b2")).key_figure.find("balanced"), std::string::npos);
}

TEST(Seed001Corollaries, ThePrintedSignsAndAWrongRateAreRejected) {
  // "d 1/5 ε 2/5" as extracted: B = d^{1/5} ε^{2/5} T^{3/5} … — the regret term dB then exceeds the rate by d^{2/5}ε^{4/5}
  Corollary b2 = find("b2");
  b2.B.exponent["d"] = Rational(1, 5);
  b2.B.exponent["eps"] = Rational(2, 5);
  EXPECT_EQ(check_corollary(b2).verdict, Verdict::violated);
  // Cor 3.3 claimed at T^{1/2}: the term dB = dT^{3/5} exceeds it
  Corollary c33 = find("3.3");
  c33.rate.exponent["T"] = Rational(1, 2);
  EXPECT_EQ(check_corollary(c33).verdict, Verdict::violated);
  // C.2's LDP ε₀ stated with T^{−3/10}: not ε√B
  Corollary c2 = find("c2");
  c2.derived[0].second.second.exponent["T"] = Rational(-3, 10);
  EXPECT_EQ(check_corollary(c2).verdict, Verdict::violated);
  // E.4 with B = T^{4/3}: outside [1, T]
  Corollary e4 = find("e4");
  e4.B.exponent["T"] = Rational(4, 3);
  EXPECT_EQ(check_corollary(e4).verdict, Verdict::violated);
}

TEST(Seed001Corollaries, MonomialArithmetic) {
  const Monomial a{{"T", Rational(3, 5)}, {"d", Rational(-1, 5)}};
  EXPECT_EQ((a * a.pow(Rational(-1))).text(), "1");
  EXPECT_EQ(a.pow(Rational(5, 3)).text(), "T d^(-1/3)");
  EXPECT_EQ((a / Monomial{{"T", Rational(1)}}).of("T"), Rational(-2, 5));
}

}  // namespace
}  // namespace dpb::verify::certified
