// P₂, the matrix P_Vec of seed 003 (reference/protocols/p2.hpp) and its Eq. 127 calibration
// (reference/protocols/calibration_003_p2.hpp): the Frobenius clip at the randomizer's input (refused, not
// clipped), the exactly symmetric output, the wrapper's parameters, the calibration at the spec's worked example
// (spec 003 §6 V2: n = 1000, d = 3, ε = 0.5, δ = 0.01 gives g = 64, b = ⌈2.705·10⁸⌉, variance ≈ 1.238·10⁷ at the
// scale g/Δ; b = 270 498 239 from ln 4000 evaluated independently to 60 digits), and the named refusals.
#include "reference/protocols/p2.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/protocols/calibration_003_p2.hpp"

namespace dpb::ref {
namespace {

P2Params small(std::uint32_t d, long n) {
  P2Params p;
  p.d = d;
  p.n = n;
  p.g = 4;
  p.b = 3;
  p.delta = 1;
  return p;
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ParameterError& e) {
    return e.what();
  }
  return "";
}

TEST(P2Test, WrapsPVecOnTheUpperTriangleWithQuarterBias) {
  const PVecParams v = p2_pvec_params(small(3, 2));
  EXPECT_EQ(v.labels, LabelSet::symmetric_matrix(3));
  EXPECT_EQ(v.labels.size(), 6U);
  EXPECT_EQ(v.p, Rational(1, 4));
  EXPECT_EQ(v.batch, Integer(2));
  EXPECT_EQ(v.message_bits, Integer(4 + 3));  // g + b at r = 2Δ
  P2Params printed = small(3, 2);
  printed.range = PVecRange::Delta;
  EXPECT_EQ(p2_pvec_params(printed).message_bits, Integer(2 * 4 + 3));
  printed.message_bits = 7;  // g + b with r = Δ: the printed overflow is refused at construction
  EXPECT_NE(message_of([&] { (void)p2_pvec_params(printed); }).find("parameter 'message_bits'"), std::string::npos);
}

TEST(P2Test, FrobeniusNormCountsOffDiagonalEntriesTwice) {
  // [[1/2, 1/2], [1/2, 1/2]] = x xᵀ with x = (1/√2, 1/√2): ‖·‖_F² = 4·(1/4) = 1.
  const std::vector<Rational> t = {Rational(1, 2), Rational(1, 2), Rational(1, 2)};
  EXPECT_EQ(p2_frobenius_squared(t, 2), Rational(1));
  const std::vector<Rational> x = {Rational(3, 5), Rational(4, 5)};
  const std::vector<Rational> r1 = p2_rank_one_triu(x, Rational(1, 2));
  ASSERT_EQ(r1.size(), 3U);
  EXPECT_EQ(r1[1], Rational(6, 25));                       // w·x₀·x₁
  EXPECT_EQ(p2_frobenius_squared(r1, 2), Rational(1, 4));  // (w‖x‖²)²
}

TEST(P2Test, RefusesAUserMatrixAboveDeltaAndNamesIt) {
  const P2 p(small(2, 2));
  ChaCha20Source bits(1, 0);
  // Every entry within [−1, 1] but ‖X‖_F² = 1 + 2·(1/4) + 0 > 1: P_Vec alone would accept it, P₂ refuses it.
  const std::vector<std::vector<Rational>> rows = {{Rational(1), Rational(1, 2), Rational(0)},
                                                   {Rational(0), Rational(0), Rational(0)}};
  const std::string m = message_of([&] { (void)p.run(std::span<const std::vector<Rational>>(rows), bits); });
  EXPECT_NE(m.find("P2::run: parameter 'X' must be of Frobenius norm <= delta = 1 (user 0; refused, not clipped)"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("squared norm 3/2"), std::string::npos) << m;
  const std::vector<std::vector<Rational>> edge = {{Rational(1, 2), Rational(1, 2), Rational(1, 2)},
                                                   {Rational(-1), Rational(0), Rational(0)}};
  EXPECT_NO_THROW((void)p.run(std::span<const std::vector<Rational>>(edge), bits));
}

TEST(P2Test, OutputIsExactlySymmetricAndItsTriangleIsPVecs) {
  for (const NoisePath path : {NoisePath::PerUser, NoisePath::Aggregate}) {
    const P2 p(small(3, 2), path);
    ChaCha20Source bits(7, 1);
    const std::vector<std::vector<Rational>> rows = {
        p2_rank_one_triu(std::vector<Rational>{Rational(1, 2), Rational(-1, 2), Rational(1, 4)}, Rational(1)),
        p2_rank_one_triu(std::vector<Rational>{Rational(0), Rational(3, 4), Rational(1, 2)}, Rational(1, 2))};
    const P2Transcript t = p.run(std::span<const std::vector<Rational>>(rows), bits);
    ASSERT_EQ(t.matrix.size(), 9U);
    for (std::size_t i = 0; i < 3; ++i)
      for (std::size_t j = 0; j < 3; ++j) EXPECT_EQ(t.matrix[i * 3 + j], t.matrix[j * 3 + i]);
    const LabelSet labels = LabelSet::symmetric_matrix(3);
    for (std::size_t k = 0; k < labels.size(); ++k) {
      const Label l = labels.at(k);
      EXPECT_EQ(t.matrix[l.i * 3 + l.j], t.vec.output[k]);
      EXPECT_EQ(t.vec.output[k], pvec_analyze(p.vec().params(), t.vec.counts[k]));
    }
  }
}

TEST(P2Test, BadSizesAreRefusedNamingTheParameter) {
  EXPECT_NE(
      message_of([] { (void)p2_pvec_params(small(0, 1)); }).find("P2: parameter 'd' must be in [1, 65536], got 0"),
      std::string::npos);
  P2Params huge = small(4, 1);
  huge.n = Integer(1) << 60;
  EXPECT_NE(message_of([&] { (void)p2_pvec_params(huge); }).find("parameter 'B'"), std::string::npos);
}

TEST(CalibrationP2Test, Eq127AtTheSpecsWorkedExample) {
  CalibrationP2Input in;
  in.eps = Rational(1, 2);
  in.delta = Rational(1, 100);
  in.n = 1000;
  in.d = 3;
  in.range = PVecRange::Delta;  // the spec's scale g/Δ
  const Calibration001 c = calibrate_p2(in);
  EXPECT_EQ(*c.find("g")->exact, Rational(64));  // ⌈2√1000⌉ = ⌈63.25⌉
  EXPECT_EQ(*c.find("b")->exact, Rational(270498239));
  EXPECT_EQ(*c.find("message_bits")->exact, Rational(2 * 64 + 270498239));
  EXPECT_EQ(*c.find("labels")->exact, Rational(6));
  // (1/64)²(1000/4 + 3·1000·b/16) = 12 382 426.77…, the spec's ≈ 1.238·10⁷.
  const Rational var = *c.find("v2_variance_bound")->exact;
  EXPECT_GT(var, Rational(12382426));
  EXPECT_LT(var, Rational(12382427));
  EXPECT_EQ(*c.find("v2_rounding_within_r2_over_16")->flag, true);
  EXPECT_EQ(*c.find("v3_proxy_within_bound")->flag, true);
  in.range = PVecRange::TwoDelta;  // scale g/(2Δ): four times the variance
  const Calibration001 c2 = calibrate_p2(in);
  EXPECT_EQ(*c2.find("b")->exact, Rational(270498239));
  EXPECT_EQ(*c2.find("message_bits")->exact, Rational(64 + 270498239));
  EXPECT_EQ(*c2.find("v2_binomial_variance")->exact, 4 * *c.find("v2_binomial_variance")->exact);
}

TEST(CalibrationP2Test, RefusesOutsideLemmaS2NamingTheParameter) {
  CalibrationP2Input in;
  in.eps = Rational(16);
  in.delta = Rational(1, 100);
  in.n = 100;
  in.d = 2;
  EXPECT_NE(message_of([&] { (void)calibrate_p2(in); }).find("parameter 'eps' must be in (0, 15]"), std::string::npos);
  in.eps = Rational(15);
  EXPECT_NO_THROW((void)calibrate_p2(in));
  in.delta = Rational(1, 2);
  EXPECT_NE(message_of([&] { (void)calibrate_p2(in); }).find("parameter 'delta' must be in (0, 1/2)"),
            std::string::npos);
  in.delta = Rational(1, 100);
  in.d = 0;
  EXPECT_NE(message_of([&] { (void)calibrate_p2(in); }).find("parameter 'd'"), std::string::npos);
  in.d = 2;
  in.eps = Rational(1);  // n = 2^40: g = 2^21, b ≈ 5.5·10⁷, n·ℓ·3 ≈ 1.8·10²⁰ > 2^63
  in.n = Integer(1) << 40;
  EXPECT_NE(message_of([&] { (void)calibrate_p2(in); }).find("parameter 'n' must be such that"), std::string::npos);
}

}  // namespace
}  // namespace dpb::ref
