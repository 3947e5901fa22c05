// The law of the exact rewards: r ~ Bernoulli(μ(z)). Drawn with the optimized fast::Glm::sample_reward (bit-identical
// to the reference's, tests/optimized/glm/glm_cross_test.cpp) for speed; each count is tested against the certified
// enclosure of μ(z) by the exact two-sided binomial test, Holm over the family at α = 10^−6, fixed seeds. Negative
// control: the other link's rewards tested against this link's μ must be rejected.
#include <gtest/gtest.h>

#include <vector>

#include "optimized/glm/link.hpp"
#include "reference/bits/chacha20.hpp"
#include "verify/stats/binomial_tests.hpp"
#include "verify/stats/holm.hpp"

namespace dpb::fast {
namespace {

constexpr double kFamilyAlpha = 1e-6;
constexpr std::uint64_t kDraws = 200000;
const std::int64_t kZ[] = {-16, -4, 0, 3, 8, 20};  // z = num/8: −2, −1/2, 0, 3/8, 1, 5/2

// μ(z)'s enclosure as doubles, widened outward by 2^−50 (the conversion of the rational endpoints rounds).
verify::stats::ProbabilityEnclosure enclosure(ref::Link link, const Dyadic& z) {
  const Interval m = ref::mu_enclosure(link, z.exact(), 128);
  return {static_cast<double>(m.lower()) - 0x1p-50, static_cast<double>(m.upper()) + 0x1p-50};
}

// p-values of the family: rewards drawn with `drawn`, tested against `tested`'s μ.
std::vector<double> p_values(ref::Link drawn, ref::Link tested, std::uint64_t seed) {
  const Glm glm(drawn);
  std::vector<double> p;
  std::uint64_t stream = 0;
  for (std::int64_t num : kZ) {
    const Dyadic z(num, 3);
    ChaCha20Source bits(seed, stream++);
    std::uint64_t ones = 0;
    for (std::uint64_t i = 0; i < kDraws; ++i) ones += static_cast<std::uint64_t>(glm.sample_reward(z, bits));
    p.push_back(verify::stats::binomial_test(ones, kDraws, enclosure(tested, z)).p_value);
  }
  return p;
}

bool any_rejected(const std::vector<double>& p) {
  for (bool r : verify::stats::holm_reject(p, kFamilyAlpha))
    if (r) return true;
  return false;
}

TEST(GlmRewardStatTest, RewardsFollowBernoulliOfTheLink) {
  EXPECT_FALSE(any_rejected(p_values(ref::Link::logistic, ref::Link::logistic, 2026)));
  EXPECT_FALSE(any_rejected(p_values(ref::Link::probit, ref::Link::probit, 2027)));
}

TEST(GlmRewardStatTest, NegativeControlOtherLinkIsRejected) {
  EXPECT_TRUE(any_rejected(p_values(ref::Link::probit, ref::Link::logistic, 2028)));
}

}  // namespace
}  // namespace dpb::fast
