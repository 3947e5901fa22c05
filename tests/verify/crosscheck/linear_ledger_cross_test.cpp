// Seed 001's learners record byte-identical privacy ledgers in both builds (issue 11 §3, issue 18;
// docs/privacy-001.md §11): the reference and optimized shuffle_private_linucb, run with record_ledger on one reward
// tape and one noise stream, give the same ledger_text (laws and per-release coverage) for every private variant and
// the non-private one; a control with one coverage changed in the optimized trajectory differs.
#include <gtest/gtest.h>

#include <span>

#include "optimized/learners/shuffle_private_linucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/linear_instance.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"
#include "reference/privacy/ledger.hpp"

namespace dpb::verify {
namespace {

struct Texts {
  std::string reference, optimized;
  fast::LinUcbTrajectory fast_run;
};

Texts run(ref::LinUcbVariant v, std::uint64_t T, std::uint64_t B, const Rational& eps) {
  ChaCha20Source bits(11, 0);
  const ref::LinearInstance inst = ref::seed001_instance(2, 4, 8, bits);
  const ref::RewardTape tape = ref::make_reward_tape(inst.bandit(), T, 11, 2);
  ref::LinUcbParams p;
  p.variant = v;
  p.T = T;
  p.B = B;
  p.eps = eps;
  p.delta = Rational(1, 100000);
  ChaCha20Source n1(11, 1), n2(11, 1);
  ref::LinUcbOptions ro;
  ro.record_ledger = true;
  const ref::LinUcbTrajectory r = ref::shuffle_private_linucb(p, inst, tape, NoiseSource(n1), ro);
  fast::LinUcbOptions fo;
  fo.base.record_ledger = true;
  Texts out;
  out.fast_run = fast::shuffle_private_linucb(p, inst, tape, NoiseSource(n2), fo);
  const auto re = ref::ledger_entries(std::span<const ref::Release>(r.releases), std::span<const ref::ReleaseLaw>(r.laws));
  const auto fe = ref::ledger_entries(std::span<const fast::Release>(out.fast_run.base.releases),
                                      std::span<const ref::ReleaseLaw>(out.fast_run.base.laws));
  out.reference = ref::ledger_text(r.laws, re);
  out.optimized = ref::ledger_text(out.fast_run.base.laws, fe);
  return out;
}

TEST(LinearLedgerCrossTest, BothBuildsRecordByteIdenticalLedgers) {
  struct Case { ref::LinUcbVariant v; std::uint64_t T, B; Rational eps; std::size_t releases; };
  const std::vector<Case> cases{{ref::LinUcbVariant::Ldp, 67, 20, Rational(1, 2), 3},
                                {ref::LinUcbVariant::SdpAmp, 67, 20, Rational(1, 10), 3},
                                {ref::LinUcbVariant::SdpVec, 67, 20, Rational(1), 3},
                                // M = 8 leaves: one drawn node per leaf (15 nodes before session 20)
                                {ref::LinUcbVariant::Jdp, 85, 10, Rational(1, 2), 8},
                                {ref::LinUcbVariant::NonPrivate, 25, 5, Rational(1), 5}};
  for (const Case& c : cases) {
    const Texts t = run(c.v, c.T, c.B, c.eps);
    EXPECT_EQ(t.reference, t.optimized) << ref::linucb_variant_name(c.v);
    EXPECT_EQ(t.fast_run.base.releases.size(), c.releases) << ref::linucb_variant_name(c.v);
    EXPECT_NE(t.reference.find("law 0 "), std::string::npos);
  }
}

TEST(LinearLedgerCrossTest, AChangedCoverageDiffers) {
  Texts t = run(ref::LinUcbVariant::Ldp, 67, 20, Rational(1, 2));
  t.fast_run.base.releases[1].first -= 1;
  const auto fe = ref::ledger_entries(std::span<const fast::Release>(t.fast_run.base.releases),
                                      std::span<const ref::ReleaseLaw>(t.fast_run.base.laws));
  EXPECT_NE(t.reference, ref::ledger_text(t.fast_run.base.laws, fe));
}

TEST(LinearLedgerCrossTest, PaperCodeRefusesTheLedgerInBothBuilds) {
  ChaCha20Source bits(11, 0);
  const ref::LinearInstance inst = ref::seed001_code_instance(2, 4, 8, bits);
  const ref::RewardTape tape = ref::make_reward_tape(inst.bandit(), 40, 11, 2);
  ref::LinUcbParams p;
  p.variant = ref::LinUcbVariant::Ldp;
  p.profile = ref::Profile001::PaperCode;
  p.T = 40;
  p.B = 20;
  fast::LinUcbOptions fo;
  fo.base.record_ledger = true;
  ChaCha20Source n(11, 1);
  EXPECT_THROW(fast::shuffle_private_linucb(p, inst, tape, NoiseSource(n), fo), ParameterError);
}

}  // namespace
}  // namespace dpb::verify
