// Returning users in the seed-000 SE learners (reference/learners/returning_se.hpp): the learner's per-batch ε is the
// smallest of calibrate_returning's over its batch sizes, the noise of the size attaining it is calibrate's returning
// batch, B = 1 on the pure route is today's unique-user run byte for byte (both builds), simulate's placement puts each
// user in ≤ B consecutive batches of one arm once per batch, and the user-level ledger charges the worst B batches.
#include "reference/learners/returning_se.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

#include "optimized/learners/batched_successive_elimination.hpp"
#include "optimized/learners/protocol_aggregator.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/learners/batched_successive_elimination.hpp"
#include "reference/learners/release_schedule.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

ProtocolAggregatorParams base(Variant v, const Rational& eps, std::uint64_t T) {
  ProtocolAggregatorParams p;
  p.variant = v;
  p.eps = eps;
  p.horizon = Integer(T);
  return p;
}

ReturningSetting setting(std::uint64_t B, ReturningRoute route, std::optional<Rational> delta = std::nullopt) {
  ReturningSetting s;
  s.B = B;
  s.route = route;
  s.delta = delta;
  return s;
}

TEST(ReturningSeTest, BatchSizesAreTheSchedulesEntries) {
  for (const Rational& eta : {Rational(2), Rational(3, 2), Rational(4)})
    for (const std::uint64_t T : {1ULL, 2ULL, 6ULL, 7ULL, 64ULL, 1000ULL}) {
      BatchedSuccessiveEliminationParams p;
      p.K = 2;
      p.T = T;
      p.eta = eta;
      const ReleaseSchedule s =
          batched_se_schedule(p, ProtocolAggregator(base(Variant::DistDP, Rational(1), std::max<std::uint64_t>(T, 2))));
      std::vector<std::uint64_t> counts;
      for (const LedgerEntry& e : s.entries) counts.push_back(e.count);
      EXPECT_EQ(se_schedule_batch_sizes(eta, T), counts) << "eta " << to_string(eta) << ", T " << T;
    }
}

// ε_b = min over the sizes of calibrate_returning's eps_param (computed here independently), and the aggregator's
// calibration at the size attaining it is calibrate's returning batch (g, τ, m, the theorem ε); at every other size
// the theorem ε is at most that size's returning ε (at least its noise).
TEST(ReturningSeTest, NoiseIsCalibrateReturningsAtTheSmallestPerBatchEps) {
  struct Case {
    Variant v;
    ReturningSetting s;
  };
  const std::uint64_t T = 64;
  const std::vector<Case> cases = {{Variant::DistDP, setting(4, ReturningRoute::Pure)},
                                   {Variant::DistRDP, setting(4, ReturningRoute::Rdp, Rational(1, 100000))},
                                   {Variant::DistCDP, setting(3, ReturningRoute::Approx, Rational(1, 100000))}};
  for (const Case& c : cases) {
    const ProtocolAggregatorParams b = base(c.v, Rational(1, 2), T);
    const ReturningSeCalibration cal = calibrate_returning_se(b, Rational(2), T, c.s);
    const std::vector<std::uint64_t> sizes = se_schedule_batch_sizes(Rational(2), T);
    ASSERT_EQ(cal.per_size.size(), sizes.size());
    std::optional<Rational> smallest;
    for (std::size_t k = 0; k < sizes.size(); ++k) {
      ReturningInput in;
      in.base.eps = Rational(1, 2);
      in.base.n = Integer(sizes[k]);
      in.base.horizon = Integer(T);
      in.B = Integer(c.s.B);
      in.route = c.s.route;
      in.delta = c.s.delta;
      const Rational e = calibrate_returning(c.v, in).eps_param;
      EXPECT_EQ(cal.per_size[k].first, sizes[k]);
      EXPECT_EQ(cal.per_size[k].second, e);
      if (!smallest || e < *smallest) smallest = e;
    }
    EXPECT_EQ(cal.eps_batch, *smallest) << variant_name(c.v);
    EXPECT_LT(cal.eps_batch, Rational(1, 2)) << variant_name(c.v);  // more noise than one batch at the total ε
    const ProtocolAggregator agg(returning_aggregator_params(b, cal));
    const Calibration& used = agg.calibration(cal.size_at_min);
    EXPECT_EQ(used.eps, cal.at_min.batch.eps);
    EXPECT_EQ(used.g, cal.at_min.batch.g);
    EXPECT_EQ(used.tau, cal.at_min.batch.tau);
    EXPECT_EQ(used.m, cal.at_min.batch.m);
    for (const auto& [n, e] : cal.per_size) EXPECT_LE(agg.calibration(n).eps, e);
    if (c.s.route == ReturningRoute::Pure) {
      EXPECT_EQ(cal.eps_batch, Rational(1, 2) / c.s.B);  // Remark 9: ε/B
    }
  }
}

template <class Trajectory>
void expect_same_run(const Trajectory& x, const Trajectory& y) {
  EXPECT_EQ(x.actions, y.actions);
  EXPECT_EQ(x.pulls, y.pulls);
  ASSERT_EQ(x.releases.size(), y.releases.size());
  for (std::size_t k = 0; k < x.releases.size(); ++k) {
    EXPECT_EQ(x.releases[k].round, y.releases[k].round);
    EXPECT_EQ(x.releases[k].arm, y.releases[k].arm);
  }
  ASSERT_EQ(x.eliminations.size(), y.eliminations.size());
  for (std::size_t k = 0; k < x.eliminations.size(); ++k) EXPECT_EQ(x.eliminations[k].round, y.eliminations[k].round);
}

// B = 1 on the pure route: ε_b = ε, and both builds' runs are today's unique-user runs, release for release.
TEST(ReturningSeTest, OneBatchPerUserOnThePureRouteIsTodaysRunInBothBuilds) {
  const std::uint64_t T = 300;
  const RewardTape tape = test::bernoulli_tape({Rational(1, 5), Rational(1, 2), Rational(4, 5)}, T, 11);
  const ProtocolAggregatorParams b = base(Variant::DistDP, Rational(1), T);
  const ReturningSeCalibration cal = calibrate_returning_se(b, Rational(2), T, setting(1, ReturningRoute::Pure));
  EXPECT_EQ(cal.eps_batch, Rational(1));
  BatchedSuccessiveEliminationParams p;
  p.K = 3;
  p.T = T;
  for (const std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
    ChaCha20Source bits_a(seed), bits_b(seed);
    const Trajectory today = batched_successive_elimination(p, tape, ProtocolAggregator(b), NoiseSource(bits_a));
    const Trajectory returning = batched_successive_elimination(
        p, tape, ProtocolAggregator(returning_aggregator_params(b, cal)), NoiseSource(bits_b));
    expect_same_run(today, returning);
    for (std::size_t k = 0; k < today.releases.size(); ++k) EXPECT_EQ(today.releases[k].value, returning.releases[k].value);
    ChaCha20Source bits_c(seed), bits_d(seed);
    const fast::Trajectory fast_today =
        fast::batched_successive_elimination(p, tape, fast::ProtocolAggregator(b), NoiseSource(bits_c));
    const fast::Trajectory fast_returning = fast::batched_successive_elimination(
        p, tape, fast::ProtocolAggregator(returning_aggregator_params(b, cal)), NoiseSource(bits_d));
    expect_same_run(fast_today, fast_returning);
    for (std::size_t k = 0; k < fast_today.releases.size(); ++k) {
      EXPECT_EQ(fast_today.releases[k].num, fast_returning.releases[k].num);
      EXPECT_EQ(fast_today.releases[k].den, fast_returning.releases[k].den);
    }
  }
}

// The test's own reading of the placement contract: per user, the (arm, b) of its batches.
void expect_placement_contract(const std::vector<std::uint64_t>& user, const std::vector<BatchSpan>& spans,
                               std::uint64_t B, const std::string& what) {
  std::map<std::uint64_t, std::vector<std::pair<std::uint32_t, std::uint32_t>>> of;
  for (const BatchSpan& s : spans)
    for (std::uint64_t t = s.first_round; t < s.first_round + s.count; ++t) of[user[t]].emplace_back(s.arm, s.batch);
  for (auto& [u, list] : of) {
    std::sort(list.begin(), list.end());
    ASSERT_LE(list.size(), B) << what << ": user " << u;
    for (std::size_t k = 1; k < list.size(); ++k) {
      ASSERT_EQ(list[k].first, list[0].first) << what << ": user " << u << " in two arms";
      ASSERT_EQ(list[k].second, list[k - 1].second + 1) << what << ": user " << u << " (not consecutive, or twice)";
    }
  }
}

TEST(ReturningSeTest, PlacementPutsUsersInAtMostBConsecutiveBatchesOfOneArmOncePerBatch) {
  const std::uint64_t T = 2000;
  const RewardTape tape =
      test::bernoulli_tape({Rational(1, 10), Rational(1, 2), Rational(11, 20), Rational(3, 5)}, T, 5);
  BatchedSuccessiveEliminationParams p;
  p.K = 4;
  p.T = T;
  for (const std::uint64_t B : {1ULL, 2ULL, 3ULL, 5ULL, 40ULL}) {
    ChaCha20Source bits(B);
    const Trajectory t =
        batched_successive_elimination(p, tape, ProtocolAggregator(base(Variant::DistDP, Rational(4), T)), NoiseSource(bits));
    const auto spans = batch_spans(std::span<const Release>(t.releases));
    ASSERT_FALSE(spans.empty());
    const std::vector<std::uint64_t> user = place_returning_users(T, spans, B);
    ASSERT_EQ(user.size(), T);
    const std::string what = "B = " + std::to_string(B);
    expect_placement_contract(user, spans, B, what);
    const PlacementReport r = check_placement(user, spans);
    EXPECT_TRUE(r.first_problem.empty()) << what << ": " << r.first_problem;
    EXPECT_TRUE(r.once_per_batch && r.one_arm && r.consecutive) << what;
    EXPECT_LE(r.max_batches_per_user, B) << what;
    // Users return: with B ≥ 2 some user is in min(B, the longest arm's batch count) batches.
    std::map<std::uint32_t, std::uint32_t> batches_of_arm;
    for (const BatchSpan& s : spans) batches_of_arm[s.arm] = std::max(batches_of_arm[s.arm], s.batch);
    std::uint32_t longest = 0;
    for (const auto& [a, n] : batches_of_arm) longest = std::max(longest, n);
    EXPECT_EQ(r.max_batches_per_user, std::min<std::uint64_t>(B, longest)) << what;
    // An arm with fewer than B batches left: its last block's users appear fewer times (never more than B).
    // Rounds outside the releases (survivor, truncated batch) have users of their own.
    std::set<std::uint64_t> in_batches;
    for (const BatchSpan& s : spans)
      for (std::uint64_t k = s.first_round; k < s.first_round + s.count; ++k) in_batches.insert(user[k]);
    std::vector<bool> covered(T, false);
    for (const BatchSpan& s : spans)
      for (std::uint64_t k = s.first_round; k < s.first_round + s.count; ++k) covered[k] = true;
    for (std::uint64_t k = 0; k < T; ++k)
      if (!covered[k]) {
        EXPECT_EQ(in_batches.count(user[k]), 0U) << what << ": round " << k + 1;
      }
  }
}

TEST(ReturningSeTest, CheckPlacementCatchesEveryBrokenContract) {
  // Arm 0: batches 1 (rounds 0–1), 2 (rounds 2–5); arm 1: batch 1 (rounds 6–7), batch 3 of arm 0 (rounds 8–15).
  const std::vector<BatchSpan> spans = {{0, 2, 0, 1}, {2, 4, 0, 2}, {6, 2, 1, 1}, {8, 8, 0, 3}};
  std::vector<std::uint64_t> good = place_returning_users(16, spans, 3);
  EXPECT_TRUE(check_placement(good, spans).first_problem.empty());
  EXPECT_EQ(check_placement(good, spans).max_batches_per_user, 3U);
  std::vector<std::uint64_t> twice = good;
  twice[3] = twice[2];  // two slots of one batch
  EXPECT_FALSE(check_placement(twice, spans).once_per_batch);
  std::vector<std::uint64_t> two_arms = good;
  two_arms[6] = good[0];  // arm 1's batch 1 and arm 0's batches
  EXPECT_FALSE(check_placement(two_arms, spans).one_arm);
  std::vector<std::uint64_t> gap = good;
  gap[2] = 1000;  // user of slot 0 skips batch 2 (in batches 1 and 3)
  EXPECT_FALSE(check_placement(gap, spans).consecutive);
  // B = 2: the block restarts at batch 3.
  const std::vector<std::uint64_t> b2 = place_returning_users(16, spans, 2);
  EXPECT_EQ(b2[0], b2[2]);
  EXPECT_NE(b2[8], b2[2]);
  EXPECT_EQ(check_placement(b2, spans).max_batches_per_user, 2U);
}

TEST(ReturningSeTest, PlacementValidation) {
  const std::vector<BatchSpan> spans = {{0, 2, 0, 1}, {1, 4, 0, 2}};
  test::expect_parameter_error([&] { place_returning_users(10, spans, 0); }, "B");
  test::expect_parameter_error([&] { place_returning_users(10, spans, 2); }, "batches");  // overlap
  const std::vector<BatchSpan> out_of_order = {{0, 2, 0, 2}};
  test::expect_parameter_error([&] { place_returning_users(10, out_of_order, 2); }, "batches");
  const std::vector<BatchSpan> beyond = {{8, 4, 0, 1}};
  test::expect_parameter_error([&] { place_returning_users(10, beyond, 2); }, "batches");
  test::expect_parameter_error(
      [&] { calibrate_returning_se(base(Variant::DistDP, Rational(1), 10), Rational(2), 1, setting(2, ReturningRoute::Pure)); },
      "T");
  test::expect_parameter_error(
      [&] { calibrate_returning_se(base(Variant::DistDP, Rational(1), 10), Rational(2), 10, setting(2, ReturningRoute::Rdp, Rational(1, 100))); },
      "route");
  test::expect_parameter_error(
      [&] { calibrate_returning_se(base(Variant::DistDP, Rational(1), 10), Rational(2), 10, setting(0, ReturningRoute::Pure)); },
      "returning-batches");
}

// The user-level ledger of the returning run charges the worst B batches: ≤ ε at the calibrated B (pure route: the
// exact sum); charged with 2B batches it exceeds ε (a user in more batches than calibrated).
TEST(ReturningSeTest, UserLevelLedgerChargesTheWorstBBatches) {
  const std::uint64_t T = 64;
  const ProtocolAggregatorParams b = base(Variant::DistDP, Rational(1, 2), T);
  const ReturningSeCalibration cal = calibrate_returning_se(b, Rational(2), T, setting(3, ReturningRoute::Pure));
  const ReturningSeLedger l = returning_se_ledger(b, Rational(2), T, cal);
  EXPECT_TRUE(l.result.pure);
  EXPECT_LE(l.result.eps_upper, Rational(1, 2));
  EXPECT_GT(l.result.eps_upper, Rational(1, 2) * 9 / 10);  // the fold keeps each batch's exact ε just below ε/B
  EXPECT_EQ(l.schedule.entries.size(), se_schedule_batch_sizes(Rational(2), T).size());
  const ReturningSeLedger over = returning_se_ledger(b, Rational(2), T, cal, 6);
  EXPECT_GT(over.result.eps_upper, Rational(1, 2));
}

}  // namespace
}  // namespace dpb::ref
