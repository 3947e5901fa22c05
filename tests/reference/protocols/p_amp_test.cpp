// P_Amp and the LDP randomizer (reference/protocols/p_amp.hpp): each message is the value plus its own noise, A's
// sum is Σ values + Σ noise whatever the permutation, S is a permutation of the users (the identity without a
// shuffler, drawing no bits), and validation names the parameter.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/p_amp.hpp"
#include "tests/support/parameter_errors.hpp"

namespace dpb {
namespace {

std::vector<std::vector<Integer>> batch_values(std::size_t B, std::size_t L) {
  std::vector<std::vector<Integer>> v(B);
  for (std::size_t i = 0; i < B; ++i)
    for (std::size_t k = 0; k < L; ++k) v[i].emplace_back(long(i * 31 + k * 7) % 23 - 11);
  return v;
}

TEST(PAmpTest, TheSumIsTheValuesPlusTheNoiseAndSIsAPermutation) {
  ref::PAmpParams p;
  p.labels = ref::LabelSet::symmetric_matrix(3);
  p.batch = 12;
  p.sigma = Rational(5, 2);
  p.grid_bits = 3;
  const auto v = batch_values(12, 6);
  ref::PAmp shuffled(p), local(p, ref::PAmpShuffle::None);
  ChaCha20Source a(5), b(5);
  CountingSource ca(a), cb(b);
  const auto ts = shuffled.run(std::span<const std::vector<Integer>>(v), ca);
  const auto tl = local.run(std::span<const std::vector<Integer>>(v), cb);
  EXPECT_EQ(ts.noise, tl.noise);  // R draws first, S after
  EXPECT_GT(ca.count(), cb.count());
  std::vector<std::size_t> sorted = ts.permutation;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < 12; ++i) {
    EXPECT_EQ(sorted[i], i);
    EXPECT_EQ(tl.permutation[i], i);
  }
  EXPECT_NE(ts.permutation, tl.permutation);  // fixed seed; the identity has probability 1/12!
  bool nonzero = false;
  for (std::size_t k = 0; k < 6; ++k) {
    Integer s = 0;
    for (std::size_t i = 0; i < 12; ++i) {
      EXPECT_EQ(ts.messages[i][k], v[i][k] + ts.noise[i][k]);
      s += v[i][k] + ts.noise[i][k];
      nonzero |= ts.noise[i][k] != 0;
    }
    EXPECT_EQ(ts.sum[k], s);
    EXPECT_EQ(tl.sum[k], s);
  }
  EXPECT_TRUE(nonzero);
}

TEST(PAmpTest, TheSymmetrizedVariantAddsHalfOfNPlusNTransposeOnTheFinerGrid) {
  ref::PAmpParams p;
  p.labels = ref::LabelSet::symmetric_matrix(3);
  p.batch = 2;
  p.sigma = Rational(7, 2);
  p.grid_bits = 2;
  p.matrix_noise = ref::MatrixNoise::Symmetrized;
  const auto v = batch_values(2, 6);
  ChaCha20Source a(9), b(9);
  CountingSource ca(a), cb(b);
  const auto t = ref::PAmp(p, ref::PAmpShuffle::None).run(std::span<const std::vector<Integer>>(v), ca);
  EXPECT_EQ(t.output_grid_bits, 3U);
  // Replay: per user, 9 draws row-major; label (i, j) gets K_ij + K_ji.
  const ref::RoundedNormal rn(p.sigma, p.grid_bits);
  bool off_diagonal_odd = false;
  for (std::size_t u = 0; u < 2; ++u) {
    std::vector<Integer> K;
    for (int x = 0; x < 9; ++x) K.push_back(rn(cb));
    for (std::size_t k = 0; k < 6; ++k) {
      const ref::Label l = p.labels.at(k);
      EXPECT_EQ(t.noise[u][k], K[l.i * 3 + l.j] + K[l.j * 3 + l.i]);
      EXPECT_EQ(t.messages[u][k], 2 * v[u][k] + t.noise[u][k]);
      if (l.i == l.j) EXPECT_EQ(t.noise[u][k] % 2, 0);
      else off_diagonal_odd |= t.noise[u][k] % 2 != 0;
    }
  }
  EXPECT_TRUE(off_diagonal_odd);  // the finer grid is used (fixed seed)
  EXPECT_EQ(ca.count(), cb.count());
  ref::PAmpParams q = p;
  q.labels = ref::LabelSet::vector(3);
  test::expect_error_message([&] { ref::PAmp x(q); },
                             "PAmp: parameter 'matrix_noise' must be upper-triangle for a vector label set (or dim > "
                             "4096), got symmetrized");
}

TEST(PAmpTest, ValidationNamesTheParameter) {
  ref::PAmpParams p;
  p.batch = 0;
  test::expect_error_message([&] { ref::PAmp a(p); }, "PAmp: parameter 'B' must be in [1, 2^24], got 0");
  p.batch = 2;
  ref::PAmp a(p);
  const auto v = batch_values(3, 1);
  ChaCha20Source src(1);
  test::expect_error_message([&] { a.run(std::span<const std::vector<Integer>>(v), src); },
                             "PAmp::run: parameter 'values' must be a batch of B = 2 users, got 3 users");
}

}  // namespace
}  // namespace dpb
