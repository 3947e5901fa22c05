// The certified MLE of reference/glm/mle.hpp: the Krawczyk box is checked independently by certified enclosures of
// ∇L computed from its definition (d = 1: a sign change across the box; d = 2: along each axis just outside it),
// it is tight, and bad input is refused by name.
#include "reference/glm/mle.hpp"

#include <gtest/gtest.h>

#include "reference/bits/chacha20.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

// ∇L(θ)_j enclosed at a rational θ: Σ (μ(⟨x_s,θ⟩) − r_s)x_sj + λθ_j (the definition, computed directly).
Interval grad_j(const GlmData& data, const std::vector<Rational>& theta, std::uint32_t j) {
  Interval g(Rational(data.lambda * theta[j]), 256);
  for (std::size_t s = 0; s < data.n(); ++s) {
    Rational z = 0;
    for (std::uint32_t k = 0; k < data.d; ++k)
      z += Rational(Integer(data.x[s * data.d + k]), Integer(1) << data.q) * theta[k];
    const Interval resid = mu_enclosure(data.link, z, 256) - Interval(static_cast<long>(data.r[s]), 256);
    g += resid * Interval(Rational(Integer(data.x[s * data.d + j]), Integer(1) << data.q), 256);
  }
  return g;
}

GlmData random_data(Link link, std::uint32_t d, std::size_t n, std::uint64_t seed) {
  GlmData data;
  data.link = link;
  data.d = d;
  data.q = 8;
  ChaCha20Source bits(seed, 0);
  for (std::size_t s = 0; s < n; ++s) {
    for (std::uint32_t j = 0; j < d; ++j) data.x.push_back(static_cast<std::int64_t>(bits.next_bits(8)) - 128);
    data.r.push_back(static_cast<int>(bits.next_bits(1)));
  }
  return data;
}

TEST(CertifiedMleTest, GradientAndHessianAreRightAtTheLinksLargestAcceptedZ) {
  // z = ±4096 = ±kGlmMaxAbsZ is inside the links' domain: its μ and μ̇ enter ∇L and ∇²L like any other (the
  // observation before it has z = ½, so a μ̇ left over from it would add ≈ 0.35·x² = 1.4 to the Hessian).
  for (Link link : {Link::logistic, Link::probit}) {
    for (std::int64_t x2 : {std::int64_t{8192}, std::int64_t{-8192}}) {
      GlmData data;
      data.link = link;
      data.d = 1;
      data.q = 12;
      data.x = {1, x2};  // 2^−12 and ±2: at θ = 2048, z = ½ and ±4096
      data.r = {0, 1};
      const std::vector<Rational> theta{Rational(2048)};
      std::vector<Interval> g, H;
      internal::gradient_hessian_at(data, theta, 64, g, H);
      ASSERT_EQ(H.size(), 1u);
      Interval h(data.lambda, 256);
      for (std::size_t s = 0; s < 2; ++s) {
        const Rational x(Integer(data.x[s]), Integer(1) << data.q);
        const Rational z = x * theta[0];
        h += mu_dot_range(link, z, z, 256) * Interval(Rational(x * x), 256);
      }
      const Interval gj = grad_j(data, theta, 0);
      EXPECT_TRUE(H[0].overlaps(h)) << link_name(link) << " " << x2;
      EXPECT_LT(H[0].width(), Rational(1, 1 << 20));
      EXPECT_TRUE(g[0].overlaps(gj)) << link_name(link) << " " << x2;
      EXPECT_LT(g[0].width(), Rational(1, 1 << 20));
    }
  }
}

TEST(CertifiedMleTest, OneDimensionalBoxBracketsTheRoot) {
  for (Link link : {Link::logistic, Link::probit}) {
    const GlmData data = random_data(link, 1, 40, 3);
    const MleBox box = certified_mle(data, {Rational(0)}, 64);
    const Rational lo = box.theta[0].lower(), hi = box.theta[0].upper();
    // ∇L is increasing (L convex): ∇L(lo) < 0 < ∇L(hi) proves the minimiser inside, independently of Krawczyk.
    EXPECT_TRUE(grad_j(data, {lo}, 0).certainly_less(Rational(0)));
    EXPECT_TRUE(grad_j(data, {hi}, 0).certainly_greater(Rational(0)));
    EXPECT_LT(Rational(hi - lo), Rational(1, 1 << 20));
  }
}

TEST(CertifiedMleTest, TwoDimensionalBoxHasTheZeroOnItsFaces) {
  // For d = 2, along each axis j through the box's centre: ∇L_j is increasing in θ_j with slope >= λ, so a sign
  // change of ∇L_j between the points 2^−10 outside the box's faces (certified enclosures, computed directly from
  // the definition) puts the minimiser's θ_j within 2^−10 of the box — a check independent of Krawczyk's — and the
  // box itself is tight (width < 2^−16).
  for (Link link : {Link::logistic, Link::probit}) {
    GlmData data = random_data(link, 2, 60, 5);
    data.lambda = Rational(1, 2);
    const MleBox box = certified_mle(data, {Rational(0), Rational(0)}, 64);
    for (std::uint32_t j = 0; j < 2; ++j) {
      std::vector<Rational> lo = box.center, hi = box.center;
      const Rational w = Rational(box.theta[j].upper() - box.theta[j].lower());
      EXPECT_LT(w, Rational(1, 1 << 16));
      // Move well outside the box along axis j: the gradient's sign is then fixed by strong convexity.
      lo[j] = Rational(box.theta[j].lower() - Rational(1, 1 << 10));
      hi[j] = Rational(box.theta[j].upper() + Rational(1, 1 << 10));
      EXPECT_TRUE(grad_j(data, lo, j).certainly_less(Rational(0))) << j;
      EXPECT_TRUE(grad_j(data, hi, j).certainly_greater(Rational(0))) << j;
    }
  }
}

// The one-pass fit (issue 21): warm-started from a full fit on the first n − 5 observations, it certifies a box for
// all n in one pass; the box is checked as above, from the definition of ∇L, not from Krawczyk. The control moves
// the box off the root by more than its width and the same check rejects it.
TEST(CertifiedMleTest, OnePassBoxBracketsTheRootAfterNewObservations) {
  for (Link link : {Link::logistic, Link::probit}) {
    const GlmData all = random_data(link, 1, 300, 11);
    GlmData first = all;
    first.x.resize(295);
    first.r.resize(295);
    MleWarm warm;
    warm.set(certified_mle(first, {Rational(0)}, 64), first.n());
    const std::optional<MleBox> box = one_pass_mle(all, warm, 64);
    ASSERT_TRUE(box.has_value()) << link_name(link);
    EXPECT_EQ(box->passes, 1U);
    const Rational lo = box->theta[0].lower(), hi = box->theta[0].upper();
    EXPECT_TRUE(grad_j(all, {lo}, 0).certainly_less(Rational(0))) << link_name(link);
    EXPECT_TRUE(grad_j(all, {hi}, 0).certainly_greater(Rational(0))) << link_name(link);
    EXPECT_LT(Rational(hi - lo), Rational(1, 1 << 10));
    EXPECT_EQ(warm.n, all.n());  // the warm start moved to the new point
    const Rational shift = Rational(2 * (hi - lo) + Rational(1, 1 << 12));
    EXPECT_FALSE(grad_j(all, {Rational(lo + shift)}, 0).certainly_less(Rational(0))) << "control";
  }
}

TEST(CertifiedMleTest, OnePassBoxInTwoDimensionsHasTheZeroNearItsFaces) {
  for (Link link : {Link::logistic, Link::probit}) {
    GlmData all = random_data(link, 2, 400, 13);
    GlmData first = all;
    first.x.resize(2 * 398);
    first.r.resize(398);
    MleWarm warm;
    warm.set(certified_mle(first, {Rational(0), Rational(0)}, 64), first.n());
    const std::optional<MleBox> box = one_pass_mle(all, warm, 64);
    ASSERT_TRUE(box.has_value()) << link_name(link);
    for (std::uint32_t j = 0; j < 2; ++j) {
      std::vector<Rational> lo = box->center, hi = box->center;
      lo[j] = Rational(box->theta[j].lower() - Rational(1, 1 << 10));
      hi[j] = Rational(box->theta[j].upper() + Rational(1, 1 << 10));
      EXPECT_TRUE(grad_j(all, lo, j).certainly_less(Rational(0))) << j;
      EXPECT_TRUE(grad_j(all, hi, j).certainly_greater(Rational(0))) << j;
    }
  }
}

TEST(CertifiedMleTest, OnePassWithoutWarmStartDeclines) {
  const GlmData data = random_data(Link::logistic, 1, 10, 3);
  MleWarm warm;
  EXPECT_FALSE(one_pass_mle(data, warm, 64).has_value());
}

TEST(CertifiedMleTest, NoDataGivesZero) {
  GlmData data;
  data.d = 2;
  data.q = 4;
  const MleBox box = certified_mle(data, {Rational(1, 2), Rational(-3)}, 64);
  for (const Interval& b : box.theta) EXPECT_TRUE(b.contains(Rational(0)));
}

TEST(CertifiedMleTest, BadInputNamesTheParameter) {
  GlmData data = random_data(Link::logistic, 2, 5, 1);
  test::expect_parameter_error([&] { certified_mle(data, {Rational(0)}, 64); }, "start");
  data.lambda = Rational(0);
  test::expect_parameter_error([&] { certified_mle(data, {Rational(0), Rational(0)}, 64); }, "lambda");
  GlmData empty;
  test::expect_parameter_error([&] { certified_mle(empty, {}, 64); }, "d");
}

}  // namespace
}  // namespace dpb::ref
