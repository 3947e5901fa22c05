// Split-and-mix judged by Def 9 (verify/certified/split_and_mix.hpp; claims 000.split-and-mix.llr and .sd): the exact
// multiset law of the implemented ShuffledShares (both builds), the all-zero witness, the best simulator's SD by
// Z3's LP against hand-computed cases, negative controls (a perfect SecAgg's view has no support witness and SD 0),
// and bad input.
#include "verify/certified/split_and_mix.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace dpb::verify::certified {
namespace {

Rational total(const MultisetLaw& l) {
  Rational t = 0;
  for (const auto& [_, p] : l) t += p;
  return t;
}

Rational power(unsigned m, unsigned e) {
  Integer r = 1;
  for (unsigned i = 0; i < e; ++i) r *= m;
  return Rational(r);
}

TEST(SplitAndMixLawTest, TotalIsOneSumsMatchAndBuildsAgree) {
  const std::vector<std::pair<std::vector<unsigned>, std::pair<unsigned, unsigned>>> cases = {
      {{0, 0}, {3, 2}}, {{1, 2}, {3, 2}}, {{1, 1, 0}, {2, 3}}, {{4, 2}, {5, 2}}, {{2, 0}, {3, 1}}, {{3}, {4, 3}}};
  for (const auto& [y, mk] : cases) {
    const auto [m, k] = mk;
    const ShareMultisetLaw ref_law = share_multiset_law(y, m, k, SharesBuild::reference);
    const ShareMultisetLaw fast_law = share_multiset_law(y, m, k, SharesBuild::optimized);
    EXPECT_EQ(ref_law.weight, fast_law.weight) << "m = " << m << ", k = " << k;
    EXPECT_EQ(Rational(ref_law.draws), power(m, static_cast<unsigned>(y.size()) * (k - 1)));
    EXPECT_EQ(total(ref_law.law()), 1);
    unsigned sigma = 0;
    for (unsigned v : y) sigma = (sigma + v) % m;
    for (const auto& [counts, w] : ref_law.weight) {
      unsigned n_shares = 0, s = 0;
      for (unsigned v = 0; v < m; ++v) {
        n_shares += counts[v];
        s = (s + v * counts[v]) % m;
      }
      EXPECT_EQ(n_shares, y.size() * k);
      EXPECT_EQ(s, sigma) << "a multiset of the view does not sum to the input's sum";
      EXPECT_GT(w, 0);
    }
  }
}

TEST(SplitAndMixLawTest, OneUserTwoSharesByHand) {
  // y = 1 in Z_3, k = 2: shares (s, 1 − s) for s = 0, 1, 2 give {0,1}, {1,0}, {2,2}: {0,1} w.p. 2/3, {2,2} w.p. 1/3.
  const std::vector<unsigned> y = {1};
  const MultisetLaw l = share_multiset_law(y, 3, 2, SharesBuild::reference).law();
  ASSERT_EQ(l.size(), 2U);
  EXPECT_EQ(l.at(ShareCounts{1, 1, 0}), Rational(2, 3));
  EXPECT_EQ(l.at(ShareCounts{0, 0, 2}), Rational(1, 3));
}

TEST(SplitAndMixLlrTest, AllZeroMultisetIsTheWitness) {
  for (const auto& p : split_and_mix_llr_grid(Suite::quick)) {
    const SplitMixLlrCase c = split_and_mix_llr_case(p.n, p.k, p.m);
    // Under y = 0 the all-zero multiset needs every free share to be 0: probability m^{−n(k−1)}.
    const Rational expected = 1 / power(p.m, p.n * (p.k - 1));
    EXPECT_EQ(c.p_zero_y, expected) << p.n << "," << p.k << "," << p.m;
    EXPECT_EQ(c.p_zero_y_prime, 0);
    EXPECT_EQ(c.total_y, 1);
    EXPECT_EQ(c.total_y_prime, 1);
    EXPECT_TRUE(c.builds_agree);
    ASSERT_TRUE(c.witness.has_value());
    EXPECT_EQ(c.verdict, Verdict::violated);
  }
  const Outcome o = check_split_and_mix_llr(Suite::quick);
  EXPECT_EQ(o.verdict, Verdict::violated);
  EXPECT_EQ(o.evidence.at("llr_lower_bound"), "infinity");
}

TEST(SplitAndMixLlrTest, NegativeControlPerfectSecAggHasNoWitness) {
  // A perfect SecAgg shows only the sum: same-sum inputs have the same (point-mass) view, so no support witness.
  const MultisetLaw sum_view = {{ShareCounts{1, 0, 0}, Rational(1)}};
  EXPECT_FALSE(support_mismatch(sum_view, sum_view).has_value());
  // Split-and-mix of the same input twice: no witness either; of different inputs, one is found.
  const std::vector<unsigned> y = {0, 0}, y_prime = {1, 2};
  const MultisetLaw a = share_multiset_law(y, 3, 2, SharesBuild::optimized).law();
  const MultisetLaw b = share_multiset_law(y_prime, 3, 2, SharesBuild::optimized).law();
  EXPECT_FALSE(support_mismatch(a, a).has_value());
  const auto w = support_mismatch(a, b);
  ASSERT_TRUE(w.has_value());
  EXPECT_TRUE((w->p_first > 0) != (w->p_second > 0));
}

TEST(SplitAndMixSdTest, LinearProgramMatchesHandComputedCases) {
  // k = 1: the view is the input multiset itself; r distinct same-sum inputs give min_Q max_y (1 − Q(y)) = 1 − 1/r.
  // m = 3, n = 2: every sum has r = 2 inputs ⇒ 1/2; m = 4: sums 0 and 2 have r = 3 ⇒ 2/3.
  const SimulatorSd a = split_and_mix_simulator_sd(2, 1, 3);
  EXPECT_EQ(a.best, Rational(1, 2));
  EXPECT_EQ(a.pairwise_max, 1);
  const SimulatorSd b = split_and_mix_simulator_sd(2, 1, 4);
  EXPECT_EQ(b.best, Rational(2, 3));
  // n = 2, k = 2, m = 2, sum 0: y = (0,0) gives 0, 2, 4 ones w.p. 1/4, 1/2, 1/4; y = (1,1) gives 2 ones surely.
  // Q = (a, q, b): max(q − 1/2, 1 − q) is least at q = 3/4 ⇒ 1/4; sum 1 has one input ⇒ 0.
  const SimulatorSd c = split_and_mix_simulator_sd(2, 2, 2);
  EXPECT_EQ(c.best, Rational(1, 4));
  EXPECT_EQ(c.pairwise_max, Rational(1, 2));
  ASSERT_EQ(c.groups.size(), 2U);
  EXPECT_EQ(c.groups[1].best, 0);
}

TEST(SplitAndMixSdTest, NegativeControlEqualLawsGiveZero) {
  // A perfect SecAgg (every same-sum input has the same view) has SD* = 0: the claim's rule would say violated.
  const MultisetLaw p = {{ShareCounts{2, 0}, Rational(1, 3)}, {ShareCounts{0, 2}, Rational(2, 3)}};
  const SimulatorSdGroup g = best_simulator_sd(0, {p, p, p});
  EXPECT_EQ(g.best, 0);
  EXPECT_EQ(g.pairwise_max, 0);
  // Two disjoint point masses: 1/2.
  const MultisetLaw u = {{ShareCounts{2, 0}, Rational(1)}}, v = {{ShareCounts{0, 2}, Rational(1)}};
  EXPECT_EQ(best_simulator_sd(0, {u, v}).best, Rational(1, 2));
}

TEST(SplitAndMixSdTest, QuickCheckHolds) {
  const Outcome o = check_split_and_mix_sd(Suite::quick);
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump();
}

TEST(SplitAndMixLawTest, BadInputNamesTheParameter) {
  const std::vector<unsigned> y = {0, 1};
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(message([&] { share_multiset_law(y, 1, 2, SharesBuild::reference); }).find("'m'"), std::string::npos);
  EXPECT_NE(message([&] { share_multiset_law(y, 3, 0, SharesBuild::reference); }).find("'k'"), std::string::npos);
  const std::vector<unsigned> big = {3, 0};
  EXPECT_NE(message([&] { share_multiset_law(big, 3, 2, SharesBuild::reference); }).find("'y'"), std::string::npos);
  const std::vector<unsigned> many(9, 0);
  EXPECT_NE(message([&] { share_multiset_law(many, 16, 2, SharesBuild::optimized); }).find("draws"),
            std::string::npos);
  EXPECT_NE(message([&] { split_and_mix_simulator_sd(1, 2, 3); }).find("'n'"), std::string::npos);
}

}  // namespace
}  // namespace dpb::verify::certified
