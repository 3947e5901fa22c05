// RoundedNormal (reference and optimized): validation, determinism, the exact rounding decision, and the exact laws
// of Karney's building blocks by enumerating every bit string of a fixed length (a certified bracket of each
// probability: the strings that end with "true", and those that end at all).
#include "reference/samplers/rounded_normal.hpp"

#include <gtest/gtest.h>

#include <string>

#include "optimized/samplers/rounded_normal.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/bits/tape.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "tests/support/parameter_errors.hpp"

namespace dpb::ref {
namespace {

TEST(RoundedNormalTest, ConstructorsRejectBadParametersNamingThem) {
  for (bool fast : {false, true}) {
    auto make = [fast](const Rational& s, const Integer& r) {
      if (fast)
        fast::RoundedNormal(s, r);
      else
        RoundedNormal(s, r);
    };
    test::expect_error_message([&] { make(Rational(0), Integer(3)); }, "RoundedNormal: parameter 'sigma' must be > 0, got 0");
    test::expect_error_message([&] { make(Rational(-1, 2), Integer(3)); },
                   "RoundedNormal: parameter 'sigma' must be > 0, got -1/2");
    test::expect_error_message([&] { make(Rational(1), Integer(-1)); },
                   "RoundedNormal: parameter 'grid-bits' must be an integer in [0, 1024], got -1");
    test::expect_error_message([&] { make(Rational(1), Integer(1025)); },
                   "RoundedNormal: parameter 'grid-bits' must be an integer in [0, 1024], got 1025");
  }
  EXPECT_NO_THROW(RoundedNormal(Rational(1), Integer(1024)));
  // The optimized build's own range.
  test::expect_error_message([] { fast::RoundedNormal(Rational(1), Integer(63)); },
                 "RoundedNormal: parameter 'grid-bits' must be at most 62 in the optimized build, got 63");
  EXPECT_THROW(fast::RoundedNormal(Rational(2), Integer(48)), ParameterError);  // c = 2^49
  EXPECT_NO_THROW(fast::RoundedNormal(Rational(1), Integer(48)));                // c = 2^48
  EXPECT_THROW(fast::RoundedNormal(Rational(Integer(1) << 70, Integer(3)), Integer(0)), ParameterError);
}

TEST(RoundedNormalTest, DecideIsTheExactRoundToNearest) {
  const RoundedNormal s(Rational(3, 2), Integer(1));  // c = 3
  // k + U ∈ [1, 1 + 1/8): 3(k+U) + 1/2 ∈ [3.5, 3.875): M = 3.
  EXPECT_EQ(s.decide(Integer(1), Integer(0), 3), Integer(3));
  // [1, 1 + 1/4): [3.5, 4.25) straddles 4: undecided.
  EXPECT_FALSE(s.decide(Integer(1), Integer(0), 2).has_value());
  // [1/2 − 1/2^4, 1/2): [2, 2) + ... = [1.8125 + .5 ...]: 3·(7/16) + 1/2 = 1.8125, 3·(8/16) + 1/2 = 2: M = 1 (hi excluded).
  EXPECT_EQ(s.decide(Integer(0), Integer(7), 4), Integer(1));
  // A tie point at the left end rounds up (away from zero): 3·(1/2) + 1/2 = 2 exactly at U = 1/2.
  EXPECT_EQ(s.decide(Integer(0), Integer(8), 4), Integer(2));
  // Width > 1 never decides.
  EXPECT_FALSE(s.decide(Integer(0), Integer(0), 1).has_value());
}

TEST(RoundedNormalTest, SameSeedSameSamplesInBothBuilds) {
  const RoundedNormal a(Rational(7, 3), Integer(5));
  const fast::RoundedNormal b(Rational(7, 3), Integer(5));
  ChaCha20Source s1(17), s2(17), s3(18);
  bool differs = false;
  for (int i = 0; i < 2000; ++i) {
    const Integer x = a(s1);
    EXPECT_EQ(x, b(s2));
    differs = differs || x != Integer(a(s3));
  }
  EXPECT_TRUE(differs) << "another seed gives another sequence";
}

// Runs f on every bit string of length L; returns (#true, #false) among the strings on which f ends.
template <class F>
std::pair<long, long> enumerate(unsigned L, F&& f) {
  long t = 0, n = 0;
  for (std::uint64_t v = 0; v < (std::uint64_t{1} << L); ++v) {
    Tape tape;
    tape.append(v, L);
    TapeSource bits(tape);
    try {
      (f(bits) ? t : n) += 1;
    } catch (const TapeExhausted&) {
    }
  }
  return {t, n};
}

// P[true] ∈ [t/2^L, 1 − n/2^L] must contain the exact value.
void expect_bracket(std::pair<long, long> tn, unsigned L, const Interval& exact, const std::string& what) {
  const Rational lo(tn.first, Integer(1) << L), hi(Integer((Integer(1) << L) - tn.second), Integer(1) << L);
  EXPECT_TRUE(exact.certainly_greater(lo) || exact.contains(lo)) << what;
  EXPECT_TRUE(exact.certainly_less(hi) || exact.contains(hi)) << what;
  EXPECT_LT(hi - lo, Rational(1, 50)) << what << ": the bracket is tight enough to mean something";
}

TEST(RoundedNormalTest, KarneyBuildingBlocksHaveTheirExactLaws) {
  constexpr unsigned L = 20;
  // Algorithm H: e^{−1/2}.
  expect_bracket(enumerate(L, [](TapeSource& b) { return internal::bernoulli_exp_half(b); }), L,
                 exp_neg(Rational(1, 2), 128), "H");
  // Algorithm B with a fresh x, k = 0: ∫₀¹ e^{−x²/2} dx = √(π/2)·erf(1/√2).
  Interval erf1(128);
  {
    Interval x = Interval(1L, 128) / Interval(2L, 128).sqrt();
    mpfr_erf(&erf1.get()->left, &x.get()->left, MPFR_RNDD);
    mpfr_erf(&erf1.get()->right, &x.get()->right, MPFR_RNDU);
  }
  Interval pi(128);
  mpfi_const_pi(pi.get());
  const Interval b0 = (pi / Interval(2L, 128)).sqrt() * erf1;
  expect_bracket(enumerate(L,
                           [](TapeSource& b) {
                             internal::URand x;
                             return internal::karney_b(0, x, b);
                           }),
                 L, b0, "B(k=0)");
}

TEST(RoundedNormalTest, BothBuildsAgreeOnEveryShortTape) {
  // Every 16-bit tape: the same value, or both exhaust the tape.
  const RoundedNormal a(Rational(5, 4), Integer(2));
  const fast::RoundedNormal b(Rational(5, 4), Integer(2));
  int finished = 0;
  for (std::uint64_t v = 0; v < (1U << 16); ++v) {
    Tape tape;
    tape.append(v, 16);
    TapeSource s1(tape), s2(tape);
    std::optional<Integer> x, y;
    try {
      x = a(s1);
    } catch (const TapeExhausted&) {
    }
    try {
      y = Integer(b(s2));
    } catch (const TapeExhausted&) {
    }
    EXPECT_EQ(x, y) << v;
    if (x) ++finished;
  }
  EXPECT_GT(finished, 0);
}

}  // namespace
}  // namespace dpb::ref
