// The exact law of a DP-MASE epoch's eliminated set (verify/audit/decision_law_dp_mase.hpp), checked against
//  * brute-force enumeration of the noises (every (N_0, …, N_{k−1}) in a box, the set computed directly from the
//    definition, probabilities multiplied out) for k = 2 and 3 on tiny tables;
//  * for k = 2, the closed form in the difference of two noises (P[eliminate 1] = P[N_0 − N_1 ≥ θ − (s_0 − s_1)]);
//  * the threshold against the learner's own test at θ − 1 and θ;
//  * the optimized engine's epoch decisions, read from its recorded releases, run by run (the rule itself);
// and bad input for every parameter.
#include "verify/audit/decision_law_dp_mase.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "optimized/learners/mase.hpp"
#include "reference/core/errors.hpp"
#include "reference/learners/mase.hpp"
#include "verify/audit/decision_law_index.hpp"

namespace dpb::verify::audit {
namespace {

// P[k(e) = A] by enumerating every noise vector in [−B, B]^k (doubles; the mass outside is below k·2β^(B+1)).
std::vector<double> brute_force(double scale, const std::vector<std::int64_t>& s, std::int64_t theta, int B) {
  const std::size_t k = s.size();
  const double beta = std::exp(-1 / scale);
  auto pmf = [&](int x) { return (1 - beta) / (1 + beta) * std::pow(beta, std::abs(x)); };
  std::vector<double> law(std::size_t{1} << k, 0);
  std::vector<int> n(k, -B);
  for (;;) {
    double p = 1;
    std::int64_t top = INT64_MIN;
    for (std::size_t i = 0; i < k; ++i) {
      p *= pmf(n[i]);
      top = std::max(top, s[i] + n[i]);
    }
    std::size_t A = 0;
    for (std::size_t i = 0; i < k; ++i)
      if (top - (s[i] + n[i]) >= theta) A |= std::size_t{1} << i;
    law[A] += p;
    std::size_t i = 0;
    while (i < k && ++n[i] > B) n[i++] = -B;
    if (i == k) break;
  }
  return law;
}

void expect_matches_brute_force(const Rational& scale, const std::vector<std::int64_t>& s, std::int64_t theta) {
  const std::vector<Interval> law = dp_mase_eliminated_set_law(scale, s, theta);
  const std::vector<double> brute = brute_force(scale.convert_to<double>(), s, theta, s.size() == 2 ? 200 : 60);
  ASSERT_EQ(law.size() + 1, brute.size());
  EXPECT_EQ(brute.back(), 0.0) << "the full set is impossible";
  double total = 0;
  for (std::size_t A = 0; A < law.size(); ++A) {
    const double mid = law[A].midpoint_for_report();
    EXPECT_NEAR(mid, brute[A], 1e-13 + 1e-9 * brute[A]) << "subset " << A;
    EXPECT_LT((law[A].upper() - law[A].lower()).convert_to<double>(), 1e-30 + 1e-20 * brute[A]) << "subset " << A;
    total += mid;
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
}

TEST(DpMaseEpochLaw, MatchesBruteForceOnTwoArms) {
  for (const std::int64_t theta : {1, 3, 6})
    for (const std::int64_t gap : {-8, -1, 0, 2, 5, 9}) expect_matches_brute_force(Rational(1), {gap, 0}, theta);
  expect_matches_brute_force(Rational(5, 2), {4, 0}, 4);
}

TEST(DpMaseEpochLaw, MatchesBruteForceOnThreeArms) {
  expect_matches_brute_force(Rational(1), {0, 0, 0}, 3);
  expect_matches_brute_force(Rational(1), {5, 2, 0}, 4);
  expect_matches_brute_force(Rational(3, 2), {0, 7, 3}, 5);
  expect_matches_brute_force(Rational(1, 2), {1, 0, 9}, 2);
}

TEST(DpMaseEpochLaw, TwoArmsAgreeWithTheDifferenceClosedForm) {
  const Rational scale(2);
  for (const std::int64_t theta : {1, 7, 40})
    for (const std::int64_t gap : {-50, -7, 0, 3, 39, 40, 41, 120}) {
      const std::vector<Interval> law = dp_mase_eliminated_set_law(scale, {gap, 0}, theta);
      // A = {1} (bit 1): V_0 − V_1 ≥ θ ⇔ N_0 − N_1 ≥ θ − gap; A = {0}: N_1 − N_0 ≥ θ + gap.
      const Interval one = laplace_difference_at_least(scale, theta - gap);
      const Interval zero = laplace_difference_at_least(scale, theta + gap);
      EXPECT_TRUE(law[2].overlaps(one)) << theta << " " << gap;
      EXPECT_TRUE(law[1].overlaps(zero)) << theta << " " << gap;
    }
}

TEST(DpMaseEpochLaw, ThresholdIsTheLearnersOwnTest) {
  for (const std::uint64_t active : {2u, 3u, 10u})
    for (const std::uint32_t e : {1u, 2u})
      for (const Rational& eps : {Rational(1, 2), Rational(1), Rational(1, 20)}) {
        const ref::DpSeEpoch ep(active, e, Rational(1, 2), eps, ref::EliminationRule::ConfidenceWidths);
        const std::int64_t theta = dp_mase_epoch_threshold(ep, 1);
        const Integer den = ep.length();
        EXPECT_TRUE(ep.keeps(Rational(Integer(theta - 1), den), "test"));
        EXPECT_FALSE(ep.keeps(Rational(Integer(theta), den), "test"));
        // V3: 2(h + c) <= 2^(−e−1), so θ <= R/2^(e+1) + 1.
        EXPECT_LE(Integer(theta), den / (Integer(1) << (e + 1)) + 1);
      }
}

// The engine's epoch decisions follow the rule the law assumes: for every release group of an epoch end, the
// messages the agent sends at that round are exactly {i : max V − V_i ≥ θ}.
TEST(DpMaseEpochLaw, EngineDecisionsFollowTheRule) {
  ref::MultiAgentParams p;
  p.agents = 4;
  p.eps = Rational(1, 2);
  const ref::BanditInstance inst = ref::seed004_problem1();
  const ref::MultiAgentConfig cfg = ref::configure_multi_agent(ref::MultiAgentAlgorithm::DpMase, p, inst.arms());
  std::size_t checked = 0;
  for (std::uint64_t run = 0; run < 12; ++run) {
    const ref::MultiAgentOutcome out = fast::run_multi_agent(cfg, inst, ref::multi_agent_streams(7, run));
    for (std::size_t i = 0; i < out.releases.size();) {
      std::size_t j = i;
      while (j < out.releases.size() && out.releases[j].round == out.releases[i].round &&
             out.releases[j].agent == out.releases[i].agent)
        ++j;
      const auto& r0 = out.releases[i];
      const ref::DpSeEpoch ep(j - i, r0.epoch, cfg.rho, cfg.eps, cfg.rule);
      if (ep.length() != Integer(r0.count)) {  // the size frozen at the epoch's start differs (a sync): skip
        i = j;
        continue;
      }
      const std::int64_t theta = dp_mase_epoch_threshold(ep, inst.grid() * cfg.noise_refinement);
      Integer top = r0.value;
      for (std::size_t x = i; x < j; ++x) top = std::max(top, out.releases[x].value);
      std::vector<std::uint32_t> expected, sent;
      for (std::size_t x = i; x < j; ++x)
        if (top - out.releases[x].value >= theta) expected.push_back(out.releases[x].arm);
      for (const auto& m : out.messages)
        if (m.round == r0.round && m.agent == r0.agent) sent.push_back(m.arm);
      EXPECT_EQ(sent, expected) << "run " << run << " round " << r0.round;
      ++checked;
      i = j;
    }
  }
  EXPECT_GT(checked, 20u);
}

TEST(DpMaseEpochLaw, BadInput) {
  auto names = [](auto&& f, const std::string& param) {
    try {
      f();
      ADD_FAILURE() << "accepted";
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find("'" + param + "'"), std::string::npos) << e.what();
    }
  };
  names([] { dp_mase_eliminated_set_law(Rational(0), {0, 1}, 2); }, "scale");
  names([] { dp_mase_eliminated_set_law(Rational(1), {0}, 2); }, "sums");
  names([] { dp_mase_eliminated_set_law(Rational(1), std::vector<std::int64_t>(9, 0), 2); }, "sums");
  names([] { dp_mase_eliminated_set_law(Rational(1), {0, std::int64_t{1} << 41}, 2); }, "sums");
  names([] { dp_mase_eliminated_set_law(Rational(1), {0, 1}, 0); }, "theta");
  names([] { dp_mase_epoch_law(Rational(1), {0, 1}, {0, 1, 2}, 2); }, "sums_d_prime");
  const ref::DpSeEpoch ep(2, 1, Rational(1, 2), Rational(1, 2), ref::EliminationRule::ConfidenceWidths);
  names([&] { dp_mase_epoch_threshold(ep, 0); }, "unit");
}

}  // namespace
}  // namespace dpb::verify::audit
