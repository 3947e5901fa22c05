// Claims 004.mask.sampled and 004.agent-law.sampled: they hold on the engine's draws and their tests reject the
// negative controls — ξ off by 2 points, one mask reused across an agent's arms, and P^γ with the wrong γ. Fixed
// seeds; Holm at family-wise α = 1e−6.
#include "verify/statistical/seed004_sampled.hpp"

#include <gtest/gtest.h>

#include "reference/bits/chacha20.hpp"
#include "reference/samplers/bernoulli.hpp"

namespace dpb::verify::statistical {
namespace {

TEST(Seed004SampledTest, MasksHoldAndWrongMasksAreRejected) {
  const Rational xi(1, 10);
  const auto masks = sampled_masks(xi, 200, 20261121);
  EXPECT_EQ(test_masks(masks, xi).verdict, Verdict::holds);
  // Negative control 1: the same number of masks drawn with ξ + 2/100.
  ChaCha20Source bits(5, 1);
  const ref::Bernoulli wrong(1 - xi - Rational(1, 50));
  std::vector<std::vector<bool>> off;
  for (const auto& m : masks) {
    off.emplace_back();
    for (std::size_t i = 0; i < m.size(); ++i) off.back().push_back(wrong(bits));
  }
  EXPECT_EQ(test_masks(off, xi).verdict, Verdict::violated);
  // Negative control 2: one mask per agent, reused for all its arms.
  const ref::Bernoulli right(1 - xi);
  std::vector<std::vector<bool>> reused;
  for (const auto& m : masks) reused.emplace_back(m.size(), right(bits));
  EXPECT_EQ(test_masks(reused, xi).verdict, Verdict::violated);
}

TEST(Seed004SampledTest, AgentLawsHoldAndAWrongGammaIsRejected) {
  const Rational gamma(4, 5), offset(0);
  const auto counts = sampled_agent_counts(8, gamma, offset, 40000, 20261121, false);  // the reference's draws
  EXPECT_EQ(counts, sampled_agent_counts(8, gamma, offset, 40000, 20261121, true));   // = the optimized build's
  EXPECT_EQ(test_agent_laws({{"P^γ", counts, agent_law_probabilities(8, gamma, offset)}}).verdict, Verdict::holds);
  // Negative control: draws from γ = 9/10 tested against γ = 4/5; and uniform draws against P^γ.
  const auto wrong = sampled_agent_counts(8, Rational(9, 10), offset, 40000, 20261121, true);
  EXPECT_EQ(test_agent_laws({{"wrong γ", wrong, agent_law_probabilities(8, gamma, offset)}}).verdict,
            Verdict::violated);
  const auto uniform = sampled_agent_counts(8, Rational(0), offset, 40000, 20261121, true);
  EXPECT_EQ(test_agent_laws({{"uniform", uniform, agent_law_probabilities(8, Rational(0), offset)}}).verdict,
            Verdict::holds);
  EXPECT_EQ(test_agent_laws({{"uniform vs P^γ", uniform, agent_law_probabilities(8, gamma, offset)}}).verdict,
            Verdict::violated);
}

}  // namespace
}  // namespace dpb::verify::statistical
