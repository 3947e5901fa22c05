// Ledger recording in the reference learners (LearnerOptions::record_ledger, issue 11 §3): off by default, the laws
// the learners record equal their release schedules' (reference/learners/release_schedule.hpp), and the recorded
// ledger composes to the per-observation ε the docs derive — including a reward counted twice (2ε).
#include <gtest/gtest.h>

#include "reference/bits/chacha20.hpp"
#include "reference/learners/anytime_lazy_ucb.hpp"
#include "reference/learners/batched_successive_elimination.hpp"
#include "reference/learners/dp_successive_elimination.hpp"
#include "reference/learners/ftnl.hpp"
#include "reference/learners/hybrid_ucb.hpp"
#include "reference/learners/protocol_aggregator.hpp"
#include "reference/learners/release_schedule.hpp"
#include "reference/privacy/ledger.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

LedgerResult ledger_of(const Trajectory& t, std::optional<Rational> delta = std::nullopt) {
  const auto entries = ledger_entries(std::span<const Release>(t.releases), t.laws);
  LedgerOptions o;
  o.delta = delta;
  return compose_ledger(t.laws, entries, o);
}

LearnerOptions recording() {
  LearnerOptions o;
  o.record_ledger = true;
  return o;
}

const Rational kEps(1, 2);

DpSuccessiveEliminationParams dpse_params(std::uint64_t T, const Rational& eps) {
  DpSuccessiveEliminationParams p;
  p.K = 2;
  p.T = T;
  p.eps = eps;
  return p;
}

TEST(LedgerRecordingTest, OffByDefault) {
  EXPECT_FALSE(LearnerOptions{}.record_ledger);
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(1, 4)}, 400);
  ChaCha20Source bits(1);
  const Trajectory t = anytime_lazy_ucb({2, 400, kEps, 1}, tape, NoiseSource(bits));
  EXPECT_TRUE(t.laws.empty());
  EXPECT_FALSE(t.releases.empty());
  for (const Release& r : t.releases) EXPECT_EQ(r.law, 0U);
}

TEST(LedgerRecordingTest, RecordingChangesNothingElse) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(1, 4)}, 600);
  ChaCha20Source a(3), b(3);
  const Trajectory off = hybrid_ucb({2, 600, kEps, 1, TreeScale::Paper}, tape, NoiseSource(a));
  const Trajectory on = hybrid_ucb({2, 600, kEps, 1, TreeScale::Paper}, tape, NoiseSource(b), recording());
  EXPECT_EQ(off.actions, on.actions);
  ASSERT_EQ(off.releases.size(), on.releases.size());
  for (std::size_t i = 0; i < off.releases.size(); ++i) EXPECT_EQ(off.releases[i].value, on.releases[i].value);
}

TEST(LedgerRecordingTest, RecordLedgerNeedsReleases) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(1, 4)}, 100);
  ChaCha20Source bits(1);
  LearnerOptions o = recording();
  o.record_releases = false;
  test::expect_parameter_error([&] { dp_successive_elimination(dpse_params(100, kEps), tape, NoiseSource(bits), o); },
                               "record_ledger");
}

TEST(LedgerRecordingTest, ForgetfulLearnersComposeToEps) {
  const RewardTape tape = test::bernoulli_tape({Rational(3, 4), Rational(1, 4)}, 3000);
  ChaCha20Source a(5), b(6), c(7);
  const Trajectory dpse = dp_successive_elimination(dpse_params(3000, Rational(4)), tape, NoiseSource(a), recording());
  ASSERT_FALSE(dpse.releases.empty());
  EXPECT_EQ(ledger_of(dpse).eps_pure, Rational(4));
  EXPECT_EQ(ledger_of(dpse).max_releases_per_observation, 1U);
  const Trajectory any = anytime_lazy_ucb({2, 3000, kEps, 1}, tape, NoiseSource(b), recording());
  EXPECT_EQ(ledger_of(any).eps_pure, kEps);
  FtnlParams fp;
  fp.K = 2;
  fp.T = 3000;
  fp.eps = kEps;
  const Trajectory f = ftnl(fp, tape, NoiseSource(c), recording());
  EXPECT_EQ(f.laws.size(), 1U);
  EXPECT_EQ(ledger_of(f).eps_pure, 2 * kEps);  // Report-Noisy-Max with Lap(1/ε) under full information
}

TEST(LedgerRecordingTest, ARewardCountedTwiceShowsTwiceEps) {
  // A leaky twin of anytime-lazy-ucb that reuses one array's rewards in a second release (the mutant "a changed
  // observation counted twice"): the ledger must show 2ε for those observations.
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(1, 4)}, 2000);
  ChaCha20Source bits(9);
  Trajectory t = anytime_lazy_ucb({2, 2000, kEps, 1}, tape, NoiseSource(bits), recording());
  ASSERT_GE(t.releases.size(), 4U);
  Release again = t.releases[3];
  again.round += 1;
  t.releases.push_back(again);
  const LedgerResult r = ledger_of(t);
  EXPECT_EQ(r.eps_pure, 2 * kEps);
  EXPECT_EQ(r.max_releases_per_observation, 2U);
  EXPECT_EQ(r.worst_stream, again.arm);
  EXPECT_EQ(r.worst_observation, again.first);
}

TEST(LedgerRecordingTest, HybridUcbFirstLeafEntersThreeReleases) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(1, 2)}, 4000);
  for (TreeScale scale : {TreeScale::Paper, TreeScale::LevelsPlusOne}) {
    ChaCha20Source bits(11);
    const Trajectory t = hybrid_ucb({2, 4000, kEps, 1, scale}, tape, NoiseSource(bits), recording());
    const LedgerResult r = ledger_of(t);
    // Observation 1 (0-based) of an arm: nodes [1,1] and [1,2] of tree 1, then array 1.
    EXPECT_EQ(r.eps_pure, scale == TreeScale::Paper ? Rational(3, 4) : Rational(1, 2));
    EXPECT_EQ(r.worst_observation, 1U);
    EXPECT_EQ(r.worst_releases.size(), 3U);
    // The recorded laws are the schedule's.
    const ReleaseSchedule s = hybrid_ucb_schedule({2, 4000, kEps, 1, scale}, tape.grid());
    EXPECT_EQ(s.laws, t.laws);
    EXPECT_LE(r.eps_pure, compose_ledger(s.laws, s.entries).eps_pure);
    EXPECT_EQ(hybrid_ucb_eps_bound_all_horizons(kEps, scale), compose_ledger(s.laws, s.entries).eps_pure);
  }
}

TEST(LedgerRecordingTest, ProtocolBatchesRecordTheirCalibratedLaws) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(1, 4)}, 600);
  ProtocolAggregatorParams ap;
  ap.variant = Variant::DistDP;
  ap.eps = kEps;
  ap.horizon = 600;
  const ProtocolAggregator agg(ap);
  ChaCha20Source bits(2);
  BatchedSuccessiveEliminationParams p;
  p.K = 2;
  p.T = 600;
  const Trajectory t = batched_successive_elimination(p, tape, agg, NoiseSource(bits), recording());
  ASSERT_FALSE(t.releases.empty());
  EXPECT_EQ(ledger_of(t).eps_pure, kEps);
  for (const Release& r : t.releases) EXPECT_EQ(t.laws[r.law], agg.release_law(r.count));
  const ReleaseSchedule s = batched_se_schedule(p, agg);
  for (std::size_t i = 0; i < t.laws.size() && i < s.laws.size(); ++i) EXPECT_EQ(t.laws[i], s.laws[i]);
  // Dist-RDP: Skellam laws, composed through Rényi and Lemma 10.
  ap.variant = Variant::DistRDP;
  const ProtocolAggregator rdp(ap);
  ChaCha20Source bits2(2);
  const Trajectory u = batched_successive_elimination(p, tape, rdp, NoiseSource(bits2), recording());
  const LedgerResult r = ledger_of(u, Rational(1, 100000));
  EXPECT_FALSE(r.pure);
  EXPECT_GT(r.eps_upper, kEps);
  EXPECT_EQ(r.max_releases_per_observation, 1U);
}

}  // namespace
}  // namespace dpb::ref
