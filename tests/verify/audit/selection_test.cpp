// Event selection of the black-box audit (verify/audit/black_box.hpp select_events) on the discrete Laplace
// mechanism x + Lap_Z(1/ε), x = 1 (D) vs 0 (D′), at ε = 1/10. Its privacy loss takes only the values ±ε: every event
// inside {Y ≥ 1} (numerator D) or {Y ≤ 0} (numerator D′) has likelihood ratio exactly e^ε, and among them the
// threshold at the sensitivity boundary is the likeliest (probability 1/(1 + e^{−ε}) ≈ 0.525), so it gives the
// tightest final bound. A selection that ranks these equal-ratio events by noisy search-split estimates picks deep
// tail thresholds (probability ≈ 0.1–0.2) instead: this test fails on that behaviour.
#include <gtest/gtest.h>

#include <cmath>

#include "verify/audit/black_box.hpp"
#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {
namespace {

// P[numerator ∈ E] when E has the optimal ratio e^ε, else −1. Numerator D: Y = 1 + L; D′: Y = L, L ~ Lap_Z(1/ε),
// P[L ≥ j] = p^j/(1 + p) for j ≥ 0, p = e^{−ε}.
double optimal_event_probability(const EventBound& b, double eps) {
  const double p = std::exp(-eps);
  const double t = b.event.t;
  if (!b.reverse && b.event.kind == Event::Kind::AtLeast && t >= 1) return std::pow(p, t - 1) / (1 + p);
  if (b.reverse && b.event.kind == Event::Kind::AtMost && t <= 0) return std::pow(p, -t) / (1 + p);
  if (b.event.kind == Event::Kind::Equal && ((!b.reverse && t >= 1) || (b.reverse && t <= 0)))
    return (1 - p) / (1 + p) * std::pow(p, b.reverse ? -t : t - 1);
  return -1;
}

TEST(SelectionTest, DiscreteLaplaceAtEpsOneTenthPicksTheLikelyEventWithTheOptimalRatio) {
  TargetOptions o;
  o.eps = Rational(1, 10);
  const std::uint64_t n_search = 100000;
  for (std::uint64_t seed : {1u, 2u, 3u, 4u, 5u}) {
    const PreparedTarget t = prepare_target("dlaplace", o, seed);
    const Histogram d = t.sample(0, n_search, seed, 1), dp = t.sample(1, n_search, seed, 2);
    AuditSettings s;
    s.final_scale = 10;  // as run_audit: final split of 10 × the search split
    const std::vector<EventBound> selected = select_events(d, dp, s);
    ASSERT_EQ(selected.size(), 4u);  // many-valued output: the automatic rule keeps four
    const double prob = optimal_event_probability(selected.front(), 0.1);
    EXPECT_GE(prob, 0.3) << "seed " << seed << ": " << selected.front().event.describe()
                         << (selected.front().reverse ? " (D'->D)" : " (D->D')") << " probability " << prob;
  }
}

TEST(SelectionTest, NegativeControlTheCheckRejectsATailEvent) {
  // The helper above must call a deep tail threshold (probability ≈ 0.14) and a wrong-ratio event not optimal.
  EventBound tail;
  tail.event = Event{Event::Kind::AtLeast, 20};
  EXPECT_LT(optimal_event_probability(tail, 0.1), 0.3);
  EventBound wrong;
  wrong.event = Event{Event::Kind::AtLeast, 0};  // contains Y = 0, ratio below e^ε
  EXPECT_LT(optimal_event_probability(wrong, 0.1), 0);
  EventBound best;
  best.event = Event{Event::Kind::AtMost, 0};
  best.reverse = true;
  EXPECT_NEAR(optimal_event_probability(best, 0.1), 1 / (1 + std::exp(-0.1)), 1e-15);
}

}  // namespace
}  // namespace dpb::verify::audit
