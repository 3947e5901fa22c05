// The GLM layer (reference/glm/link.hpp, certified_real.hpp): exact values where they are rational, certified
// enclosures against independently known decimals (Abramowitz–Stegun tables of Φ and φ; e, ln 2), the three
// decisions (compare, floor, Bernoulli) and their bit counts, the precision cap, and bad input.
#include "reference/glm/link.hpp"

#include <gtest/gtest.h>

#include <deque>

#include "reference/core/errors.hpp"

namespace dpb::ref {
namespace {

// A bit source that serves given 64-bit words (the first bit taken is each word's most significant bit).
struct WordSource {
  std::deque<std::uint64_t> words;
  unsigned words_read = 0;
  std::uint64_t next_bits(unsigned k) {
    EXPECT_EQ(k, 64U);
    EXPECT_FALSE(words.empty());
    ++words_read;
    const std::uint64_t w = words.front();
    words.pop_front();
    return w;
  }
  bool next_bit() { ADD_FAILURE() << "single bits are not expected"; return false; }
};

Rational dec(const char* s) { return parse_rational(s, "test", "value"); }

// lo ≤ x ≤ hi with x's enclosure at 128 bits.
void expect_between(const CertifiedReal& x, const char* lo, const char* hi) {
  const Interval e = x.enclose(128);
  EXPECT_TRUE(e.certainly_greater(dec(lo))) << lo;
  EXPECT_TRUE(e.certainly_less(dec(hi))) << hi;
}

TEST(GlmLinkTest, RationalValuesAreExact) {
  for (Link l : {Link::logistic, Link::probit}) {
    ASSERT_TRUE(mu(l, 0).is_exact());
    EXPECT_EQ(mu(l, 0).exact(), Rational(1, 2));
    ASSERT_TRUE(mu_ddot(l, 0).is_exact());
    EXPECT_EQ(mu_ddot(l, 0).exact(), 0);
    EXPECT_FALSE(mu(l, Rational(1, 1024)).is_exact());
  }
  ASSERT_TRUE(mu_dot(Link::logistic, 0).is_exact());
  EXPECT_EQ(mu_dot(Link::logistic, 0).exact(), Rational(1, 4));
  EXPECT_FALSE(mu_dot(Link::probit, 0).is_exact());  // 1/√(2π)
  ASSERT_TRUE(b(Link::probit, 0).is_exact());
  EXPECT_EQ(b(Link::probit, 0).exact(), 0);
  EXPECT_FALSE(b(Link::logistic, 0).is_exact());  // ln 2
}

TEST(GlmLinkTest, EnclosuresMatchKnownDecimals) {
  // logistic: 1/(1 + e^{−1}) = 0.7310585786300048792…, e^{−1}/(1 + e^{−1})² = 0.1966119332414818525…
  expect_between(mu(Link::logistic, 1), "0.73105857863000487", "0.73105857863000488");
  expect_between(mu(Link::logistic, -1), "0.26894142136999512", "0.26894142136999513");
  expect_between(mu_dot(Link::logistic, 1), "0.19661193324148185", "0.19661193324148186");
  expect_between(b(Link::logistic, 0), "0.69314718055994530", "0.69314718055994531");  // ln 2
  // μ̈(1) = μ̇(1)(1 − 2μ(1)) = −0.0908577476729484…
  expect_between(mu_ddot(Link::logistic, 1), "-0.09085774767294842", "-0.09085774767294840");
  // probit: Φ(1) = 0.8413447460685429486, φ(1) = 0.2419707245191433498, φ(0) = 0.3989422804014326779
  expect_between(mu(Link::probit, 1), "0.84134474606854294", "0.84134474606854295");
  expect_between(mu(Link::probit, -1), "0.15865525393145705", "0.15865525393145706");
  expect_between(mu_dot(Link::probit, 1), "0.24197072451914334", "0.24197072451914335");
  expect_between(mu_dot(Link::probit, 0), "0.39894228040143267", "0.39894228040143268");
  expect_between(mu_ddot(Link::probit, 2), "-0.10798193302637611", "-0.10798193302637610");  // −2φ(2)
  // b(1) = Φ(1) + φ(1) − φ(0) = 0.6843731901862536…
  expect_between(b(Link::probit, 1), "0.68437319018625362", "0.68437319018625363");
}

TEST(GlmLinkTest, LossAndGradientFollowTheirDefinitions) {
  const std::vector<Rational> theta{Rational(1), Rational(0)}, x{Rational(1, 2), Rational(0)};
  // z = 1/2: gradient entries (μ(½) − r)·½ and an exact 0 for the zero coordinate.
  const auto g = gradient(Link::logistic, theta, x, Rational(1));
  ASSERT_EQ(g.size(), 2U);
  ASSERT_TRUE(g[1].is_exact());
  EXPECT_EQ(g[1].exact(), 0);
  // μ(½) = 0.6224593312018545646… → (μ − 1)/2 = −0.1887703343990727…
  expect_between(g[0], "-0.18877033439907272", "-0.18877033439907271");
  // z = 0 with r = ½: the whole gradient is exactly 0; with r = 1, exactly (−½)·x.
  const std::vector<Rational> zero{Rational(0), Rational(0)};
  for (const auto& e : gradient(Link::probit, zero, x, Rational(1, 2))) {
    ASSERT_TRUE(e.is_exact());
    EXPECT_EQ(e.exact(), 0);
  }
  const auto g1 = gradient(Link::logistic, zero, x, Rational(1));
  ASSERT_TRUE(g1[0].is_exact());
  EXPECT_EQ(g1[0].exact(), Rational(-1, 4));
  // ℓ = b(z) − r z: probit at z = 0 is exactly 0; logistic at z = ½, r = 1: ln(1 + e^{½}) − ½ = 0.4740769841801067…
  EXPECT_TRUE(loss(Link::probit, zero, x, Rational(1)).is_exact());
  expect_between(loss(Link::logistic, theta, x, Rational(1)), "0.47407698418010668", "0.47407698418010669");
}

TEST(GlmLinkTest, DecisionsAreDecided) {
  EXPECT_EQ(compare(mu(Link::logistic, Rational(1, 1 << 20)), Rational(1, 2)), 1);
  EXPECT_EQ(compare(mu(Link::probit, Rational(-1, 1 << 20)), Rational(1, 2)), -1);
  EXPECT_EQ(compare(mu(Link::probit, 0), Rational(1, 2)), 0);
  // ⌊Φ(1)·10^15⌋ = 841344746068542 and ⌊μ(1)·10^15⌋ = 731058578630004 (decimals above).
  EXPECT_EQ(floor_scaled(mu(Link::probit, 1), Rational(Integer("1000000000000000"))), Integer("841344746068542"));
  EXPECT_EQ(floor_scaled(mu(Link::logistic, 1), Rational(Integer("1000000000000000"))), Integer("731058578630004"));
  EXPECT_EQ(floor_scaled(mu_dot(Link::logistic, 0), Rational(-7)), Integer(-2));  // ⌊−7/4⌋, exact
}

TEST(GlmLinkTest, PrecisionCapFailsLoudlyInsteadOfLooping) {
  // 1/3 given only by enclosures: no precision decides 1/3 < 1/3, so the cap is reached and the call throws.
  const CertifiedReal third([](mpfr_prec_t p) { return Interval(Rational(1, 3), p); });
  EXPECT_THROW(compare(third, Rational(1, 3)), GlmUndecided);
  EXPECT_THROW(floor_scaled(third, Rational(3)), GlmUndecided);
  EXPECT_EQ(compare(third, Rational(1, 4)), 1);
}

TEST(GlmLinkTest, RewardReadsChunksUntilDecided) {
  // μ(1) ∈ (0.731, 0.732): chunk 0 is in [0, μ) → 1; chunk 2^64 − 1 in [μ, 1) → 0; one chunk each.
  WordSource low{{0}}, high{{~std::uint64_t{0}}};
  EXPECT_EQ(sample_reward(Link::logistic, 1, low), 1);
  EXPECT_EQ(low.words_read, 1U);
  EXPECT_EQ(sample_reward(Link::logistic, 1, high), 0);
  EXPECT_EQ(high.words_read, 1U);
  // The chunk ⌊μ·2^64⌋ contains μ: a second chunk decides (0 → below μ's fraction, so 1 unless μ's next 64 bits are 0).
  const Integer cut = floor_scaled(mu(Link::logistic, 1), Rational(Integer(1) << 64));
  WordSource mid{{to_uint64(cut), 0}};
  EXPECT_EQ(sample_reward(Link::logistic, 1, mid), 1);
  EXPECT_EQ(mid.words_read, 2U);
  // μ(0) = ½ exactly: the first chunk always decides, 2^63 − 1 → 1, 2^63 → 0.
  WordSource a{{(std::uint64_t{1} << 63) - 1}}, c{{std::uint64_t{1} << 63}};
  EXPECT_EQ(sample_reward(Link::probit, 0, a), 1);
  EXPECT_EQ(sample_reward(Link::probit, 0, c), 0);
  EXPECT_EQ(a.words_read + c.words_read, 2U);
}

TEST(GlmLinkTest, BadInputNamesTheParameter) {
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const ParameterError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message([] { parse_link("gauss"); }).find("'link'"), std::string::npos);
  EXPECT_NE(message([] { check_context({}, 4, "t"); }).find("'d'"), std::string::npos);
  EXPECT_NE(message([] { check_context({Rational(3, 4), Rational(3, 4)}, 2, "t"); }).find("'x'"), std::string::npos);
  EXPECT_NE(message([] { check_context({Rational(1, 3)}, 8, "t"); }).find("grid"), std::string::npos);
  EXPECT_NO_THROW(check_context({Rational(3, 4), Rational(1, 2)}, 2, "t"));  // 9/16 + 4/16 ≤ 1
  EXPECT_NE(message([] { check_parameter({Rational(1)}, Rational(0), 2, "t"); }).find("'S'"), std::string::npos);
  EXPECT_NE(message([] { check_parameter({Rational(1)}, Rational(4097), 2, "t"); }).find("'S'"), std::string::npos);
  EXPECT_NE(message([] { mu(Link::probit, Rational(4097)); }).find("'z'"), std::string::npos);
  EXPECT_NE(message([] { mu_dot_enclosure(Link::logistic, Rational(-4097), 64); }).find("'z'"), std::string::npos);
  EXPECT_NO_THROW(mu(Link::probit, Rational(-4096)).enclose(64));
  EXPECT_NE(message([] { check_parameter({Rational(2), Rational(1)}, Rational(2), 2, "t"); }).find("'theta'"),
            std::string::npos);
  EXPECT_NE(message([] { check_kappa_star(Link::logistic, dec("3.99"), "t"); }).find("'kappa_star'"),
            std::string::npos);
  EXPECT_NO_THROW(check_kappa_star(Link::logistic, Rational(4), "t"));
  // √(2π) = 2.50662827…
  EXPECT_NE(message([] { check_kappa_star(Link::probit, dec("2.5066"), "t"); }).find("'kappa_star'"),
            std::string::npos);
  EXPECT_NO_THROW(check_kappa_star(Link::probit, dec("2.5067"), "t"));
}

}  // namespace
}  // namespace dpb::ref
