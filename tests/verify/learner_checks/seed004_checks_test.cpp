// Seed 004's certified checkers and their negative controls: each must hold on the project's functions and reject
// a wrong one (004.eta-xi, 004.vote-threshold, 004.messages, 004.dp-mase.forgetful).
#include "verify/learner_checks/seed004_checks.hpp"

#include <gtest/gtest.h>

namespace dpb::verify::learner_checks {
namespace {

TEST(Seed004ChecksTest, EtaXiHoldsAndRejectsWrongFormulas) {
  EXPECT_EQ(check_eta_xi(ref::eta_xi, false).verdict, Verdict::holds);
  // Exponent K instead of K − 1.
  EXPECT_EQ(check_eta_xi([](const Rational& eta, const Rational& xi,
                            std::uint32_t K) { return ref::eta_xi(eta, xi, K + 1); },
                         false)
                .verdict,
            Verdict::violated);
  // No max{0, ·}: negative values past ξ*.
  EXPECT_EQ(check_eta_xi([](const Rational& eta, const Rational& xi, std::uint32_t K) {
                           Rational p(1);
                           for (std::uint32_t i = 1; i < K; ++i) p *= 1 - xi;
                           return Rational(1 - (1 - eta) / p);  // a value, not an expression template over p
                         },
                         false)
                .verdict,
            Verdict::violated);
  // ξ off by 2 %.
  EXPECT_EQ(check_eta_xi([](const Rational& eta, const Rational& xi,
                            std::uint32_t K) { return ref::eta_xi(eta, xi * Rational(51, 50), K); },
                         false)
                .verdict,
            Verdict::violated);
}

TEST(Seed004ChecksTest, VoteThresholdHoldsAndRejectsOffByOne) {
  EXPECT_EQ(check_vote_threshold(ref::smallest_power_below, false).verdict, Verdict::holds);
  EXPECT_EQ(check_vote_threshold([](const Rational& r, const Rational& d) { return ref::smallest_power_below(r, d) + 1; },
                                 false)
                .verdict,
            Verdict::violated);
  // ⌊·⌋ + 1 instead of ⌈·⌉: wrong exactly on the exact powers (1/2)^2 = 1/4 etc.
  EXPECT_EQ(check_vote_threshold(
                [](const Rational& r, const Rational& d) {
                  const std::uint64_t M = ref::smallest_power_below(r, d);
                  Rational p(1);
                  for (std::uint64_t i = 0; i < M; ++i) p *= r;
                  return p == d ? M + 1 : M;
                },
                false)
                .verdict,
            Verdict::violated);
}

ref::MultiAgentParams voting(std::uint32_t N) {
  ref::MultiAgentParams p;
  p.agents = N;
  p.delta = Rational(1, 4);
  p.beta = Rational(1, 2);
  p.eta = Rational(1, 2);
  return p;
}

TEST(Seed004ChecksTest, MessageChecksRejectTamperedRecords) {
  const ref::BanditInstance p1 = ref::seed004_problem1();
  ref::MultiAgentParams p = voting(4);
  p.eta = Rational(9, 10);
  p.xi = Rational(1, 10);
  p.votes = 2;
  const ref::MultiAgentConfig cfg = ref::configure_multi_agent(ref::MultiAgentAlgorithm::CorruptedElimination, p, 10);
  const ref::MultiAgentOutcome o = ref::run_multi_agent(cfg, p1, ref::multi_agent_streams(9, 0));
  ASSERT_EQ(message_problems(o, cfg, 10), "");
  ASSERT_FALSE(o.messages.empty());
  {  // one mask reused: a second message for the same (agent, arm)
    auto bad = o;
    bad.messages.push_back(bad.messages.front());
    EXPECT_NE(message_problems(bad, cfg, 10), "");
  }
  {  // a mask that creates a vote
    auto bad = o;
    ++bad.votes[bad.messages.front().arm];
    EXPECT_NE(message_problems(bad, cfg, 10), "");
  }
  {  // a global elimination with too few votes
    auto bad = o;
    ASSERT_FALSE(bad.eliminations.empty());
    bad.eliminations.front().votes = 1;
    EXPECT_NE(message_problems(bad, cfg, 10), "");
  }
}

TEST(Seed004ChecksTest, ForgetfulReplayRejectsTamperedReleases) {
  const ref::BanditInstance p1 = ref::seed004_problem1();
  const ref::MultiAgentConfig cfg = ref::configure_multi_agent(ref::MultiAgentAlgorithm::DpMase, voting(4), 10);
  const ref::MultiAgentStreams s = ref::multi_agent_streams(9, 1);
  const ref::MultiAgentOutcome o = ref::run_multi_agent(cfg, p1, s);
  ASSERT_EQ(forgetful_problems(o, cfg, p1, s), "");
  ASSERT_GE(o.releases.size(), 2u);
  {  // a value that is not its sum plus a fresh draw
    auto bad = o;
    bad.releases.back().value += 1;
    EXPECT_NE(forgetful_problems(bad, cfg, p1, s), "");
  }
  {  // overlapping ranges
    auto bad = o;
    bad.releases.back().first -= 1;
    EXPECT_NE(forgetful_problems(bad, cfg, p1, s), "");
  }
  {  // a vote outside an epoch end
    auto bad = o;
    ASSERT_FALSE(bad.messages.empty());
    bad.messages.front().round += 1;
    EXPECT_NE(forgetful_problems(bad, cfg, p1, s), "");
  }
}

}  // namespace
}  // namespace dpb::verify::learner_checks
