// Seed 003's learner audit targets at a fixed seed (label statistical; verify/audit/targets_003_learners.hpp;
// docs/audit.md "Seed 003's learners"): the whole-output view has power — the non-private b-glincb (negative
// control) is flagged VIOLATION against a nominal ε, and each private learner's leaky twin (TargetOptions::noise_divisor
// k: ⌈b/k⌉ noise bits in P₂ and P_GD, or both trees at σ/k; the claim unchanged) is flagged VIOLATION with ε_lb above
// the claim — while the learners as specified are not flagged at the same seed and size.
//
// Why the controls must be flagged (independent of the code's output): every probe has reward 0 and the probes of a
// batch are balanced between u = (1/2, 1/2) and v = (1/2, −1/2), so without the changed user θ̂₁'s second coordinate
// and V's off-diagonal have no preferred sign. b-glincb (γ = 0, exact MLE): the changed user's φ = u vs v with y = 1
// gives θ̂₁ a second coordinate of sign +/−, so every later two-arm probe keeps only u (D) or only v (D′) after the
// elimination ⟨y − x, θ̂₁⟩ > 0 — the whole output differs deterministically. jdp-glm's twin: each user plays argmax
// ‖x‖_{V⁻¹} over {u, v}, decided by the sign of V's off-diagonal; the changed user moves it by +1/4 (u) or −1/4 (v)
// against tree noise σ_V/k ≈ 0.001 (σ_V ≈ 108, k = 10⁵), so the later users' sequence follows φ. shuffle-glm: its twin
// with ⌈b/10⁹⌉ noise bits is NOT flagged (measured ε_lb ≈ −0.4, WEAK, docs/audit.md): P_GD's randomized rounding of
// the other 68 users' gradients (g levels over its Lipschitz range) remains and hides the changed user's gradient, so
// no leaky-twin assertion is made for it; the learner as specified is checked in targets_003_learners_slow_test.cpp
// (3.6 s of CPU: a run costs ≈ 1 ms) and by the claim 003.shuffle-glm.whole-output in the quick suite.
#include <gtest/gtest.h>

#include <iostream>
#include <limits>
#include <vector>

#include "verify/audit/targets.hpp"
#include "verify/audit/targets_003_learners.hpp"

#include "tests/support/seed003_learner_twins.hpp"

namespace dpb::verify::audit {
namespace {

// The canonical pair only (`--neighbours fixed`): the runs cost 1–4 ms each, and the family's search is covered by
// the claims (quick grid) and targets_003_learners_test.cpp.
AuditResult run(const std::string& name, const Rational& k, std::uint64_t samples, std::uint64_t seed = 20261207) {
  TargetOptions o;
  o.noise_divisor = k;
  o.whole_output = true;
  o.eps = seed003_learner_sizes(name).eps;
  AuditSettings s;
  s.confidence = 0.95;
  s.threads = 1;
  NeighbourSearch ns;
  ns.mode = NeighbourMode::fixed;
  return audit_target(name, o, samples, seed, s, ns);
}

TEST(Seed003LearnerAudit, TheNonPrivateBGlincbIsFlaggedOnItsWholeOutput) {
  const AuditResult r = run("b-glincb", Rational(1), 200);
  EXPECT_TRUE(r.nominal);
  EXPECT_EQ(r.verdict, AuditVerdict::violation) << "eps_lb " << r.eps_lb;
  EXPECT_GT(r.eps_lb, r.eps_claimed);
  EXPECT_GT(r.eps_lb, 2.5) << "a deterministic difference: about ln(200 / ln(2/alpha)) at the final split";
  EXPECT_EQ(r.details.value("view", ""), "whole-output");
  std::cout << "b-glincb: eps_lb " << r.eps_lb << " (" << to_string(r.verdict) << ")\n";
}

using Case = ::dpb::test::Seed003Twin;

class Seed003LearnerTwins : public ::testing::TestWithParam<Case> {};

TEST_P(Seed003LearnerTwins, TheLearnerIsNotFlaggedAndItsLeakyTwinIs) {
  const Case c = GetParam();
  const AuditResult real = run(c.name, Rational(1), 200);
  EXPECT_NE(real.verdict, AuditVerdict::violation) << c.name << " eps_lb " << real.eps_lb;
  EXPECT_FALSE(real.nominal);
  EXPECT_EQ(real.eps_claimed, seed003_learner_sizes(c.name).eps.convert_to<double>());
  const AuditResult twin = run(c.name, Rational(c.divisor), 200);
  EXPECT_EQ(twin.verdict, AuditVerdict::violation) << c.name << " twin eps_lb " << twin.eps_lb;
  EXPECT_GT(twin.eps_lb, twin.eps_claimed) << c.name;
  EXPECT_EQ(twin.details.value("noise_divisor", ""), std::to_string(c.divisor));
  std::cout << c.name << ": eps_lb " << real.eps_lb << " (" << to_string(real.verdict) << "), twin at 1/"
            << c.divisor << ": eps_lb " << twin.eps_lb << " (" << to_string(twin.verdict) << ")\n";
}

INSTANTIATE_TEST_SUITE_P(Learners, Seed003LearnerTwins, ::dpb::test::seed003_learner_twins(),
                         ::dpb::test::seed003_twin_name);

// The authors' variant (paper-code, later commit; issue 21's black-box audit of the other users' actions), a finding
// about the target rather than a power test: at the audited size (T = 16, d = 2) the code's constants make every later
// action independent of the changed user — λ ≈ 473 at ε = 1/2 (≈ 17 at ε = 64) keeps ‖x‖²_{V⁻¹} ≤ 1/(2λ) below the
// Criterion-I threshold 5/4 (no exploration, so no θ̂_o), H never doubles its determinant (H_τ = λI: no switch), so
// every user plays the UCB argmax with c = 0 and H_τ = λI, ties to the lowest index. Both the learner and its twin
// (trees and DP-SGD at σ/10⁵) are WEAK with ε_lb = −∞ (no event separates the sides); a configuration where the
// authors' variant lets a user move later actions needs T in the thousands (docs/audit.md "Seed 003's learners").
// If this test fails because the twin is flagged, the target has gained power: make it the power test it should be.
TEST(Seed003LearnerAudit, PaperCodeJdpGlmReleasesNothingDataDependentAtTheAuditedSize) {
  const std::string name = "jdp-glm-paper-code";
  for (const long k : {1L, 100000L}) {
    const AuditResult r = run(name, Rational(k), 200);
    EXPECT_FALSE(r.nominal);
    EXPECT_EQ(r.verdict, AuditVerdict::weak) << "k = " << k << ", eps_lb " << r.eps_lb;
    EXPECT_EQ(r.eps_lb, -std::numeric_limits<double>::infinity()) << "k = " << k;
  }
}


}  // namespace
}  // namespace dpb::verify::audit
