// The per-round hook of the reference learners (reference/learners/round_hook.hpp; issue 14, progress inside one
// long run): every learner family calls it once per round, with the rounds 1, 2, …, T in order (seed 004's engine:
// 1, …, rounds), and the hook changes nothing in the run (the trajectory with the hook equals the one without).
// Cheap horizons: each family's runs take well under a second in Release.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "reference/bits/chacha20.hpp"
#include "reference/environments/glm_instance.hpp"
#include "reference/environments/linear_instance.hpp"
#include "reference/learners/anytime_lazy_ucb.hpp"
#include "reference/learners/b_glincb.hpp"
#include "reference/learners/batched_successive_elimination.hpp"
#include "reference/learners/dp_successive_elimination.hpp"
#include "reference/learners/ecolog.hpp"
#include "reference/learners/ftnl.hpp"
#include "reference/learners/glm_ucb.hpp"
#include "reference/learners/gloc.hpp"
#include "reference/learners/hybrid_ucb.hpp"
#include "reference/learners/jdp_glm.hpp"
#include "reference/learners/mase.hpp"
#include "reference/learners/protocol_aggregator.hpp"
#include "reference/learners/rs_glincb.hpp"
#include "reference/learners/shuffle_glm.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"
#include "reference/learners/ucb.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

// Counts the calls and checks that round k is the k-th call.
struct Counter {
  std::uint64_t calls = 0;
  std::uint64_t out_of_order = 0;
  void operator()(std::uint64_t round) {
    ++calls;
    if (round != calls) ++out_of_order;
  }
};

TEST(RoundHookTest, UnsetHookIsNotCalledAndSetHookCalls) {
  EXPECT_FALSE(static_cast<bool>(RoundHook{}));
  RoundHook{}(5);  // unset: nothing happens
  Counter c;
  const RoundHook h = round_hook(c);
  EXPECT_TRUE(static_cast<bool>(h));
  h(1);
  h(2);
  EXPECT_EQ(c.calls, 2U);
  EXPECT_EQ(c.out_of_order, 0U);
  h(7);  // the negative control of the order check
  EXPECT_EQ(c.out_of_order, 1U);
}

// Seed 000 and 002 learners (LearnerOptions::on_round): UCB, DP-SE, the anytime lazy UCB, the hybrid UCB, FTNL and
// its naive variant, and the batched SE (non-private, central and protocol aggregators).
TEST(RoundHookTest, SingleAgentLearnersCallItOncePerRound) {
  const std::uint64_t T = 120;
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(1, 4), Rational(3, 4)}, T);
  const Rational eps(1, 2);
  using Run = std::function<Trajectory(NoiseSource, const LearnerOptions&)>;
  const std::vector<std::pair<std::string, Run>> learners = {
      {"ucb",
       [&](NoiseSource, const LearnerOptions& o) {
         return ucb({3, T}, tape, o);
       }},
      {"dp-se",
       [&](NoiseSource n, const LearnerOptions& o) {
         DpSuccessiveEliminationParams p;
         p.K = 3;
         p.T = T;
         p.eps = eps;
         return dp_successive_elimination(p, tape, n, o);
       }},
      {"anytime-lazy-ucb",
       [&](NoiseSource n, const LearnerOptions& o) {
         return anytime_lazy_ucb({3, T, eps, 1}, tape, n, o);
       }},
      {"hybrid-ucb",
       [&](NoiseSource n, const LearnerOptions& o) {
         return hybrid_ucb({3, T, eps, 1, TreeScale::Paper}, tape, n, o);
       }},
      {"ftnl",
       [&](NoiseSource n, const LearnerOptions& o) {
         FtnlParams p;
         p.K = 3;
         p.T = T;
         p.eps = eps;
         return ftnl(p, tape, n, o);
       }},
      {"naive-ftnl",
       [&](NoiseSource n, const LearnerOptions& o) {
         FtnlParams p;
         p.K = 3;
         p.T = T;
         p.eps = eps;
         return naive_ftnl(p, tape, n, o);
       }},
      {"se",
       [&](NoiseSource n, const LearnerOptions& o) {
         BatchedSuccessiveEliminationParams p;
         p.K = 3;
         p.T = T;
         return batched_successive_elimination(p, tape, NonPrivateAggregator(), n, o);
       }},
      {"dp-se-central",
       [&](NoiseSource n, const LearnerOptions& o) {
         BatchedSuccessiveEliminationParams p;
         p.K = 3;
         p.T = T;
         return batched_successive_elimination(p, tape, CentralDiscreteLaplaceAggregator(eps), n, o);
       }},
      {"protocol-se",
       [&](NoiseSource n, const LearnerOptions& o) {
         ProtocolAggregatorParams a;
         a.eps = eps;
         a.horizon = Integer(T);
         const ProtocolAggregator aggregator(a);
         BatchedSuccessiveEliminationParams p;
         p.K = 3;
         p.T = T;
         return batched_successive_elimination(p, tape, aggregator, n, o);
       }},
  };
  for (const auto& [name, run] : learners) {
    Counter c;
    LearnerOptions with;
    with.on_round = round_hook(c);
    ChaCha20Source a(11, 1), b(11, 1);
    const Trajectory hooked = run(NoiseSource(a), with);
    const Trajectory plain = run(NoiseSource(b), LearnerOptions{});
    EXPECT_EQ(c.calls, T) << name;
    EXPECT_EQ(c.out_of_order, 0U) << name;
    EXPECT_EQ(hooked.actions, plain.actions) << name;
    EXPECT_EQ(hooked.releases.size(), plain.releases.size()) << name;
  }
}

// Seed 001 (LinUcbOptions::on_round): both instance kinds, a private and the non-private variant.
TEST(RoundHookTest, LinearLearnerCallsItOncePerRound) {
  const std::uint64_t T = 60;
  const ContextTape contexts = make_context_tape(3, 6, 12, T, 9, 4);
  for (LinUcbVariant v : {LinUcbVariant::NonPrivate, LinUcbVariant::SdpAmp}) {
    LinUcbParams p;
    p.variant = v;
    p.T = T;
    p.B = 4;
    Counter c;
    LinUcbOptions with;
    with.on_round = round_hook(c);
    ChaCha20Source a(5, 1), b(5, 1);
    const LinUcbTrajectory hooked = shuffle_private_linucb(p, contexts, NoiseSource(a), with);
    const LinUcbTrajectory plain = shuffle_private_linucb(p, contexts, NoiseSource(b));
    EXPECT_EQ(c.calls, T) << linucb_variant_name(v);
    EXPECT_EQ(c.out_of_order, 0U);
    EXPECT_EQ(hooked.actions, plain.actions);
  }
}

GlmInstance generated_instance(std::uint64_t T) {
  GlmInstanceParams gp;
  gp.link = Link::logistic;
  gp.d = 2;
  gp.K = 5;
  gp.q = 12;
  gp.sets = T;
  gp.S = Rational(2);
  gp.seed = 11;
  return make_glm_instance(gp);
}

// A 2-d instance with exact arms (the jdp-glm and rs-glincb tests' hand instance).
GlmInstance hand_instance() {
  GlmInstance inst;
  inst.link = Link::logistic;
  inst.d = 2;
  inst.K = 3;
  inst.q = 4;
  inst.sets = 1;
  inst.S = Rational(1);
  inst.theta = {16, 0};
  inst.arms = {8, 0, 0, 12, 4, 4};
  validate(inst, "test");
  return inst;
}

template <class Run>
void expect_once_per_round(const std::string& name, std::uint64_t T, Run run) {
  Counter c;
  const auto hooked = run(round_hook(c));
  const auto plain = run(RoundHook{});
  EXPECT_EQ(c.calls, T) << name;
  EXPECT_EQ(c.out_of_order, 0U) << name;
  EXPECT_EQ(hooked.actions, plain.actions) << name;
}

// Seed 003's GLM learners (a trailing RoundHook argument): glm-ucb, b-glincb, rs-glincb, shuffle-glm, gloc, ecolog,
// jdp-glm in both profiles.
TEST(RoundHookTest, GlmLearnersCallItOncePerRound) {
  const std::uint64_t T = 12;
  const GlmInstance inst = generated_instance(T);
  expect_once_per_round("glm-ucb", T, [&](RoundHook h) {
    GlmUcbParams p;
    p.T = T;
    p.rho = Rational(1, 2);
    return glm_ucb(p, inst, 1, 0, h);
  });
  const GlmInstance longer = generated_instance(30);  // b-glincb needs M >= 2 batches: T = 30 gives M = 2
  expect_once_per_round("b-glincb", 30, [&](RoundHook h) {
    BGlincbParams p;
    p.T = 30;
    p.S = longer.S;
    return b_glincb(p, longer, 1, 0, h);
  });
  expect_once_per_round("rs-glincb", 5, [&](RoundHook h) {
    RsGlincbParams p;
    p.T = 5;
    p.lambda = Rational(1);
    p.gamma = Rational(1);
    p.kappa = Rational(4);
    p.beta = Rational(1, 2);
    return rs_glincb(p, hand_instance(), 3, 0, h);
  });
  expect_once_per_round("gloc", T, [&](RoundHook h) {
    GlocParams p;
    p.T = T;
    return gloc(p, inst, 5, 0, h);
  });
  expect_once_per_round("ecolog", T, [&](RoundHook h) {
    EcologParams p;
    p.T = T;
    p.delta = Rational(1, 50);
    return ecolog(p, inst, 5, 0, h);
  });
  expect_once_per_round("jdp-glm theorem", 16, [&](RoundHook h) {
    JdpGlmParams p;
    p.T = 16;
    p.eps = Rational(1);
    p.delta = Rational(1, 100);
    p.kappa = Rational(64);
    p.kappa_star = Rational(4);
    p.S = Rational(1);
    return jdp_glm(p, hand_instance(), 11, 0, h);
  });
  expect_once_per_round("jdp-glm paper-code", 16, [&](RoundHook h) {
    JdpGlmParams p;
    p.profile = JdpProfile::PaperCode;
    p.T = 16;
    p.eps = Rational(8);
    p.delta = Rational(1, 10);
    p.kappa = Rational(40);
    p.kappa_star = Rational(4);
    p.S = Rational(8);
    return jdp_glm(p, hand_instance(), 7, 0, h);
  });
}

// shuffle-glm keeps its actions in `run` (the shared batched trajectory).
TEST(RoundHookTest, ShuffleGlmCallsItOncePerRound) {
  const std::uint64_t T = 400;
  GlmInstanceParams gp;
  gp.link = Link::logistic;
  gp.d = 2;
  gp.K = 5;
  gp.q = 12;
  gp.sets = T;
  gp.S = Rational(5, 2);
  gp.seed = 3;
  const GlmInstance inst = make_glm_instance(gp);
  ShuffleGlmParams p;
  p.T = T;
  p.S = inst.S;
  Counter c;
  const ShuffleGlmTrajectory hooked = shuffle_glm(p, inst, 11, 0, round_hook(c));
  EXPECT_EQ(c.calls, T);
  EXPECT_EQ(c.out_of_order, 0U);
  EXPECT_EQ(hooked.run.actions.size(), T);
}

// Seed 004's engine: once per global round (wasted rounds included), whatever ends the run.
TEST(RoundHookTest, MultiAgentEngineCallsItOncePerGlobalRound) {
  using A = MultiAgentAlgorithm;
  const BanditInstance p1 = seed004_problem1();
  for (A a : {A::Mase, A::DpMase, A::IndependentSe, A::CentralSe}) {
    MultiAgentParams p;
    p.agents = 4;
    p.delta = Rational(1, 4);
    p.beta = Rational(1, 2);
    p.eta = Rational(1, 2);
    p.xi = Rational(1, 20);
    p.max_rounds = 20000;
    const MultiAgentConfig cfg = configure_multi_agent(a, p, 10);
    Counter c;
    const MultiAgentOutcome hooked = run_multi_agent(cfg, p1, multi_agent_streams(3, 0), round_hook(c));
    const MultiAgentOutcome plain = run_multi_agent(cfg, p1, multi_agent_streams(3, 0));
    EXPECT_GT(hooked.rounds, 0U) << algorithm_name(a);
    EXPECT_EQ(c.calls, hooked.rounds) << algorithm_name(a);
    EXPECT_EQ(c.out_of_order, 0U) << algorithm_name(a);
    EXPECT_EQ(first_difference(hooked, plain), "") << algorithm_name(a);
  }
}

}  // namespace
}  // namespace dpb::ref
