// Claims 004.mask.sampled and 004.agent-law.sampled: they hold on the engine's draws and their tests reject the
// negative controls — ξ off by 2 points, one mask reused across an agent's arms, and P^γ with the wrong γ. Fixed
// seeds; Holm at family-wise α = 1e−6.
#include "verify/statistical/seed004_sampled.hpp"

#include <gtest/gtest.h>

#include <cstdio>

#include "reference/bits/chacha20.hpp"
#include "reference/learners/agent_law.hpp"
#include "reference/samplers/bernoulli.hpp"
#include "reference/samplers/binomial_split.hpp"

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

// The renormalized P^γ (finished agents redrawn): the engine's first-activation orders hold, and a draw that does not
// redraw — a finished agent passes the round to the next unfinished agent in id order — is rejected.
TEST(Seed004SampledTest, RenormalizedAgentLawHoldsAndNoRedrawIsRejected) {
  const Rational gamma(4, 5), offset(0);
  const std::uint32_t N = 4, runs = 10000;
  const auto p = permutation_probabilities(N, gamma, offset);
  ASSERT_EQ(p.size(), 24U);
  double total = 0;
  for (const auto& e : p) total += e.midpoint();
  EXPECT_NEAR(total, 1.0, 1e-12);
  const auto counts = sampled_first_activation_orders(N, gamma, offset, runs, 20261127);
  EXPECT_EQ(test_agent_laws({{"renormalized", counts, p}}).verdict, Verdict::holds);
  ref::PowerAgentLaw law(N, gamma, offset);
  ChaCha20Source bits(20261127, 99);
  std::vector<std::uint64_t> wrong(p.size(), 0);
  for (std::uint32_t r = 0; r < runs; ++r) {
    std::vector<bool> finished(N, false);
    std::vector<std::uint32_t> order;
    while (order.size() < N) {
      std::uint32_t k = law.draw(bits);
      while (finished[k]) k = (k + 1) % N;  // no redraw
      finished[k] = true;
      order.push_back(k);
    }
    ++wrong[permutation_rank(order)];
  }
  EXPECT_EQ(test_agent_laws({{"no redraw", wrong, p}}).verdict, Verdict::violated);
}

// Claim 004.epoch-sum.binomial on its quick grid holds; the same test rejects epoch sums of R − 1 pulls, and sums
// drawn with μ cut to its first 10 binary digits (a sampler that stops reading p's expansion early).
TEST(Seed004SampledTest, BinomialEpochSumsHoldAndWrongOnesAreRejected) {
  RunOptions options;
  options.seed = 20261127;
  const Outcome right = check_epoch_sum_binomial(options);
  EXPECT_EQ(right.verdict, Verdict::holds) << right.key_figure;
  std::vector<EpochSumCase> short_by_one, truncated;
  std::uint64_t stream = 100;
  for (const EpochSumGrid& g : epoch_sum_grid(false)) {
    if (g.R > ref::BinomialSplit::kCountBelow) continue;  // the controls at R(1) only (cheap, and enough)
    ChaCha20Source bits(options.seed, stream++);
    const ref::BinomialSplit minus(Integer(g.R - 1), g.mean);
    const Rational cut(floor(g.mean * 1024), 1024);
    const ref::BinomialSplit coarse(Integer(g.R), cut);
    EpochSumCase a{"Bin(R − 1)", g.R, g.mean, {}}, b{"μ to 10 digits", g.R, g.mean, {}};
    for (std::uint64_t i = 0; i < g.n; ++i) {
      a.sums.push_back(to_int64(minus(bits)));
      b.sums.push_back(to_int64(coarse(bits)));
    }
    short_by_one.push_back(std::move(a));
    truncated.push_back(std::move(b));
  }
  ASSERT_EQ(short_by_one.size(), 4U);
  const Outcome o1 = test_epoch_sums(short_by_one), o2 = test_epoch_sums(truncated);
  EXPECT_EQ(o1.verdict, Verdict::violated) << o1.key_figure;
  EXPECT_EQ(o2.verdict, Verdict::violated) << o2.key_figure;
  std::printf("epoch sums: %s | R − 1: %s | μ cut: %s\n", right.key_figure.c_str(), o1.key_figure.c_str(),
              o2.key_figure.c_str());
}

}  // namespace
}  // namespace dpb::verify::statistical
