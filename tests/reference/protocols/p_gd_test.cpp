// P_GD (seed 003, Alg. 7; reference/protocols/p_gd.hpp): the iteration on exactly known gradients, the analyzer's
// de-biasing, the iterate rule (projection, rounding toward the centre, shrink) against independent derivations,
// G3 (every iterate and θ̄ inside Θ) with negative controls (no projection, no shrink), T_it = 0, the certified
// norm bound of an ellipsoid, and bad input.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/protocols/p_gd.hpp"

namespace dpb::ref {
namespace {

Rational two_pow(int k) { return k >= 0 ? Rational(Integer(Integer(1) << k)) : Rational(Integer(1), Integer(Integer(1) << -k)); }

PgdParams ball_params(unsigned q, const Rational& S, long T, const Rational& eta, long g, long b) {
  PgdParams p;
  p.link = Link::logistic;
  p.q = q;
  p.R = 1;
  p.reg = 0;
  p.domain = PgdDomain::ball(S);
  p.iterations = T;
  p.eta = eta;
  p.theta_bound = S;
  p.L = 1;
  p.g = g;
  p.b = b;
  return p;
}

Rational sq(std::span<const Rational> v) {
  Rational s(0);
  for (const auto& a : v) s += a * a;
  return s;
}

bool on_grid(const Rational& v, unsigned q) { return denominator(Rational(v * two_pow(static_cast<int>(q)))) == 1; }

TEST(PGdTest, ZeroIterationsReturnsTheta0AndReadsNoBits) {
  PgdParams p = ball_params(8, 1, 0, 0, 4, 16);
  const PGd pgd(p, 2, 2);
  const std::vector<PgdDatum> data{{1, {Rational(1, 2), 0}}, {0, {0, Rational(1, 4)}}};
  ChaCha20Source src(1);
  CountingSource bits(src);
  const PgdResult r = pgd.run(std::span<const PgdDatum>(data), bits);
  EXPECT_FALSE(r.released);
  EXPECT_EQ(bits.count(), 0U);
  EXPECT_EQ(r.theta_bar, (std::vector<Rational>{0, 0}));
  EXPECT_TRUE(r.counts.empty());
  EXPECT_EQ(r.roundings, 0);
  // The ellipsoid's θ₀ is its centre.
  PgdParams e = p;
  e.domain = PgdDomain::ellipsoid({Rational(1, 4), 0}, {{2, 0}, {0, 1}}, 1);
  e.theta_bound = 2;
  e.L = 1;
  const PGd pe(e, 2, 2);
  ChaCha20Source src2(1);
  EXPECT_EQ(pe.run(std::span<const PgdDatum>(data), src2).theta_bar, (std::vector<Rational>{Rational(1, 4), 0}));
}

// At θ = 0, μ(0) = ½ exactly; r = 1, x = (½, 0) gives the gradient (−¼, 0). With L = 1, g = 8, ρ = 2: s = (G + 1)·4
// = 3 and 4, integers, so x̂ is deterministic; with b = 0 the analyzer returns (2/8)·C − n = n·G exactly, so the
// first step is θ₁ = −η·(−¼, 0) = (¼, 0) for η = 1.
TEST(PGdTest, FirstStepOnExactGradientsWithoutNoise) {
  PgdParams p = ball_params(8, 1, 1, 1, 8, 0);
  const PGd pgd(p, 3, 2);
  const std::vector<PgdDatum> data(3, PgdDatum{1, {Rational(1, 2), 0}});
  ChaCha20Source src(5);
  const PgdResult r = pgd.run(std::span<const PgdDatum>(data), src);
  ASSERT_EQ(r.iterates.size(), 2U);
  EXPECT_EQ(r.counts[0], (std::vector<Integer>{9, 12}));  // Σ x̂ = 3·3 and 3·4
  EXPECT_EQ(r.gradients[0], (std::vector<Rational>{Rational(-1, 4), 0}));
  EXPECT_EQ(r.iterates[1], (std::vector<Rational>{Rational(1, 4), 0}));
  EXPECT_EQ(r.theta_bar, (std::vector<Rational>{0, 0}));  // θ̄ averages θ_0 only (T_it = 1)
  EXPECT_TRUE(r.released);
  EXPECT_EQ(r.roundings, 6);
}

// x = 0 and c = 0: every entry is exactly L·g/ρ = g/2, the mean gradient is 0 whatever the noise is not (b = 0),
// and θ stays at 0 for every iteration.
TEST(PGdTest, ZeroContextsKeepTheIterateAtZero) {
  PgdParams p = ball_params(6, 2, 5, Rational(1, 2), 10, 0);
  p.theta_bound = 2;
  const PGd pgd(p, 4, 3);
  const std::vector<PgdDatum> data(4, PgdDatum{0, {0, 0, 0}});
  ChaCha20Source src(2);
  CountingSource bits(src);
  const PgdResult r = pgd.run(std::span<const PgdDatum>(data), bits);
  for (const auto& it : r.iterates) EXPECT_EQ(it, (std::vector<Rational>{0, 0, 0}));
  for (const auto& c : r.counts) EXPECT_EQ(c, (std::vector<Integer>{20, 20, 20}));
  // At least one 64-bit chunk per entry (frac = 0 is decided by the first chunk).
  EXPECT_GE(bits.count(), 5U * 4U * 3U * 64U);
}

// The analyzer's de-biasing and the step, re-derived from the released counts.
TEST(PGdTest, IteratesFollowTheReleasedCounts) {
  PgdParams p = ball_params(10, 1, 6, Rational(1, 3), 6, 40);
  p.reg = Rational(1, 8);
  p.L = Rational(9, 8);
  const PGd pgd(p, 5, 2);
  std::vector<PgdDatum> data;
  for (int i = 0; i < 5; ++i) data.push_back({Rational(i % 2), {Rational(i - 2, 4), Rational(3, 8)}});
  ChaCha20Source src(11);
  const PgdResult r = pgd.run(std::span<const PgdDatum>(data), src);
  ASSERT_EQ(r.counts.size(), 6U);
  Rational sum0(0), sum1(0);
  for (std::size_t t = 0; t < 6; ++t) {
    const auto& th = r.iterates[t];
    sum0 += th[0];
    sum1 += th[1];
    std::vector<Rational> y(2);
    for (std::size_t k = 0; k < 2; ++k) {
      // o = (ρ/g)(C − n b/4) − n L, ρ = 2L; ḡ = o/n.
      const Rational o = Rational(2) * p.L / 6 * (Rational(r.counts[t][k]) - Rational(5 * 40, 4)) - 5 * p.L;
      EXPECT_EQ(r.gradients[t][k], o / 5);
      y[k] = th[k] - p.eta * o / 5;
    }
    const auto& nx = r.iterates[t + 1];
    const Rational n2 = sq(y);
    for (std::size_t k = 0; k < 2; ++k) {
      EXPECT_TRUE(on_grid(nx[k], 10));
      if (n2 <= 1) {
        // Inside: rounded toward 0 onto the grid.
        EXPECT_LE(abs(nx[k]), abs(y[k]));
        EXPECT_LT(abs(y[k]) - abs(nx[k]), two_pow(-10));
      } else {
        // Outside: |θ_k| <= |y_k|·S/‖y‖ < |θ_k| + 2^−q, by squares.
        EXPECT_LE(nx[k] * nx[k] * n2, y[k] * y[k]);
        const Rational up = abs(nx[k]) + two_pow(-10);
        EXPECT_GT(up * up * n2, y[k] * y[k]);
      }
      if (nx[k] != 0) {
        EXPECT_EQ(nx[k] > 0, y[k] > 0);
      }
    }
    EXPECT_LE(sq(nx), 1);
  }
  EXPECT_EQ(r.theta_bar, (std::vector<Rational>{sum0 / 6, sum1 / 6}));
  EXPECT_LE(sq(r.theta_bar), 1);
}

// G3 on the ball: every iterate and θ̄ in Θ over seeds with a large step (the projection is active);
// negative control: the same run without the projection leaves Θ.
TEST(PGdTest, BallIteratesStayInsideAndTheUnprojectedControlLeaves) {
  std::vector<PgdDatum> data;
  for (int i = 0; i < 6; ++i) data.push_back({Rational((i * 7) % 3 == 0 ? 1 : 0), {Rational(i - 3, 4), Rational(1, 2)}});
  PgdParams p = ball_params(8, Rational(1, 2), 8, 4, 5, 8);
  std::uint64_t projections = 0;
  bool control_left = false;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const PGd pgd(p, 6, 2);
    ChaCha20Source s1(seed);
    const PgdResult r = pgd.run(std::span<const PgdDatum>(data), s1);
    for (const auto& it : r.iterates) EXPECT_TRUE(p.domain.contains(it));
    EXPECT_TRUE(p.domain.contains(r.theta_bar));
    projections += r.projections;
    PgdFaults f;
    f.skip_projection = true;
    const PGd bad(p, 6, 2, f);
    ChaCha20Source s2(seed);
    const PgdResult rb = bad.run(std::span<const PgdDatum>(data), s2);
    for (const auto& it : rb.iterates) control_left = control_left || !p.domain.contains(it);
  }
  EXPECT_GT(projections, 0U);
  EXPECT_TRUE(control_left);
}

// The ellipsoid with V = I and centre c is the ball of radius √radius2 about c: the projection is c + u·ρ/‖u‖.
TEST(PGdTest, EllipsoidWithIdentityMatchesTheBallFormula) {
  const std::vector<Rational> c{Rational(1, 8), Rational(-1, 4)};
  PgdParams p = ball_params(12, 1, 0, 0, 4, 0);
  p.domain = PgdDomain::ellipsoid(c, {{1, 0}, {0, 1}}, Rational(1, 4));
  p.theta_bound = 2;
  const PGd pgd(p, 1, 2);
  std::uint64_t shrinks = 0;
  for (const auto& y : std::vector<std::vector<Rational>>{{1, 1}, {Rational(-3, 2), Rational(1, 3)}, {Rational(1, 8), 2}}) {
    bool projected = false;
    const std::vector<Rational> th = pgd.grid_project(y, &shrinks, &projected);
    EXPECT_TRUE(projected);
    EXPECT_TRUE(p.domain.contains(th));
    const Rational u0 = y[0] - c[0], u1 = y[1] - c[1];
    const Rational n2 = u0 * u0 + u1 * u1;
    for (std::size_t k = 0; k < 2; ++k) {
      EXPECT_TRUE(on_grid(th[k], 12));
      const Rational uk = y[k] - c[k], vk = th[k] - c[k];
      // |v_k| <= |u_k|·ρ/‖u‖ + (multiplier resolution) and > |u_k|ρ/‖u‖ − 2·2^−12.
      const Rational target2 = uk * uk * Rational(1, 4) / n2;
      const Rational hi = abs(vk) - two_pow(-20);
      if (hi > 0) {
        EXPECT_LE(hi * hi, target2);
      }
      const Rational lo = abs(vk) + 2 * two_pow(-12);
      EXPECT_GT(lo * lo, target2);
    }
  }
}

// G3 on a correlated ellipsoid over many points outside; negative control: without the shrink, rounding toward the
// centre leaves Θ for some of them (V is not diagonal, so the V-norm is not monotone in the coordinates).
TEST(PGdTest, CorrelatedEllipsoidShrinkKeepsIteratesInsideAndTheUnshrunkControlLeaves) {
  const std::vector<std::vector<Rational>> V{{1, Rational(19, 20)}, {Rational(19, 20), 1}};
  PgdParams p = ball_params(3, 1, 0, 0, 4, 0);
  p.domain = PgdDomain::ellipsoid({0, 0}, V, 1);
  p.theta_bound = 8;
  const PGd good(p, 1, 2);
  PgdFaults f;
  f.skip_shrink = true;
  const PGd bad(p, 1, 2, f);
  std::uint64_t shrinks = 0, bad_shrinks = 0;
  int left = 0, projected_count = 0;
  for (int a = -12; a <= 12; ++a)
    for (int b = -12; b <= 12; ++b) {
      const std::vector<Rational> y{Rational(a, 3), Rational(b, 5)};
      bool projected = false;
      const auto th = good.grid_project(y, &shrinks, &projected);
      EXPECT_TRUE(p.domain.contains(th)) << a << "," << b;
      EXPECT_TRUE(on_grid(th[0], 3) && on_grid(th[1], 3));
      projected_count += projected ? 1 : 0;
      const auto tb = bad.grid_project(y, &bad_shrinks, &projected);
      left += p.domain.contains(tb) ? 0 : 1;
    }
  EXPECT_GT(projected_count, 0);
  EXPECT_GT(left, 0);
  EXPECT_GT(shrinks, 0U);
}

// The ellipsoid ∩ S-ball option: every point of the lattice lands inside both sets (the shrink toward θ̂_o), the
// norm bound is min(S, the ellipsoid's), and a centre outside the ball is refused.
TEST(PGdTest, EllipsoidIntersectedWithTheBallKeepsIteratesInsideBoth) {
  PgdParams p = ball_params(4, 1, 0, 0, 4, 0);
  p.domain = PgdDomain::ellipsoid({Rational(1, 4), 0}, {{1, Rational(1, 2)}, {Rational(1, 2), 1}}, 4);
  p.domain.intersect_S = Rational(1, 2);
  EXPECT_EQ(pgd_theta_norm_bound(p.domain), Rational(1, 2));
  p.theta_bound = Rational(1, 2);
  const PGd pgd(p, 1, 2);
  std::uint64_t shrinks = 0;
  int outside_ball_only = 0;
  for (int a = -6; a <= 6; ++a)
    for (int b = -6; b <= 6; ++b) {
      const std::vector<Rational> y{Rational(a, 2), Rational(b, 3)};
      bool projected = false;
      const auto th = pgd.grid_project(y, &shrinks, &projected);
      EXPECT_TRUE(p.domain.contains(th));
      EXPECT_LE(sq(th), Rational(1, 4));
      PgdDomain e = p.domain;
      e.intersect_S.reset();
      outside_ball_only += (e.contains(y) && !p.domain.contains(y)) ? 1 : 0;
    }
  EXPECT_GT(outside_ball_only, 0);  // the ball actually cuts the ellipsoid on this lattice
  EXPECT_GT(shrinks, 0U);
  PgdParams bad = p;
  bad.domain.center = {1, 0};
  bad.domain.intersect_S = Rational(1, 2);
  EXPECT_THROW(PGd(bad, 1, 2), ParameterError);
  PgdParams ball = ball_params(4, 1, 0, 0, 4, 0);
  ball.domain.intersect_S = 1;
  EXPECT_THROW(PGd(ball, 1, 2), ParameterError);
}

TEST(PGdTest, EllipsoidNormBoundIsCertifiedAndTight) {
  const PgdDomain dom = PgdDomain::ellipsoid({Rational(1, 2), 0}, {{4, 0}, {0, 1}}, 1);
  // sup‖θ‖ = ‖c‖ + ρ/√λ_min = ½ + 1.
  const Rational B = pgd_theta_norm_bound(dom);
  EXPECT_GE(B, Rational(3, 2));
  EXPECT_LE(B, Rational(3, 2) + two_pow(-20));
  EXPECT_TRUE(pgd_certify_theta_bound(dom, B));
  EXPECT_FALSE(pgd_certify_theta_bound(dom, Rational(7, 5)));
  EXPECT_TRUE(pgd_certify_theta_bound(PgdDomain::ball(2), 2));
  EXPECT_FALSE(pgd_certify_theta_bound(PgdDomain::ball(2), Rational(19, 10)));
  EXPECT_TRUE(positive_definite({{2, 1}, {1, 2}}));
  EXPECT_FALSE(positive_definite({{1, 2}, {2, 1}}));
}

TEST(PGdTest, RefusesBadInput) {
  const PgdParams ok = ball_params(8, 1, 2, 1, 4, 4);
  const auto refuses = [](PgdParams p, std::size_t n, std::size_t d, const char* name) {
    try {
      PGd g(std::move(p), n, d);
      ADD_FAILURE() << "accepted, expected a refusal naming " << name;
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("'") + name + "'"), std::string::npos) << e.what();
    }
  };
  refuses(ok, 0, 2, "n");
  refuses(ok, 2, 0, "d");
  PgdParams p = ok;
  p.q = 0;
  refuses(p, 2, 2, "q");
  p = ok;
  p.L = Rational(99, 100);
  refuses(p, 2, 2, "L");
  p = ok;
  p.reg = 1;  // L must be >= 1 + 1·1
  refuses(p, 2, 2, "L");
  p = ok;
  p.theta_bound = Rational(1, 2);
  refuses(p, 2, 2, "theta_bound");
  p = ok;
  p.eta = 0;
  refuses(p, 2, 2, "eta");
  p = ok;
  p.iterations = Integer(1) << 64;
  refuses(p, 2, 2, "iterations");
  p = ok;
  p.domain = PgdDomain::ellipsoid({0, 0}, {{1, 2}, {2, 1}}, 1);
  refuses(p, 2, 2, "V");
  p.domain = PgdDomain::ellipsoid({0, 0}, {{1, 0}, {Rational(1, 2), 1}}, 1);
  refuses(p, 2, 2, "V");
  p.domain = PgdDomain::ellipsoid({Rational(1, 1024), 0}, {{1, 0}, {0, 1}}, 1);
  refuses(p, 2, 2, "center");
  p = ok;
  p.b = Integer(1) << 80;
  refuses(p, 2, 2, "b");
  const PGd pgd(ok, 2, 2);
  ChaCha20Source src(1);
  const auto run_refuses = [&](std::vector<PgdDatum> data, const char* name) {
    try {
      pgd.run(std::span<const PgdDatum>(data), src);
      ADD_FAILURE() << "accepted data, expected a refusal naming " << name;
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("'") + name + "'"), std::string::npos) << e.what();
    }
  };
  run_refuses({{1, {0, 0}}}, "data");
  run_refuses({{1, {0, 0}}, {2, {0, 0}}}, "r");
  run_refuses({{1, {0, 0}}, {Rational(1, 1024), {0, 0}}}, "r");
  run_refuses({{1, {1, 1}}, {0, {0, 0}}}, "x");
  run_refuses({{1, {0}}, {0, {0, 0}}}, "x");
}

}  // namespace
}  // namespace dpb::ref
