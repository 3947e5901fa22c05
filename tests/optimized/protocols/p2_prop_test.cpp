// P₂ (seed 003's matrix P_Vec): reference and optimized runs on the same seed give identical transcripts (the
// exactly symmetric matrix included) and consume the same bits, on every path and both ranges; both builds refuse a
// user matrix above the Frobenius bound with the same message (fast::P2, optimized/protocols/p2.hpp).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "optimized/protocols/p2.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/p2.hpp"

namespace dpb {
namespace {

RC_GTEST_PROP(P2CrossProperty, SameSeedGivesIdenticalTranscriptsInBothBuilds, ()) {
  const unsigned s = 2 * *rc::gen::inRange(0U, 5U);
  ref::P2Params p;
  p.d = static_cast<std::uint32_t>(*rc::gen::inRange(1, 4));
  p.n = *rc::gen::inRange(1, 5);
  p.g = *rc::gen::inRange(1, 12);
  p.b = *rc::gen::element<long>(0, 1, 7, 40, 100000, 1000000000L);
  p.delta = Rational(*rc::gen::inRange(1, 5), *rc::gen::inRange(1, 4));
  p.range = *rc::gen::element(ref::PVecRange::TwoDelta, ref::PVecRange::Delta);
  const auto path = *rc::gen::element(ref::NoisePath::PerUser, ref::NoisePath::Aggregate);
  auto shuffle = *rc::gen::element(ref::PVecShuffle::Counts, ref::PVecShuffle::Explicit);
  if (path == ref::NoisePath::Aggregate || p.b > 1000) shuffle = ref::PVecShuffle::Counts;
  // Users w·x xᵀ with x on the grid 2^−s/2 and ‖x‖² <= 1, w = Δ·j/4: ‖X‖_F = w‖x‖² <= Δ, entries on the grid 2^−s.
  const Integer half = Integer(1) << (s / 2);
  const long x_max = to_int64(half);
  std::vector<std::vector<Rational>> rows;
  for (Integer i = 0; i < p.n; ++i) {
    std::vector<Rational> x;
    Rational norm(0);
    for (std::uint32_t k = 0; k < p.d; ++k) {
      Rational xk(Integer(*rc::gen::inRange(-x_max, x_max + 1)), half);
      if (norm + xk * xk > 1) xk = 0;
      norm += xk * xk;
      x.push_back(xk);
    }
    // w = Δ·j/4 keeps the entries on the grid only when Δ·j/4 is; use w = j/4 scaled into Δ by a power of two.
    Rational w(*rc::gen::inRange(0, 5), 4);
    while (w > p.delta) w /= 2;
    rows.push_back(ref::p2_rank_one_triu(x, w));
  }
  const unsigned grid = s + 8;  // w = j/4 / 2^k (k <= 2 for Δ >= 1/3) adds at most 4 bits
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  const ref::P2 rp(p, path, shuffle);
  const fast::P2 fp(p, grid, path, shuffle);
  ChaCha20Source rs(seed, 9), fs(seed, 9);
  CountingSource rb(rs), fb(fs);
  const ref::P2Transcript rt = rp.run(std::span<const std::vector<Rational>>(rows), rb);
  const std::vector<std::int64_t> g = fp.to_grid(rows);
  const fast::P2Transcript ft = fp.run(std::span<const std::int64_t>(g), fb);
  RC_ASSERT(ft.to_reference() == rt);
  RC_ASSERT(rb.count() == fb.count());
}

TEST(P2CrossTest, BothBuildsRefuseAMatrixAboveTheBoundWithOneMessage) {
  ref::P2Params p;
  p.d = 2;
  p.n = 1;
  p.g = 4;
  p.b = 3;
  p.delta = 1;
  const std::vector<std::vector<Rational>> rows = {{Rational(3, 4), Rational(1, 2), Rational(0)}};  // 9/16 + 1/2 > 1
  std::string ref_msg, fast_msg;
  ChaCha20Source bits(1, 0);
  try {
    (void)ref::P2(p).run(std::span<const std::vector<Rational>>(rows), bits);
  } catch (const ParameterError& e) {
    ref_msg = e.what();
  }
  const fast::P2 f(p, 2);
  const std::vector<std::int64_t> g = f.to_grid(rows);
  try {
    (void)f.run(std::span<const std::int64_t>(g), bits);
  } catch (const ParameterError& e) {
    fast_msg = e.what();
  }
  EXPECT_FALSE(ref_msg.empty());
  EXPECT_EQ(ref_msg, fast_msg);
  // On the boundary (‖X‖_F = Δ exactly) both accept.
  const std::vector<std::vector<Rational>> edge = {{Rational(1, 2), Rational(1, 2), Rational(1, 2)}};
  EXPECT_NO_THROW((void)ref::P2(p).run(std::span<const std::vector<Rational>>(edge), bits));
  const std::vector<std::int64_t> ge = f.to_grid(edge);
  EXPECT_NO_THROW((void)f.run(std::span<const std::int64_t>(ge), bits));
}

}  // namespace
}  // namespace dpb
