// jdp-glm's small kernels (optimized/learners/internal/jdp_small.hpp): the elimination pre-test never decides against
// the full bounded test it short-cuts, and the certified quadratic form and log det enclose the exact values of
// random released matrices (exact rationals).
#include "optimized/learners/internal/jdp_small.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "reference/core/interval.hpp"

namespace dpb::fast::jdp_detail {
namespace {

TEST(JdpSmallTest, EliminationPretestAgreesWithTheFullTestWheneverItDecides) {
  // Random pairs of dyadic arms, θ̂_o of several scales, √s and es as the learner produces them, and pairs placed on
  // purpose near v = 0 (θ̂_o scaled so that ⟨dx, θ̂_o⟩ ≈ −width·(√s_a + √s_z)): all three outcomes must occur, and a
  // decided pre-test must equal the full test.
  std::mt19937_64 rng(20261207);
  std::uniform_real_distribution<double> unit(-1, 1), pos(0, 1);
  std::uint64_t decided[3] = {0, 0, 0}, full_open = 0;
  for (int trial = 0; trial < 40000; ++trial) {
    const std::uint32_t d = 1 + static_cast<std::uint32_t>(rng() % 8);
    const double dd = d;
    Eigen::VectorXd xa(d), xz(d), theta(d);
    for (std::uint32_t i = 0; i < d; ++i) {
      xa[i] = std::ldexp(static_cast<double>(static_cast<std::int64_t>(rng() % 65) - 32), -5);
      xz[i] = std::ldexp(static_cast<double>(static_cast<std::int64_t>(rng() % 65) - 32), -5);
      theta[i] = unit(rng) * std::ldexp(1.0, static_cast<int>(rng() % 8) - 4);
    }
    if (trial % 7 == 0) theta.setZero();
    const double s_a = pos(rng) * 4, s_z = pos(rng) * 4;
    const double es_a = s_a * std::ldexp(pos(rng), -40 - static_cast<int>(rng() % 12)),
                 es_z = s_z * std::ldexp(pos(rng), -40 - static_cast<int>(rng() % 12));
    const double root_a = std::sqrt(s_a), root_z = std::sqrt(s_z);
    double width = pos(rng) * 3;
    const Eigen::VectorXd dx = xa - xz;
    if (trial % 3 == 0 && dx.dot(theta) != 0) {  // near a tie: width·rr ≈ −⟨dx, θ⟩ up to a relative 2^−k
      const double target = -dx.dot(theta) / (root_a + root_z);
      if (target > 0) width = target * (1 + unit(rng) * std::ldexp(1.0, -20 - static_cast<int>(rng() % 34)));
    }
    const double e_width = 4 * u * width;
    const int full = elimination_test(dx, theta, root_a, root_z, es_a, es_z, width, e_width, dd);
    const int pre = elimination_pretest(pretest_arm(xa.data(), theta.data(), d, root_a, es_a),
                                        pretest_arm(xz.data(), theta.data(), d, root_z, es_z), width, e_width, dd);
    if (pre != 0) {
      ASSERT_EQ(pre, full) << "trial " << trial;
    }
    ++decided[pre + 1];
    if (full == 0) ++full_open;
  }
  EXPECT_GT(decided[0], 1000U);  // eliminated
  EXPECT_GT(decided[2], 1000U);  // passed
  EXPECT_GT(decided[1], 100U);   // left to the full test (near ties)
  EXPECT_GT(full_open, 10U);     // some of them open in the full test too
}

TEST(JdpSmallTest, RowTestPassesOnlyRowsWhoseEveryPairPassesTheFullTest) {
  // Rows of 2–12 arms, θ̂_o from 0 to large against width·√s (rows that pass, rows that do not), and rows where one
  // pair sits near v − e = 0: a passed row must have every pair passing elimination_test.
  std::mt19937_64 rng(20261208);
  std::uniform_real_distribution<double> unit(-1, 1), pos(0, 1);
  std::uint64_t passed = 0, not_passed = 0, near = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const std::uint32_t d = 1 + static_cast<std::uint32_t>(rng() % 8), K = 2 + static_cast<std::uint32_t>(rng() % 11);
    const double dd = d;
    std::vector<Eigen::VectorXd> x(K, Eigen::VectorXd(d));
    Eigen::VectorXd theta(d);
    const double scale = trial % 5 == 0 ? 0 : std::ldexp(1.0, static_cast<int>(rng() % 16) - 12);
    for (std::uint32_t i = 0; i < d; ++i) theta[i] = unit(rng) * scale;
    std::vector<double> root(K), es(K);
    for (std::uint32_t a = 0; a < K; ++a) {
      for (std::uint32_t i = 0; i < d; ++i)
        x[a][i] = std::ldexp(static_cast<double>(static_cast<std::int64_t>(rng() % 65) - 32), -5);
      const double s = pos(rng) * 4;
      root[a] = std::sqrt(s);
      es[a] = s * std::ldexp(pos(rng), -40 - static_cast<int>(rng() % 12));
    }
    double width = pos(rng) * 3;
    if (trial % 4 == 1) {  // pair (0, 1) near v = 0
      const double ip = (x[0] - x[1]).dot(theta);
      if (ip < 0) {
        width = -ip / (root[0] + root[1]) * (1 + unit(rng) * std::ldexp(1.0, -20 - static_cast<int>(rng() % 34)));
        ++near;
      }
    }
    const double e_width = 4 * u * width;
    std::vector<RowTerms> t(K);
    for (std::uint32_t a = 0; a < K; ++a)
      t[a] = row_terms(pretest_arm(x[a].data(), theta.data(), d, root[a], es[a]), width, e_width, dd);
    for (std::uint32_t a = 0; a < K; ++a) {
      double beta_min = INFINITY;
      for (std::uint32_t z = 0; z < K; ++z)
        if (z != a) beta_min = std::min(beta_min, t[z].beta);
      if (!row_passes(t[a].alpha, beta_min)) {
        ++not_passed;
        continue;
      }
      ++passed;
      for (std::uint32_t z = 0; z < K; ++z) {
        if (z == a) continue;
        const Eigen::VectorXd dx = x[a] - x[z];
        ASSERT_EQ(elimination_test(dx, theta, root[a], root[z], es[a], es[z], width, e_width, dd), 1)
            << "trial " << trial << ", a = " << a << ", z = " << z;
      }
    }
  }
  EXPECT_GT(passed, 5000U);
  EXPECT_GT(not_passed, 2000U);
  EXPECT_GT(near, 200U);
}

// The exact inverse quadratic form and determinant of a small rational matrix (Gauss–Jordan).
void exact_quad_det(std::vector<std::vector<Rational>> m, std::vector<Rational> x, Rational& quad, Rational& det) {
  const std::size_t d = m.size();
  std::vector<Rational> x0 = x;
  det = 1;
  for (std::size_t c = 0; c < d; ++c) {
    std::size_t p = c;
    while (m[p][c] == 0) ++p;
    if (p != c) {
      std::swap(m[p], m[c]);
      std::swap(x[p], x[c]);
      det = -det;
    }
    det *= m[c][c];
    for (std::size_t r = 0; r < d; ++r) {
      if (r == c || m[r][c] == 0) continue;
      const Rational f = m[r][c] / m[c][c];
      for (std::size_t k = c; k < d; ++k) m[r][k] -= f * m[c][k];
      x[r] -= f * x[c];
    }
  }
  quad = 0;
  for (std::size_t i = 0; i < d; ++i) quad += x0[i] * (x[i] / m[i][i]);
}

TEST(JdpSmallTest, QuadraticFormAndLogDetEncloseTheExactValues) {
  // M̂ = λI + N with N symmetric on 2^−20 and ‖N‖_F <= λ·(0.2 … 0.9), μ = λ − ‖N‖_F rounded down as the learner's
  // refresh does; the exact M is M̂ (its doubles are exact).
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(-1, 1), pos(0, 1);
  int checked_quads = 0, checked_dets = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const std::uint32_t d = 1 + static_cast<std::uint32_t>(trial % 6);
    const double lambda = std::ldexp(1.0, static_cast<int>(rng() % 16));
    Released rel;
    rel.M = Eigen::MatrixXd::Zero(d, d);
    double nf2 = 0;
    const double share = 0.2 + 0.7 * pos(rng);
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = 0; j <= i; ++j) {
        const double v = std::ldexp(std::round(unit(rng) * lambda * share / d * 0x1p20), -20);
        rel.M(i, j) = rel.M(j, i) = v;
        nf2 += (i == j ? 1.0 : 2.0) * v * v;
      }
    for (std::uint32_t i = 0; i < d; ++i) rel.M(i, i) += lambda;
    rel.mu = lambda - std::sqrt(nf2) * (1 + 1e-12) - kTiny;
    rel.empty = false;
    ASSERT_GT(rel.mu, 0);
    SmallChol c;
    c.compute(rel);
    ASSERT_TRUE(c.ok);
    {  // the batch of arms: the same bits as one call per arm
      const std::uint32_t K = 7;
      std::vector<double> xs(std::size_t{K} * d), xn(K), sb(K), eb(K), ys(std::size_t{K} * d);
      for (double& v : xs) v = std::ldexp(static_cast<double>(static_cast<std::int64_t>(rng() % 65) - 32), -5);
      for (std::uint32_t a = 0; a < K; ++a) xn[a] = small_norm(&xs[std::size_t{a} * d], d);
      small_quad_batch(c, xs.data(), K, xn.data(), sb.data(), eb.data(), ys.data());
      for (std::uint32_t a = 0; a < K; ++a) {
        double s1 = 0;
        const double e1 = small_quad(c, &xs[std::size_t{a} * d], xn[a], s1);
        EXPECT_EQ(s1, sb[a]);
        EXPECT_EQ(e1, eb[a]);
      }
    }
    std::vector<std::vector<Rational>> m(d, std::vector<Rational>(d));
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = 0; j < d; ++j) m[i][j] = Rational(rel.M(i, j));
    for (int k = 0; k < 5; ++k) {
      std::vector<double> x(d);
      std::vector<Rational> xr(d);
      for (std::uint32_t i = 0; i < d; ++i) {
        x[i] = std::ldexp(static_cast<double>(static_cast<std::int64_t>(rng() % 65) - 32), -5);
        xr[i] = Rational(x[i]);
      }
      double s = 0;
      const double e = small_quad(c, x.data(), small_norm(x.data(), d), s);
      Rational quad, det;
      exact_quad_det(m, xr, quad, det);
      EXPECT_LE(Rational(s) - Rational(e), quad) << "trial " << trial;
      EXPECT_GE(Rational(s) + Rational(e), quad) << "trial " << trial;
      EXPECT_LT(e, 1e-9 * (1 + s)) << "the bound is useful";
      ++checked_quads;
      if (k == 0) {
        double lo = 0, hi = 0;
        ASSERT_TRUE(small_logdet(c, lo, hi));
        const Interval l = Interval(det, 128).log();
        EXPECT_LE(Rational(lo), l.lower()) << "trial " << trial;
        EXPECT_GE(Rational(hi), l.upper()) << "trial " << trial;
        EXPECT_LT(hi - lo, 1e-9);
        ++checked_dets;
      }
    }
  }
  EXPECT_EQ(checked_quads, 300);
  EXPECT_EQ(checked_dets, 60);
}

}  // namespace
}  // namespace dpb::fast::jdp_detail
