// The optimized GLM layer (optimized/glm/) against the reference (reference/glm/): the double values lie within
// their stated error bounds of certified enclosures; rewards are bit-identical (same values, same bits) over many
// seeds and z values, including draws forced onto the deferral path; floors equal the reference's at every k, with
// deferrals counted, and a control without deferral diverges; the design solver gives the same design in both builds.
#include <gtest/gtest.h>

#include <cmath>
#include <deque>

#include "optimized/glm/g_optimal_design.hpp"
#include "optimized/glm/link.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/glm/g_optimal_design.hpp"
#include "tests/support/bit_identity.hpp"

namespace dpb::fast {
namespace {

// z values: 0, small, and a seeded spread of dyadics in (−6, 6) with 2^−20 resolution.
std::vector<Dyadic> z_values(std::uint64_t seed, int n) {
  std::vector<Dyadic> out{Dyadic(0, 0), Dyadic(1, 20), Dyadic(-1, 20), Dyadic(3, 0), Dyadic(-5, 1)};
  ChaCha20Source bits(seed, 1);
  for (int i = 0; i < n; ++i) out.emplace_back(static_cast<std::int64_t>(bits.next_bits(24)) - (1 << 23), 20);
  return out;
}

const ref::Link kLinks[] = {ref::Link::logistic, ref::Link::probit};

TEST(GlmCrossTest, DoubleValuesWithinTheirErrorBound) {
  for (ref::Link link : kLinks) {
    const Glm fast(link);
    for (const Dyadic& z : z_values(3, 300)) {
      const Interval m = ref::mu_enclosure(link, z.exact(), 128), md = ref::mu_dot_enclosure(link, z.exact(), 128);
      const Rational a = Rational(fast.mu(z)), b = Rational(fast.mu_dot(z)), e = Rational(kValueError);
      EXPECT_TRUE(m.certainly_greater(Rational(a - e)) && m.certainly_less(Rational(a + e))) << z.value();
      EXPECT_TRUE(md.certainly_greater(Rational(b - e)) && md.certainly_less(Rational(b + e))) << z.value();
    }
  }
}

TEST(GlmCrossTest, RewardsAreBitIdenticalOverSeedsAndZ) {
  std::uint64_t seed = 100;
  for (ref::Link link : kLinks) {
    const Glm fast(link);
    for (const Dyadic& z : z_values(5, 40)) {
      const Rational zr = z.exact();
      test::expect_bit_identical([&](auto& bits) { return ref::sample_reward(link, zr, bits); },
                                 [&](auto& bits) { return fast.sample_reward(z, bits); }, ++seed,
                                 std::string(ref::link_name(link)) + " z=" + std::to_string(z.value()), 200, 64);
    }
  }
}

TEST(GlmCrossTest, FarZIsTheReferencesDecision) {
  // |z| > 64: outside the double range the optimized build hands every decision to the reference (counted).
  for (ref::Link link : kLinks) {
    const Glm fast(link);
    const Dyadic z(-100, 0), x(1, 1);
    test::expect_bit_identical([&](auto& bits) { return ref::sample_reward(link, z.exact(), bits); },
                               [&](auto& bits) { return fast.sample_reward(z, bits); }, 5, "far z", 50, 64);
    const Rational s(Integer(1) << 40);
    EXPECT_EQ(fast.floor_mu_dot(z, 40), to_int64(ref::floor_scaled(ref::mu_dot(link, z.exact()), s)));
    EXPECT_EQ(fast.floor_gradient(z, 1, x, 40),
              to_int64(ref::floor_scaled(ref::gradient(link, {z.exact() * 2}, {x.exact()}, Rational(1))[0], s)));
    EXPECT_EQ(fast.deferrals(), 52U);
  }
}

TEST(GlmCrossTest, RewardDeferralKeepsTheBitsAndValue) {
  // A first chunk equal to ⌊μ·2^64⌋ contains μ: the fast build must hand over, the second chunk decides.
  for (ref::Link link : kLinks) {
    const Glm fast(link);
    const Dyadic z(3, 2);
    const auto cut = to_uint64(ref::floor_scaled(ref::mu(link, z.exact()), Rational(Integer(1) << 64)));
    for (std::uint64_t second : {std::uint64_t{0}, ~std::uint64_t{0}, std::uint64_t{1} << 63}) {
      struct Words {
        std::deque<std::uint64_t> w;
        unsigned read = 0;
        std::uint64_t next_bits(unsigned) { ++read; auto x = w.front(); w.pop_front(); return x; }
        bool next_bit() { return false; }
      } a{{cut, second, 0, 0}}, b{{cut, second, 0, 0}};
      EXPECT_EQ(fast.sample_reward(z, a), ref::sample_reward(link, z.exact(), b));
      EXPECT_EQ(a.read, b.read);
    }
    EXPECT_EQ(fast.deferrals(), 3U);
  }
}

TEST(GlmCrossTest, FloorsEqualTheReferenceAndDeferWhenClose) {
  for (ref::Link link : kLinks) {
    const Glm fast(link);
    int control_divergences = 0;
    for (const Dyadic& z : z_values(9, 60)) {
      for (unsigned k : {0U, 8U, 20U, 40U, 52U}) {
        const Rational s(Integer(Integer(1) << k));
        EXPECT_EQ(fast.floor_mu_dot(z, k), to_int64(ref::floor_scaled(ref::mu_dot(link, z.exact()), s)));
        const Dyadic x(-3, 2);
        for (int r : {0, 1}) {
          const auto g = ref::gradient(link, {z.exact()}, {x.exact()}, Rational(r))[0];
          // gradient() takes θ and x: with θ = (z) and x = (−3/4), ⟨x,θ⟩ = −3z/4; compare with the fast entry at that z.
          const Rational zz = Rational(z.exact() * x.exact());
          const Dyadic zd(z.num * -3, z.shift + 2);
          EXPECT_EQ(fast.floor_gradient(zd, r, x, k), to_int64(ref::floor_scaled(g, s))) << zz;
          // Control: the bare double floor, without deferral.
          const double bare = std::floor(std::ldexp((fast.mu(zd) - r) * x.value(), static_cast<int>(k)));
          if (static_cast<std::int64_t>(bare) != to_int64(ref::floor_scaled(g, s))) ++control_divergences;
        }
      }
    }
    EXPECT_GT(fast.deferrals(), 0U) << "k = 52 leaves most floors to the reference";
    EXPECT_GT(control_divergences, 0) << "the control without deferral must diverge somewhere";
  }
}

ref::ArmSet arms_of(std::uint64_t seed, std::size_t K, std::size_t d) {
  ChaCha20Source bits(seed, 2);
  ref::ArmSet arms;
  while (arms.size() < K) {
    ref::Vec x;
    Rational n2 = 0;
    for (std::size_t j = 0; j < d; ++j) {
      x.emplace_back(Integer(static_cast<long>(bits.next_bits(11)) - 1024), Integer(1024));
      n2 += x.back() * x.back();
    }
    if (n2 <= 1 && n2 > 0) arms.push_back(x);
  }
  return arms;
}

TEST(GlmCrossTest, DesignsAreIdenticalInBothBuilds) {
  int iterations = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const auto arms = arms_of(seed, 8 + 2 * seed, 2 + seed % 4);
    const auto a = ref::g_optimal_design(arms), b = fast::g_optimal_design(arms);
    EXPECT_EQ(a.counts, b.counts) << seed;
    EXPECT_EQ(a.solver_iterations, b.solver_iterations) << seed;
    iterations += a.solver_iterations;
    std::vector<ref::CertifiedReal> c;
    for (const auto& x : arms) c.push_back(ref::mu_dot(ref::Link::probit, Rational(x[0] * 3)));
    EXPECT_EQ(ref::g_optimal_design_scaled(arms, c).counts, fast::g_optimal_design_scaled(arms, c).counts) << seed;
  }
  EXPECT_GT(iterations, 0) << "some arm set must need solver steps";
  // A rank-deficient set (arms in a plane of R^3): the same coordinates and design in both builds.
  ref::ArmSet plane;
  for (const auto& a : arms_of(9, 10, 2)) plane.push_back({a[0] / 2, a[1] / 2, (a[0] - a[1]) / 2});
  EXPECT_EQ(ref::g_optimal_design(plane).counts, fast::g_optimal_design(plane).counts);
}

}  // namespace
}  // namespace dpb::fast
