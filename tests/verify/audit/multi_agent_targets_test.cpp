// Seed 004's audit targets (verify/audit/targets_multi_agent.hpp): the non-private learners are caught at the nominal
// ε (VIOLATION), independent-se's empty view is a positive control (TIGHT at ε_exact = 0), dp-mase's tables have an
// exact law within the release's ε and a family over the multi-agent relation, the scripted tape is the one the
// engine reads, and bad input names the parameter.
#include "verify/audit/targets_multi_agent.hpp"

#include <gtest/gtest.h>

#include "optimized/learners/mase.hpp"
#include "reference/core/errors.hpp"
#include "tests/support/learner_fixtures.hpp"
#include "reference/learners/mase.hpp"
#include "reference/privacy/relations.hpp"

namespace dpb::verify::audit {
namespace {

AuditSettings one_thread() {
  AuditSettings s;
  s.threads = 1;
  return s;
}

TEST(MultiAgentTargets, NonPrivateLearnersAreCaught) {
  for (const std::string name : {"mase", "decentralized-elimination", "corrupted-elimination", "central-se"})
    for (const std::uint32_t K : {2u, 3u}) {
      TargetOptions o;
      o.arms = K;
      const AuditResult r = audit_target(name, o, 2000, 3, one_thread());
      EXPECT_TRUE(r.nominal) << name;
      EXPECT_EQ(r.verdict, AuditVerdict::violation) << name << " K = " << K << ": " << summary_line(r);
    }
}

TEST(MultiAgentTargets, IndependentSeIsAPositiveControl) {
  for (const bool joint : {false, true}) {
    TargetOptions o;
    o.joint_view = joint;
    const AuditResult r = audit_target("independent-se", o, 2000, 3, one_thread());
    EXPECT_FALSE(r.nominal);
    ASSERT_TRUE(r.eps_exact.has_value());
    EXPECT_EQ(*r.eps_exact, 0.0);
    EXPECT_EQ(r.verdict, AuditVerdict::tight) << summary_line(r);
  }
}

TEST(MultiAgentTargets, DpMaseTablesAndFamilies) {
  for (const std::uint32_t K : {2u, 3u})
    for (const bool joint : {false, true}) {
      TargetOptions o;
      o.arms = K;
      o.joint_view = joint;
      const PreparedTarget t = prepare_target("dp-mase", o, 1);
      ASSERT_TRUE(t.eps_exact.has_value());
      EXPECT_LE(*t.eps_exact_lower, 0.5) << "the view's exact loss stays within the release's";
      EXPECT_GT(*t.eps_exact_lower, 0.45);
      // canonical + same-sum pair + another arm's pair (+ agent 1's pair in the joint view only)
      EXPECT_EQ(t.family.size(), joint ? 4u : 3u) << K;
      EXPECT_EQ(t.relation["unobserved"].get<std::size_t>(), joint ? 0u : 1u);
      for (const AuditPair& p : t.family) {
        ASSERT_TRUE(p.eps_exact.has_value()) << p.position;
        EXPECT_LE(*p.eps_exact_lower, 0.5) << p.position;
      }
    }
}

// The view the sampler computes is the decisive epoch's set: on a table where agent 0's arm 1 pays 0 throughout,
// agent 0 eliminates arm 1 at r* (probability ≈ 1), under both sides' scripts alike up to the changed reward.
TEST(MultiAgentTargets, DpMaseViewReadsTheDecisiveEpoch) {
  TargetOptions o;
  const PreparedTarget t = prepare_target("dp-mase", o, 1);
  const Histogram d = t.sample(0, 400, 9, 1), dp = t.sample(1, 400, 9, 2);
  EXPECT_EQ(d.total, 400u);
  for (const auto& [y, c] : d.counts) EXPECT_TRUE(y == 0 || y == 2 || y == 1 || y == -1) << y;
  // P_D′[arm 1 eliminated] ≈ the borderline 0.4 (the table's choice), P_D a little less.
  std::uint64_t k1 = 0, k0 = 0;
  for (const auto& [y, c] : d.counts) k1 += y == 2 ? c : 0;
  for (const auto& [y, c] : dp.counts) k0 += y == 2 ? c : 0;
  EXPECT_GT(k0, 100u);
  EXPECT_LT(k0, 230u);
  EXPECT_LT(k1, k0 + 40);
}

TEST(MultiAgentTargets, ScriptedTapeIsWhatTheEngineReads) {
  ref::MultiAgentParams p;
  p.agents = 2;
  p.votes = 1;
  const ref::BanditInstance inst = ref::BanditInstance::bernoulli({Rational(1), Rational(0)});
  ref::MultiAgentConfig cfg = ref::configure_multi_agent(ref::MultiAgentAlgorithm::DpMase, p, 2);
  cfg.record_ledger = true;
  const std::vector<ref::RewardScript> script = {{0, 1, 0, std::vector<std::int32_t>(444, 1)}};
  cfg.script = &script;
  const ref::MultiAgentOutcome out = fast::run_multi_agent(cfg, inst, ref::multi_agent_streams(1, 0));
  const ref::MultiAgentOutcome ref_out = ref::run_multi_agent(cfg, inst, ref::multi_agent_streams(1, 0));
  EXPECT_EQ(ref::first_difference(out, ref_out), "");
  bool seen = false;
  for (const auto& r : out.releases)
    if (r.agent == 0 && r.epoch == 1 && r.arm == 1) {
      seen = true;
      EXPECT_GT(r.value, Integer(444 - 60));  // the scripted ones (sum 444) plus Lap_Z(2) noise
    }
  EXPECT_TRUE(seen);
  const std::vector<ref::RewardScript> bad = {{0, 1, 0, {2}}};
  cfg.script = &bad;
  test::expect_parameter_error([&] { fast::run_multi_agent(cfg, inst, ref::multi_agent_streams(1, 0)); }, "script");
  const std::vector<ref::RewardScript> bad_agent = {{2, 1, 0, {1}}};
  cfg.script = &bad_agent;
  test::expect_parameter_error([&] { ref::run_multi_agent(cfg, inst, ref::multi_agent_streams(1, 0)); }, "script");
}

TEST(MultiAgentTargets, TapePositions) {
  const ref::Position p = ref::tape_position({3, 1, 17}, "x");
  EXPECT_EQ(p.label, "agent 3, arm 1, pull 17 (x)");
  const ref::TapeEntry e = ref::tape_entry(p);
  EXPECT_EQ(e.agent, 3u);
  EXPECT_EQ(e.arm, 1u);
  EXPECT_EQ(e.pull, 17u);
  test::expect_parameter_error([] { ref::tape_position({1u << 20, 0, 0}); }, "agent");
  test::expect_parameter_error([] { ref::tape_position({0, 1u << 18, 0}); }, "arm");
  test::expect_parameter_error([] { ref::tape_entry(ref::Position{"first", 0, -1}); }, "position");
}

TEST(MultiAgentTargets, BadInput) {
  TargetOptions arms4;
  arms4.arms = 4;
  test::expect_parameter_error([&] { prepare_target("dp-mase", arms4, 1); }, "--arms");
  TargetOptions arms1;
  arms1.arms = 1;
  test::expect_parameter_error([&] { prepare_target("mase", arms1, 1); }, "--arms");
  TargetOptions arms3;
  arms3.arms = 3;
  test::expect_parameter_error([&] { prepare_target("dp-se", arms3, 1); }, "arms");
  TargetOptions joint;
  joint.joint_view = true;
  test::expect_parameter_error([&] { prepare_target("dlaplace", joint, 1); }, "view");
  TargetOptions whole;
  whole.whole_output = true;
  test::expect_parameter_error([&] { prepare_target("mase", whole, 1); }, "view");  // dp-mase has one
  TargetOptions extra;  // the whole-output stop of the elimination learners: 0, 1 or 2 batches past the decisive one
  extra.whole_output = true;
  extra.whole_output_extra_batches = 3;
  test::expect_parameter_error([&] { prepare_target("dp-se", extra, 1); }, "whole_output_extra_batches");
  TargetOptions leak;
  leak.leak_factor = Rational(2);
  test::expect_parameter_error([&] { prepare_target("mase", leak, 1); }, "leak_factor");
}

}  // namespace
}  // namespace dpb::verify::audit
