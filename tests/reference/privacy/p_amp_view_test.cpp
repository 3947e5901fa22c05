// P_Amp's shuffled view, exact likelihood ratio (reference/privacy/p_amp_view.hpp): Ryser's permanent against
// permanents computed by hand, the closed form (others sharing a record) against Ryser on the same view, invariance
// under the shuffler's order, and validation.
#include <gtest/gtest.h>

#include <algorithm>

#include "reference/core/errors.hpp"
#include "reference/privacy/p_amp_view.hpp"

namespace dpb::ref {
namespace {

std::vector<std::vector<Interval>> matrix(const std::vector<std::vector<long>>& m) {
  std::vector<std::vector<Interval>> a;
  for (const auto& row : m) {
    std::vector<Interval> r;
    for (long v : row) r.emplace_back(v, 128);
    a.push_back(std::move(r));
  }
  return a;
}

TEST(PAmpViewTest, RyserMatchesPermanentsComputedByHand) {
  // perm [[1,2,3],[4,5,6],[7,8,9]] = 1·(5·9 + 6·8) + 2·(4·9 + 6·7) + 3·(4·8 + 5·7) = 93 + 156 + 201 = 450.
  EXPECT_TRUE(permanent_ryser(matrix({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}), 128).contains(Rational(450)));
  // The all-ones n×n matrix has permanent n!; a 1×1 matrix its entry.
  std::vector<std::vector<long>> ones(6, std::vector<long>(6, 1));
  EXPECT_TRUE(permanent_ryser(matrix(ones), 128).contains(Rational(720)));
  EXPECT_TRUE(permanent_ryser(matrix({{7}}), 128).contains(Rational(7)));
  // A permutation matrix has permanent 1, a matrix with a zero row 0.
  EXPECT_TRUE(permanent_ryser(matrix({{0, 1, 0}, {0, 0, 1}, {1, 0, 0}}), 128).contains(Rational(1)));
  EXPECT_TRUE(permanent_ryser(matrix({{1, 2}, {0, 0}}), 128).contains(Rational(0)));
  EXPECT_FALSE(permanent_ryser(matrix({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}), 128).contains(Rational(451)));
}

PAmpView two_part_view(std::size_t B, bool shared) {
  PAmpView v;
  v.sigma = Rational(3, 2);
  v.grid_bits = 12;  // c = 6144: the pmf's rounding slack is below 10⁻⁷ relative (64 units of the grid 2^−6)
  PAmpViewPart a, b;
  a.x1 = {Integer(64 * 64), Integer(0)};
  a.x1p = {Integer(-64 * 64), Integer(0)};
  b.x1 = {Integer(64 * 64), Integer(0), Integer(0)};
  b.x1p = {Integer(64 * 64), Integer(0), Integer(0)};
  for (std::size_t i = 1; i < B; ++i) {
    const long s = shared ? 0 : static_cast<long>(i) * 13 - 20;
    a.others.push_back({Integer(64 * s), Integer(64 * (-s / 2))});
    b.others.push_back({Integer(64 * (s * s / 64)), Integer(64 * s), Integer(64 * 7)});
  }
  v.parts = {a, b};
  validate(v);
  return v;
}

std::vector<std::vector<std::vector<Integer>>> some_view(const PAmpView& v, long salt) {
  std::vector<std::vector<std::vector<Integer>>> y;
  long z = salt;
  for (const auto& part : v.parts) {
    std::vector<std::vector<Integer>> msgs;
    for (std::size_t j = 0; j <= part.others.size(); ++j) {
      std::vector<Integer> m;
      for (std::size_t k = 0; k < part.x1.size(); ++k) {
        z = (z * 1103515245 + 12345) % 2147483648;
        m.push_back(Integer(64 * (z % 301 - 150)));
      }
      msgs.push_back(std::move(m));
    }
    y.push_back(std::move(msgs));
  }
  return y;
}

TEST(PAmpViewTest, ClosedFormAndRyserAgreeWhenTheOthersShareARecord) {
  for (std::size_t B : {2, 3, 5, 8}) {
    const PAmpView v = two_part_view(B, true);
    for (long salt = 1; salt <= 3; ++salt) {
      const auto y = some_view(v, salt);
      const Interval closed = pamp_view_likelihood_ratio(v, y, 128);
      const Interval ryser = pamp_view_likelihood_ratio(v, y, 128, true);
      EXPECT_TRUE(closed.overlaps(ryser)) << "B = " << B;
      EXPECT_LT(closed.width(), closed.lower() * Rational(1, 1000000));
      EXPECT_LT(ryser.width(), ryser.lower() * Rational(1, 1000000));
    }
  }
}

TEST(PAmpViewTest, RyserAtTheLargestBatch) {
  const PAmpView v = two_part_view(16, true);
  const auto y = some_view(v, 5);
  EXPECT_TRUE(pamp_view_likelihood_ratio(v, y, 128).overlaps(pamp_view_likelihood_ratio(v, y, 128, true)));
}

TEST(PAmpViewTest, OneUserIsTheGaussianRatioOfTheMessage) {
  PAmpView v;
  v.sigma = 1;
  v.grid_bits = 4;  // c = 16
  v.parts = {PAmpViewPart{{Integer(16)}, {Integer(-16)}, {}}};
  // Y = 8: ln LR = ((8 + 16)² − (8 − 16)²)/(2·256) = (576 − 64)/512 = 1, up to the rounding slack of the pmf.
  const Interval lr = pamp_view_likelihood_ratio(v, {{{Integer(8)}}}, 128);
  EXPECT_TRUE(lr.log().overlaps(Interval(1L, 128)));
  EXPECT_LT(lr.log().upper() - 1, Rational(1, 100));
}

TEST(PAmpViewTest, TheRatioDoesNotDependOnTheShufflersOrder) {
  const PAmpView v = two_part_view(5, false);
  auto y = some_view(v, 9);
  const Interval a = pamp_view_likelihood_ratio(v, y, 128);
  std::reverse(y[0].begin(), y[0].end());
  std::rotate(y[1].begin(), y[1].begin() + 2, y[1].end());
  const Interval b = pamp_view_likelihood_ratio(v, y, 128);
  EXPECT_TRUE(a.overlaps(b));
  // A message changed is another view: the ratio moves.
  y[0][0][0] += 64 * 40;
  EXPECT_FALSE(pamp_view_likelihood_ratio(v, y, 128).overlaps(a));
}

TEST(PAmpViewTest, RefusesMalformedSettings) {
  PAmpView v = two_part_view(3, false);
  v.sigma = 0;
  EXPECT_THROW(validate(v), ParameterError);
  v = two_part_view(3, false);
  v.parts[1].others.pop_back();
  EXPECT_THROW(validate(v), ParameterError);
  EXPECT_THROW(two_part_view(17, false), ParameterError);  // distinct others beyond Ryser's limit
  EXPECT_NO_THROW(validate(two_part_view(17, true)));
  v = two_part_view(3, false);
  v.parts[0].x1p.pop_back();
  EXPECT_THROW(validate(v), ParameterError);
  EXPECT_THROW(permanent_ryser(matrix({{1, 2}}), 64), ParameterError);
}

}  // namespace
}  // namespace dpb::ref
