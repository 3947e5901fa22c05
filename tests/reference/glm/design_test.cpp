// κ, κ*, κ̂ (reference/glm/kappa.hpp) and the G-optimal design (reference/glm/g_optimal_design.hpp): closed forms,
// F4 on accepted designs, a perturbed design that must be refused (negative control), exact sampling, bad input.
#include <gtest/gtest.h>

#include <deque>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/glm/g_optimal_design.hpp"
#include "reference/glm/kappa.hpp"

namespace dpb::ref {
namespace {

Rational dec(const char* s) { return parse_rational(s, "test", "value"); }

ArmSet basis(std::size_t d) {
  ArmSet a(d, Vec(d, Rational(0)));
  for (std::size_t i = 0; i < d; ++i) a[i][i] = 1;
  return a;
}

// K arms on the grid 2^−8 inside the unit ball, from a seeded stream (coordinates uniform in [−1, 1), rejected
// until ‖x‖ ≤ 1).
ArmSet grid_arms(std::size_t K, std::size_t d, std::uint64_t seed) {
  ChaCha20Source bits(seed, 0);
  ArmSet arms;
  while (arms.size() < K) {
    Vec x;
    Rational n2 = 0;
    for (std::size_t j = 0; j < d; ++j) {
      x.emplace_back(Integer(static_cast<long>(bits.next_bits(9)) - 256), Integer(256));
      n2 += x.back() * x.back();
    }
    if (n2 <= 1 && n2 > 0) arms.push_back(x);
  }
  return arms;
}

TEST(GlmKappaTest, BallAndArmClosedForms) {
  // Logistic κ(S) = 1/μ̇(S) = e^S + 2 + e^{−S}: 22.13532399155553… at S = 3; κ* = 4.
  const auto k = kappa_of_ball(Link::logistic, Rational(3), 128);
  EXPECT_TRUE(k.kappa.certainly_greater(dec("22.135323991555")) && k.kappa.certainly_less(dec("22.135323991556")));
  EXPECT_TRUE(k.kappa_star.contains(Rational(4)));
  // Probit κ* = √(2π) = 2.5066282746310005…
  const auto p = kappa_of_ball(Link::probit, Rational(2), 128);
  EXPECT_TRUE(p.kappa_star.certainly_greater(dec("2.50662827463100")) && p.kappa_star.certainly_less(dec("2.50662827463101")));
  // Arms: z ∈ {1/2, −3/4, 1/4}: far = −3/4, near = 1/4.
  const ArmSet arms{{Rational(1, 2)}, {Rational(-3, 4)}, {Rational(1, 4)}};
  const auto a = kappa_of_arms(Link::logistic, arms, {Rational(1)}, 128);
  EXPECT_EQ(a.z_far, Rational(-3, 4));
  EXPECT_EQ(a.z_near, Rational(1, 4));
  EXPECT_THROW(kappa_of_ball(Link::logistic, Rational(0), 64), ParameterError);
}

TEST(GlmKappaTest, KappaHatAveragesTheBestArm) {
  // Two arm sets whose best arms have z* = 0: 1/κ̂ = μ̇(0) = ¼ exactly, κ̂ = 4 = κ*.
  const std::vector<ArmSet> support{{{Rational(0)}, {Rational(-1)}}, {{Rational(-1, 2)}, {Rational(0)}}};
  EXPECT_EQ(best_z(support, {Rational(1)}), (std::vector<Rational>{Rational(0), Rational(0)}));
  EXPECT_TRUE(kappa_hat(Link::logistic, support, {Rational(1)}, 128).contains(Rational(4)));
  // Best z* = 1 and 0: 1/κ̂ = (μ̇(1) + ¼)/2 = 0.2233059666207409…
  const std::vector<ArmSet> s2{{{Rational(1)}, {Rational(-1)}}, {{Rational(0)}}};
  const Interval ik = inverse_kappa_hat(Link::logistic, s2, {Rational(1)}, 128);
  EXPECT_TRUE(ik.certainly_greater(dec("0.22330596662074")) && ik.certainly_less(dec("0.22330596662075")));
}

TEST(GlmKappaTest, MonteCarloIntervalContainsTheExactKappaHat) {
  // Support: 8 arm sets; draws uniform over them from a seeded stream; the exact κ̂ of the support (equally likely
  // sets) must lie in the Hoeffding interval at α = 10^−6. Negative control: a draw that always picks the set with
  // the smallest μ̇(z*) gives an interval that excludes it.
  const Vec theta{Rational(2), Rational(-1), Rational(1, 2)};
  std::vector<ArmSet> support;
  for (std::uint64_t s = 0; s < 8; ++s) support.push_back(grid_arms(6, 3, 100 + s));
  const Interval exact = kappa_hat(Link::logistic, support, theta, 128);
  ChaCha20Source bits(77, 0);
  std::vector<std::size_t> picks;
  for (int i = 0; i < 20000; ++i) picks.push_back(static_cast<std::size_t>(uniform_below_u64(bits, 8)));
  const auto est = kappa_hat_monte_carlo(Link::logistic, [&](std::size_t i) { return support[picks[i]]; }, theta,
                                         picks.size(), Rational(1, 1000000), 128);
  ASSERT_TRUE(est.kappa_hat_upper.has_value());
  EXPECT_LE(est.kappa_hat_lower.upper(), exact.lower());
  EXPECT_TRUE(est.kappa_hat_upper->certainly_greater(exact.upper()));
  const auto zs = best_z(support, theta);
  std::size_t worst = 0;
  for (std::size_t i = 1; i < zs.size(); ++i)
    if (abs(zs[i]) > abs(zs[worst])) worst = i;
  const auto biased = kappa_hat_monte_carlo(Link::logistic, [&](std::size_t) { return support[worst]; }, theta, 20000,
                                            Rational(1, 1000000), 128);
  EXPECT_TRUE(biased.kappa_hat_lower.certainly_greater(exact.upper()));
  EXPECT_THROW(kappa_hat_monte_carlo(Link::logistic, [&](std::size_t) { return support[0]; }, theta, 0, Rational(1, 2), 64),
               ParameterError);
}

TEST(GOptimalDesignTest, LargestRemainderRounding) {
  EXPECT_EQ(dyadic_round({Rational(1, 3), Rational(1, 3), Rational(1, 3)}, 2),
            (std::vector<Integer>{Integer(2), Integer(1), Integer(1)}));
  // 0.6/0.3/0.1 of 8: quotas 4.8, 2.4, 0.8 → floors 4, 2, 0 and remainders .8, .4, .8 → +1 to index 0 and 2.
  EXPECT_EQ(dyadic_round({dec("0.6"), dec("0.3"), dec("0.1")}, 3),
            (std::vector<Integer>{Integer(5), Integer(2), Integer(1)}));
  // Unnormalised input is normalised exactly.
  EXPECT_EQ(dyadic_round({Rational(3), Rational(1)}, 2), (std::vector<Integer>{Integer(3), Integer(1)}));
  EXPECT_THROW(dyadic_round({Rational(0)}, 2), ParameterError);
}

TEST(GOptimalDesignTest, BasisDesignIsUniformWithLeverageD) {
  const auto design = g_optimal_design(basis(3));
  Integer sum = 0;
  for (const auto& n : design.counts) sum += n;
  EXPECT_EQ(sum, Integer(1) << 32);
  // The optimal design is uniform (leverage exactly d for every arm); the rounded one is within 2^−32 of it.
  for (const auto& n : design.counts) EXPECT_LE(boost::multiprecision::abs(Integer(3 * n - (Integer(1) << 32))), 3);
  EXPECT_LE(design.max_leverage, Rational(6));
  EXPECT_GE(design.max_leverage, Rational(3));
}

TEST(GOptimalDesignTest, RandomGridArmsAreAcceptedAndLeveragesAverageToD) {
  const ArmSet arms = grid_arms(20, 5, 7);
  const auto design = g_optimal_design(arms);
  EXPECT_LE(design.max_leverage, Rational(10));
  // Σ_i π_i ℓ_i = tr(A^{−1}A) = d exactly: an identity independent of the solver.
  const auto lev = exact_leverages(arms, design.weights());
  ASSERT_TRUE(lev.has_value());
  Rational s = 0;
  const auto w = design.weights();
  for (std::size_t i = 0; i < arms.size(); ++i) s += w[i] * (*lev)[i];
  EXPECT_EQ(s, Rational(5));
}

TEST(GOptimalDesignTest, PerturbedDesignIsRefused) {
  // Negative control: almost all weight on e_1; e_2's leverage is 1/π_2 = 1024 > 2d = 8.
  const ArmSet arms = basis(4);
  const Rational eps(1, 1024);
  const std::vector<Rational> bad{Rational(1 - 3 * eps), eps, eps, eps};
  const auto m = certified_max_leverage(arms, bad);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(*m, Rational(1024));
  EXPECT_THROW(finish_design(arms, bad, 0), std::runtime_error);
  // A singular design (e_4 weightless) is refused too.
  EXPECT_FALSE(certified_max_leverage(arms, {Rational(1, 3), Rational(1, 3), Rational(1, 3), Rational(0)}));
}

TEST(GOptimalDesignTest, ScaledArmsCertifiedInIntervals) {
  const ArmSet arms = grid_arms(12, 3, 11);
  const Vec theta{Rational(3, 2), Rational(-1), Rational(1, 2)};
  std::vector<CertifiedReal> c;
  for (const Vec& x : arms) c.push_back(mu_dot(Link::logistic, inner(x, theta)));
  const auto design = g_optimal_design_scaled(arms, c);
  EXPECT_LE(design.max_leverage, Rational(6));
  // Negative control: the weights of a different arm set's design, concentrated away from some arm.
  std::vector<Rational> bad(arms.size(), Rational(0));
  bad[0] = Rational(1, 2);
  bad[1] = Rational(1, 4);
  bad[2] = Rational(1, 4);
  for (std::size_t i = 3; i < arms.size(); ++i) bad[i] = Rational(1, 1 << 20);
  Rational rest = 0;
  for (std::size_t i = 3; i < arms.size(); ++i) rest += bad[i];
  bad[0] -= rest;
  EXPECT_FALSE(certify_scaled_f4(arms, c, bad));
}

TEST(GOptimalDesignTest, SamplingReadsTheWeightDenominator) {
  GOptimalDesign d;
  d.bits = 3;
  d.counts = {Integer(5), Integer(0), Integer(3)};
  struct Src {
    std::deque<std::uint64_t> v;
    std::uint64_t next_bits(unsigned k) {
      EXPECT_EQ(k, 3U);
      auto x = v.front();
      v.pop_front();
      return x;
    }
    bool next_bit() { return false; }
  } s{{0, 4, 5, 7}};
  EXPECT_EQ(sample_design(d, s), 0U);
  EXPECT_EQ(sample_design(d, s), 0U);
  EXPECT_EQ(sample_design(d, s), 2U);
  EXPECT_EQ(sample_design(d, s), 2U);
}

TEST(GOptimalDesignTest, RankDeficientSetsAreDesignedOnTheirSpan) {
  // Arms in the plane x₃ = x₁ + x₂ of R^3 (rank 2), and a collinear pair in R^2 (rank 1).
  ArmSet plane;
  for (const Vec& a : grid_arms(9, 2, 5)) plane.push_back({a[0] / 2, a[1] / 2, (a[0] + a[1]) / 2});
  const auto design = g_optimal_design(plane);
  EXPECT_EQ(design.rank, 2U);
  EXPECT_LE(design.max_leverage, Rational(4));
  // Independently of the coordinates: with εI added (ε = 2^−20, as d extra "arms" e_j of weight ε), every arm's
  // leverage xᵀ(εI + A(π))^{−1}x is at most the certified 2r.
  ArmSet with_eps = plane;
  std::vector<Rational> w = design.weights();
  for (std::size_t j = 0; j < 3; ++j) {
    Vec e(3, Rational(0));
    e[j] = 1;
    with_eps.push_back(e);
    w.push_back(Rational(1, 1 << 20));
  }
  const auto lev = exact_leverages(with_eps, w);
  ASSERT_TRUE(lev.has_value());
  for (std::size_t i = 0; i < plane.size(); ++i) EXPECT_LE((*lev)[i], design.max_leverage) << i;
  const auto line = g_optimal_design({{Rational(1, 2), Rational(0)}, {Rational(1), Rational(0)}});
  EXPECT_EQ(line.rank, 1U);
  EXPECT_LE(line.max_leverage, Rational(2));
}

TEST(GOptimalDesignTest, BadArmSetsNameTheParameter) {
  EXPECT_THROW(g_optimal_design({}), ParameterError);
  EXPECT_THROW(g_optimal_design({{Rational(0), Rational(0)}}), ParameterError);  // only zero arms
  EXPECT_THROW(g_optimal_design({{Rational(1)}, {Rational(1), Rational(0)}}), ParameterError);
}

}  // namespace
}  // namespace dpb::ref
