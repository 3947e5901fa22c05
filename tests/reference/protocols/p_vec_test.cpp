// P_Vec (seed 001, Algorithms 5–7; reference/protocols/p_vec.hpp) and its label sets and data domain
// (labels.hpp): validation with named parameters, the message-budget check (r = Δ with g + b bits is the negative
// control of the errata's encoding), well-formed messages, the deterministic case (b = 0, integral w·g/r: the
// analyzer returns Σ_i v_i exactly), the explicit shuffle's output (a permutation of the labelled bits whose
// per-label counts are the count path's), and the aggregate path's structure.
#include <gtest/gtest.h>

#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/labels.hpp"
#include "reference/protocols/p_vec.hpp"
#include "tests/support/parameter_errors.hpp"

namespace dpb {
namespace {

using test::expect_error_message;

TEST(PVecLabelsTest, VectorAndMatrixLabelSetsEnumerateTheirCoordinatesOnce) {
  const ref::LabelSet v = ref::LabelSet::vector(4);
  EXPECT_EQ(v.size(), 4U);
  EXPECT_EQ(v.name(3), "3");
  const ref::LabelSet m = ref::LabelSet::symmetric_matrix(5);
  EXPECT_EQ(m.size(), 15U);
  std::size_t idx = 0;
  for (std::uint32_t i = 0; i < 5; ++i)
    for (std::uint32_t j = i; j < 5; ++j, ++idx) {
      EXPECT_EQ(m.at(idx), (ref::Label{i, j}));
      EXPECT_EQ(m.index({i, j}), idx);
      EXPECT_EQ(m.index({j, i}), idx);  // the mirrored entry is the same label
    }
  EXPECT_EQ(m.name(6), "(1,2)");
  expect_error_message([] { ref::LabelSet::vector(0); }, "LabelSet: parameter 'd' must be >= 1, got 0");
  EXPECT_THROW(m.at(15), ParameterError);
}

TEST(PVecLabelsTest, LabelValuesAreTheVectorAndTheUpperTriangle) {
  const std::vector<Rational> phi{Rational(1, 2), Rational(-1, 4), Rational(3, 4)};
  const auto v = ref::vector_label_values(phi, Rational(-1, 2));
  EXPECT_EQ(v, (std::vector<Rational>{Rational(-1, 4), Rational(1, 8), Rational(-3, 8)}));
  const auto m = ref::matrix_label_values(phi);
  ASSERT_EQ(m.size(), 6U);
  EXPECT_EQ(m[0], Rational(1, 4));   // (0,0)
  EXPECT_EQ(m[1], Rational(-1, 8));  // (0,1)
  EXPECT_EQ(m[4], Rational(-3, 16)); // (1,2)
  EXPECT_EQ(m[5], Rational(9, 16));  // (2,2)
}

TEST(PVecLabelsTest, UserDataAreCheckedExactlyAgainstTheDomain) {
  const ref::DataDomain dom{4, Rational(1), Rational(1)};
  // ‖(3/5, 4/5)‖ = 1 is not on the grid 2^-4; (9/16, 13/16) has squared norm 250/256 <= 1.
  const std::vector<Rational> ok{Rational(9, 16), Rational(13, 16)};
  EXPECT_NO_THROW(ref::check_user_data(ok, Rational(-1), dom, "T"));
  const std::vector<Rational> unit{Rational(1), Rational(0)};  // norm exactly L: accepted
  EXPECT_NO_THROW(ref::check_user_data(unit, Rational(1), dom, "T"));
  const std::vector<Rational> big{Rational(12, 16), Rational(11, 16)};  // 265/256 > 1
  expect_error_message([&] { ref::check_user_data(big, Rational(0), dom, "T"); },
                       "T: parameter 'phi' must be of Euclidean norm <= L = 1, got squared norm 265/256");
  const std::vector<Rational> off{Rational(1, 3)};
  expect_error_message([&] { ref::check_user_data(off, Rational(0), dom, "T"); },
                       "T: parameter 'phi' must be on the grid 2^-4 (coordinate 0), got 1/3");
  expect_error_message([&] { ref::check_user_data(ok, Rational(17, 16), dom, "T"); },
                       "T: parameter 'y' must be in [-Y, Y], Y = 1, got 17/16");
}

ref::PVecParams small_params(std::uint32_t d, long B, long g, long b) {
  ref::PVecParams p;
  p.labels = ref::LabelSet::vector(d);
  p.batch = B;
  p.g = g;
  p.b = b;
  return p;
}

TEST(PVecTest, ValidationNamesTheParameter) {
  auto p = small_params(2, 0, 4, 3);
  expect_error_message([&] { ref::validate(p); }, "PVec: parameter 'B' must be > 0, got 0");
  p = small_params(2, 3, 4, 3);
  p.p = Rational(1, 3);
  expect_error_message([&] { ref::validate(p); },
                       "PVec: parameter 'p' must be 1/4 or 1/2 (the sublinear binomial's biases), got 1/3");
  p = small_params(2, 3, 4, 3);
  p.batch = Integer(1) << 62;
  EXPECT_THROW(ref::validate(p), ParameterError);  // B·ℓ·|labels| beyond 2^63 − 1
}

TEST(PVecTest, MessageBudgetDefaultsAndTheRangeDeltaNegativeControl) {
  auto p = small_params(2, 3, 4, 3);
  EXPECT_EQ(ref::validate(p).message_bits, 7);  // r = 2Δ: g + b
  EXPECT_EQ(ref::pvec_max_ones(ref::validate(p)), 7);
  p.range = ref::PVecRange::Delta;
  EXPECT_EQ(ref::validate(p).message_bits, 11);  // r = Δ: 2g + b
  // The printed r = Δ with g + b bits overflows: w = 2Δ gives x̂ = 2g.
  p.message_bits = 7;
  expect_error_message([&] { ref::validate(p); },
                       "PVec: parameter 'message_bits' must be >= ceil(2 delta g / r) + b = 11 (range delta), got 7");
}

TEST(PVecTest, TheScalarRandomizerRefusesAMalformedMessage) {
  // R̃ with r = Δ = 1 and ℓ = g + b bits, called on w = 2: x̂ = 2g = 8 > ℓ = 4 + 0.
  const ref::ScalarRandomizer bad(4, 0, Rational(1, 4), Rational(1), 4);
  ChaCha20Source src(1);
  EXPECT_THROW(bad(Rational(2), src), std::logic_error);
  const ref::ScalarRandomizer good(4, 0, Rational(1, 4), Rational(2), 4);
  const ref::ScalarReport r = good(Rational(2), src);
  EXPECT_EQ(r.x_hat, 4);
  EXPECT_TRUE(r.message.well_formed());
}

TEST(PVecTest, WithoutNoiseAndWithIntegralScaledInputsTheAnalyzerReturnsTheExactSum) {
  // g = 8, r = 2Δ = 2: w·g/r = 4w is an integer for w on the grid 1/4, so no bit is drawn and o_k = Σ_i v_{i,k}.
  for (auto path : {ref::NoisePath::PerUser, ref::NoisePath::Aggregate}) {
    ref::PVec pv(small_params(2, 3, 8, 0), path);
    const std::vector<std::vector<Rational>> v{{Rational(1, 4), Rational(-1)},
                                               {Rational(-3, 4), Rational(1)},
                                               {Rational(1), Rational(1, 2)}};
    ChaCha20Source src(7);
    CountingSource bits(src);
    const ref::PVecTranscript t = pv.run(std::span<const std::vector<Rational>>(v), bits);
    EXPECT_EQ(t.output, (std::vector<Rational>{Rational(1, 2), Rational(1, 2)}));
    EXPECT_EQ(t.x_hat[0], (std::vector<Integer>{5, 0}));  // ⌊(1/4 + 1)·4⌋, ⌊0·4⌋
  }
}

TEST(PVecTest, ValuesOutsideTheRangeAreRefused) {
  ref::PVec pv(small_params(1, 2, 4, 2));
  const std::vector<std::vector<Rational>> v{{Rational(0)}, {Rational(5, 4)}};
  ChaCha20Source src(7);
  expect_error_message([&] { pv.run(std::span<const std::vector<Rational>>(v), src); },
                       "PVec::run: parameter 'values' must be in [-delta, delta], delta = 1 (user 1, label 0), "
                       "got 5/4");
}

TEST(PVecTest, TheExplicitShuffleIsAPermutationWithTheCountPathsCounts) {
  auto params = small_params(3, 4, 5, 6);
  ref::PVec counts(params, ref::NoisePath::PerUser, ref::PVecShuffle::Counts);
  ref::PVec expl(params, ref::NoisePath::PerUser, ref::PVecShuffle::Explicit);
  const std::vector<std::vector<Rational>> v{{Rational(1, 3), Rational(-1, 7), Rational(0)},
                                             {Rational(1), Rational(-1), Rational(2, 5)},
                                             {Rational(-5, 9), Rational(1, 2), Rational(1, 11)},
                                             {Rational(0), Rational(0), Rational(-1, 3)}};
  ChaCha20Source a(11), b(11);
  CountingSource ca(a), cb(b);
  const auto tc = counts.run(std::span<const std::vector<Rational>>(v), ca);
  const auto te = expl.run(std::span<const std::vector<Rational>>(v), cb);
  EXPECT_EQ(tc.x_hat, te.x_hat);
  EXPECT_EQ(tc.noise, te.noise);
  EXPECT_EQ(tc.counts, te.counts);
  EXPECT_EQ(tc.output, te.output);
  EXPECT_GT(cb.count(), ca.count());  // the permutation drew bits
  ASSERT_EQ(te.shuffled.size(), 4U * 3U * 11U);
  std::vector<long> ones(3, 0), total(3, 0);
  for (const auto& lb : te.shuffled) {
    ++total[lb.label];
    ones[lb.label] += lb.bit ? 1 : 0;
  }
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(total[k], 4 * 11);
    EXPECT_EQ(Integer(ones[k]), tc.counts[k]);
  }
  // The shuffled list is not the unshuffled one (a fixed seed; probability of the identity is 1/132!).
  bool moved = false;
  for (std::size_t x = 0; x + 1 < te.shuffled.size(); ++x) moved |= te.shuffled[x].label > te.shuffled[x + 1].label;
  EXPECT_TRUE(moved);
  // Every message is well-formed and the counts are the sums of x̂ + γ₂.
  for (std::size_t k = 0; k < 3; ++k) {
    Integer s = 0;
    for (std::size_t i = 0; i < 4; ++i) {
      s += tc.x_hat[i][k] + tc.noise[i][k];
      EXPECT_LE(tc.noise[i][k], 6);
      EXPECT_GE(tc.noise[i][k], 0);
    }
    EXPECT_EQ(s, tc.counts[k]);
    EXPECT_EQ(tc.output[k], ref::pvec_analyze(tc.params, tc.counts[k]));
  }
}

TEST(PVecTest, TheAggregatePathDrawsOneBinomialPerLabelAndNoShuffle) {
  ref::PVec pv(small_params(2, 5, 4, 1000), ref::NoisePath::Aggregate);
  std::vector<std::vector<Rational>> v(5, std::vector<Rational>{Rational(1, 3), Rational(-2, 3)});
  ChaCha20Source src(3);
  const auto t = pv.run(std::span<const std::vector<Rational>>(v), src);
  EXPECT_TRUE(t.noise.empty());
  EXPECT_TRUE(t.shuffled.empty());
  ASSERT_EQ(t.aggregate_noise.size(), 2U);
  for (std::size_t k = 0; k < 2; ++k) {
    Integer s = t.aggregate_noise[k];
    for (std::size_t i = 0; i < 5; ++i) s += t.x_hat[i][k];
    EXPECT_EQ(s, t.counts[k]);
    EXPECT_LE(t.aggregate_noise[k], 5000);
  }
  expect_error_message(
      [] { ref::PVec(small_params(2, 5, 4, 1), ref::NoisePath::Aggregate, ref::PVecShuffle::Explicit); },
      "PVec: parameter 'shuffle' must be counts on the aggregate path (S is not simulated there), got explicit");
}

}  // namespace
}  // namespace dpb
