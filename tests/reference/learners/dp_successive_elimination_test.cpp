// DP-SE (Sajed & Sheffet 2019), reference: epoch lengths (claim 002.25), horizon, elimination, forgetfulness,
// validation.
#include "reference/learners/dp_successive_elimination.hpp"

#include <gtest/gtest.h>

#include <set>

#include "reference/bits/chacha20.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

Trajectory run(const RewardTape& tape, std::uint64_t T, Rational eps, std::uint64_t seed = 1,
               EliminationRule rule = EliminationRule::ConfidenceWidths, std::optional<Rational> beta = {}) {
  ChaCha20Source bits(seed);
  DpSuccessiveEliminationParams p;
  p.K = tape.arms();
  p.T = T;
  p.eps = eps;
  p.rule = rule;
  p.beta = beta;
  return dp_successive_elimination(p, tape, NoiseSource(bits));
}

TEST(DpSuccessiveEliminationTest, EpochLengthMatchesTheFormula) {
  // e = 1, |S| = 5, β = 1/1000, ε = 1: max{32·4·ln(40000), 8·2·ln(20000)} = 128·10.5966… = 1356.36… → 1357.
  EXPECT_EQ(dp_se_epoch_length(5, 1, Rational(1, 1000), Rational(1)), 1357);
  // ε = 1/100: 8·2·ln(20000)/0.01 = 1600·9.9035… = 15845.6… → 15846.
  EXPECT_EQ(dp_se_epoch_length(5, 1, Rational(1, 1000), Rational(1, 100)), 15846);
}

TEST(DpSuccessiveEliminationTest, StopsExactlyAtTheHorizon) {
  const RewardTape tape = test::bernoulli_tape({Rational(3, 4), Rational(1, 4), Rational(1, 2)}, 30000);
  for (std::uint64_t T : {1, 2, 999, 12345, 30000}) test::expect_complete_run(run(tape, T, 1), T, 3);
}

TEST(DpSuccessiveEliminationTest, HugeGapLeavesOnlyTheBestArm) {
  const RewardTape tape = test::constant_tape({0, 1, 0}, 20000);
  const Trajectory t = run(tape, 20000, 1);
  std::set<std::uint32_t> gone;
  for (const auto& e : t.eliminations) gone.insert(e.arm);
  EXPECT_EQ(gone, (std::set<std::uint32_t>{0, 2}));
  EXPECT_EQ(t.actions.back(), 1U);
  const Trajectory half = run(tape, 20000, 1, 1, EliminationRule::HalfGap);
  EXPECT_EQ(half.eliminations.size(), 2U);
}

TEST(DpSuccessiveEliminationTest, NeverEmptiesTheActiveSetAndForgets) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(1, 2)}, 40000, seed);
    const Trajectory t = run(tape, 40000, Rational(1, 10), seed, EliminationRule::ConfidenceWidths, Rational(1, 10));
    EXPECT_LE(t.eliminations.size(), 1U);
    EXPECT_EQ(check_at_most_one_release_per_reward(t, 2), "");
    test::expect_complete_run(t, 40000, 2);
    for (const auto& r : t.releases)
      EXPECT_EQ(Integer(r.count), dp_se_epoch_length(2, r.index, Rational(1, 10), Rational(1, 10)));
  }
}

TEST(DpSuccessiveEliminationTest, ValidationNamesTheParameter) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5)}, 100);
  ChaCha20Source bits(1);
  auto call = [&](DpSuccessiveEliminationParams p) { dp_successive_elimination(p, tape, NoiseSource(bits)); };
  DpSuccessiveEliminationParams ok;
  ok.K = 2;
  ok.T = 50;
  auto with = [&](auto change) {
    DpSuccessiveEliminationParams p = ok;
    change(p);
    return p;
  };
  test::expect_parameter_error([&] { call(with([](auto& p) { p.K = 0; })); }, "K");
  test::expect_parameter_error([&] { call(with([](auto& p) { p.T = 0; })); }, "T");
  test::expect_parameter_error([&] { call(with([](auto& p) { p.T = 1000; })); }, "T");
  test::expect_parameter_error([&] { call(with([](auto& p) { p.eps = 0; })); }, "eps");
  test::expect_parameter_error([&] { call(with([](auto& p) { p.eps = -1; })); }, "eps");
  test::expect_parameter_error([&] { call(with([](auto& p) { p.eps = Rational(1, Integer(1) << 80); })); }, "eps");
  test::expect_parameter_error([&] { call(with([](auto& p) { p.beta = Rational(0); })); }, "beta");
  test::expect_parameter_error([&] { call(with([](auto& p) { p.beta = Rational(1); })); }, "beta");
  test::expect_parameter_error([&] { call(with([](auto& p) { p.noise_refinement = 0; })); }, "noise_refinement");
}

}  // namespace
}  // namespace dpb::ref
