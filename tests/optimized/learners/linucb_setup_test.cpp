// fast::LinUcbSetup (optimized/learners/shuffle_private_linucb.hpp): a run on a prepared setup — configuration and
// protocols built once, reused for many runs (the seed 001 learner audit targets) — is the run of the params
// overload: the same actions and the same aggregated statistics, and a setup used before (the tree is copied per run)
// gives the same run again. A tape whose sizes differ from the setup's is refused naming the tape.
#include <gtest/gtest.h>

#include "optimized/learners/shuffle_private_linucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/environments/linear_instance.hpp"

namespace dpb::fast {
namespace {

TEST(LinUcbSetupTest, APreparedSetupRunsAsTheParamsOverloadAndCanBeReused) {
  const ref::ContextTape tape = ref::make_context_tape(2, 2, 4, 14, 11, 0);
  for (const std::string& name : ref::linucb_variant_names()) {
    ref::LinUcbParams p;
    p.variant = *ref::parse_linucb_variant(name);
    p.T = 14;
    p.B = 4;
    p.eps = Rational(1, 2);
    p.delta = Rational(1, 100000);
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

}  // namespace
}  // namespace dpb::fast
