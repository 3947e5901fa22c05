// One protocol run at the edge of the optimized build's 64-bit range (issue 13 §4): a Dist-DP calibration whose
// precision g is raised so that m = n·g + 2τ + 1 lies just below 2^62 (ref::kMaxModulus), run by both builds on one
// seed for every secure sum and both noise paths. The transcripts (rounded values, noise, messages, shares, sums,
// decode) must be identical, and the decode exact: the largest legal residues and sums do not overflow int64.
#include <gtest/gtest.h>

#include <vector>

#include "optimized/protocols/protocol.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/protocol.hpp"

namespace dpb {
namespace {

ref::Calibration near_modulus_limit() {
  ref::CalibrationInput in;
  in.eps = Rational(1);
  in.n = 8;
  in.horizon = 1000;
  ref::Calibration c = ref::calibrate(ref::Variant::DistDP, in);
  // The largest g with m <= 2^62, minus a little: every residue and partial sum is near the top of the range.
  c.g = (ref::kMaxModulus - 2 * c.tau - 1) / c.n - 3;
  c.m = c.n * c.g + 2 * c.tau + 1;
  c.threshold = c.n * c.g + c.tau;
  return c;
}

TEST(ProtocolModulusEdgeCrossTest, BuildsAgreeJustBelowTwoToThe62) {
  const ref::Calibration c = near_modulus_limit();
  ASSERT_LE(c.m, ref::kMaxModulus);
  ASSERT_GT(c.m, ref::kMaxModulus - 64 * c.n);
  // Rewards that make n·g·x̂ large: every x close to 1, some exactly 1.
  const std::vector<Rational> x = {Rational(1), Rational(999, 1000), Rational(1), Rational(1, 2),
                                   Rational(1), Rational(997, 1000), Rational(1), Rational(1)};
  int runs = 0;
  for (const auto sum : {ref::SecureSumKind::Modular, ref::SecureSumKind::Masked, ref::SecureSumKind::ShuffledShares})
    for (const auto path : {ref::NoisePath::PerUser, ref::NoisePath::Aggregate})
      for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        ref::ProtocolOptions o;
        o.secure_sum = sum;
        o.path = path;
        o.shares = 3;
        ref::Protocol rp(c, o);
        fast::Protocol fp(c, o);
        ChaCha20Source rb(seed, 7), fb(seed, 7);
        const ref::Transcript rt = rp.run(x, rb);
        const fast::Transcript ft = fp.run(std::span<const Rational>(x), fb);
        ASSERT_TRUE(ft.to_reference() == rt) << "seed " << seed;
        // The decode is exact: |Σ η| is far below τ here, so A∘S∘R returns Σ x̂ + Σ η.
        Integer s = rt.noise_sum + rt.analyzer_noise;
        for (const Integer& v : rt.x_hat) s += v;
        EXPECT_EQ(Integer(ft.decoded), s) << "seed " << seed;
        EXPECT_GT(s, c.m / 2) << "the sum really is near the top of the window";
        ++runs;
      }
  EXPECT_EQ(runs, 30);
}

}  // namespace
}  // namespace dpb
