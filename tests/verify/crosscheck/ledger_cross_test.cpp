// The two builds' privacy ledgers are byte-identical (issue 11 §3): every private learner, run by the cross-check
// with LearnerOptions::record_ledger in both builds, must produce the same ledger text; a control with one law
// changed in the optimized trajectory must fail the comparison.
#include <gtest/gtest.h>

#include <sstream>

#include "optimized/learners/mase.hpp"
#include "reference/learners/mase.hpp"
#include "reference/privacy/ledger.hpp"
#include "tests/support/learner_fixtures.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"

namespace dpb::verify {
namespace {

CrosscheckReport run(const std::string& learner, std::uint64_t T, std::uint32_t runs) {
  CrosscheckConfig c;
  c.learner = learner;
  c.horizon = T;
  c.runs = runs;
  c.seed = 20261121;
  c.eps = Rational(1, 2);
  c.ledger = true;
  return crosscheck_learner(c);
}

TEST(LedgerCrossTest, BothBuildsRecordByteIdenticalLedgers) {
  for (const auto& [learner, T] : std::vector<std::pair<std::string, std::uint64_t>>{
           {"dp-se", 20000}, {"anytime-lazy-ucb", 2000}, {"hybrid-ucb", 2000}, {"ftnl", 2000},
           {"naive-ftnl", 2000}, {"central-dlap-se", 4000}, {"dist-dp-se", 2000}, {"dist-rdp-se", 2000},
           {"dist-cdp-se", 1000}, {"shuffle-se", 2000}, {"cdp-se", 2000}, {"ldp-se", 1000}}) {
    const CrosscheckReport report = run(learner, T, 3);
    std::ostringstream text;
    print_report(report, text);
    EXPECT_TRUE(report.ok()) << learner << "\n" << text.str();
    for (const auto& r : report.runs) {
      EXPECT_TRUE(r.ledger_compared) << learner;
      EXPECT_GT(r.ledger_bytes, 0U) << learner;
    }
  }
}

TEST(LedgerCrossTest, WithoutTheOptionNoLedgerIsRecorded) {
  CrosscheckConfig c;
  c.learner = "anytime-lazy-ucb";
  c.horizon = 500;
  c.runs = 1;
  const CrosscheckReport report = crosscheck_learner(c);
  ASSERT_TRUE(report.ok());
  EXPECT_FALSE(report.runs[0].ledger_compared);
}

TEST(LedgerCrossTest, ADifferentLawFailsTheComparison) {
  const ref::RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(1, 4)}, 800);
  const CrosscheckLearner* l = find_crosscheck_learner("hybrid-ucb");
  ASSERT_NE(l, nullptr);
  CrosscheckInput in{&tape, 800, Rational(1, 2), 1, 1, {}};
  in.fast_options.record_ledger = true;
  fast::Trajectory fast = l->run_fast(in);
  ref::LearnerOptions o;
  o.record_ledger = true;
  const ref::Trajectory reference = l->run_reference(in, o);
  EXPECT_EQ(ledger_text_of(reference), ledger_text_of(fast));
  EXPECT_TRUE(compare_trajectories(reference, fast).explained);
  fast.laws[1].scale *= 2;  // tree 1's nodes with another scale
  const RunComparison c = compare_trajectories(reference, fast);
  EXPECT_FALSE(c.explained);
  EXPECT_NE(c.detail.find("ledgers differ"), std::string::npos) << c.detail;
  fast.laws[1].scale /= 2;
  fast.releases.back().first += 1;  // one release covering other observations
  EXPECT_FALSE(compare_trajectories(reference, fast).explained);
}

TEST(LedgerCrossTest, DpMaseLedgersAgreeAndComposeToEps) {
  ref::MultiAgentParams p;
  p.agents = 4;
  p.delta = Rational(1, 4);
  p.beta = Rational(1, 2);
  p.eps = Rational(1, 2);
  p.max_rounds = 2700;
  const ref::BanditInstance instance = ref::seed004_problem1();
  ref::MultiAgentConfig cfg = ref::configure_multi_agent(ref::MultiAgentAlgorithm::DpMase, p, instance.arms());
  EXPECT_FALSE(cfg.record_ledger);  // off unless asked
  cfg.record_ledger = true;
  const auto streams = ref::multi_agent_streams(15, 0);
  const ref::MultiAgentOutcome a = ref::run_multi_agent(cfg, instance, streams);
  const ref::MultiAgentOutcome b = fast::run_multi_agent(cfg, instance, streams);
  EXPECT_EQ(ref::first_difference(a, b), "");
  ASSERT_EQ(a.laws.size(), 1U);
  EXPECT_EQ(a.laws, b.laws);
  ASSERT_FALSE(a.releases.empty());
  std::vector<ref::LedgerEntry> entries;
  for (std::size_t i = 0; i < a.releases.size(); ++i) {
    const ref::EpochRelease& r = a.releases[i];
    entries.push_back(ref::LedgerEntry{0, r.agent * instance.arms() + r.arm, r.first, r.count, i});
  }
  const ref::LedgerResult led = ref::compose_ledger(a.laws, entries);
  EXPECT_EQ(led.eps_pure, Rational(1, 2));
  EXPECT_EQ(led.max_releases_per_observation, 1U);
  ref::MultiAgentOutcome c = b;
  c.laws[0].scale *= 2;
  EXPECT_NE(ref::first_difference(a, c), "");
}

}  // namespace
}  // namespace dpb::verify
