// Seed 001's linear learners (Algorithm 1), reference against optimized: the same actions at every round, the same
// integer statistics D·V_m and D·u_m, the same PD events, θ̂ within the bound; the near-tie controls (an
// over-flagging fast build with a fault at near ties) pass with deferral and fail without it.
#include <gtest/gtest.h>

#include <chrono>

#include "reference/core/errors.hpp"
#include "tests/support/learner_fixtures.hpp"
#include "verify/crosscheck/linear_crosscheck.hpp"

namespace dpb::verify {
namespace {

LinearCrosscheckConfig config(const std::string& learner, std::uint64_t T, std::uint32_t runs, std::uint32_t d,
                              std::uint32_t K, std::uint64_t B) {
  LinearCrosscheckConfig c;
  c.learner = learner;
  c.horizon = T;
  c.runs = runs;
  c.d = d;
  c.K = K;
  c.params.B = B;
  c.params.eps = 1;
  c.params.delta = Rational(1, 10);
  return c;
}

void expect_ok(const LinearCrosscheckReport& r) {
  for (const auto& run : r.runs) EXPECT_FALSE(run.divergence) << r.config.learner << " run " << run.run << ": " << run.detail;
}

TEST(LinearLearnersCrossTest, EveryLearnerAgreesWithTheReference) {
  for (const auto& name : ref::linucb_variant_names()) {
    const bool shuffle = name == "linucb-sdp-amp" || name == "linucb-sdp-vec";
    const auto start = std::chrono::steady_clock::now();
    const auto rep = crosscheck_linear(config(name, 300, 3, 4, 20, shuffle ? 20 : 1));
    expect_ok(rep);
    EXPECT_EQ(rep.runs.size(), 3U);
    for (const auto& run : rep.runs) {
      EXPECT_EQ(run.updates, shuffle ? 15U : 300U) << name;
      EXPECT_LT(run.max_theta_error, 1e-9) << name;
    }
    std::printf("%s: %.2f s, %llu deferrals\n", name.c_str(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                static_cast<unsigned long long>(rep.deferrals()));
  }
}

TEST(LinearLearnersCrossTest, EveryLearnerAgreesOnAContextTape) {
  for (const auto& name : ref::linucb_variant_names()) {
    const bool shuffle = name == "linucb-sdp-amp" || name == "linucb-sdp-vec";
    auto c = config(name, 120, 2, 3, 10, shuffle ? 10 : 1);
    c.context_tape = true;
    const auto rep = crosscheck_linear(c);
    expect_ok(rep);
  }
}

TEST(LinearLearnersCrossTest, EveryLearnerAgreesInThePaperCodeProfile) {
  // The authors' environment and constants (every arm's reward every round, the realized regret compared too), at
  // the three ε of Figure 1 (sdp-vec's scale 1 at ε = 1/5, 10 otherwise: b = 0 noise bits never occurs at scale 10).
  for (const Rational& eps : {Rational(1, 5), Rational(1), Rational(10)})
    for (const auto& name : ref::linucb_variant_names()) {
      const bool shuffle = name == "linucb-sdp-amp" || name == "linucb-sdp-vec";
      auto c = config(name, eps == 1 ? 300 : 100, eps == 1 ? 2 : 1, 5, 30, shuffle ? 20 : 1);
      c.params.profile = ref::Profile001::PaperCode;
      c.params.eps = eps;
      const auto rep = crosscheck_linear(c);
      expect_ok(rep);
      EXPECT_EQ(rep.derived.profile, ref::Profile001::PaperCode);
      for (const auto& run : rep.runs) {
        EXPECT_EQ(run.updates, shuffle ? c.horizon / 20 : c.horizon) << name;
        EXPECT_LT(run.max_theta_error, 1e-9) << name;
      }
    }
  auto per_user = config("linucb-sdp-vec", 60, 1, 3, 8, 10);
  per_user.params.profile = ref::Profile001::PaperCode;
  per_user.params.vec_noise_path = ref::NoisePath::PerUser;
  expect_ok(crosscheck_linear(per_user));
}

TEST(LinearLearnersCrossTest, TheVecLearnerAgreesOnThePerUserNoisePath) {
  auto c = config("linucb-sdp-vec", 60, 1, 3, 8, 10);
  c.params.vec_noise_path = ref::NoisePath::PerUser;
  expect_ok(crosscheck_linear(c));
}

TEST(LinearLearnersCrossTest, PdEventsAndPoliciesAgree) {
  for (ref::PdPolicy pol : {ref::PdPolicy::Skip, ref::PdPolicy::RaiseLambda, ref::PdPolicy::Project}) {
    auto c = config("linucb-ldp", 120, 2, 3, 10, 2);
    c.params.lambda = Rational(1, 64);
    c.params.pd_policy = pol;
    const auto rep = crosscheck_linear(c);
    expect_ok(rep);
    std::uint64_t failures = 0, deferred = 0;
    for (const auto& r : rep.runs) {
      failures += r.pd_failures;
      deferred += r.pd_deferrals;
    }
    EXPECT_GT(failures, 0U) << ref::pd_policy_name(pol);
    EXPECT_GE(deferred, failures);  // a non-PD V is never certified by the double
  }
}

TEST(LinearLearnersCrossTest, NearTieControlsPassWithDeferralAndFailWithout) {
  auto c = config("linucb", 200, 2, 3, 12, 1);
  c.fast_options.near_tie_scale = 0x1p44;
  c.fast_options.fault_at_near_ties = true;
  const auto with = crosscheck_linear(c);
  expect_ok(with);
  EXPECT_GT(with.deferrals(), 50U);
  c.fast_options.defer_near_ties = false;
  const auto without = crosscheck_linear(c);
  EXPECT_FALSE(without.ok());
  // The same on fresh contexts.
  c.context_tape = true;
  c.fast_options.defer_near_ties = true;
  const auto tape_with = crosscheck_linear(c);
  expect_ok(tape_with);
  EXPECT_GT(tape_with.deferrals(), 50U);
  c.fast_options.defer_near_ties = false;
  EXPECT_FALSE(crosscheck_linear(c).ok());
}

TEST(LinearLearnersCrossTest, BadConfigurationsNameTheParameter) {
  auto c = config("linucb-sdp-amp", 100, 1, 3, 5, 0);
  test::expect_parameter_error([&] { crosscheck_linear(c); }, "B");
  c.params.B = 101;
  test::expect_parameter_error([&] { crosscheck_linear(c); }, "B");
  c.params.B = 10;
  c.d = 1;
  test::expect_parameter_error([&] { crosscheck_linear(c); }, "d");
  c.d = 3;
  c.K = 0;
  test::expect_parameter_error([&] { crosscheck_linear(c); }, "arms");
  c.K = 5;
  c.params.alpha = Rational(2);
  test::expect_parameter_error([&] { crosscheck_linear(c); }, "alpha");
  c.params.alpha.reset();
  c.learner = "linucb-foo";
  test::expect_parameter_error([&] { crosscheck_linear(c); }, "learner");
}

}  // namespace
}  // namespace dpb::verify
