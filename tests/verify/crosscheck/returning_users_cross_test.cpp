// Seed 001's returning-user learners (issue 18): linucb-sdp-amp and linucb-sdp-vec with users = returning (Thms E.3,
// E.5) and the user-level linucb-jdp (Prop. 4.3, M₀ = ⌈T^{1/3}⌉ and an explicit M₀), reference against optimized:
// the same actions, the same exact statistics, the same PD events, and byte-identical privacy ledgers.
#include <gtest/gtest.h>

#include <span>

#include "optimized/learners/shuffle_private_linucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/environments/linear_instance.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"
#include "reference/privacy/ledger.hpp"
#include "verify/crosscheck/linear_crosscheck.hpp"

namespace dpb::verify {
namespace {

LinearCrosscheckConfig config(const std::string& learner, std::uint64_t T, std::uint64_t B,
                              std::optional<std::uint64_t> m0 = std::nullopt) {
  LinearCrosscheckConfig c;
  c.learner = learner;
  c.horizon = T;
  c.runs = 2;
  c.d = 3;
  c.K = 10;
  c.params.B = B;
  c.params.eps = Rational(1, 2);
  c.params.delta = Rational(1, 10);
  c.params.users = ref::UserModel::Returning;
  c.params.m0 = m0;
  return c;
}

TEST(ReturningUsersCrossTest, BothBuildsAgreeForReturningUsers) {
  const std::vector<LinearCrosscheckConfig> cases{config("linucb-sdp-amp", 200, 20), config("linucb-sdp-vec", 120, 20),
                                                  config("linucb-jdp", 150, 1), config("linucb-jdp", 150, 5, 3)};
  for (const auto& c : cases) {
    const auto rep = crosscheck_linear(c);
    EXPECT_TRUE(rep.ok()) << c.learner;
    for (const auto& run : rep.runs) {
      EXPECT_FALSE(run.divergence) << c.learner << " run " << run.run << ": " << run.detail;
      EXPECT_EQ(run.updates, c.horizon / c.params.B) << c.learner;
      EXPECT_LT(run.max_theta_error, 1e-9) << c.learner;
    }
    EXPECT_EQ(rep.derived.users, ref::UserModel::Returning);
    if (c.learner == "linucb-jdp") {
      EXPECT_EQ(rep.derived.M0, c.params.m0.value_or(6));  // ⌈150^{1/3}⌉ = 6
    }
  }
}

TEST(ReturningUsersCrossTest, BothBuildsRecordByteIdenticalLedgers) {
  struct Case {
    ref::LinUcbVariant v;
    std::uint64_t T, B;
  };
  for (const Case& c : {Case{ref::LinUcbVariant::SdpAmp, 67, 20}, Case{ref::LinUcbVariant::SdpVec, 67, 20},
                        Case{ref::LinUcbVariant::Jdp, 85, 10}}) {
    ChaCha20Source bits(11, 0);
    const ref::LinearInstance inst = ref::seed001_instance(2, 4, 8, bits);
    const ref::RewardTape tape = ref::make_reward_tape(inst.bandit(), c.T, 11, 2);
    ref::LinUcbParams p;
    p.variant = c.v;
    p.T = c.T;
    p.B = c.B;
    p.eps = Rational(1, 2);
    p.delta = Rational(1, 100000);
    p.users = ref::UserModel::Returning;
    ChaCha20Source n1(11, 1), n2(11, 1);
    ref::LinUcbOptions ro;
    ro.record_ledger = true;
    const ref::LinUcbTrajectory r = ref::shuffle_private_linucb(p, inst, tape, NoiseSource(n1), ro);
    fast::LinUcbOptions fo;
    fo.base.record_ledger = true;
    const fast::LinUcbTrajectory f = fast::shuffle_private_linucb(p, inst, tape, NoiseSource(n2), fo);
    const auto re = ref::ledger_entries(std::span<const ref::Release>(r.releases), std::span<const ref::ReleaseLaw>(r.laws));
    const auto fe = ref::ledger_entries(std::span<const fast::Release>(f.base.releases),
                                        std::span<const ref::ReleaseLaw>(f.base.laws));
    EXPECT_EQ(ref::ledger_text(r.laws, re), ref::ledger_text(f.base.laws, fe)) << ref::linucb_variant_name(c.v);
    ASSERT_EQ(r.laws.size(), 1U);
    // The laws are the per-batch calibration's (returning), not the unique-user one's.
    ref::LinUcbParams u = p;
    u.users = ref::UserModel::Unique;
    ChaCha20Source n3(11, 1);
    const ref::LinUcbTrajectory ru = ref::shuffle_private_linucb(u, inst, tape, NoiseSource(n3), ro);
    EXPECT_NE(ref::describe(r.laws[0]), ref::describe(ru.laws[0])) << ref::linucb_variant_name(c.v);
  }
}

}  // namespace
}  // namespace dpb::verify
