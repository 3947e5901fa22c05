// RS-GLinCB, reference build (reference/learners/rs_glincb.hpp; Sawarni et al. 2024, arXiv:2404.06831, Alg. 2) on
// hand-made instances whose decisions are derived by hand below (not from the code's output): Criterion I on exact
// ‖x‖²_{V⁻¹} including its boundary case (≥, equality), the exploration argmax, the pre-switch UCB order, the round
// of the first Criterion II switch (det H doubling with the weights μ̇(0)/e), and bad input naming the parameter.
#include "reference/learners/rs_glincb.hpp"

#include <gtest/gtest.h>

namespace dpb::ref {
namespace {

// d = 2, q = 4 (grid 1/16), one arm set: a0 = (1/2, 0), a1 = (0, 3/4), a2 = (1/4, 1/4); θ* = (1, 0).
GlmInstance hand_instance(Link link) {
  GlmInstance inst;
  inst.link = link;
  inst.d = 2;
  inst.K = 3;
  inst.q = 4;
  inst.sets = 1;
  inst.S = Rational(1);
  inst.theta = {16, 0};
  inst.arms = {8, 0, 0, 12, 4, 4};
  validate(inst, "test");
  return inst;
}

RsGlincbParams params(std::uint64_t T, Rational gamma, Rational kappa, Rational beta) {
  RsGlincbParams p;
  p.T = T;
  p.lambda = Rational(1);
  p.gamma = gamma;
  p.kappa = kappa;
  p.beta = beta;
  return p;
}

TEST(RsGlincbTest, CriterionIOnExactLeverageIncludingEquality) {
  // Threshold 1/(γ²κ) = 1/4 (γ = 1, κ = 4). V = I + Σ_{T_o} x xᵀ, ‖x‖² of the arms: 1/4, 9/16, 1/8.
  //   t = 1: max = 9/16 ≥ 1/4 → explore a1; V = diag(1, 25/16).
  //   t = 2: a1: 9/25 ≥ 1/4 → explore a1;     V = diag(1, 34/16).
  //   t = 3: a1: 9/34 ≥ 1/4 → explore a1;     V = diag(1, 43/16).
  //   t = 4: a0: 1/4 = threshold (≥ holds), a1: 9/43 → explore a0; V = diag(5/4, 43/16).
  //   t = 5: a0: 1/5, a1: 9/43, a2: 1/20 + 1/43 → all < 1/4: no exploration.
  const GlmInstance inst = hand_instance(Link::logistic);
  const RsGlincbTrajectory tr = rs_glincb(params(5, Rational(1), Rational(4), Rational(1, 2)), inst, 3, 0);
  ASSERT_EQ(tr.actions.size(), 5U);
  EXPECT_EQ(tr.explore, (std::vector<std::uint8_t>{1, 1, 1, 1, 0}));
  EXPECT_EQ(std::vector<std::uint32_t>(tr.actions.begin(), tr.actions.begin() + 4),
            (std::vector<std::uint32_t>{1, 1, 1, 0}));
  EXPECT_EQ(tr.refinements, 0U);
}

TEST(RsGlincbTest, FirstSwitchWhenDetHDoubles) {
  // Threshold 1/(γ²κ) = 1 > every ‖x‖²_{V⁻¹} ≤ 9/16: T_o stays empty, θ̂_o = 0, no elimination. Before the first
  // switch θ̂_τ = 0, H_τ = I: the index is β‖x‖, so a1 (the longest arm) is played. Each round adds
  // μ̇(0)/e · a1 a1ᵀ to H, so det H_t = 1 + (t − 1)·(9/16)·μ̇(0)/e:
  //   logistic μ̇(0) = 1/4: step 0.0517334…, det first > 2 with 20 rounds in H → switch at t = 21;
  //   probit μ̇(0) = 1/√(2π): step 0.0825527…, det first > 2 with 13 rounds → switch at t = 14.
  for (const auto& [link, round] : {std::pair{Link::logistic, 21ULL}, std::pair{Link::probit, 14ULL}}) {
    const GlmInstance inst = hand_instance(link);
    const RsGlincbTrajectory tr = rs_glincb(params(round, Rational(1, 2), Rational(4), Rational(1, 2)), inst, 3, 0);
    for (std::uint64_t t = 0; t + 1 < round; ++t) {
      EXPECT_EQ(tr.actions[t], 1U) << "round " << t + 1;
      EXPECT_EQ(tr.explore[t], 0);
    }
    ASSERT_EQ(tr.switches.size(), 1U) << link_name(link);
    EXPECT_EQ(tr.switches[0], round) << link_name(link);
    // θ̂_τ is fitted on a1 = (0, 3/4) only: its first coordinate solves λθ₀ = 0, so the box contains 0.
    EXPECT_TRUE(tr.theta_tau[0][0].contains(Rational(0)));
  }
}

TEST(RsGlincbTest, ZeroBetaPlaysTheLowestIndexBeforeAnySwitch) {
  const GlmInstance inst = hand_instance(Link::logistic);
  const RsGlincbTrajectory tr = rs_glincb(params(3, Rational(1, 2), Rational(4), Rational(0)), inst, 3, 0);
  EXPECT_EQ(tr.actions, (std::vector<std::uint32_t>{0, 0, 0}));
}

TEST(RsGlincbTest, AnExactTieOfDistinctArmsFailsLoudlyAtThePrecisionCap) {
  // Arms a0 = (1/2, 0), a1 = (1/4, 1/4), a2 = (1/4, −1/4), θ* = (−1, 0), β = 0, threshold 1 (no exploration). Before
  // the first switch β = 0 plays the lowest index, a0; H grows by ‖a0‖²·μ̇(0)/e = 1/(16e) per round, so det H first
  // exceeds 2 with 44 rounds in it: the switch is at t = 45. θ̂_τ is fitted on a0 = (1/2, 0) only, so θ̂_τ,2 = 0
  // exactly and a1, a2 have the same index θ̂_τ,1/4 — the top one when θ̂_τ,1 < 0 (the fit of these rewards). The
  // enclosure of θ̂_τ,2 never shrinks to a point, so the tie is open at every precision: GlmUndecided at round 45.
  GlmInstance inst;
  inst.link = Link::logistic;
  inst.d = 2;
  inst.K = 3;
  inst.q = 4;
  inst.sets = 1;
  inst.S = Rational(1);
  inst.theta = {-16, 0};
  inst.arms = {8, 0, 4, 4, 4, -4};
  validate(inst, "test");
  const RsGlincbParams p = params(45, Rational(1, 2), Rational(4), Rational(0));
  const RsGlincbTrajectory before = rs_glincb(params(44, Rational(1, 2), Rational(4), Rational(0)), inst, 3, 0);
  EXPECT_TRUE(before.switches.empty());
  EXPECT_EQ(before.actions, std::vector<std::uint32_t>(44, 0));
  try {
    (void)rs_glincb(p, inst, 3, 0);
    ADD_FAILURE() << "an exact tie was decided";
  } catch (const GlmUndecided& e) {
    EXPECT_NE(std::string(e.what()).find("round 45"), std::string::npos) << e.what();
  }
}

TEST(RsGlincbTest, BadInputNamesTheParameter) {
  auto expect_error = [](RsGlincbParams p, const std::string& name) {
    try {
      validate_rs_glincb(p, 16);
      ADD_FAILURE() << name << " accepted";
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
    }
  };
  const RsGlincbParams ok = params(10, Rational(1, 2), Rational(4), Rational(1, 2));
  EXPECT_NO_THROW(validate_rs_glincb(ok, 16));
  RsGlincbParams p = ok;
  p.T = 0;
  expect_error(p, "T");
  p = ok;
  p.lambda = Rational(0);
  expect_error(p, "lambda");
  p = ok;
  p.lambda = Rational(1, 3);
  expect_error(p, "lambda");
  p = ok;
  p.gamma = Rational(0);
  expect_error(p, "gamma");
  p = ok;
  p.kappa = Rational(1, 2);
  expect_error(p, "kappa");
  p = ok;
  p.beta = Rational(-1);
  expect_error(p, "beta");
}

}  // namespace
}  // namespace dpb::ref
