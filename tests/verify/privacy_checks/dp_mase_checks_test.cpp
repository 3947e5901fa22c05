// Seed 004's DP-MASE privacy checkers (verify/privacy_checks/dp_mase_checks.hpp) and the multi-agent release schedule
// (reference/learners/release_schedule.hpp): the epoch-law claim holds as specified and its leaky twins (less noise
// on the epoch releases) come out violated through the same checker; the schedule puts every observation in at most
// one release and covers every stream; the recorded runs' ledger entries are the releases; bad input names the
// parameter.
#include "verify/privacy_checks/dp_mase_checks.hpp"

#include <gtest/gtest.h>

#include "optimized/learners/mase.hpp"
#include "reference/core/errors.hpp"
#include "tests/support/learner_fixtures.hpp"
#include "reference/learners/release_schedule.hpp"
#include "reference/privacy/ledger.hpp"

namespace dpb::verify::privacy_checks {
namespace {

TEST(DpMaseEpochLawCheck, HoldsAsSpecified) {
  const Outcome o = check_dp_mase_epoch_law(RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure;
  for (const auto& c : o.evidence["cases"]) {
    // The searched maximum is a lower bound close to the claim from below (it approaches ε in the tails).
    EXPECT_LE(c["searched_max_eps_lower"].get<double>(), 0.5) << c.dump();
    EXPECT_GT(c["searched_max_eps_lower"].get<double>(), 0.49) << c.dump();
    EXPECT_GT(c["pairs"].get<std::size_t>(), 20u);
  }
}

TEST(DpMaseEpochLawCheck, LeakyTwinsAreViolated) {
  for (const Rational& leak : {Rational(2), Rational(11, 10)}) {
    EpochLawOptions o;
    o.leak = leak;
    const Outcome out = check_dp_mase_epoch_law(RunOptions{}, o);
    EXPECT_EQ(out.verdict, Verdict::violated) << dpb::to_string(leak) << ": " << out.key_figure;
  }
}

TEST(DpMaseEpochLawCheck, BadInput) {
  EpochLawOptions zero;
  zero.eps = {Rational(0)};
  test::expect_parameter_error([&] { check_dp_mase_epoch_law(RunOptions{}, zero); }, "eps");
  EpochLawOptions low;
  low.leak = Rational(1, 2);
  test::expect_parameter_error([&] { check_dp_mase_epoch_law(RunOptions{}, low); }, "leak");
}

TEST(DpMaseSchedule, EveryRewardEntersOneReleaseOnEveryStream) {
  const ref::ReleaseSchedule s = ref::dp_mase_schedule(64, 10, 100000, Rational(1, 2), Rational(1, 2), 1);
  const ref::LedgerResult l = ref::compose_ledger(s.laws, s.entries);
  EXPECT_EQ(l.max_releases_per_observation, 1u);
  EXPECT_EQ(l.eps_pure, Rational(1, 2));
  std::vector<std::uint64_t> covered(64 * 10, 0);
  for (const auto& e : s.entries) {
    EXPECT_EQ(e.first, covered[e.stream]) << "epochs are consecutive";
    covered[e.stream] += e.count;
  }
  for (const std::uint64_t c : covered) {
    EXPECT_LE(c, 100000u);
    EXPECT_GT(c, 50000u);  // the unreleased tail is shorter than the next epoch
  }
}

TEST(DpMaseSchedule, BadInput) {
  const Rational h(1, 2);
  test::expect_parameter_error([&] { ref::dp_mase_schedule(0, 10, 10, h, h, 1); }, "agents");
  test::expect_parameter_error([&] { ref::dp_mase_schedule(1u << 21, 10, 10, h, h, 1); }, "agents");
  test::expect_parameter_error([&] { ref::dp_mase_schedule(4, 1, 10, h, h, 1); }, "K");
  test::expect_parameter_error([&] { ref::dp_mase_schedule(4, 10, 0, h, h, 1); }, "rounds");
  test::expect_parameter_error([&] { ref::dp_mase_schedule(4, 10, 10, Rational(1), h, 1); }, "beta");
  test::expect_parameter_error([&] { ref::dp_mase_schedule(4, 10, 10, h, Rational(0), 1); }, "eps");
  test::expect_parameter_error([&] { ref::dp_mase_schedule(4, 10, 10, h, h, 0); }, "grid");
}

TEST(DpMaseRecordedLedger, EntriesAreTheReleases) {
  ref::MultiAgentParams p;
  p.agents = 4;
  const ref::BanditInstance inst = ref::seed004_problem1();
  ref::MultiAgentConfig cfg = ref::configure_multi_agent(ref::MultiAgentAlgorithm::DpMase, p, inst.arms());
  cfg.record_ledger = true;
  const ref::MultiAgentOutcome out = fast::run_multi_agent(cfg, inst, ref::multi_agent_streams(3, 0));
  const auto entries = dp_mase_ledger_entries(out, inst.arms());
  ASSERT_EQ(entries.size(), out.releases.size());
  ASSERT_FALSE(entries.empty());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    EXPECT_EQ(entries[i].stream, out.releases[i].agent * inst.arms() + out.releases[i].arm);
    EXPECT_EQ(entries[i].first, out.releases[i].first);
    EXPECT_EQ(entries[i].count, out.releases[i].count);
  }
  const ref::LedgerResult l = ref::compose_ledger(out.laws, entries);
  EXPECT_EQ(l.max_releases_per_observation, 1u);
  EXPECT_EQ(l.eps_pure, cfg.eps);
}

}  // namespace
}  // namespace dpb::verify::privacy_checks
