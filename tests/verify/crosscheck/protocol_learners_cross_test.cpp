// Seed 000's protocol variants in Algorithm 1 (dist-dp-se, dist-rdp-se, dist-cdp-se, shuffle-se, cdp-se, ldp-se):
// the reference and the optimized build, on the same reward tape and noise stream, release the same R_a(b) and make
// the same decisions on 10 seeded runs each; the optimized aggregator returns the reference's value batch by batch.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "optimized/learners/protocol_aggregator.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/learners/protocol_aggregator.hpp"
#include "tests/support/learner_fixtures.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"

namespace dpb::verify {
namespace {

const char* const kLearners[] = {"dist-dp-se", "dist-rdp-se", "dist-cdp-se", "shuffle-se", "cdp-se", "ldp-se"};

class ProtocolLearnersCrossTest : public ::testing::TestWithParam<const char*> {};

// At two ε (issue 13 §4): a cross-check whose runs never eliminate an arm compares only the exploration, so the
// runs must contain eliminations — the decisions that depend on the noisy releases — at each ε. (With the
// default K = 10 instances at T = 6000 no run eliminated an arm: the test compared exploration only.)
TEST_P(ProtocolLearnersCrossTest, BuildsAgreeOnSeededRuns) {
  for (const Rational& eps : {Rational(1, 2), Rational(9, 10)}) {
    CrosscheckConfig c;
    c.learner = GetParam();
    // ldp-se's per-user noise delays its eliminations: at T = 30000 none of 10 runs eliminates at ε = 1/2.
    c.horizon = std::string(GetParam()) == "ldp-se" ? 100000 : 30000;
    c.runs = 10;
    c.seed = 20261121;
    c.eps = eps;
    c.environment = "seed000-easy";  // K = 3 easy instances: arms are eliminated within the horizon
    c.arms = 3;
    const CrosscheckReport report = crosscheck_learner(c);
    std::ostringstream text;
    print_report(report, text);
    SCOPED_TRACE("eps = " + to_string(eps));
    EXPECT_TRUE(report.ok()) << text.str();
    ASSERT_EQ(report.runs.size(), 10U);
    std::uint64_t releases = 0, eliminations = 0;
    for (const auto& r : report.runs) {
      releases += r.releases;
      eliminations += r.eliminations;
      EXPECT_FALSE(r.divergence.has_value()) << text.str();  // per-user path: the same bits, the same releases
    }
    EXPECT_GT(releases, 0U) << text.str();
    EXPECT_GT(eliminations, 0U) << text.str();
  }
  EXPECT_FALSE(find_crosscheck_learner(GetParam())->pending);
}

INSTANTIATE_TEST_SUITE_P(Variants, ProtocolLearnersCrossTest, ::testing::ValuesIn(kLearners));

TEST(ProtocolAggregatorCrossTest, SameValueAndConstantsBatchByBatch) {
  const ref::Variant variants[] = {ref::Variant::DistDP,  ref::Variant::DistRDP, ref::Variant::DistCDP,
                                   ref::Variant::Shuffle, ref::Variant::Central, ref::Variant::Local};
  for (ref::Variant v : variants) {
    ref::ProtocolAggregatorParams p;
    p.variant = v;
    p.eps = Rational(3, 4);
    p.horizon = 100000;
    const ref::ProtocolAggregator slow(p);
    const fast::ProtocolAggregator quick(p);
    EXPECT_EQ(slow.name(), quick.name());
    for (std::uint64_t n : {1, 3, 17, 256}) {
      std::vector<std::int32_t> units;
      std::vector<Rational> x;
      for (std::uint64_t i = 0; i < n; ++i) {
        units.push_back(static_cast<std::int32_t>((i * 37 + n) % 101));  // k/100 ∈ [0, 1]
        x.push_back(Rational(units.back(), 100));
      }
      ChaCha20Source a(n, 5), b(n, 5);
      NoiseSource na(a), nb(b);
      const Rational r = slow.aggregate(x, na);
      const fast::FixedPoint f = quick.aggregate(units, 100, nb);
      EXPECT_EQ(r, Rational(Integer(f.num), Integer(f.den))) << ref::variant_name(v) << " n = " << n;
      EXPECT_EQ(a.next_bits(64), b.next_bits(64)) << "same bits drawn";
      const ref::NoiseConcentration ks = slow.concentration(n);
      const fast::NoiseConcentration kf = quick.concentration(n);
      EXPECT_NEAR(ref::enclose(ks.sigma, 128).upper().convert_to<double>(), kf.sigma, 1e-12 * (1 + kf.sigma));
      EXPECT_NEAR(ks.h.empty() ? 0.0 : ref::enclose(ks.h, 128).upper().convert_to<double>(), kf.h, 1e-12 * (1 + kf.h));
    }
  }
}

}  // namespace
}  // namespace dpb::verify
