// 001.claim-a6 and 001.sec6.adaptive-gap (verify/learner_checks/linear_checks.hpp): the claims hold on their grids,
// the exact counts agree with a direct rational computation, and the negative controls fail (a bound shrunk
// eightfold is violated; a non-private learner has no adaptive-gap witness).
#include "verify/learner_checks/linear_checks.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/bits/chacha20.hpp"

namespace dpb::verify::learner_checks {
namespace {

TEST(LinearChecksTest, ClaimA6HoldsAndAShrunkBoundIsViolated) {
  const Outcome o = check_claim_a6(false, 20261121);
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump();
  const Outcome control = check_claim_a6(false, 20261121, Rational(1, 8));
  EXPECT_EQ(control.verdict, Verdict::violated) << control.evidence.dump();
}

TEST(LinearChecksTest, ClaimA6CountsMatchADirectComputation) {
  ChaCha20Source bits(3, 0);
  const ref::LinearInstance inst = ref::seed001_instance(3, 4, 8, bits);
  // Round-robin actions, B = 4, λ_min = 1/2: recompute Ψ and Ψ̂ with rationals.
  std::vector<std::uint32_t> actions;
  for (int t = 0; t < 40; ++t) actions.push_back(static_cast<std::uint32_t>((t * 7) % 4));
  const Rational lam(1, 2);
  const A6Counts c = claim_a6_counts(inst, actions, 4, lam);
  auto det3 = [](const std::vector<Rational>& A) {
    return A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) + A[2] * (A[3] * A[7] - A[4] * A[6]);
  };
  auto inv_quad = [&](const std::vector<Rational>& A, const std::vector<Rational>& x) {  // xᵀA⁻¹x by Cramer
    Rational s = 0;
    const Rational D = det3(A);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        // cofactor C_ji = adj(A)_ij
        std::vector<Rational> m;
        for (int r = 0; r < 3; ++r)
          for (int cc = 0; cc < 3; ++cc)
            if (r != j && cc != i) m.push_back(A[r * 3 + cc]);
        const Rational minor = m[0] * m[3] - m[1] * m[2];
        s += x[i] * x[j] * (((i + j) % 2) ? Rational(-minor) : minor) / D;
      }
    return s;
  };
  std::vector<Rational> V(9, Rational(0));
  for (int i = 0; i < 3; ++i) V[i * 3 + i] = lam;
  std::vector<Rational> start = V;
  std::uint64_t psi = 0, psi_hat = 0;
  for (std::size_t t = 1; t <= 40; ++t) {
    std::vector<Rational> x(3);
    for (std::uint32_t k = 0; k < 3; ++k) x[k] = inst.feature(actions[t - 1], k);
    if ((t - 1) % 4 != 0 && inv_quad(start, x) > 4 * inv_quad(V, x)) ++psi;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) V[i * 3 + j] += x[i] * x[j];
    if (t % 4 == 0) {
      if (det3(V) > 4 * det3(start)) ++psi_hat;
      start = V;
    }
  }
  EXPECT_EQ(c.psi, psi);
  EXPECT_EQ(c.psi_hat, psi_hat);
  EXPECT_GT(psi_hat, 0U);
  EXPECT_EQ(c.M, 10U);
}

TEST(LinearChecksTest, AdaptiveGapHasAWitnessUnderPrivateNoiseAndNoneWithout) {
  const Outcome o = check_adaptive_gap(20261121);
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure;
  const Outcome control = check_adaptive_gap(20261121, "linucb");
  EXPECT_EQ(control.verdict, Verdict::inconclusive) << control.key_figure;
}

}  // namespace
}  // namespace dpb::verify::learner_checks

// 001.lemma-a2.confidence: every broadcast is checked (the count is not vacuous), θ* stays inside the theorem
// profile's ellipsoids, and ellipsoids shrunk 100-fold (negative control) miss θ* in most runs: violated.
namespace dpb::verify::learner_checks {
namespace {
TEST(LinearChecksTest, LemmaA2ConfidenceCountsEveryBroadcastAndAShrunkEllipsoidIsViolated) {
  const ConfidenceCount c = lemma_a2_confidence_count("linucb", 4, 7, 400);
  EXPECT_EQ(c.runs, 4U);
  EXPECT_EQ(c.broadcasts, 4U * 20U);  // T/B = 400/20 broadcasts per run, all positive definite (non-private)
  EXPECT_EQ(c.failed_runs, 0U);
  const ConfidenceCount shrunk = lemma_a2_confidence_count("linucb", 4, 7, 400, Rational(1, 100));
  EXPECT_GT(shrunk.outside, 0U);
  EXPECT_EQ(check_lemma_a2_confidence(false, 7, 1e-6).verdict, Verdict::holds);
  EXPECT_EQ(check_lemma_a2_confidence(false, 7, 1e-6, Rational(1, 100)).verdict, Verdict::violated);
}
}  // namespace
}  // namespace dpb::verify::learner_checks

// 001.lemma-a4.regularity: every broadcast of the private learners is checked, the theorem profile's event holds on
// these runs, and deviations allowed only 1/1000 of Lemma A.4's (negative control) are missed in most runs: violated.
namespace dpb::verify::learner_checks {
namespace {
TEST(LinearChecksTest, LemmaA4RegularityCountsEveryBroadcastAndATightenedBandIsViolated) {
  const RegularityCount c = lemma_a4_regularity_count("linucb-ldp", 4, 7, 400);
  EXPECT_EQ(c.broadcasts, 4U * 20U);
  EXPECT_EQ(c.failed_runs, 0U);
  const RegularityCount tight = lemma_a4_regularity_count("linucb-ldp", 4, 7, 400, Rational(1, 1000));
  EXPECT_EQ(tight.failed_runs_certain, 4U);
  EXPECT_EQ(check_lemma_a4_regularity(false, 7, 1e-6).verdict, Verdict::holds);
  EXPECT_EQ(check_lemma_a4_regularity(false, 7, 1e-6, Rational(1, 1000)).verdict, Verdict::violated);
}
}  // namespace
}  // namespace dpb::verify::learner_checks

// 001.lemma-a2.regret: no run exceeds Lemma A.2's bound (at these sizes it exceeds T·max gap: vacuous, reported), and
// a bound shrunk 10⁴-fold (negative control) is certainly exceeded by every run: violated.
namespace dpb::verify::learner_checks {
namespace {

TEST(LinearChecksTest, LemmaA2RegretBoundHoldsAndAShrunkBoundIsViolated) {
  const RegretBoundCount c = lemma_a2_regret_count("linucb-ldp", 16, 20261121, 400);
  EXPECT_EQ(c.runs, 16U);
  EXPECT_EQ(c.failed_runs, 0U);
  EXPECT_EQ(c.vacuous_runs, 16U);
  EXPECT_GT(c.max_regret, 0.0);
  EXPECT_LT(c.max_ratio, 1.0);
  const RegretBoundCount shrunk = lemma_a2_regret_count("linucb-ldp", 16, 20261121, 400, Rational(1, 10000));
  EXPECT_EQ(shrunk.failed_runs_certain, 16U);
  const Outcome control = check_lemma_a2_regret(false, 20261121, 2e-7, Rational(1, 10000), 16, {"linucb-ldp"});
  EXPECT_EQ(control.verdict, Verdict::violated) << control.evidence.dump();
  // 16 runs without a failure cannot show 1 − α at α_claim = 2·10⁻⁷: inconclusive, never a vacuous `holds`.
  const Outcome small = check_lemma_a2_regret(false, 20261121, 2e-7, Rational(1), 16, {"linucb-ldp"});
  EXPECT_EQ(small.verdict, Verdict::inconclusive) << small.key_figure;
}

// Lemma A.2's bound as one function (001.lemma-a2.regret and the rate claims' vacuity): the enclosure contains the
// formula recomputed in doubles, the non-private LinUCB's bound at d = 5 is vacuous (≥ T) at T = 2¹² and not at
// 2²⁰ (the grid of 001-exponents), and a configuration without an aggregation is refused.
TEST(LinearChecksTest, LemmaA2BoundEnclosesTheFormulaAndKnowsWhenItIsVacuous) {
  const auto config = [](std::uint64_t T) {
    ref::LinUcbParams p;
    p.variant = ref::LinUcbVariant::NonPrivate;
    p.T = T;
    return ref::configure_linucb(p, 5, 100, 16);
  };
  for (const std::uint64_t T : {std::uint64_t{1} << 12, std::uint64_t{1} << 20}) {
    const ref::LinUcbConfig conf = config(T);
    const Interval b = lemma_a2_bound(conf, 5);
    const double t = static_cast<double>(T), lmin = conf.lambda_min.convert_to<double>();
    const double L = std::log1p(t / (5 * lmin));
    const double beta = std::sqrt(2 * std::log(1 / conf.alpha.convert_to<double>()) + 5 * L) +
                        std::sqrt(conf.lambda_max.convert_to<double>()) + conf.nu_upper.convert_to<double>();
    const double direct = 5 * t / (2 * static_cast<double>(conf.M) * std::log(2.0)) * L + 4 * beta * std::sqrt(2 * 5 * t * L);
    EXPECT_LE(b.lower().convert_to<double>(), direct * (1 + 1e-12)) << T;
    EXPECT_GE(b.upper().convert_to<double>(), direct * (1 - 1e-12)) << T;
    EXPECT_EQ(!(b.lower() < Rational(T)), T == (std::uint64_t{1} << 12)) << T << ": bound/T = " << direct / t;
    // The scale multiplies it (the claim's negative control).
    EXPECT_EQ(lemma_a2_bound(conf, 5, Rational(1, 8)).upper() * 8, b.upper());
  }
  ref::LinUcbConfig none = config(4096);
  none.M = 0;
  EXPECT_THROW((void)lemma_a2_bound(none, 5), std::invalid_argument);
}

}  // namespace
}  // namespace dpb::verify::learner_checks
