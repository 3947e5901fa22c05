// Seed 003's GLM instances (Sarmasarkar 2026, arXiv:2602.00417, Sec. 8; spec 003 §7.2): the generators replayed
// independently from the bit stream, exact norms, κ and κ* against the GLM layer's kappa_of_arms, pseudo-regret
// against a double computation of the logistic link, bad input.
#include "reference/environments/glm_instance.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/bits/chacha20.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/environments/linear_instance.hpp"
#include "reference/samplers/rounded_normal.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

GlmInstanceParams params(GlmGenerator g, std::uint32_t d, std::uint32_t K, std::uint64_t sets, Rational S,
                         Link link = Link::probit) {
  GlmInstanceParams p;
  p.link = link;
  p.generator = g;
  p.d = d;
  p.K = K;
  p.q = 16;
  p.sets = sets;
  p.S = S;
  p.seed = 109832;
  p.stream = 0;
  return p;
}

Integer norm2(std::span<const std::int64_t> x) {
  Integer s = 0;
  for (std::int64_t c : x) s += Integer(c) * c;
  return s;
}

TEST(GlmInstanceTest, AuthorsGeneratorReplaysFromTheStream) {
  // An independent replay of the normative bits (docs/bits.md §8): θ*'s d cube draws on 2^−32, then every arm's
  // direction and radius; θ* = S·u/‖u‖ rounded toward zero (here in long double).
  const GlmInstance inst = make_glm_instance(params(GlmGenerator::authors, 3, 20, 50, Rational(5, 2)));
  ChaCha20Source bits(109832, 0);
  std::vector<long double> u(3);
  long double n2 = 0;
  for (auto& x : u) {
    x = static_cast<long double>(uniform_below_u64(bits, (1ULL << 33) + 1)) - 4294967296.0L;
    n2 += x * x;
  }
  for (int i = 0; i < 3; ++i) {
    const long double v = std::trunc(u[i] * 2.5L * 65536.0L / std::sqrt(n2));
    EXPECT_EQ(inst.theta[i], static_cast<std::int64_t>(v)) << i;
  }
  // Arms: d exact rounded normals (the direction), then 64 bits k (U = k/2^64), coordinates
  // ⌊|g_i|·2^16·U^{1/3}/‖g‖⌋ with g's sign (long double here; a value within 10^−9 of an integer is skipped).
  const RoundedNormal normal(Rational(1), Integer(32));
  int checked = 0;
  for (std::uint64_t i = 0; i < 50 * 20; ++i) {
    const std::vector<Integer> g = internal::nonzero_normals(normal, bits, 3);
    const long double k = static_cast<long double>(bits.next_bits(64));
    long double n2 = 0;
    for (const Integer& x : g) n2 += static_cast<long double>(x.convert_to<double>()) * x.convert_to<double>();
    const long double r = std::cbrt(k / 18446744073709551616.0L);
    for (int c = 0; c < 3; ++c) {
      const long double y = std::fabs(static_cast<long double>(g[c].convert_to<double>())) * 65536.0L * r / std::sqrt(n2);
      if (std::fabs(y - std::round(y)) < 1e-9L) continue;
      const auto m = static_cast<std::int64_t>(std::floor(y));
      ASSERT_EQ(inst.arms[i * 3 + c], g[c] < 0 ? -m : m) << i << " " << c;
      ++checked;
    }
  }
  EXPECT_GT(checked, 2900);
}

TEST(GlmInstanceTest, AuthorsThetaRejectsTheTopValueOfItsThirtyFourBits) {
  // Each coordinate is uniform on {−2^32, …, 2^32}: 34 bits u, kept when u <= 2^33. A scripted tape offers u = 2^33 + 1
  // first (refused, 34 bits spent), then 2^33 (coordinate 2^32) and 2^32 (coordinate 0): θ* = (S·2^16, 0) after 102
  // bits.
  Tape tape;
  tape.append((std::uint64_t{1} << 33) + 1, 34);
  tape.append(std::uint64_t{1} << 33, 34);
  tape.append(std::uint64_t{1} << 32, 34);
  TapeSource bits(tape);
  const std::vector<std::int64_t> theta =
      internal::draw_glm_theta(params(GlmGenerator::authors, 2, 4, 1, Rational(5, 2)), bits);
  EXPECT_EQ(theta, (std::vector<std::int64_t>{163840, 0}));
  EXPECT_EQ(bits.position(), 102u);
}

TEST(GlmInstanceTest, NormsAreExactAndThetaIsNearTheSphere) {
  for (GlmGenerator g : {GlmGenerator::authors, GlmGenerator::sphere})
    for (const Rational& S : {Rational(2), Rational(5, 2), Rational(3), Rational(7, 2)}) {
      GlmInstance inst = make_glm_instance(params(g, 5, 20, 10, S));
      const Rational t2(norm2(inst.theta), Integer(1) << 32);
      EXPECT_LE(t2, S * S);
      const Rational lower = S - Rational(5, 65536);  // each coordinate loses < 2^−16, ‖loss‖ < √5·2^−16
      EXPECT_GE(t2, lower * lower);
      for (std::uint64_t i = 0; i < inst.sets * inst.K; ++i)
        EXPECT_LE(norm2(std::span<const std::int64_t>(inst.arms).subspan(i * 5, 5)), Integer(1) << 32);
      EXPECT_NO_THROW(validate(inst, "test"));
    }
}

TEST(GlmInstanceTest, GeneratorsAndStreamsDiffer) {
  const GlmInstance a = make_glm_instance(params(GlmGenerator::authors, 3, 4, 2, Rational(2)));
  const GlmInstance b = make_glm_instance(params(GlmGenerator::sphere, 3, 4, 2, Rational(2)));
  auto p = params(GlmGenerator::authors, 3, 4, 2, Rational(2));
  p.stream = glm_instance_stream(0);
  const GlmInstance c = make_glm_instance(p);
  EXPECT_NE(a.theta, b.theta);
  EXPECT_NE(a.arms, c.arms);
  EXPECT_EQ(a.arms, make_glm_instance(params(GlmGenerator::authors, 3, 4, 2, Rational(2))).arms);
}

TEST(GlmInstanceTest, KappaMatchesTheGlmLayerOverTheUnionOfArms) {
  for (Link link : {Link::logistic, Link::probit}) {
    const GlmInstance inst = make_glm_instance(params(GlmGenerator::authors, 3, 5, 7, Rational(3), link));
    ArmSet all;
    for (std::uint64_t s = 0; s < inst.sets; ++s)
      for (std::uint32_t a = 0; a < inst.K; ++a) all.push_back(inst.context(s, a));
    const KappaEnclosure want = kappa_of_arms(link, all, inst.theta_exact(), 128);
    const KappaEnclosure got = glm_instance_kappa(inst, 128);
    EXPECT_EQ(got.z_far < 0 ? Rational(-got.z_far) : got.z_far, want.z_far < 0 ? Rational(-want.z_far) : want.z_far);
    EXPECT_TRUE(got.kappa.overlaps(want.kappa));
    EXPECT_TRUE(got.kappa_star.overlaps(want.kappa_star));
    EXPECT_TRUE(got.kappa_star.certainly_less_equal(got.kappa));
  }
}

TEST(GlmInstanceTest, PseudoRegretAgainstADoubleLogistic) {
  const GlmInstance inst = make_glm_instance(params(GlmGenerator::authors, 3, 6, 5, Rational(3), Link::logistic));
  std::vector<std::uint32_t> best, zero;
  long double want = 0;
  auto mu = [](long double z) { return 1.0L / (1.0L + std::exp(-z)); };
  for (std::uint64_t t = 1; t <= 40; ++t) {
    const std::uint64_t s = inst.set_of_round(t);
    best.push_back(inst.best_arm(s));
    zero.push_back(0);
    auto zd = [&](std::uint32_t a) { return static_cast<long double>(inst.z_num[s * inst.K + a]) / 4294967296.0L; };
    want += mu(zd(inst.best_arm(s))) - mu(zd(0));
    for (std::uint32_t a = 0; a < inst.K; ++a) EXPECT_LE(inst.z(s, a), inst.z(s, inst.best_arm(s)));
  }
  const Interval r0 = glm_pseudo_regret(inst, best, 128);
  EXPECT_TRUE(r0.contains(Rational(0)));
  EXPECT_EQ(r0.width(), Rational(0));
  const Interval r = glm_pseudo_regret(inst, zero, 128);
  EXPECT_NEAR(r.midpoint_for_report(), static_cast<double>(want), 1e-12);
  EXPECT_GT(r.midpoint_for_report(), 0.1);  // arm 0 is not always best: a nonzero regret the check can see
}

TEST(GlmInstanceTest, RewardStreamsAreDisjoint) {
  EXPECT_EQ(glm_reward_stream(0, 1), (1ULL << 40) + 1);
  EXPECT_LT(glm_reward_stream(0, (1ULL << 39) - 1), glm_instance_stream(1));
  EXPECT_NE(glm_reward_stream(1, 5), glm_reward_stream(0, 5));
  test::expect_parameter_error([] { glm_reward_stream(0, 0); }, "t");
  test::expect_parameter_error([] { glm_reward_stream(1ULL << 23, 1); }, "run");
}

TEST(GlmInstanceTest, BadInputNamesTheParameter) {
  auto with = [](auto change) {
    auto p = params(GlmGenerator::authors, 3, 4, 2, Rational(2));
    change(p);
    return [p] { make_glm_instance(p); };
  };
  test::expect_parameter_error(with([](auto& p) { p.K = 0; }), "K");
  test::expect_parameter_error(with([](auto& p) { p.d = 0; }), "d");
  test::expect_parameter_error(with([](auto& p) { p.q = 0; }), "q");
  test::expect_parameter_error(with([](auto& p) { p.q = 21; }), "q");
  test::expect_parameter_error(with([](auto& p) { p.sets = 0; }), "sets");
  test::expect_parameter_error(with([](auto& p) { p.S = Rational(0); }), "S");
  test::expect_parameter_error(with([](auto& p) { p.S = Rational(65); }), "S");
  test::expect_parameter_error([] { parse_glm_generator("cube"); }, "generator");
  test::expect_parameter_error([] { parse_link("logit"); }, "link");
  GlmInstance inst = make_glm_instance(params(GlmGenerator::authors, 3, 4, 2, Rational(2)));
  GlmInstance far = inst;
  far.arms[0] = 65536;
  far.arms[1] = 1;  // ‖x‖² = 1 + 2^−32 > 1: the exact check sees it
  far.arms[2] = 0;
  GlmInstance edge = inst;
  edge.arms[0] = 65536;
  edge.arms[1] = 0;  // ‖x‖ = 1 exactly: accepted
  edge.arms[2] = 0;
  EXPECT_NO_THROW(validate(edge, "test"));
  test::expect_parameter_error([&] { validate(far, "test"); }, "arms");
  GlmInstance big = inst;
  big.S = Rational(1);  // θ* has norm ≈ 2
  test::expect_parameter_error([&] { validate(big, "test"); }, "theta");
  GlmInstance shortened = inst;
  shortened.arms.pop_back();
  test::expect_parameter_error([&] { validate(shortened, "test"); }, "arms");
}

}  // namespace
}  // namespace dpb::ref
