// The checkers of 003.f1–f4 (verify/certified/seed003_glm.hpp) on the real functions, and their negative controls:
// each checker, given a deliberately wrong function, must change its verdict.
#include "verify/certified/seed003_glm.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace dpb::verify::certified {
namespace {

TEST(Seed003GlmChecksTest, F1ViolatedForProbitOnlyWithAWitnessBeyondOne) {
  const Outcome o = check_glm_f1(ref::mu_dot_enclosure, ref::mu_ddot_enclosure);
  EXPECT_EQ(o.verdict, Verdict::violated);
  const auto& links = o.evidence.at("links");
  EXPECT_EQ(links.at("logistic").at("verdict"), "holds");
  EXPECT_EQ(links.at("probit").at("verdict"), "violated");
  // |μ̈/μ̇| = |z| for probit: the witness of largest |z| on the grid is z = ±3.
  EXPECT_EQ(links.at("probit").at("witness_largest_z").at("z"), "3");
}

TEST(Seed003GlmChecksTest, F1NegativeControls) {
  // A logistic μ̈ twice too large (ratio 2|1 − 2μ|, > 1 for |z| > ln 3) must be caught.
  const GlmFn doubled = [](ref::Link l, const Rational& z, mpfr_prec_t p) {
    return ref::mu_ddot_enclosure(l, z, p).mul(Rational(2));
  };
  const Outcome o = check_glm_f1(ref::mu_dot_enclosure, doubled);
  EXPECT_EQ(o.evidence.at("links").at("logistic").at("verdict"), "violated");
  // A μ̈ ≡ 0 hides probit's failure: the verdict depends on μ̈.
  const GlmFn zero = [](ref::Link, const Rational&, mpfr_prec_t p) { return Interval(0L, p); };
  EXPECT_EQ(check_glm_f1(ref::mu_dot_enclosure, zero).verdict, Verdict::holds);
}

// T8: μ̇(ẑ)/e ≤ μ̇(z*) for |ẑ − z*| ≤ 1 holds for logistic (|d ln μ̇/dz| = |1 − 2μ| ≤ 1) and fails for probit, whose
// log-slope is −z: at z* = 3, ẑ = 2, φ(2)/(e φ(3)) = e^{5/2 − 1} ≈ 4.48 (the grid's largest ratio).
TEST(Seed003GlmChecksTest, T8HoldsForLogisticFailsForProbitAndCatchesASteeperLink) {
  const Outcome o = check_glm_t8(ref::mu_dot_enclosure);
  EXPECT_EQ(o.verdict, Verdict::violated);
  const auto& links = o.evidence.at("links");
  EXPECT_EQ(links.at("logistic").at("verdict"), "holds");
  EXPECT_EQ(links.at("probit").at("verdict"), "violated");
  const auto& w = links.at("probit").at("witness_largest_ratio");
  const std::string zs = w.at("z_star"), zh = w.at("z_hat");  // ±3, ±2 (the law is symmetric)
  EXPECT_TRUE((zs == "3" && zh == "2") || (zs == "-3" && zh == "-2")) << zs << " " << zh;
  EXPECT_NEAR(std::stod(w.at("weight_over_mu_dot_star_lower").get<std::string>()), std::exp(1.5), 1e-6);
  // a logistic-like μ̇ = e^{−2|z|}/4 has log-slope 2: the sandwich must fail for it
  const GlmFn steep = [](ref::Link l, const Rational& z, mpfr_prec_t p) {
    if (l == ref::Link::probit) return ref::mu_dot_enclosure(l, z, p);
    return Interval(Rational(-2 * (z < 0 ? Rational(-z) : z)), p).exp().div(Rational(4));
  };
  EXPECT_EQ(check_glm_t8(steep).evidence.at("links").at("logistic").at("verdict"), "violated");
}

TEST(Seed003GlmChecksTest, F2HoldsAndAWrongAlphaTildeIsCaught) {
  EXPECT_EQ(check_glm_f2(logistic_alpha, logistic_alpha_tilde).verdict, Verdict::holds);
  // α̃ with μ(z₂) in place of μ(z₁) is ∫(1−v)μ̇ − ∫μ̇ = −∫ v μ̇ < 0: Lemma G.2's third bound must fail.
  const PairFn wrong = [](const Rational& z1, const Rational& z2, mpfr_prec_t p) {
    const Rational dz = z2 - z1;
    return (ref::b_enclosure(ref::Link::logistic, z2, p) - ref::b_enclosure(ref::Link::logistic, z1, p) -
            ref::mu_enclosure(ref::Link::logistic, z2, p).mul(dz))
        .div(Rational(dz * dz));
  };
  const Outcome o = check_glm_f2(logistic_alpha, wrong);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_EQ(o.evidence.at("counterexamples").at(0).at("inequality"), "alpha~ >= mu'(z1)/(2+|dz|)");
}

TEST(Seed003GlmChecksTest, F2ClosedFormsMatchAMidpointSum) {
  // Independent of the closed forms: the midpoint rule with 4096 cells for z1 = −1, z2 = 2 (logistic), whose error is
  // ≤ |Δz|³ max|μ⃛|/(24·4096²) < 1e-7 (|μ⃛| ≤ 1/8).
  const Rational z1(-1), z2(2);
  Interval a(0L, 128), at(0L, 128);
  const int n = 4096;
  for (int i = 0; i < n; ++i) {
    const Rational v(2 * i + 1, 2 * n);
    const Interval md = ref::mu_dot_enclosure(ref::Link::logistic, Rational(z1 + v * (z2 - z1)), 128);
    a += md.div(Rational(n));
    at += md.mul(Rational((1 - v) / n));
  }
  const Rational tol(1, 10000000);
  EXPECT_TRUE((logistic_alpha(z1, z2, 128) - a).abs().certainly_less(tol));
  EXPECT_TRUE((logistic_alpha_tilde(z1, z2, 128) - at).abs().certainly_less(tol));
}

TEST(Seed003GlmChecksTest, F3HoldsAndAWrongKappaStarIsCaught) {
  EXPECT_EQ(check_glm_f3(kappa_star_of_support).verdict, Verdict::holds);
  // κ* computed from the arm of largest |z| (that is κ, not κ*) exceeds κ̂.
  const KappaStarFn wrong = [](ref::Link l, const std::vector<ref::ArmSet>& s, const ref::Vec& th, mpfr_prec_t p) {
    ref::ArmSet all;
    for (const auto& X : s) all.insert(all.end(), X.begin(), X.end());
    return ref::kappa_of_arms(l, all, th, p).kappa;
  };
  EXPECT_EQ(check_glm_f3(wrong).verdict, Verdict::violated);
}

TEST(Seed003GlmChecksTest, F4HoldsAndAPerturbedDesignIsCaught) {
  EXPECT_EQ(check_glm_f4(reference_design).verdict, Verdict::holds);
  // Almost all weight on the first arm: some other arm's leverage is far above 2d.
  const DesignFn perturbed = [](const ref::ArmSet& arms, const std::vector<ref::CertifiedReal>*) {
    const Rational eps(1, 4096);
    std::vector<Rational> w(arms.size(), eps);
    w[0] = 1 - eps * static_cast<long>(arms.size() - 1);
    return w;
  };
  EXPECT_EQ(check_glm_f4(perturbed).verdict, Verdict::violated);
  // Weights that do not sum to 1 are refused too.
  const DesignFn unnormalised = [](const ref::ArmSet& arms, const std::vector<ref::CertifiedReal>* c) {
    auto w = reference_design(arms, c);
    w[0] += Rational(1, 1 << 30);
    return w;
  };
  EXPECT_EQ(check_glm_f4(unnormalised).verdict, Verdict::violated);
}

}  // namespace
}  // namespace dpb::verify::certified
