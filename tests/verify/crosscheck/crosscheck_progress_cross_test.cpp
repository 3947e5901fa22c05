// The cross-check's progress callbacks (issue 14: progress inside one long run; docs/reliability.md): every
// family's crosscheck reports its reference rounds from inside each run, through the learners' per-round hook, in
// order, ending at runs × horizon (the multi-agent learners: per run, the global rounds the run took), and the
// report is the one of a run without the callback. Cheap horizons (unit label, well under a second in Release).
#include <gtest/gtest.h>

#include <sstream>

#include "verify/crosscheck/glm_crosscheck.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"
#include "verify/crosscheck/linear_crosscheck.hpp"
#include "verify/crosscheck/multi_agent_crosscheck.hpp"

namespace dpb::verify {
namespace {

// Records the calls of a (done, total) callback: their number, whether done rose by one each time, the last values.
struct Calls {
  std::uint64_t count = 0, last_done = 0, last_total = 0, skips = 0;
  void operator()(std::uint64_t done, std::uint64_t total) {
    if (done != last_done + 1) ++skips;
    ++count;
    last_done = done;
    last_total = total;
  }
};

TEST(CrosscheckProgressTest, BanditLearnersReportEveryReferenceRound) {
  for (const std::string learner : {"ucb", "dp-se", "hybrid-ucb"}) {
    CrosscheckConfig c;
    c.learner = learner;
    c.horizon = 150;
    c.runs = 3;
    const CrosscheckReport plain = crosscheck_learner(c);
    Calls calls;
    c.progress = [&](std::uint64_t done, std::uint64_t total) { calls(done, total); };
    const CrosscheckReport hooked = crosscheck_learner(c);
    EXPECT_EQ(calls.count, 450U) << learner;
    EXPECT_EQ(calls.skips, 0U) << learner;
    EXPECT_EQ(calls.last_done, 450U) << learner;
    EXPECT_EQ(calls.last_total, 450U) << learner;
    std::ostringstream a, b;
    print_report(plain, a);
    print_report(hooked, b);
    EXPECT_EQ(a.str(), b.str()) << learner;
  }
}

TEST(CrosscheckProgressTest, LinearLearnerReportsEveryReferenceRound) {
  LinearCrosscheckConfig c;
  c.learner = "linucb-sdp-vec";
  c.horizon = 40;
  c.runs = 2;
  c.d = 3;
  c.K = 8;
  c.params.B = 10;
  c.params.eps = 1;
  c.params.delta = Rational(1, 10);
  Calls calls;
  c.progress = [&](std::uint64_t done, std::uint64_t total) { calls(done, total); };
  const LinearCrosscheckReport r = crosscheck_linear(c);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(calls.count, 80U);
  EXPECT_EQ(calls.skips, 0U);
  EXPECT_EQ(calls.last_done, 80U);
  EXPECT_EQ(calls.last_total, 80U);
}

TEST(CrosscheckProgressTest, GlmLearnerReportsEveryReferenceRoundAndClearsTheHook) {
  GlmCrosscheckConfig c;
  c.horizon = 20;
  c.runs = 2;
  c.seed = 5;
  c.instance.link = ref::Link::logistic;
  c.instance.d = 3;
  c.instance.K = 10;
  c.instance.S = Rational(5, 2);
  c.params.lambda = Rational(1);
  c.params.rho = Rational(1, 2);
  Calls calls;
  c.progress = [&](std::uint64_t done, std::uint64_t total) { calls(done, total); };
  const GlmCrosscheckReport r = crosscheck_glm(c);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(calls.count, 40U);
  EXPECT_EQ(calls.skips, 0U);
  EXPECT_EQ(calls.last_done, 40U);
  EXPECT_EQ(calls.last_total, 40U);
  EXPECT_FALSE(static_cast<bool>(r.config.reference_round));  // no hook left pointing into the finished call
}

TEST(CrosscheckProgressTest, MultiAgentLearnerReportsEachRunsRounds) {
  MultiAgentCrosscheckConfig c;
  c.algorithm = ref::MultiAgentAlgorithm::Mase;
  c.runs = 3;
  c.seed = 15;
  c.params.agents = 4;
  c.params.delta = Rational(1, 4);
  c.params.beta = Rational(1, 2);
  c.params.eta = Rational(1, 2);
  c.params.xi = Rational(1, 20);
  c.params.max_rounds = 20000;
  std::vector<std::uint64_t> rounds(c.runs, 0);
  std::uint32_t finished = 0;
  std::uint64_t out_of_order = 0;
  c.progress = [&](std::uint32_t runs_done, std::uint64_t round) {
    if (round == 0) {  // a run ended
      if (runs_done != finished + 1) ++out_of_order;
      finished = runs_done;
      return;
    }
    if (runs_done != finished || round != rounds[runs_done] + 1) ++out_of_order;
    rounds[runs_done] = round;
  };
  const MultiAgentCrosscheckReport r = crosscheck_multi_agent(c);
  ASSERT_EQ(r.runs.size(), 3U);
  EXPECT_EQ(finished, 3U);
  EXPECT_EQ(out_of_order, 0U);
  for (std::uint32_t i = 0; i < 3; ++i) {
    EXPECT_GT(r.runs[i].rounds, 0U);
    EXPECT_EQ(rounds[i], r.runs[i].rounds) << "run " << i;
  }
}

}  // namespace
}  // namespace dpb::verify
