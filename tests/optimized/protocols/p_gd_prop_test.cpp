// P_GD (seed 003, Alg. 7): the optimized twin (optimized/protocols/p_gd.hpp) and the reference give the same
// iterates, counts and θ̄ after the same number of bits, over seeds, links, both domains, exact and irrational
// gradient entries, and with every entry deferred (|z| > 64, outside the double path's range).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "optimized/protocols/p_gd.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/p_gd.hpp"

namespace dpb {
namespace {

bool same(const ref::PgdResult& a, const ref::PgdResult& b) {
  return a.theta_bar == b.theta_bar && a.iterates == b.iterates && a.counts == b.counts && a.gradients == b.gradients &&
         a.released == b.released && a.roundings == b.roundings && a.shrink_steps == b.shrink_steps &&
         a.projections == b.projections;
}

RC_GTEST_PROP(PGdCrossProperty, SameSeedGivesIdenticalIteratesInBothBuilds, ()) {
  const unsigned q = *rc::gen::inRange(2U, 12U);
  const std::size_t d = *rc::gen::inRange<std::size_t>(1, 4);
  const std::size_t n = *rc::gen::inRange<std::size_t>(1, 5);
  ref::PgdParams p;
  p.link = *rc::gen::element(ref::Link::logistic, ref::Link::probit);
  p.q = q;
  p.R = 1;
  p.reg = Rational(*rc::gen::inRange(0, 4), 8);
  const bool ellipsoid = *rc::gen::arbitrary<bool>();
  if (ellipsoid) {
    std::vector<Rational> c(d, Rational(0));
    c[0] = Rational(1, 4);
    std::vector<std::vector<Rational>> V(d, std::vector<Rational>(d, Rational(0)));
    for (std::size_t i = 0; i < d; ++i) V[i][i] = Rational(*rc::gen::inRange(1, 5));
    if (d >= 2) V[0][1] = V[1][0] = Rational(1, 2);
    p.domain = ref::PgdDomain::ellipsoid(c, V, Rational(*rc::gen::inRange(1, 4), 2));
    p.theta_bound = ref::pgd_theta_norm_bound(p.domain);
  } else {
    p.domain = ref::PgdDomain::ball(Rational(*rc::gen::inRange(1, 9), 4));
    p.theta_bound = p.domain.S;
  }
  p.L = p.R + p.reg * p.theta_bound;
  p.iterations = *rc::gen::inRange(0, 5);
  p.eta = Rational(*rc::gen::inRange(1, 9), 4);
  p.g = *rc::gen::inRange(1, 40);
  p.b = *rc::gen::element<long>(0, 3, 1000, 1000000007L);
  p.range = *rc::gen::element(ref::PVecRange::TwoDelta, ref::PVecRange::Delta);
  const Integer half = Integer(1) << (q / 2);
  std::vector<ref::PgdDatum> data;
  for (std::size_t i = 0; i < n; ++i) {
    ref::PgdDatum u;
    u.r = *rc::gen::element(0, 1);
    Rational norm(0);
    for (std::size_t k = 0; k < d; ++k) {
      Rational xk(Integer(*rc::gen::inRange(-to_int64(half), to_int64(half) + 1)), half);
      if (norm + xk * xk > 1) xk = 0;
      norm += xk * xk;
      u.x.push_back(xk);
    }
    data.push_back(u);
  }
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  const ref::PGd rp(p, n, d);
  const fast::PGd fp(p, n, d);
  ChaCha20Source rs(seed, 3), fs(seed, 3);
  CountingSource rb(rs), fb(fs);
  const ref::PgdResult rr = rp.run(std::span<const ref::PgdDatum>(data), rb);
  const ref::PgdResult fr = fp.run(std::span<const ref::PgdDatum>(data), fb);
  RC_ASSERT(same(rr, fr));
  RC_ASSERT(rb.count() == fb.count());
}

// S = 96 puts |z| beyond 64 for a unit context: the double path cannot take those entries, every one is deferred,
// and the result is still the reference's.
TEST(PGdCrossTest, FarIteratesDeferEveryEntryAndStayIdentical) {
  ref::PgdParams p;
  p.q = 4;
  p.R = 1;
  p.domain = ref::PgdDomain::ball(96);
  p.theta_bound = 96;
  p.L = 1;
  p.iterations = 3;
  p.eta = 1024;
  p.g = 7;
  p.b = 5;
  const std::vector<ref::PgdDatum> data{{0, {1, 0}}, {0, {Rational(3, 4), Rational(1, 2)}}};
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const ref::PGd rp(p, 2, 2);
    const fast::PGd fp(p, 2, 2);
    ChaCha20Source rs(seed), fs(seed);
    CountingSource rb(rs), fb(fs);
    const ref::PgdResult rr = rp.run(std::span<const ref::PgdDatum>(data), rb);
    const ref::PgdResult fr = fp.run(std::span<const ref::PgdDatum>(data), fb);
    EXPECT_TRUE(same(rr, fr)) << "seed " << seed;
    EXPECT_EQ(rb.count(), fb.count());
    EXPECT_GT(fp.deferrals(), 0U);
  }
}

// The double path decides almost every entry at ordinary sizes (deferrals are rare) and agrees.
TEST(PGdCrossTest, OrdinaryRunsDeferRarely) {
  ref::PgdParams p;
  p.q = 10;
  p.R = 1;
  p.reg = Rational(1, 16);
  p.domain = ref::PgdDomain::ball(2);
  p.theta_bound = 2;
  p.L = Rational(9, 8);
  p.iterations = 20;
  p.eta = Rational(1, 2);
  p.g = 21;
  p.b = 100000;
  std::vector<ref::PgdDatum> data;
  for (int i = 0; i < 12; ++i) data.push_back({Rational(i % 3 == 0 ? 1 : 0), {Rational(i - 6, 16), Rational(5, 8)}});
  const ref::PGd rp(p, 12, 2);
  const fast::PGd fp(p, 12, 2);
  ChaCha20Source rs(77), fs(77);
  CountingSource rb(rs), fb(fs);
  const ref::PgdResult rr = rp.run(std::span<const ref::PgdDatum>(data), rb);
  const ref::PgdResult fr = fp.run(std::span<const ref::PgdDatum>(data), fb);
  EXPECT_TRUE(same(rr, fr));
  EXPECT_EQ(rb.count(), fb.count());
  EXPECT_LT(fp.deferrals(), 12U * 2U * 20U / 10U);
}

}  // namespace
}  // namespace dpb
