// The audit engine's statistics: one-sided Clopper–Pearson bounds against independently computed binomial tails
// (direct summation in long double, and the closed forms at k = 0 and k = n), their conservative rounding, ε_lb,
// event counting, the search/final protocol and the verdict rules.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "verify/audit/black_box.hpp"

namespace dpb::verify::audit {
namespace {

// P[X >= k] and P[X <= k] for X ~ Binomial(n, p) by direct summation (independent of Boost's incomplete beta).
long double upper_tail(std::uint64_t k, std::uint64_t n, long double p) {
  long double s = 0;
  for (std::uint64_t j = k; j <= n; ++j)
    s += std::exp(std::lgamma(static_cast<long double>(n + 1)) - std::lgamma(static_cast<long double>(j + 1)) -
                  std::lgamma(static_cast<long double>(n - j + 1)) + j * std::log(p) + (n - j) * std::log1p(-p));
  return s;
}
long double lower_tail(std::uint64_t k, std::uint64_t n, long double p) { return 1 - upper_tail(k + 1, n, p); }

TEST(ClopperPearsonTest, LowerBoundIsConservativeAndNearlyExact) {
  for (std::uint64_t n : {10u, 57u, 200u})
    for (std::uint64_t k : {1ul, n / 3, n / 2, n - 1, n})
      for (double alpha : {0.05, 0.0125, 1e-3}) {
        const double L = cp_lower(k, n, alpha);
        ASSERT_GT(L, 0);
        // Valid: at p = L the chance of k or more successes is at most α (so P_p[L > p] ≤ α) ...
        EXPECT_LE(upper_tail(k, n, L), alpha * (1 + 1e-9)) << k << "/" << n;
        // ... and not much lower than the exact bound: slightly above L the tail already exceeds α.
        EXPECT_GT(upper_tail(k, n, std::min(1.0L, L * (1 + 1e-7L))), alpha) << k << "/" << n;
      }
}

TEST(ClopperPearsonTest, UpperBoundIsConservativeAndNearlyExact) {
  for (std::uint64_t n : {10u, 57u, 200u})
    for (std::uint64_t k : {0ul, 1ul, n / 3, n / 2, n - 1})
      for (double alpha : {0.05, 0.0125, 1e-3}) {
        const double U = cp_upper(k, n, alpha);
        ASSERT_LT(U, 1);
        EXPECT_LE(lower_tail(k, n, U), alpha * (1 + 1e-9)) << k << "/" << n;
        EXPECT_GT(lower_tail(k, n, U * (1 - 1e-7L)), alpha) << k << "/" << n;
      }
}

TEST(ClopperPearsonTest, ClosedFormsAtTheEdges) {
  // k = n: P_p[X >= n] = p^n = α at p = α^{1/n}; k = 0: P_p[X <= 0] = (1 − p)^n = α at p = 1 − α^{1/n}.
  for (std::uint64_t n : {1u, 7u, 1000u, 1000000u}) {
    const long double x = std::log(0.025L) / static_cast<long double>(n);
    const long double r = std::exp(x), one_minus_r = -std::expm1(x);  // no cancellation in 1 − r
    EXPECT_LE(cp_lower(n, n, 0.025), r);
    EXPECT_GE(cp_lower(n, n, 0.025), r * (1 - 1e-10L));
    EXPECT_GE(cp_upper(0, n, 0.025), one_minus_r);
    EXPECT_LE(cp_upper(0, n, 0.025), one_minus_r * (1 + 1e-8L));
  }
  EXPECT_EQ(cp_lower(0, 10, 0.05), 0);
  EXPECT_EQ(cp_upper(10, 10, 0.05), 1);
  EXPECT_THROW(cp_lower(11, 10, 0.05), std::invalid_argument);
  EXPECT_THROW(cp_upper(1, 10, 0), std::invalid_argument);
  EXPECT_THROW(cp_upper(1, 10, 1), std::invalid_argument);
}

TEST(EpsLowerBoundTest, IsTheLogRatioOfTheBoundsRoundedDown) {
  const double a = 0.01;
  const double lo = cp_lower(6000, 10000, a), hi = cp_upper(3000, 10000, a);
  const double e = eps_lower_bound(6000, 10000, 3000, 10000, a);
  EXPECT_LT(e, std::log(lo / hi));
  EXPECT_GT(e, std::log(lo / hi) - 1e-14);
  EXPECT_LT(e, std::log(2.0));  // below the plug-in ln(0.6/0.3)
  // δ is subtracted from the numerator's bound.
  EXPECT_NEAR(eps_lower_bound(6000, 10000, 3000, 10000, a, 0.1), std::log((lo - 0.1) / hi), 1e-12);
  EXPECT_EQ(eps_lower_bound(6000, 10000, 3000, 10000, a, 0.9), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(eps_lower_bound(0, 10000, 3000, 10000, a), -std::numeric_limits<double>::infinity());
}

TEST(EventTest, CountsThresholdsAndPoints) {
  const std::vector<double> v = {-2, -1, -1, 0, 0, 0, 1, 2.5};
  const Histogram h = Histogram::from_values(v);
  EXPECT_EQ(h.total, 8u);
  EXPECT_EQ((Event{Event::Kind::AtLeast, 0}.count(h)), 5u);
  EXPECT_EQ((Event{Event::Kind::AtLeast, 0.5}.count(h)), 2u);
  EXPECT_EQ((Event{Event::Kind::AtMost, -1}.count(h)), 3u);
  EXPECT_EQ((Event{Event::Kind::AtMost, 10}.count(h)), 8u);
  EXPECT_EQ((Event{Event::Kind::Equal, 0}.count(h)), 3u);
  EXPECT_EQ((Event{Event::Kind::Equal, 0.25}.count(h)), 0u);
  for (const Event& e : {Event{Event::Kind::AtLeast, 1}, Event{Event::Kind::AtMost, 0}, Event{Event::Kind::Equal, -1}}) {
    std::uint64_t direct = 0;
    for (double y : v) direct += e.contains(y) ? 1 : 0;
    EXPECT_EQ(e.count(h), direct) << e.describe();
  }
  const Histogram g = Histogram::from_integer_counts({{3, 2}, {-1, 1}, {3, 1}, {5, 0}});
  ASSERT_EQ(g.counts.size(), 2u);
  EXPECT_EQ(g.counts[0].first, -1);
  EXPECT_EQ(g.counts[1].second, 3u);
  EXPECT_EQ(g.total, 4u);
}

TEST(AuditProtocolTest, BonferroniOverKeptEventsOnTheFinalSplit) {
  // Randomized response with P[Y = 1] = 3/4 under D and 1/4 under D′: ε = ln 3 on both {Y = 1} and {Y = 0}.
  auto hist = [](std::uint64_t ones, std::uint64_t n) {
    return Histogram::from_integer_counts({{1, ones}, {0, n - ones}});
  };
  AuditSettings s;
  s.kept = 3;
  const AuditResult r = audit_histograms("rr", hist(750, 1000), hist(250, 1000), hist(7500, 10000),
                                         hist(2500, 10000), 2.0, std::log(3.0), s);
  ASSERT_EQ(r.events.size(), 3u);
  const double alpha_each = 0.05 / (2 * 3);
  for (const EventBound& b : r.events) {
    EXPECT_EQ(b.n1, 10000u);
    EXPECT_DOUBLE_EQ(b.eps_lb, eps_lower_bound(b.k1, b.n1, b.k0, b.n0, alpha_each));
  }
  EXPECT_EQ(r.eps_lb, r.events.front().eps_lb);
  EXPECT_LT(r.eps_lb, std::log(3.0));
  EXPECT_GT(r.eps_lb, 0.9 * std::log(3.0));
  EXPECT_EQ(r.verdict, AuditVerdict::tight);
}

TEST(VerdictTest, RulesInOrder) {
  AuditResult r;
  r.eps_claimed = 1;
  r.eps_exact = 0.8;
  r.eps_lb = 1.01;
  assign_verdict(r);
  EXPECT_EQ(r.verdict, AuditVerdict::violation);
  r.eps_lb = 0.9;
  assign_verdict(r);
  EXPECT_EQ(r.verdict, AuditVerdict::model_mismatch);
  r.eps_lb = 0.8;  // equal to ε_exact: within tolerance
  assign_verdict(r);
  EXPECT_EQ(r.verdict, AuditVerdict::tight);
  r.eps_lb = 0.73;  // above 0.9·0.8
  assign_verdict(r);
  EXPECT_EQ(r.verdict, AuditVerdict::tight);
  r.eps_lb = 0.7;
  r.best.k1 = 600;
  r.best.n1 = 1000;
  r.best.k0 = 330;
  r.best.n0 = 1000;
  r.best.eps_hat = std::log(600.0 / 330.0);  // 0.598 < 0.9·0.8: more samples of this event cannot reach 0.9·0.8
  assign_verdict(r);
  EXPECT_EQ(r.verdict, AuditVerdict::weak);
  EXPECT_FALSE(r.samples_needed.has_value());
  r.best.k0 = 230;
  r.best.eps_hat = std::log(600.0 / 230.0);  // 0.959 > 0.72
  assign_verdict(r);
  EXPECT_EQ(r.verdict, AuditVerdict::weak);
  ASSERT_TRUE(r.samples_needed.has_value());
  EXPECT_GT(*r.samples_needed, 100);
  // Without ε_exact the reference is the claim.
  r.eps_exact.reset();
  r.eps_lb = 0.95;
  assign_verdict(r);
  EXPECT_EQ(r.verdict, AuditVerdict::tight);
  EXPECT_EQ(to_string(AuditVerdict::model_mismatch), "MODEL-MISMATCH");
}

TEST(SamplesNeededTest, FollowsTheRuleOfThumb) {
  EventBound b;
  b.k1 = 7300, b.n1 = 10000, b.k0 = 2700, b.n0 = 10000;
  b.eps_hat = std::log(7300.0 / 2700.0);
  const double z = 1.959963984540054;  // one-sided 0.025
  const double s = std::sqrt(0.27 / 0.73) + std::sqrt(0.73 / 0.27);
  const double expect = z * z * s * s / ((b.eps_hat - 0.9) * (b.eps_hat - 0.9));
  const auto n = samples_needed(b, 0.9, 0.025);
  ASSERT_TRUE(n.has_value());
  EXPECT_NEAR(*n, std::ceil(expect), 1.0);
}

TEST(SamplesNeededTest, AccountsForDelta) {
  // With δ the bound is ln((p1_lower − δ)/p0_upper): plug-in ln((p1 − δ)/p0), numerator error √(p1(1−p1))/(p1 − δ).
  EventBound b;
  b.k1 = 7300, b.n1 = 10000, b.k0 = 2700, b.n0 = 10000;
  b.eps_hat = std::log(7300.0 / 2700.0);
  const double z = 1.959963984540054, delta = 0.01;
  const double e = std::log((0.73 - delta) / 0.27);
  const double s = std::sqrt(0.73 * 0.27) / (0.73 - delta) + std::sqrt(0.73 / 0.27);
  const auto n = samples_needed(b, 0.9, 0.025, delta);
  ASSERT_TRUE(n.has_value());
  EXPECT_NEAR(*n, std::ceil(z * z * s * s / ((e - 0.9) * (e - 0.9))), 1.0);
  EXPECT_GT(*n, *samples_needed(b, 0.9, 0.025));  // δ costs samples
  EXPECT_EQ(samples_needed_at(0.73, 0.27, 0.9, 0.025, delta), n);
  // Negative controls: δ ≥ p1 leaves nothing to bound; a δ that pulls ε̂ below the target gives no forecast.
  EXPECT_FALSE(samples_needed(b, 0.9, 0.025, 0.73).has_value());
  EXPECT_FALSE(samples_needed(b, 0.9, 0.025, 0.4).has_value());  // ln(0.33/0.27) = 0.2 < 0.9
}

TEST(SamplesNeededTest, AnyEventForecastUsesPessimisticFrequencies) {
  // Randomized response, ratio 3 on {Y = 1}: the forecast over all events is at least the plug-in rule of thumb
  // (pessimistic frequencies only shrink ε̂ and the probabilities), and finite.
  const Histogram d = Histogram::from_integer_counts({{1, 7500}, {0, 2500}});
  const Histogram dp = Histogram::from_integer_counts({{1, 2500}, {0, 7500}});
  const auto any = samples_needed_any_event(d, dp, 1.0, 0.00625, 0, 256);
  ASSERT_TRUE(any.has_value());
  const double plug_in = *samples_needed_at(0.75, 0.25, 1.0, 0.00625);
  EXPECT_GE(any->first, plug_in);
  EXPECT_LT(any->first, 10 * plug_in);
  // No event can reach ε = ln 3 + 0.1 (every candidate's ε̂ is at most ln 3).
  EXPECT_FALSE(samples_needed_any_event(d, dp, std::log(3.0) + 0.1, 0.00625, 0, 256).has_value());
}

// order_by_ratio: values are relabelled by the rank of their search-split log-ratio; a value the search split never
// saw goes to rank 0, in every split.
TEST(OrderByRatioTest, RanksValuesByTheirSearchRatio) {
  Histogram sd = Histogram::from_integer_counts({{7, 10}, {3, 50}, {9, 40}});
  Histogram sdp = Histogram::from_integer_counts({{7, 40}, {3, 50}, {9, 10}});
  Histogram fd = Histogram::from_integer_counts({{7, 1}, {3, 2}, {9, 3}, {100, 4}});
  Histogram fdp = fd;
  order_by_search_ratio(sd, sdp, fd, fdp);
  // ratios: 7 → 10/40 (lowest), 3 → 1, 9 → 40/10 (highest): ranks 1, 2, 3; 100 unseen → 0.
  EXPECT_EQ(sd.counts, (std::vector<std::pair<double, std::uint64_t>>{{1, 10}, {2, 50}, {3, 40}}));
  EXPECT_EQ(fd.counts, (std::vector<std::pair<double, std::uint64_t>>{{0, 4}, {1, 1}, {2, 2}, {3, 3}}));
  EXPECT_EQ(fd.total, 10u);
}

// A categorical output whose numeric order means nothing: the leaking values are scattered among neutral ones. With
// order_by_ratio the audit finds them as one level set; the bound stays below the true ε.
TEST(OrderByRatioTest, FindsAScatteredLevelSet) {
  // 20 values (scattered over 0..100 by a multiplication modulo 101); the odd ones are twice as likely under D as
  // under D′ (ε = ln 2 on their union), the even ones half as likely.
  auto make = [](bool d, std::uint64_t n) {
    std::vector<std::pair<std::int64_t, std::uint64_t>> c;
    for (std::int64_t v = 0; v < 20; ++v) {
      const bool odd = v % 2 == 1;
      // P_D(odd) = 2/3 spread over 10 values, P_D′(odd) = 1/3.
      const double p = odd ? (d ? 2.0 / 30 : 1.0 / 30) : (d ? 1.0 / 30 : 2.0 / 30);
      c.emplace_back(v * 7919 % 101, static_cast<std::uint64_t>(p * static_cast<double>(n)));
    }
    return Histogram::from_integer_counts(c);
  };
  AuditSettings s;
  s.order_by_ratio = true;
  const AuditResult r = audit_histograms("categorical", make(true, 3000), make(false, 3000), make(true, 30000),
                                         make(false, 30000), 0.3, std::nullopt, s);
  EXPECT_GT(r.eps_lb, 0.3) << "the union of the odd values is found";
  EXPECT_LT(r.eps_lb, std::log(2.0));
}

}  // namespace
}  // namespace dpb::verify::audit
