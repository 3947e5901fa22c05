// The counters of jdp-glm's w.h.p. lemmas (verify/learner_checks/jdp_glm_counters.hpp): the theorem profile's runs
// at the claims' setting (degenerate: Criterion I at every round, argued below), and one control per event — its
// bound scaled down until it must fail — that the checker must reject (`violated`) at α = 10⁻⁶ with 6 runs (6 of 6
// failing runs give a Clopper–Pearson lower bound 10^−1 > 1/40).
#include "verify/learner_checks/jdp_glm_counters.hpp"

#include <gtest/gtest.h>

namespace dpb::verify::learner_checks {
namespace {

constexpr double kAlpha = 1e-6;

JdpCounterOptions small() {
  JdpCounterOptions o;
  o.runs = 6;
  return o;
}

TEST(JdpGlmCountersTest, TheoremProfileRunsExploreEveryRoundAndKeepTheEvents) {
  // λ ≈ 2.2·10⁴ and γ ≈ 732 at (ε, δ, T, d) = (1, 2/5, 32, 4): the threshold 1/(γ²κ) ≈ 1.9·10⁻⁷ lies far below
  // ‖x‖²_{V⁻¹} ≥ ‖x‖²/(λ + Σ‖x‖² + noise) for any arm of norm above 1/10, so Criterion I fires at every round (the
  // generator's arms are uniform in the unit ball: some arm of each set of 4 is longer than 1/10 except with
  // probability 10⁻¹⁶ per set). ‖θ*‖²_V ≤ 4(λ + 32 + noise) ≈ 8.6·10⁴ is far below γ²κ ≈ 5.4·10⁶ (θ̂_o = 0, T_it = 0).
  const JdpCounts c = count_jdp_events(small(), 7);
  EXPECT_EQ(c.runs, 6U);
  EXPECT_EQ(c.explore_rounds, 6U * 32);
  EXPECT_EQ(c.exploit_rounds, 0U);
  EXPECT_EQ(c.switch_total, 0U);
  EXPECT_TRUE(c.to_sure);
  for (const char* e : {"lemma-p2.to-bound", "lemma-p2.caps", "lemma-o4.switches", "assumption-i1",
                        "lemma-l3.confidence"}) {
    const Outcome out = assess_jdp_event(c, e, kAlpha, small());
    EXPECT_NE(out.verdict, Verdict::violated) << e << ": " << out.key_figure;
    EXPECT_EQ(out.evidence["failed_runs"].get<std::uint64_t>(), 0U) << e;
  }
  EXPECT_EQ(assess_jdp_event(c, "lemma-p2.to-bound", kAlpha, small()).verdict, Verdict::holds);
  // nothing to check without exploitation rounds: never a vacuous `holds`
  EXPECT_EQ(assess_jdp_event(c, "cor-m1", kAlpha, small()).verdict, Verdict::inconclusive);
  EXPECT_EQ(assess_jdp_event(c, "lemma-m2", kAlpha, small()).verdict, Verdict::inconclusive);
}

TEST(JdpGlmCountersTest, ScaledDownBoundsAreRejected) {
  {  // |T_o| = 32 against count1·10⁻⁸ ≈ 6
    JdpCounterOptions o = small();
    o.to_scale = Rational(1, 100000000);
    EXPECT_EQ(assess_jdp_event(count_jdp_events(o, 7), "lemma-p2.to-bound", kAlpha, o).verdict, Verdict::violated);
  }
  {  // Assumption I.1 at λ/900: the node noise (σ_V ≈ 64 per entry) exceeds ≈ 24 in operator norm
    JdpCounterOptions o = small();
    o.i1_scale = Rational(1, 100);
    EXPECT_EQ(assess_jdp_event(count_jdp_events(o, 7), "assumption-i1", kAlpha, o).verdict, Verdict::violated);
  }
  {  // width/100: ‖θ*‖²_V ≈ 8.6·10⁴ against γ²κ/10⁴ ≈ 540
    JdpCounterOptions o = small();
    o.width_scale = Rational(1, 10000);
    EXPECT_EQ(assess_jdp_event(count_jdp_events(o, 7), "lemma-l3.confidence", kAlpha, o).verdict,
              Verdict::violated);
  }
}

// Outside the theorem (γ's constant 10⁻⁶: no Criterion I; ε = 15 and a small λ: the H tree's noise moves det H).
JdpCounterOptions exploiting(std::int64_t lambda, std::uint64_t runs) {
  JdpCounterOptions o;
  o.runs = runs;
  o.eps = Rational(15);
  o.gamma_constant = Rational(1, 1000000);
  o.lambda_override = Integer(lambda);
  return o;
}

TEST(JdpGlmCountersTest, ExploitationControlsAreRejected) {
  // λ = 16: most rounds exploit (V and H positive definite), θ̂_τ = 0 and H_τ = λI (no switch): ‖θ*‖²_{H_τ} = 4λ
  // against β²/10⁴, and the played arm (the longest, θ̂_τ = 0) is not always the best one.
  JdpCounterOptions o = exploiting(16, 6);
  o.width_scale = Rational(1, 10000);
  o.gap_scale = 0;  // always the best arm: fails once a worse arm is played
  const JdpCounts c = count_jdp_events(o, 7);
  ASSERT_GT(c.exploit_rounds, 6U * 16);
  EXPECT_EQ(assess_jdp_event(c, "cor-m1", kAlpha, o).verdict, Verdict::violated);
  EXPECT_EQ(assess_jdp_event(c, "lemma-m2", kAlpha, o).verdict, Verdict::violated);
  // λ = 2: det H doubles in about half the runs; the theorem's count2 cutoff is 1 here, so m <= 1 <= O.4's bound
  // d·log₂(2 + 2T/(κ*λd)) = 4 log₂ 6 always, and the control m <= 0 fails in every run that switches.
  // 32 runs: p₀ = ζ/8 = 1/40, so "violated" at α = 10⁻⁶ needs ≥ 7 failing runs of 16 or ≥ 9 of 32; with the tree's
  // noise of session 20 (one drawn node per leaf) 6 of the first 16 runs switch, so 16 runs were too few.
  JdpCounterOptions s = exploiting(2, 32);
  s.switch_scale = 0;
  const JdpCounts cs = count_jdp_events(s, 7);
  EXPECT_EQ(cs.count2, Rational(1));
  EXPECT_GE(cs.switches.failed, 6U);
  const Outcome o4 = assess_jdp_event(cs, "lemma-o4.switches", kAlpha, s);
  EXPECT_EQ(o4.verdict, Verdict::violated) << o4.key_figure;
  EXPECT_LE(cs.max_switches, 1U);  // so at the lemma's own bound these runs cannot fail
}

}  // namespace
}  // namespace dpb::verify::learner_checks
