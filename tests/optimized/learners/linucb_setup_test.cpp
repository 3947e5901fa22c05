// fast::LinUcbSetup (optimized/learners/shuffle_private_linucb.hpp): a run on a prepared setup — configuration and
// protocols built once, reused for many runs (the seed 001 learner audit targets) — is the run of the params
// overload: the same actions and the same aggregated statistics, and a setup used before (the tree is copied per run)
// gives the same run again. A tape whose sizes differ from the setup's is refused naming the tape.
#include <gtest/gtest.h>

#include "optimized/learners/shuffle_private_linucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/environments/linear_instance.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::fast {
namespace {

// The variant `name` at T rounds, B = 4, ε = 1/2, δ = 10^−5 (every variant accepts these).
ref::LinUcbParams variant_params(const std::string& name, std::uint64_t T) {
  ref::LinUcbParams p;
  p.variant = *ref::parse_linucb_variant(name);
  p.T = T;
  p.B = 4;
  p.eps = Rational(1, 2);
  p.delta = Rational(1, 100000);
  return p;
}

TEST(LinUcbSetupTest, APreparedSetupRunsAsTheParamsOverloadAndCanBeReused) {
  const ref::ContextTape tape = ref::make_context_tape(2, 2, 4, 14, 11, 0);
  for (const std::string& name : ref::linucb_variant_names()) {
    const ref::LinUcbParams p = variant_params(name, 14);
    const LinUcbSetup setup(ref::configure_linucb(p, 2, 2, 4));
    for (std::uint64_t stream : {1, 2}) {
      ChaCha20Source a(5, stream), b(5, stream), c(5, stream);
      const LinUcbTrajectory x = fast::shuffle_private_linucb(p, tape, NoiseSource(a));
      const LinUcbTrajectory y = fast::shuffle_private_linucb(setup, tape, NoiseSource(b));
      const LinUcbTrajectory z = fast::shuffle_private_linucb(setup, tape, NoiseSource(c));
      EXPECT_EQ(x.base.actions, y.base.actions) << name;
      EXPECT_EQ(y.base.actions, z.base.actions) << name;
      ASSERT_EQ(x.updates.size(), 3u) << name;
      ASSERT_EQ(y.updates.size(), x.updates.size()) << name;
      for (std::size_t m = 0; m < x.updates.size(); ++m) {
        EXPECT_TRUE(x.updates[m].V_num == y.updates[m].V_num) << name << " update " << m;
        EXPECT_TRUE(x.updates[m].u_num == y.updates[m].u_num) << name << " update " << m;
        EXPECT_TRUE(z.updates[m].u_num == y.updates[m].u_num) << name << " update " << m;
      }
    }
  }
}

TEST(LinUcbSetupTest, ATapeOfOtherSizesIsRefused) {
  ref::LinUcbParams p;
  p.variant = ref::LinUcbVariant::Ldp;
  p.T = 14;
  p.B = 4;
  p.eps = Rational(1, 2);
  p.delta = Rational(1, 100000);
  const LinUcbSetup setup(ref::configure_linucb(p, 2, 2, 4));
  ChaCha20Source bits(1, 1);
  for (const ref::ContextTape& tape :
       {ref::make_context_tape(3, 2, 4, 14, 1, 0), ref::make_context_tape(2, 3, 4, 14, 1, 0),
        ref::make_context_tape(2, 2, 5, 14, 1, 0), ref::make_context_tape(2, 2, 4, 13, 1, 0)}) {
    try {
      (void)fast::shuffle_private_linucb(setup, tape, NoiseSource(bits));
      ADD_FAILURE() << "accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("parameter 'tape'"), std::string::npos) << e.what();
    }
  }
}

// Over fixed arms (simulate's theorem-profile runs share one setup across runs and instances): the run of the params
// overload on each instance, and an instance the setup was not built for is refused naming the instance.
TEST(LinUcbSetupTest, OneSetupServesFixedArmsRunsOfSeveralInstances) {
  for (const std::string& name : ref::linucb_variant_names()) {
    const ref::LinUcbParams p = variant_params(name, 24);
    const LinUcbSetup setup(ref::configure_linucb(p, 3, 6, 16));  // the theorem profile's bound L^2 = 1
    for (std::uint64_t seed : {3, 4}) {
      ChaCha20Source ib(seed, 0);
      const ref::LinearInstance inst = ref::seed001_instance(3, 6, 16, ib);
      const ref::RewardTape tape = test::bernoulli_tape(inst.means(), 24, seed);
      ChaCha20Source a(5, seed), b(5, seed);
      const LinUcbTrajectory x = fast::shuffle_private_linucb(p, inst, tape, NoiseSource(a));
      const LinUcbTrajectory y = fast::shuffle_private_linucb(setup, inst, tape, NoiseSource(b));
      EXPECT_EQ(x.base.actions, y.base.actions) << name << " seed " << seed;
      ASSERT_EQ(x.updates.size(), y.updates.size()) << name;
      for (std::size_t m = 0; m < x.updates.size(); ++m)
        EXPECT_TRUE(x.updates[m].V_num == y.updates[m].V_num) << name << " update " << m;
    }
  }
  ref::LinUcbParams p;
  p.T = 24;
  const LinUcbSetup setup(ref::configure_linucb(p, 3, 6, 16));
  ChaCha20Source bits(1, 1);
  ChaCha20Source i4(3, 0), i7(3, 0), iq(3, 0);
  for (const ref::LinearInstance& other : {ref::seed001_instance(4, 6, 16, i4), ref::seed001_instance(3, 7, 16, i7),
                                           ref::seed001_instance(3, 6, 15, iq)}) {
    const ref::RewardTape tape = test::bernoulli_tape(other.means(), 24, 1);
    try {
      (void)fast::shuffle_private_linucb(setup, other, tape, NoiseSource(bits));
      ADD_FAILURE() << "accepted d = " << other.d << ", K = " << other.K << ", q = " << other.q;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("parameter 'instance'"), std::string::npos) << e.what();
    }
  }
  // Paper-code: the width's L^2 is the instance's, so a setup built for another L^2 is refused.
  ref::LinUcbParams c;
  c.profile = ref::Profile001::PaperCode;
  c.T = 24;
  ChaCha20Source cb(9, 0);
  const ref::LinearInstance code = ref::seed001_code_instance(3, 6, 16, cb);
  const LinUcbSetup wrong(ref::configure_linucb(c, 3, 6, 16, ref::max_row_norm_sq(code) + 1));
  const ref::RewardTape tape = test::bernoulli_tape(code.means(), 24, 1);
  try {
    (void)fast::shuffle_private_linucb(wrong, code, tape, NoiseSource(bits));
    ADD_FAILURE() << "accepted another width";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("parameter 'instance'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace dpb::fast
