// Reference and optimized protocol runs on the same seed produce identical transcripts (both noise paths, all
// three secure sums, every variant), and every transcript satisfies A∘S∘R = (Σ x̂ + Σ η)/g when |Σ η| <= τ
// (claim 000.decode). Calibrations include large p (so |Σ η| > τ happens) to exercise the failure branch too:
// outside the window [−τ, n·g + τ] the decode is off by a non-zero multiple of m.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "optimized/protocols/protocol.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/protocol.hpp"

namespace dpb {
namespace {

using ref::Variant;

struct Setup {
  ref::Calibration c;
  ref::ProtocolOptions options;
  std::vector<Rational> x;
  std::uint64_t seed = 0;
};

rc::Gen<Setup> gen_setup() {
  return rc::gen::exec([] {
    Setup s;
    const Variant v = *rc::gen::element(Variant::DistDP, Variant::DistRDP, Variant::DistCDP, Variant::Shuffle,
                                        Variant::Central, Variant::Local);
    ref::CalibrationInput in;
    const long n = *rc::gen::inRange(1, 25);
    in.n = n;
    in.horizon = *rc::gen::inRange<long>(std::max<long>(n, 2), 100000);
    // ε = a/b in (0, 1) for every variant's range.
    const long b = *rc::gen::inRange(2, 20);
    in.eps = Rational(*rc::gen::inRange<long>(1, b), b);
    if (v == Variant::DistRDP || v == Variant::DistCDP) in.s = Rational(*rc::gen::inRange(1, 4));
    if (*rc::gen::arbitrary<bool>()) in.p = Rational(*rc::gen::inRange(5, 10), 10);  // 1/2 .. 9/10: failures happen
    s.c = ref::calibrate(v, in);
    s.options.secure_sum = *rc::gen::element(ref::SecureSumKind::Modular, ref::SecureSumKind::Masked,
                                             ref::SecureSumKind::ShuffledShares);
    s.options.path = *rc::gen::element(ref::NoisePath::PerUser, ref::NoisePath::Aggregate);
    s.options.shares = static_cast<unsigned>(*rc::gen::inRange(1, 5));
    for (long i = 0; i < n; ++i) {
      const long den = *rc::gen::inRange(1, 1000);
      s.x.emplace_back(*rc::gen::inRange<long>(0, den + 1), den);
    }
    s.seed = *rc::gen::arbitrary<std::uint32_t>();
    return s;
  });
}

RC_GTEST_PROP(ProtocolCrossProperty, SameSeedGivesIdenticalTranscriptsInBothBuilds, ()) {
  const Setup s = *gen_setup();
  ref::Protocol rp(s.c, s.options);
  fast::Protocol fp(s.c, s.options);
  ChaCha20Source rb(s.seed, 3), fb(s.seed, 3);
  const ref::Transcript rt = rp.run(s.x, rb);
  const fast::Transcript ft = fp.run(std::span<const Rational>(s.x), fb);
  RC_ASSERT(ft.to_reference() == rt);
  // The transcript-free hot path draws the same bits and decodes the same integer.
  std::vector<fast::Reward> xr;
  for (const Rational& v : s.x) xr.push_back(fast::to_reward(v));
  ChaCha20Source hb(s.seed, 3);
  RC_ASSERT(fp.decode_batch(std::span<const fast::Reward>(xr), hb) == ft.decoded);

  // A∘S∘R: exact inside the window, off by a non-zero multiple of m outside.
  Integer x_hat_sum = 0;
  for (const Integer& v : rt.x_hat) x_hat_sum += v;
  const Integer noise = rt.noise_sum + rt.analyzer_noise;
  const Integer S = x_hat_sum + noise;
  // |Σ η| <= τ puts S in the window [−τ, n·g + τ] (Σ x̂ ∈ [0, n·g]); the decode is exact exactly on the window.
  const bool in_window = -rt.tau <= S && S <= rt.threshold;
  RC_CLASSIFY(!in_window, "S outside the window");
  if (boost::multiprecision::abs(noise) <= rt.tau) RC_ASSERT(in_window);
  if (in_window) {
    RC_ASSERT(rt.decoded == S);
    RC_ASSERT(rt.z == Rational(S, rt.g));
  } else {
    RC_ASSERT(rt.decoded != S);
    RC_ASSERT(ref::residue(Integer(S - rt.decoded), rt.m) == 0);
  }
  if (s.options.path == ref::NoisePath::PerUser) {
    RC_ASSERT(rt.y_hat == ref::modular_sum(rt.messages, rt.m));
  }
}

// The failure branch must really be exercised (a classification cannot require it): with p = 9/10 the window is
// narrow (τ small), so over 400 fixed seeds of one Dist-DP batch of n = 5 the aggregate noise leaves the window many
// times; each such run decodes to S minus a non-zero multiple of m, in both builds alike.
TEST(ProtocolOutOfWindowTest, OutOfWindowCasesOccurAndDecodeOffByAMultipleOfM) {
  ref::CalibrationInput in;
  in.eps = Rational(1, 2);
  in.n = 5;
  in.horizon = 100;
  in.p = Rational(9, 10);
  const ref::Calibration c = ref::calibrate(Variant::DistDP, in);
  const std::vector<Rational> x = {Rational(1), Rational(0), Rational(1, 2), Rational(1), Rational(0)};
  int outside = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    ref::Protocol rp(c, {});
    fast::Protocol fp(c, {});
    ChaCha20Source rb(seed, 3), fb(seed, 3);
    const ref::Transcript rt = rp.run(x, rb);
    const fast::Transcript ft = fp.run(std::span<const Rational>(x), fb);
    ASSERT_TRUE(ft.to_reference() == rt) << seed;
    Integer S = rt.noise_sum + rt.analyzer_noise;
    for (const Integer& v : rt.x_hat) S += v;
    if (-rt.tau <= S && S <= rt.threshold) {
      EXPECT_EQ(rt.decoded, S) << seed;
      continue;
    }
    ++outside;
    EXPECT_NE(rt.decoded, S) << seed;
    EXPECT_EQ(ref::residue(Integer(S - rt.decoded), rt.m), 0) << seed;
  }
  EXPECT_GE(outside, 10) << "the failure branch was exercised " << outside << " times in 400 runs";
}

}  // namespace
}  // namespace dpb
