// Seed 000, Algorithm 1 (reference): horizon, elimination, the good event of Lemma 2 (claim 000.v20),
// forgetfulness, validation.
#include "reference/learners/batched_successive_elimination.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "reference/bits/chacha20.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

Trajectory run(const RewardTape& tape, std::uint64_t T, const BatchAggregator& agg, std::uint64_t seed = 1,
               Rational eta = 2) {
  ChaCha20Source bits(seed);
  BatchedSuccessiveEliminationParams p;
  p.K = tape.arms();
  p.T = T;
  p.eta = eta;
  return batched_successive_elimination(p, tape, agg, NoiseSource(bits));
}

TEST(BatchedSuccessiveEliminationTest, BatchSizesArePowersOfEtaRoundedUp) {
  EXPECT_EQ(batch_size(2, 5), 32);
  EXPECT_EQ(batch_size(Rational(3, 2), 3), 4);  // ⌈27/8⌉
  EXPECT_EQ(batch_size(4, 2), 16);
}

TEST(BatchedSuccessiveEliminationTest, StopsExactlyAtTheHorizon) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(2, 5), Rational(3, 5)}, 3000);
  const CentralDiscreteLaplaceAggregator central(Rational(1));
  for (std::uint64_t T : {1, 2, 3, 7, 100, 1001, 3000})
    for (const Rational& eta : {Rational(2), Rational(3, 2), Rational(4)}) {
      test::expect_complete_run(run(tape, T, NonPrivateAggregator(), 1, eta), T, 3);
      test::expect_complete_run(run(tape, T, central, 1, eta), T, 3);
    }
}

TEST(BatchedSuccessiveEliminationTest, HugeGapLeavesOnlyTheBestArm) {
  const RewardTape tape = test::constant_tape({0, 0, 1, 0}, 4000);
  const Trajectory t = run(tape, 4000, CentralDiscreteLaplaceAggregator(Rational(8)));
  std::set<std::uint32_t> gone;
  for (const auto& e : t.eliminations) gone.insert(e.arm);
  EXPECT_EQ(gone, (std::set<std::uint32_t>{0, 1, 3}));
  EXPECT_EQ(t.actions.back(), 2U);
  EXPECT_GT(t.pulls[2], 3500U);
  EXPECT_EQ(t.pseudo_regret, Rational(t.pulls[0] + t.pulls[1] + t.pulls[3]));
}

TEST(BatchedSuccessiveEliminationTest, EliminationNeverEmptiesTheActiveSet) {
  // Identical arms: nothing may be eliminated beyond K − 1, and every round is still served.
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(1, 2), Rational(1, 2)}, 2000, seed);
    const Trajectory t = run(tape, 2000, CentralDiscreteLaplaceAggregator(Rational(1, 4)), seed);
    std::set<std::uint32_t> gone;
    for (const auto& e : t.eliminations) gone.insert(e.arm);
    EXPECT_LE(gone.size(), 2U);
    EXPECT_EQ(gone.count(t.actions.back()), 0U);
    test::expect_complete_run(t, 2000, 3);
  }
}

TEST(BatchedSuccessiveEliminationTest, OnTheGoodEventTheBestArmSurvives) {
  // Instrumented (claim 000.v20): from the releases, check |μ̂_a(b) − μ_a| <= β(b) for every active arm; while
  // that good event has held, the best arm is never eliminated and every arm with Δ_a > 4β(b) is gone after b.
  const CentralDiscreteLaplaceAggregator agg(Rational(2));
  std::uint64_t good_batches = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const std::vector<Rational> means{Rational(7, 10), Rational(1, 2), Rational(3, 10), Rational(13, 20)};
    const std::uint64_t T = 6000;
    const RewardTape tape = test::bernoulli_tape(means, T, 100 + seed);
    const Trajectory t = run(tape, T, agg, seed);
    const Rational p(1, T);
    bool good = true;
    for (std::uint32_t b = 1; good; ++b) {
      std::vector<const Release*> batch;
      for (const auto& r : t.releases)
        if (r.index == b) batch.push_back(&r);
      if (batch.empty()) break;
      const Integer l = batch_size(2, b);
      const Interval beta = confidence_radius(batch.size(), b, l, p, agg.concentration(to_uint64(l)), 256);
      for (const Release* r : batch) {
        const Rational err = r->value / l - means[r->arm];
        if (!(Interval(boost::multiprecision::abs(err), 256).certainly_less(beta))) good = false;
      }
      if (!good) break;
      ++good_batches;
      std::set<std::uint32_t> gone;
      for (const auto& e : t.eliminations)
        if (e.batch <= b) gone.insert(e.arm);
      EXPECT_EQ(gone.count(0), 0U) << "seed " << seed << " batch " << b;
      for (const Release* r : batch) {
        if (Interval(Rational(means[0] - means[r->arm]), 256).certainly_greater(beta.mul(Rational(4)))) {
          EXPECT_EQ(gone.count(r->arm), 1U) << "arm " << r->arm << " with Δ > 4β survived batch " << b;
        }
      }
    }
  }
  EXPECT_GT(good_batches, 20U);
}

TEST(BatchedSuccessiveEliminationTest, EveryRewardEntersAtMostOneRelease) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5), Rational(2, 5)}, 3000);
  const Trajectory t = run(tape, 3000, CentralDiscreteLaplaceAggregator(Rational(1)));
  EXPECT_EQ(check_at_most_one_release_per_reward(t, 3), "");
  for (const auto& r : t.releases) EXPECT_EQ(Integer(r.count), batch_size(2, r.index));
}

TEST(BatchedSuccessiveEliminationTest, NonPrivateReleasesAreExactSums) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5)}, 500);
  const Trajectory t = run(tape, 500, NonPrivateAggregator());
  ASSERT_FALSE(t.releases.empty());
  for (const auto& r : t.releases) {
    Rational sum = 0;
    for (std::uint64_t n = r.first; n < r.first + r.count; ++n) sum += tape.reward(r.arm, n);
    EXPECT_EQ(r.value, sum);
  }
}

TEST(BatchedSuccessiveEliminationTest, RecordsEliminationMarginsAtBatchEnds) {
  const RewardTape tape = test::constant_tape({0, 1}, 100);
  ChaCha20Source bits(1);
  BatchedSuccessiveEliminationParams p;
  p.K = 2;
  p.T = 100;
  LearnerOptions options;
  options.margin_rounds = {4, 12};  // the ends of batches 1 (2 + 2) and 2 (+ 4 + 4)
  const Trajectory t = batched_successive_elimination(p, tape, NonPrivateAggregator(), NoiseSource(bits), options);
  ASSERT_FALSE(t.margins.empty());
  for (const auto& m : t.margins) {
    const bool eliminated = std::any_of(t.eliminations.begin(), t.eliminations.end(),
                                        [&](const Elimination& e) { return e.round == m.round && e.arm == m.arm; });
    EXPECT_EQ(m.margin.upper.front() == '-', eliminated) << m.margin.lower << " " << m.margin.upper;
  }
}

TEST(BatchedSuccessiveEliminationTest, ValidationNamesTheParameter) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5)}, 100);
  const NonPrivateAggregator agg;
  ChaCha20Source bits(1);
  auto call = [&](std::uint64_t K, std::uint64_t T, Rational eta, std::optional<Rational> p) {
    BatchedSuccessiveEliminationParams params;
    params.K = K;
    params.T = T;
    params.eta = eta;
    params.p = p;
    batched_successive_elimination(params, tape, agg, NoiseSource(bits));
  };
  test::expect_parameter_error([&] { call(0, 10, 2, {}); }, "K");
  test::expect_parameter_error([&] { call(3, 10, 2, {}); }, "K");
  test::expect_parameter_error([&] { call(2, 0, 2, {}); }, "T");
  test::expect_parameter_error([&] { call(2, 101, 2, {}); }, "T");
  test::expect_parameter_error([&] { call(2, 10, 1, {}); }, "eta");
  test::expect_parameter_error([&] { call(2, 10, Rational(1, 2), {}); }, "eta");
  test::expect_parameter_error([&] { call(2, 10, -1, {}); }, "eta");
  test::expect_parameter_error([&] { call(2, 10, Rational(Integer(1) << 100), {}); }, "eta");
  for (const Rational& p : {Rational(0), Rational(1), Rational(-1), Rational(2)})
    test::expect_parameter_error([&] { call(2, 10, 2, p); }, "p");
  test::expect_parameter_error([] { CentralDiscreteLaplaceAggregator(Rational(0)); }, "eps");
  test::expect_parameter_error([] { CentralDiscreteLaplaceAggregator(Rational(-1)); }, "eps");
  test::expect_parameter_error([] { CentralDiscreteLaplaceAggregator(Rational(1), Integer(0)); }, "g");
}

}  // namespace
}  // namespace dpb::ref
