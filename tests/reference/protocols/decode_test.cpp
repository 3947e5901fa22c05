// Claim 000.decode: the exhaustive window check (verify/protocol_checks/decode_check.hpp) in both builds, and the
// counterexamples of the kept Z3 mutants (proofs/000.decode-mutant-geq.smt2,
// 000.residue-mutant-raw-rem.smt2) and the tightness witnesses as regression tests.
#include <gtest/gtest.h>

#include <cstdint>

#include "optimized/protocols/analyzer.hpp"
#include "optimized/protocols/modular.hpp"
#include "reference/protocols/analyzer.hpp"
#include "reference/protocols/modular.hpp"
#include "verify/protocol_checks/decode_check.hpp"

namespace dpb {
namespace {

// The claim's full suite runs m <= 2000 and its quick suite (the claims ctest) m <= 600; this test runs m <= 1000,
// and m <= 400 in the sanitizer tree (every pair is arithmetic the sanitizers watch; the size buys nothing there).
TEST(DecodeTest, ExhaustiveWindowIsExactInsideAndWrongJustOutside) {
  verify::DecodeCheckConfig config;  // reference build m <= 300, margin 3
#if defined(__SANITIZE_ADDRESS__)
  config.max_modulus = 400;
#else
  config.max_modulus = 1000;
#endif
  const verify::DecodeCheckResult r = verify::check_decode_exhaustive(config);
  EXPECT_EQ(r.failures, 0U) << verify::to_json(r).dump();
  // about m²/4 (N = n·g, τ) pairs with N + 2τ + 1 <= m (m = 2000: more than 900 000)
  EXPECT_GT(r.pairs, static_cast<std::uint64_t>(config.max_modulus * config.max_modulus / 5));
  EXPECT_EQ(r.inside_correct + r.outside_wrong, r.points);
  EXPECT_EQ(r.outside_wrong, 6 * r.pairs);  // the 2·margin points outside each window
  EXPECT_GT(r.reference_points, 0U);
  EXPECT_EQ(r.mutant_failures, r.pairs);  // the ">=" mutant fails exactly at S = n·g + τ, once per pair
  EXPECT_EQ(r.verdict, verify::Verdict::holds);
}

// proofs/000.decode-mutant-geq.smt2, z3's model: n = g = 1, τ = 0, S = 1 (m = 2, threshold 1).
TEST(DecodeTest, GeqMutantCounterexampleDecodesCorrectlyWithStrictTest) {
  const fast::Analyzer A(1, 1, 2);
  EXPECT_EQ(A.decode(fast::residue(1, 2)), 1);
  const std::uint64_t y = fast::residue(1, 2);
  const std::int64_t mutant = y >= 1 ? static_cast<std::int64_t>(y) - 2 : static_cast<std::int64_t>(y);
  EXPECT_EQ(mutant, -1);  // the mutant's wrong answer
}

// proofs/000.residue-mutant-raw-rem.smt2, z3's model: threshold = 0, τ = 1, S = −1 (m = 2).
TEST(DecodeTest, RawRemainderCounterexampleIsHandledByNormalisedResidue) {
  const std::int64_t S = -1, m = 2;
  const fast::Analyzer A(1, 0, 2);
  EXPECT_EQ(fast::residue(S, m), 1U);
  EXPECT_EQ(A.decode(fast::residue(S, m)), S);
  const auto raw = static_cast<std::uint64_t>(S % m);  // the mutant: 2^64 − 1
  EXPECT_EQ(raw, UINT64_MAX);
  EXPECT_EQ(A.decode(raw), -3);  // (int64)(2^64 − 1) − 2: wrong
  EXPECT_EQ(ref::residue(Integer(S), Integer(m)), 1);
}

// Tightness witnesses (proofs/000.decode-tight-*.smt2): n·g = 5, τ = 0, S = 6; n·g = 1, τ = 0, S = −1.
TEST(DecodeTest, OnePastEitherEndOfTheWindowDecodesOffByM) {
  const ref::Analyzer A(Integer(1), Integer(5), Integer(6));
  EXPECT_EQ(A.decode(ref::residue(Integer(6), Integer(6))), 0);
  const ref::Analyzer B(Integer(1), Integer(1), Integer(2));
  EXPECT_EQ(B.decode(ref::residue(Integer(-1), Integer(2))), 1);
}

TEST(DecodeTest, ResidueAtInt64ExtremesWithLargestModulus) {
  const std::uint64_t m = std::uint64_t{1} << 62;
  EXPECT_EQ(fast::residue(INT64_MIN, m), 0U);  // −2^63 = −2·2^62
  EXPECT_EQ(fast::residue(INT64_MAX, m), m - 1);
  EXPECT_EQ(fast::residue(-1, m), m - 1);
  const fast::Analyzer A(1, m - 2, m);
  EXPECT_EQ(A.decode(m - 1), -1);
  EXPECT_EQ(fast::add_mod(m - 1, m - 1, m), m - 2);
  EXPECT_EQ(fast::sub_mod(0, m - 1, m), 1U);
}

}  // namespace
}  // namespace dpb
