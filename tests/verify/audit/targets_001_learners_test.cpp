// Seed 001's learner audit targets (verify/audit/targets_001_learners.hpp): listed as learners, bad options refused
// naming the option before any sampling, and the searched family is the contextual relation's (the statistical
// checks — the non-private control flagged, the real targets not, the leaky twins flagged — are in
// targets_001_learners_stat_test.cpp).
#include <gtest/gtest.h>

#include <set>

#include "verify/audit/targets.hpp"
#include "verify/audit/targets_001_learners.hpp"

namespace dpb::verify::audit {
namespace {

const std::vector<std::string> kNames = {"linucb-sdp-amp", "linucb-sdp-vec", "linucb-ldp", "linucb-jdp", "linucb"};

TEST(Seed001LearnerTargets, ListedAsLearnersTheNonPrivateOneWithoutAClaim) {
  for (const std::string& n : kNames) {
    const TargetInfo* t = find_target(n);
    ASSERT_NE(t, nullptr) << n;
    EXPECT_EQ(t->kind, "learner") << n;
    EXPECT_TRUE(is_seed001_learner_target(n));
    EXPECT_EQ(t->is_private, n != "linucb") << n;
    EXPECT_FALSE(t->claim.empty());
    EXPECT_NE(t->description.find("T = 14"), std::string::npos) << n;
  }
  EXPECT_FALSE(is_seed001_learner_target("ucb"));
  EXPECT_FALSE(is_seed001_learner_target("p-amp"));
}

TEST(Seed001LearnerTargets, BadOptionsAreRefusedNamingTheOption) {
  auto refused = [](const std::string& name, TargetOptions o, const std::string& param) {
    try {
      prepare_target(name, o, 1);
      ADD_FAILURE() << name << ": accepted (" << param << ")";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("parameter '" + param + "'"), std::string::npos) << e.what();
    }
  };
  TargetOptions o;
  o.horizon = 64;
  o.horizon_given = true;
  refused("linucb-ldp", o, "horizon");
  o = {};
  o.leak_factor = Rational(2);
  refused("linucb-jdp", o, "leak_factor");
  o = {};
  o.noise_divisor = Rational(4);
  refused("linucb", o, "noise_divisor");
  o = {};
  o.noise_divisor = Rational(1, 2);
  refused("linucb-sdp-vec", o, "noise_divisor");
  o = {};
  o.reuse_noise = true;
  refused("linucb-sdp-amp", o, "reuse_noise");
  o = {};
  o.delta = 0.0;
  refused("linucb-ldp", o, "delta");
  o = {};
  o.eps = Rational(0);
  refused("linucb-jdp", o, "eps");
}

TEST(Seed001LearnerTargets, TheFamilyIsTheContextualRelationsCanonicalPairFirst) {
  TargetOptions o;
  o.whole_output = true;
  const PreparedTarget t = prepare_target("linucb-ldp", o, 7);
  EXPECT_EQ(t.relation.value("name", ""), "contextual");
  ASSERT_GE(t.family.size(), 8u);  // the quick search screens 8
  EXPECT_EQ(t.family[0].pattern, "canonical");
  EXPECT_EQ(t.details.value("view", ""), "whole-output");
  EXPECT_FALSE(t.eps_exact.has_value());
  EXPECT_EQ(t.delta, 1e-5);
  // The trailing batch is never aggregated and y = 0 with phi = -phi' adds the same statistics: counted, not sampled.
  EXPECT_GT(t.relation.value("unobserved", 0), 0);
  EXPECT_EQ(t.relation.value("effective_pairs", std::size_t{0}), t.family.size());
  std::set<std::string> keys;
  for (std::size_t i = 1; i < t.family.size(); ++i) {
    const AuditPair& p = t.family[i];
    EXPECT_TRUE(p.sample) << i;
    EXPECT_EQ(p.data.value("relation", ""), "contextual");
    const auto round = p.data.value("changed_round", std::uint64_t{0});
    EXPECT_GE(round, 1u);
    EXPECT_LE(round, 12u) << "a change in the trailing batch (rounds 13, 14) cannot move the view";
    const std::string key = std::to_string(round) + p.data.value("d", "") + "|" + p.data.value("d_prime", "");
    EXPECT_TRUE(keys.insert(key).second) << "duplicate pair " << key;
    EXPECT_NE(p.data.value("d", ""), p.data.value("d_prime", ""));
  }
  // The same seed gives the same family (the random pairs are seeded).
  const PreparedTarget again = prepare_target("linucb-ldp", o, 7);
  ASSERT_EQ(again.family.size(), t.family.size());
  for (std::size_t i = 0; i < t.family.size(); ++i) EXPECT_EQ(again.family[i].data, t.family[i].data);
}

TEST(Seed001LearnerTargets, TheLeakyTwinDrawsLessNoiseUnderTheSameClaim) {
  TargetOptions o;
  o.noise_divisor = Rational(1024);
  const PreparedTarget twin = prepare_target("linucb-jdp", o, 1);
  const PreparedTarget real = prepare_target("linucb-jdp", TargetOptions{}, 1);
  EXPECT_EQ(twin.eps_claimed, real.eps_claimed);
  EXPECT_EQ(twin.details.value("noise_divisor", ""), "1024");
  const auto& c = twin.details["calibration"];
  ASSERT_TRUE(c.contains("sigma_implemented"));
  EXPECT_EQ(c["sigma_node"], real.details["calibration"]["sigma_node"]);
  const auto impl = try_parse_rational(c["sigma_implemented"].get<std::string>());
  const auto spec = try_parse_rational(c["sigma_node"].get<std::string>());
  ASSERT_TRUE(impl && spec);
  EXPECT_LT(*impl * 512, *spec);
}

}  // namespace
}  // namespace dpb::verify::audit
