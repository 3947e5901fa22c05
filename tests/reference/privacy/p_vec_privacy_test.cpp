// P_Vec's certified privacy bound (reference/privacy/p_vec_privacy.hpp) against exact computations at sizes that
// enumerate: the truncated Rényi moment bound covers the exact window sum, the Chernoff tails cover the exact tails,
// the knapsack equals a brute-force maximum, and the end-to-end δ(ε) bound covers the exact δ(ε) of every neighbour
// pair of a small instance (the product law of its two labels, enumerated).
#include "reference/privacy/p_vec_privacy.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <tuple>

#include "reference/core/errors.hpp"
#include "reference/pmf/binomial.hpp"
#include "reference/privacy/privacy_profile.hpp"

namespace dpb::ref {
namespace {

constexpr mpfr_prec_t kPrec = 256;

// ln Σ_{y=lo}^{hi} B(y−m)^α B(y)^{1−α}, enclosed from certified pmf values.
Interval exact_log_moment(const Integer& n, const Rational& p, long m, long alpha, long lo, long hi) {
  const BinomialPmf bin(n, p);
  std::vector<Interval> P, Q;
  for (long y = lo; y <= hi; ++y) {
    P.push_back(bin.pmf(Integer(y - m), kPrec));
    Q.push_back(bin.pmf(Integer(y), kPrec));
  }
  return renyi_divergence(P, Q, Rational(alpha), kPrec).mul(Rational(alpha - 1));
}

// The α set the bound minimises over is the documented one: 2, 3 and every 2^j, 3·2^j up to 2^24 (3·2^23 the largest
// multiple of three), sorted and without repeats — a missing order only makes the bound worse, so no coverage test
// would notice it (the mutation campaign's gen-s1-010 put a second 2 in place of 3).
TEST(PVecPrivacyTest, AlphaSetIsTwoThreeAndThePowersOfTwoAndTheirTriplesUpTo2To24) {
  std::set<Integer> expected = {Integer(2), Integer(3)};
  for (int j = 1; j <= 24; ++j) {
    expected.insert(Integer(1) << j);
    if (j <= 23) expected.insert(Integer(3) << j);
  }
  const std::vector<Integer>& set = pvec_alpha_set();
  EXPECT_EQ(std::vector<Integer>(expected.begin(), expected.end()), set);
  EXPECT_EQ(set.size(), 48u);  // 24 powers of two, 23 triples, and 3
}

TEST(PVecPrivacyTest, ShiftMomentBoundCoversTheExactWindowSumWithinTheRemainder) {
  for (const long n : {60L, 4000L})
    for (const Rational& p : {Rational(1, 4), Rational(1, 2)}) {
      const long mean = (Rational(n) * p).convert_to<long>();
      // The whole admissible range, and a window of about ±6σ (σ² = np(1 − p) ≤ n/4).
      const long half = n == 60 ? n : 6 * static_cast<long>(floor_sqrt(Integer(n / 4)).convert_to<long>()) + 1;
      for (const long m : {-3L, -1L, 1L, 3L})
        for (const long alpha : {2L, 3L, 8L}) {
          const long lo = std::max(3L, mean - half), hi = std::min(n - 3, mean + half);
          const auto bound = binomial_shift_log_moment_upper_bound(Integer(n), p, Integer(m), Integer(alpha),
                                                                   Integer(lo), Integer(hi));
          ASSERT_TRUE(bound.has_value());
          const Interval exact = exact_log_moment(Integer(n), p, m, alpha, lo, hi);
          SCOPED_TRACE("n=" + std::to_string(n) + " p=" + to_string(p) + " m=" + std::to_string(m) +
                       " alpha=" + std::to_string(alpha));
          EXPECT_TRUE(exact.certainly_less_equal(Interval(*bound, kPrec)));
          // The slack is at most the documented uniform remainder α|m|·x²/(1 − x⁺) on the window (x ≤ (half + |m| + 1)/
          // (n·min(p, 1 − p)) < 1/2, so the factor is ≤ 2) plus the tilted mass outside it: a wrong exponent (λ, the
          // m(m−1)/2 term, the reflection) breaks this or the coverage above.
          if (n == 4000) {
            const Rational x = Rational(half + 4) / (Rational(n) * std::min(p, Rational(1 - p)));
            const Rational slack = 2 * Rational(alpha * std::abs(m)) * x * x + Rational(1, 1000);
            EXPECT_TRUE((Interval(*bound, kPrec) - exact).certainly_less(slack));
          }
        }
    }
  EXPECT_EQ(*binomial_shift_log_moment_upper_bound(Integer(100), Rational(1, 4), Integer(0), Integer(2), Integer(0),
                                                   Integer(100)),
            Rational(0));
  EXPECT_THROW(binomial_shift_log_moment_upper_bound(Integer(100), Rational(1, 4), Integer(3), Integer(2), Integer(2),
                                                     Integer(90)),
               ParameterError);  // lo < |m|
}

TEST(PVecPrivacyTest, ChernoffTailsCoverTheExactTails) {
  const Integer n = 1000;
  const BinomialPmf bin(n, Rational(1, 4));
  for (const long a : {150L, 200L, 240L}) {
    const Rational bound = binomial_tail_upper_bound(n, Rational(1, 4), Integer(a), true);
    EXPECT_TRUE(bin.cdf(Integer(a), kPrec).certainly_less_equal(Interval(bound, kPrec))) << a;
    EXPECT_LT(bound, 1);
  }
  for (const long a : {260L, 300L, 400L}) {
    const Rational bound = binomial_tail_upper_bound(n, Rational(1, 4), Integer(a), false);
    EXPECT_TRUE(bin.upper_tail(Integer(a), kPrec).certainly_less_equal(Interval(bound, kPrec))) << a;
    EXPECT_LT(bound, 1);
  }
  EXPECT_EQ(binomial_tail_upper_bound(n, Rational(1, 4), Integer(300), true), 1);    // wrong side of the mean
  EXPECT_EQ(binomial_tail_upper_bound(n, Rational(1, 4), Integer(-1), true), 0);     // below the support
  EXPECT_EQ(binomial_tail_upper_bound(n, Rational(1, 4), Integer(1001), false), 0);  // above it
}

// max Σ Λ(k_j) over every k ∈ {0..K}^labels with Σ (k_j − 1)₊² ≤ budget.
Rational brute_force(const std::vector<Rational>& lambda, int labels, long budget) {
  Rational best = 0;
  std::vector<int> k(static_cast<std::size_t>(labels), 0);
  const int K = static_cast<int>(lambda.size()) - 1;
  std::function<void(int, long, Rational)> go = [&](int j, long cost, Rational sum) {
    if (cost > budget) return;
    if (j == labels) {
      best = std::max(best, sum);
      return;
    }
    for (int v = 0; v <= K; ++v) go(j + 1, cost + (v >= 2 ? (v - 1) * (v - 1) : 0), sum + lambda[v]);
  };
  go(0, 0, Rational(0));
  return best;
}

TEST(PVecPrivacyTest, JointMaximumEqualsBruteForceUpToTheGrid) {
  const std::vector<std::vector<Rational>> tables = {
      {0, Rational(1, 7), Rational(3, 7), Rational(4, 5), Rational(1)},
      {0, Rational(1, 3), Rational(1, 3), Rational(2), Rational(9, 2)},  // convex: concentrating pays
      {0, Rational(1, 1000), Rational(2, 1000), Rational(3, 1000)}};     // concave: spreading pays
  for (const auto& lambda : tables)
    for (const int labels : {1, 3, 6})
      for (const long budget : {0L, 1L, 4L, 5L, 9L, 20L}) {
        const Rational brute = brute_force(lambda, labels, budget);
        std::vector<Integer> profile;
        const Rational dp = pvec_joint_max_upper_bound(lambda, Integer(labels), Integer(budget), &profile);
        SCOPED_TRACE(std::to_string(labels) + " labels, budget " + std::to_string(budget));
        EXPECT_GE(dp, brute);
        EXPECT_LE(dp, brute + Rational(labels, Integer(1) << 40));
        // The profile is feasible and attains the value (the others at k = 1).
        long cost = 0;
        Rational value = Rational(labels - static_cast<int>(profile.size())) * lambda[1];
        for (const Integer& k : profile) {
          cost += ((k - 1) * (k - 1)).convert_to<long>();
          value += lambda[k.convert_to<std::size_t>()];
        }
        EXPECT_LE(cost, budget);
        EXPECT_EQ(value, brute);
      }
}

// Per-label count law of a user at t (others at integers, which only shift): (1 − f)·Bin(· − ⌊t⌋) + f·Bin(· − ⌊t⌋ − 1)
// on [0, n + K].
std::vector<Interval> label_law(const BinomialPmf& bin, const Integer& n, long K, const Rational& t) {
  const Integer low = floor(t);
  const Rational f = t - low;
  std::vector<Interval> law;
  for (Integer c = 0; c <= n + K; ++c)
    law.push_back(bin.pmf(Integer(c - low), kPrec).mul(Rational(1 - f)) + bin.pmf(Integer(c - low - 1), kPrec).mul(f));
  return law;
}

std::vector<Interval> product(const std::vector<Interval>& a, const std::vector<Interval>& b) {
  std::vector<Interval> out;
  out.reserve(a.size() * b.size());
  for (const auto& x : a)
    for (const auto& y : b) out.push_back(x * y);
  return out;
}

TEST(PVecPrivacyTest, BoundCoversTheExactDeltaOfEveryPairOfASmallInstance) {
  // d = 1 (one vector label φy, one matrix label φ²), g = 4, r = 2Δ (t = (v + 1)·g/2), B·b = 80 noise trials.
  const Integer n = 80, g = 4;
  const long K = 4;
  const Rational delta(1, 10);
  PVecPrivacyInput in;
  in.noise_trials = n;
  in.max_units = g;
  in.instances = pvec_instances(Integer(1), g, true);
  in.tail_budget = delta / 1000;
  const PVecPrivacyBound bound = pvec_privacy_bound(in);
  const auto eps = pvec_eps_upper_bound(bound, delta);
  ASSERT_TRUE(eps.has_value());
  const BinomialPmf bin(n, Rational(1, 4));
  // Every user datum on the grid 2^−1 (φ, y ∈ {−1, −1/2, 0, 1/2, 1}) and its two label positions.
  std::set<std::pair<Rational, Rational>> points;
  for (int a = -2; a <= 2; ++a)
    for (int c = -2; c <= 2; ++c) {
      const Rational phi(a, 2), y(c, 2);
      points.insert({(phi * y + 1) * g / 2, (phi * phi + 1) * g / 2});
    }
  std::vector<std::vector<Interval>> laws;
  for (const auto& [tv, tm] : points) laws.push_back(product(label_law(bin, n, K, tv), label_law(bin, n, K, tm)));
  Rational worst = 0;
  for (std::size_t i = 0; i < laws.size(); ++i)
    for (std::size_t j = 0; j < laws.size(); ++j)
      if (i != j) worst = std::max(worst, hockey_stick(laws[i], laws[j], *eps, kPrec).upper());
  // The exact δ at the certified ε is within δ (and positive: the pairs do differ).
  EXPECT_LE(worst, delta);
  EXPECT_GT(worst, 0);
  // δ at ε: covers the exact worst δ at the same ε.
  EXPECT_LE(worst, pvec_delta_upper_bound(bound, *eps));
}

TEST(PVecPrivacyTest, MoreNoiseNeverCostsPrivacyAndTooLittleExceeds) {
  // Thm 3.5 at ε = 1/5, δ = 1/10, B = 20, d = 5: g = 9, b ≈ 1.17·10⁹. With b the bound is far below ε; with b/10⁶ it
  // is above ε (the negative control of 001.thm3.5.privacy's upper bound).
  const Integer g = 9, b = 1172729554, B = 20;
  const Rational eps(1, 5), delta(1, 10);
  std::optional<Rational> previous;
  for (const Integer& bb : {Integer(b / 1000000), Integer(b / 1000), b}) {
    PVecPrivacyInput in;
    in.noise_trials = B * bb;
    in.max_units = g;
    in.instances = pvec_instances(Integer(5), g, true);
    in.tail_budget = delta / 1000;
    const auto e = pvec_eps_upper_bound(pvec_privacy_bound(in), delta);
    ASSERT_TRUE(e.has_value());
    if (previous) {
      EXPECT_LT(*e, *previous);
    }
    previous = e;
    if (bb == b) {
      EXPECT_LT(*e, eps / 100);
    }
    if (bb == b / 1000000) {
      EXPECT_GT(*e, eps);
    }
  }
}

}  // namespace
}  // namespace dpb::ref
