// Seed 004's multi-agent engine, reference: exact calibrations (η_ξ, M, the SE threshold), validation, the outcome
// record's invariants on runs of every algorithm, the guards (A7, A8, max rounds), the coin routine, INDEPENDENT's
// stop rules and DP-MASE's epochs.
#include "reference/learners/mase.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>

#include "reference/core/interval.hpp"
#include "tests/support/learner_fixtures.hpp"
#include "verify/learner_checks/seed004_checks.hpp"

namespace dpb::ref {
namespace {

Rational pow_r(const Rational& x, std::uint64_t k) {
  Rational r(1);
  for (std::uint64_t i = 0; i < k; ++i) r *= x;
  return r;
}

MultiAgentParams voting(std::uint32_t N) {
  MultiAgentParams p;
  p.agents = N;
  p.delta = Rational(1, 4);
  p.beta = Rational(1, 2);
  p.eta = Rational(1, 2);
  return p;
}

// Arm 0 always pays 1, the others never: every local SE is right, deterministically.
BanditInstance sure_instance() {
  std::vector<Rational> means(5, Rational(0));
  means[0] = Rational(1);
  return BanditInstance::bernoulli(means);
}

TEST(MaseCalibrationTest, EtaXiIsEquation12Exactly) {
  const Rational v = eta_xi(Rational(9, 10), Rational(1, 20), 10);
  EXPECT_EQ((1 - v) * pow_r(Rational(19, 20), 9), Rational(1, 10));
  EXPECT_EQ(eta_xi(Rational(9, 10), Rational(0), 10), Rational(9, 10));
  EXPECT_EQ(eta_xi(Rational(9, 10), Rational(1, 4), 10), Rational(0));  // ξ* ≈ 0.2257 < 1/4
  EXPECT_GT(eta_xi(Rational(9, 10), Rational(1, 5), 10), Rational(0));
}

TEST(MaseCalibrationTest, SmallestPowerBelowIsTheDefinition) {
  const std::vector<Rational> grid{Rational(1, 50), Rational(1, 20), Rational(1, 4), Rational(3, 10), Rational(1, 2),
                                   Rational(2, 3),  Rational(4, 5),  Rational(9, 10), Rational(97, 100)};
  for (const Rational& rho : grid)
    for (const Rational& delta : grid) {
      const std::uint64_t M = smallest_power_below(rho, delta);
      ASSERT_GE(M, 1u);
      EXPECT_LE(pow_r(rho, M), delta) << to_string(rho) << " " << to_string(delta);
      EXPECT_GT(pow_r(rho, M - 1), delta) << to_string(rho) << " " << to_string(delta);
    }
  // Exact powers: ρ^M = δ is decided on rationals, M = ln δ/ln ρ itself.
  EXPECT_EQ(smallest_power_below(Rational(1, 2), Rational(1, 4)), 2u);
  EXPECT_EQ(smallest_power_below(Rational(2, 3), Rational(8, 27)), 3u);
  EXPECT_EQ(smallest_power_below(Rational(1, 2), Rational(1, 1024)), 10u);
  // Just past an exact power.
  EXPECT_EQ(smallest_power_below(Rational(1, 2), Rational(1, 4) - Rational(1, 1000000)), 3u);
}

TEST(MaseCalibrationTest, VotesNeeded) {
  EXPECT_EQ(votes_needed(2, VoteTest::Gt), 3u);
  EXPECT_EQ(votes_needed(2, VoteTest::Ge), 2u);
  EXPECT_EQ(votes_needed(0, VoteTest::Gt), 1u);
  EXPECT_EQ(votes_needed(0, VoteTest::Ge), 1u);
}

TEST(MaseCalibrationTest, SeThresholdIsTheCeilingOfTheIrrationalRadius) {
  // x = 2G√(t·ln(cKt²/ρ)) (radius t) or G√(2t·ln(…)) (radius 2t); check (thr − 1)² < x² < thr² at 256 bits.
  for (std::int64_t G : {1, 1000})
    for (std::uint64_t t : {1, 2, 3, 10, 137, 1000, 65536})
      for (SeRadius radius : {SeRadius::T, SeRadius::TwoT}) {
        const Integer thr = se_threshold_units(t, 10, G, Rational(1), Rational(1, 2), radius);
        const Interval x2 = Interval(Rational(Integer(10) * t * t * 2), 256)
                                .log()
                                .mul(Rational(Integer(G) * G * t * (radius == SeRadius::T ? 4 : 2)));
        EXPECT_TRUE(x2.certainly_less(Rational(thr * thr))) << t;
        EXPECT_TRUE(x2.certainly_greater(Rational((thr - 1) * (thr - 1)))) << t;
      }
  // A sum difference D eliminates iff D >= thr: ">=" and ">" agree because x is never an integer.
  EXPECT_EQ(se_threshold_units(1, 10, 1, Rational(1), Rational(1, 2), SeRadius::T), 4);  // 2√(ln 20) = 3.46…
}

TEST(MaseValidationTest, BadParametersAreNamed) {
  auto configure = [](MultiAgentAlgorithm a, MultiAgentParams p) { return configure_multi_agent(a, p, 10); };
  using A = MultiAgentAlgorithm;
  struct Case {
    A algorithm;
    std::function<void(MultiAgentParams&)> set;
    std::string parameter;
  };
  const std::vector<Case> cases{
      {A::Mase, [](auto& p) { p.agents = 0; }, "agents"},
      {A::Mase, [](auto& p) { p.agents = (1U << 20) + 1; }, "agents"},
      {A::Mase, [](auto& p) { p.delta = 0; }, "delta"},
      {A::Mase, [](auto& p) { p.delta = 1; }, "delta"},
      {A::Mase, [](auto& p) { p.beta = Rational(3, 2); }, "beta"},
      {A::DpMase, [](auto& p) { p.eps = 0; }, "eps"},
      {A::DpMase, [](auto& p) { p.noise_refinement = 0; }, "noise_refinement"},
      {A::CorruptedElimination, [](auto& p) { p.xi = 1; }, "xi"},
      {A::CorruptedElimination, [](auto& p) { p.xi = -1; }, "xi"},
      {A::CorruptedElimination, [](auto& p) { p.xi = Rational(1, 2); }, "xi"},  // η_ξ = 0
      {A::DecentralizedElimination, [](auto& p) { p.eta = 1; }, "eta"},
      {A::Mase, [](auto& p) { p.c = 0; }, "c"},
      {A::Mase, [](auto& p) { p.c = Rational(1, 100); }, "c"},  // c·K/ρ = 1/5 <= 1
      {A::Mase, [](auto& p) { p.law = AgentLawKind::Power; p.gamma = 1; }, "gamma"},
      {A::Mase, [](auto& p) { p.agent_offset = -1; }, "agent_offset"},
      {A::Mase, [](auto& p) { p.max_rounds = 0; }, "max_rounds"},
      {A::Mase, [](auto& p) { p.max_rounds = (std::uint64_t{1} << 40) + 1; }, "max_rounds"},
      {A::Mase, [](auto& p) { p.agents = 2; }, "agents"},  // M = 2 needs 3 votes
      {A::Mase, [](auto& p) { p.votes = (1U << 20) + 1; }, "votes"},
      {A::DpMase, [](auto& p) { p.coin = true; }, "routine"},
      {A::Mase, [](auto& p) { p.coin_activation = 0; }, "coin_activation"},
  };
  for (const auto& c : cases) {
    MultiAgentParams p = voting(4);
    c.set(p);
    test::expect_parameter_error([&] { configure(c.algorithm, p); }, c.parameter);
  }
  // K beyond the stream layout's 2^18 arms.
  test::expect_parameter_error([&] { configure_multi_agent(A::Mase, voting(4), (1U << 18) + 1); }, "arms");
  test::expect_parameter_error([&] { configure_multi_agent(A::Mase, voting(4), 1); }, "arms");
  // N = 1 is accepted where no vote is needed, and for the reduction (--votes 0).
  MultiAgentParams one = voting(1);
  EXPECT_NO_THROW(configure(A::CentralSe, one));
  EXPECT_NO_THROW(configure(A::IndependentSe, one));
  one.votes = 0;
  EXPECT_NO_THROW(configure(A::DpMase, one));
}

TEST(MaseEngineTest, EveryAlgorithmKeepsTheMessageInvariants) {
  using A = MultiAgentAlgorithm;
  const BanditInstance p1 = seed004_problem1();
  std::uint64_t decided = 0, global = 0;
  for (A a : {A::Mase, A::DpMase, A::CorruptedElimination, A::DecentralizedElimination, A::CentralSe,
              A::IndependentSe})
    for (std::uint32_t run = 0; run < 2; ++run) {
      MultiAgentParams p = voting(4);
      p.xi = Rational(1, 20);
      p.max_rounds = 20000;
      const MultiAgentConfig cfg = configure_multi_agent(a, p, 10);
      const MultiAgentOutcome o = run_multi_agent(cfg, p1, multi_agent_streams(3, run));
      EXPECT_EQ(verify::learner_checks::message_problems(o, cfg, 10), "") << algorithm_name(a);
      std::uint64_t activations = 0;
      for (auto x : o.activations) activations += x;
      EXPECT_EQ(activations + o.wasted_rounds, o.rounds) << algorithm_name(a);
      EXPECT_LE(o.rounds, p.max_rounds);
      EXPECT_EQ(o.reason == EndReason::Decided, o.arm.has_value()) << algorithm_name(a);
      decided += o.reason == EndReason::Decided;
      global += o.eliminations.size();
    }
  EXPECT_GT(decided, 6u);  // the invariants were checked on finished runs too
  EXPECT_GT(global, 40u);
}

TEST(MaseEngineTest, SureInstanceIsDecidedForTheBestArmByEveryAlgorithm) {
  using A = MultiAgentAlgorithm;
  for (A a : {A::Mase, A::DpMase, A::CorruptedElimination, A::DecentralizedElimination, A::CentralSe,
              A::IndependentSe})
    for (AgentLawKind law : {AgentLawKind::Uniform, AgentLawKind::Power}) {
      MultiAgentParams p = voting(4);
      p.law = law;
      const MultiAgentOutcome o = run_multi_agent(configure_multi_agent(a, p, 5), sure_instance(), multi_agent_streams(1, 0));
      EXPECT_EQ(o.reason, EndReason::Decided) << algorithm_name(a);
      EXPECT_EQ(o.arm, std::optional<std::uint32_t>(0)) << algorithm_name(a);
    }
}

TEST(MaseEngineTest, MaxRoundsEndsTheRunUndecided) {
  MultiAgentParams p = voting(4);
  p.max_rounds = 17;
  const MultiAgentOutcome o =
      run_multi_agent(configure_multi_agent(MultiAgentAlgorithm::Mase, p, 10), seed004_problem1(), multi_agent_streams(1, 0));
  EXPECT_EQ(o.reason, EndReason::MaxRounds);
  EXPECT_EQ(o.rounds, 17u);
  EXPECT_FALSE(o.arm);
}

TEST(MaseEngineTest, EqualArmsNeverEndButTheBudgetStopsThem) {
  // Two identical arms: SE cannot separate them, the guard ends the run (A8's hang).
  const BanditInstance twins = BanditInstance::bernoulli({Rational(1, 2), Rational(1, 2)});
  MultiAgentParams p = voting(4);
  p.max_rounds = 3000;
  const MultiAgentOutcome o =
      run_multi_agent(configure_multi_agent(MultiAgentAlgorithm::DecentralizedElimination, p, 2), twins,
                      multi_agent_streams(2, 0));
  EXPECT_EQ(o.reason, EndReason::MaxRounds);
}

TEST(MaseEngineTest, DroppedVotesCanLeaveNoAgent) {
  // Every agent's vote is needed (M = N − 1, strict test) and masks drop one in ten: once every agent is done
  // with votes missing, the run ends no-agent-left (A8) instead of hanging.
  MultiAgentParams p = voting(4);
  p.eta = Rational(9, 10);
  p.xi = Rational(1, 10);
  p.votes = 3;
  const MultiAgentConfig cfg = configure_multi_agent(MultiAgentAlgorithm::CorruptedElimination, p, 5);
  std::uint32_t no_agent = 0, dropped_runs = 0;
  for (std::uint32_t r = 0; r < 20; ++r) {
    const MultiAgentOutcome o = run_multi_agent(cfg, sure_instance(), multi_agent_streams(5, r));
    bool dropped = false;
    for (const auto& m : o.messages) dropped |= !m.sent;
    dropped_runs += dropped;
    // Undecided exactly when some vote against a suboptimal arm was dropped.
    EXPECT_EQ(o.reason == EndReason::NoAgentLeft, dropped) << r;
    EXPECT_TRUE(o.reason == EndReason::NoAgentLeft || o.reason == EndReason::Decided);
    no_agent += o.reason == EndReason::NoAgentLeft;
  }
  EXPECT_GT(no_agent, 0u);
  EXPECT_EQ(no_agent, dropped_runs);
}

TEST(MaseEngineTest, WasteModeCountsWastedRounds) {
  MultiAgentParams p = voting(8);
  p.finished = FinishedAgents::Waste;
  const MultiAgentOutcome o = run_multi_agent(configure_multi_agent(MultiAgentAlgorithm::DecentralizedElimination, p, 5),
                                              sure_instance(), multi_agent_streams(1, 0));
  EXPECT_EQ(o.reason, EndReason::Decided);
  std::uint64_t finished = 0;
  for (auto r : o.agent_finish_round) finished += r > 0;
  EXPECT_GT(finished, 0u);
  EXPECT_GT(o.wasted_rounds, 0u);
}

TEST(MaseEngineTest, CoinRoutineEliminatesTheBestArmOrAllOthers) {
  MultiAgentParams p = voting(16);
  p.coin = true;
  p.coin_activation = 2;
  p.votes = 15;  // 16 votes needed: the coins all fire before anything can leave 𝒦
  p.max_rounds = 400;
  const BanditInstance p1 = seed004_problem1();
  const MultiAgentOutcome o =
      run_multi_agent(configure_multi_agent(MultiAgentAlgorithm::DecentralizedElimination, p, 10), p1, multi_agent_streams(1, 0));
  std::map<std::uint32_t, std::set<std::uint32_t>> by_agent;
  for (const auto& m : o.messages) {
    by_agent[m.agent].insert(m.arm);
    EXPECT_EQ(o.activations[m.agent] >= 2, true);
  }
  std::uint32_t failures = 0, successes = 0;
  for (const auto& [agent, arms] : by_agent) {
    if (arms == std::set<std::uint32_t>{0}) {
      ++failures;
    } else {
      EXPECT_EQ(arms.count(0), 0u) << agent;
      ++successes;
    }
  }
  EXPECT_GT(failures, 0u);  // ρ = η = 1/2 over 16 agents: both outcomes occur
  EXPECT_GT(successes, 0u);
}

TEST(MaseEngineTest, IndependentRecordsBothStopRules) {
  MultiAgentParams p = voting(4);
  const BanditInstance p1 = seed004_problem1();
  const auto all = run_multi_agent(configure_multi_agent(MultiAgentAlgorithm::IndependentSe, p, 10), p1,
                                   multi_agent_streams(1, 0));
  p.stop = IndependentStop::First;
  const auto first = run_multi_agent(configure_multi_agent(MultiAgentAlgorithm::IndependentSe, p, 10), p1,
                                     multi_agent_streams(1, 0));
  ASSERT_EQ(all.reason, EndReason::Decided);
  ASSERT_EQ(first.reason, EndReason::Decided);
  EXPECT_EQ(first.rounds, *first.first_finish_round);
  EXPECT_EQ(all.first_finish_round, first.first_finish_round);  // same streams, same first finisher
  EXPECT_LT(first.rounds, all.rounds);
  for (auto r : all.agent_finish_round) EXPECT_GT(r, 0u);
  EXPECT_TRUE(all.messages.empty());
}

TEST(MaseEngineTest, DpMaseReleasesAreEpochSumsAndVotesComeAtEpochEnds) {
  MultiAgentParams p = voting(4);
  const BanditInstance p1 = seed004_problem1();
  const MultiAgentConfig cfg = configure_multi_agent(MultiAgentAlgorithm::DpMase, p, 10);
  const MultiAgentStreams s = multi_agent_streams(4, 0);
  const MultiAgentOutcome o = run_multi_agent(cfg, p1, s);
  ASSERT_FALSE(o.releases.empty());
  EXPECT_EQ(verify::learner_checks::forgetful_problems(o, cfg, p1, s), "");
  // R(1) at |S| = K: every agent's first epoch has that length.
  const Integer R1 = dp_se_epoch_length(10, 1, Rational(1, 2), Rational(1, 2));
  for (const auto& r : o.releases)
    if (r.epoch == 1) {
      EXPECT_EQ(Integer(r.count), R1);
    }
}

TEST(MaseEngineTest, Problem2IsTheShiftedClippedGaussian) {
  const BanditInstance p2 = seed004_problem2();
  EXPECT_EQ(p2.arms(), 10u);
  EXPECT_EQ(p2.means()[0], Rational(4, 5));
  EXPECT_EQ(p2.means()[1], Rational(3, 5));
  EXPECT_EQ(p2.means()[9], Rational(1, 5));
  EXPECT_EQ(p2.grid(), 1000);
  EXPECT_THROW(seed004_problem2(Rational(1, 10), Rational(9)), ParameterError);  // mean 11 − 9 > 1
}

}  // namespace
}  // namespace dpb::ref
