// The exact law of the audited decision Y of anytime-lazy-ucb, hybrid-ucb, ftnl and naive-ftnl
// (verify/audit/decision_law_index.hpp), checked four independent ways:
//  * the law's certified sum against the two-arm closed form of P[N1 − N0 ≥ k], the closed form against a finite
//    sum of products of the certified pmf and tail (a third evaluation), and the pure ε of the two-arm table with
//    r0 = 0 against ln((1 + P0)/(1 − P0)) with the collision probability P0 = P[N1 = N0] = (1 − β)(1 + β²)/(1 + β)³
//    (a separate derivation);
//  * the decision rule (Y = 1 iff r1 + N1 > r0 + N0, ties to arm 0) against the optimized learners' own decisions,
//    read from their recorded releases, run by run;
//  * the law against black-box samples of the audit's own sampler: decision_law_index_stat_test.cpp;
//  * probabilities sum to an enclosure of 1, and ε_view ≤ ε_release.
#include "verify/audit/decision_law_index.hpp"

#include <gtest/gtest.h>
#include <mpfr.h>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "optimized/learners/anytime_lazy_ucb.hpp"
#include "optimized/learners/ftnl.hpp"
#include "optimized/learners/hybrid_ucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/pmf/discrete_laplace.hpp"
#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {
namespace {

const std::vector<std::string> kLearners = {"anytime-lazy-ucb", "hybrid-ucb", "ftnl", "naive-ftnl"};

// P[N1 − N0 ≥ k] = Σ_n P[N0 = n]·P[N1 ≥ n + k], summed over |n| ≤ M with the reference pmf, plus [0, P[|N0| > M]].
Interval summed_difference_at_least(const Rational& scale, std::int64_t k, std::int64_t M) {
  const ref::DiscreteLaplacePmf pmf(scale);
  Interval sum(0L, 128);
  for (std::int64_t n = -M; n <= M; ++n) sum += pmf.pmf(Integer(n), 128) * pmf.upper_tail(Integer(n + k), 128);
  const Interval tail = pmf.upper_tail(Integer(M + 1), 128).mul(Rational(2));
  return sum + Interval::hull(Rational(0), tail.upper(), 128);
}

TEST(DecisionLawIndexTest, ClosedFormMatchesTheCertifiedPmfSum) {
  for (const Rational& scale : {Rational(1), Rational(2), Rational(4), Rational(7, 3)}) {
    for (std::int64_t k = -3; k <= 4; ++k) {
      SCOPED_TRACE(dpb::to_string(scale) + " k=" + std::to_string(k));
      const Interval closed = laplace_difference_at_least(scale, k);
      const Interval summed = summed_difference_at_least(scale, k, 300);
      EXPECT_TRUE(summed.contains(closed));
      EXPECT_LT(summed.width(), Rational(1, Integer(1) << 60));  // the sum is tight: the check has power
      EXPECT_LT(closed.width(), Rational(1, Integer(1) << 100));
    }
  }
}

TEST(DecisionLawIndexTest, TwoArmLawMatchesTheClosedForm) {
  for (const Rational& scale : {Rational(1), Rational(2), Rational(13, 4)}) {
    for (const std::int32_t others : {0, 1}) {
      SCOPED_TRACE(dpb::to_string(scale) + " others=" + std::to_string(others));
      const DecisionLaw law = argmax_law(scale, IndexAuditTable{2, others, 1, 0});
      // Y = 1 iff x + N1 > others + N0 iff Δ ≥ others − x + 1; Y = 0 iff Δ ≤ others − x iff −Δ ≥ x − others.
      EXPECT_TRUE(law.p_d[1].overlaps(laplace_difference_at_least(scale, others - 1 + 1)));
      EXPECT_TRUE(law.p_d_prime[1].overlaps(laplace_difference_at_least(scale, others + 1)));
      EXPECT_TRUE(law.p_d[0].overlaps(laplace_difference_at_least(scale, 1 - others)));
      EXPECT_TRUE(law.p_d_prime[0].overlaps(laplace_difference_at_least(scale, -others)));
      for (const Interval& p : {law.p_d[0], law.p_d[1], law.p_d_prime[0], law.p_d_prime[1]})
        EXPECT_LT(p.width(), Rational(1, Integer(1) << 90));  // tight enough for the overlaps to have power
    }
  }
}

TEST(DecisionLawIndexTest, SymmetricTableMatchesTheCollisionProbability) {
  // Table r0 = 0, r1 = 1 vs 0: P_D[Y = 1] = P[Δ ≥ 0] = (1 + P0)/2, P_D′[Y = 1] = P[Δ ≥ 1] = (1 − P0)/2, so the
  // pure ε of Y is ln((1 + P0)/(1 − P0)).
  for (const Rational& scale : {Rational(1), Rational(2), Rational(5, 2)}) {
    const Interval b = exp_neg(Rational(1) / scale, 256);
    const Interval one(1L, 256);
    const Interval p0 = (one - b) * (one + b.sqr()) / (one + b).pow(3);
    const Interval expected = ((one + p0) / (one - p0)).log();
    const DecisionEps e = decision_eps(argmax_law(scale, IndexAuditTable{2, 0, 1, 0}), 0);
    EXPECT_GE(e.eps, mpfr_get_d(&expected.get()->left, MPFR_RNDD));
    EXPECT_LE(e.eps, mpfr_get_d(&expected.get()->right, MPFR_RNDU) * (1 + 1e-12));
  }
}

TEST(DecisionLawIndexTest, SumsEncloseOneAndTheViewIsBelowTheRelease) {
  for (const std::string& learner : kLearners) {
    for (const Rational& eps : {Rational(1, 10), Rational(1, 2), Rational(1), Rational(3)}) {
      SCOPED_TRACE(learner + " eps=" + dpb::to_string(eps));
      const DecisionLaw law = index_decision_law(learner, eps);
      const std::uint32_t K = index_audit_table(learner).arms;
      ASSERT_EQ(law.outcomes.size(), K);
      EXPECT_FALSE(law.conditional);
      // The K products are computed independently; they sum to 1 only if the tie rule partitions the outcomes.
      Interval sum_d(0L, 128), sum_d_prime(0L, 128);
      for (std::uint32_t j = 0; j < K; ++j) {
        EXPECT_EQ(law.outcomes[j], static_cast<std::int64_t>(j));
        sum_d += law.p_d[j];
        sum_d_prime += law.p_d_prime[j];
      }
      EXPECT_TRUE(sum_d.contains(Rational(1)));
      EXPECT_TRUE(sum_d_prime.contains(Rational(1)));
      EXPECT_LT(sum_d.width(), Rational(1, Integer(1) << 80));
      const double view = decision_eps(law, 0).eps;
      const double release = (Rational(1) / index_noise_scale(learner, eps, K)).convert_to<double>();
      EXPECT_GT(view, 0);
      EXPECT_LT(view, release);
      // The release ε (sensitivity 1 on Lap_Z(s)) is 1/s: ε (lazy, ftnl), ε/2 (hybrid), ε/K (naive).
      const Rational expected = learner == "hybrid-ucb" ? eps / 2 : learner == "naive-ftnl" ? eps / K : eps;
      EXPECT_EQ(Rational(1) / index_noise_scale(learner, eps, K), expected);
    }
  }
}

TEST(DecisionLawIndexTest, RejectsBadParameters) {
  EXPECT_THROW(index_decision_law("ucb", Rational(1, 2)), ParameterError);
  EXPECT_THROW(index_decision_law("ftnl", Rational(0)), ParameterError);
  EXPECT_THROW(index_decision_law("ftnl", Rational(1, Integer(1) << 41)), ParameterError);
  EXPECT_THROW(index_noise_scale("dp-se", Rational(1), 2), ParameterError);
  EXPECT_THROW(index_noise_scale("ftnl", Rational(1), 1), ParameterError);
  EXPECT_THROW(index_audit_table("se"), ParameterError);
  EXPECT_THROW(argmax_law(Rational(1), IndexAuditTable{1, 1, 1, 0}), ParameterError);
  EXPECT_THROW(argmax_law(Rational(0), IndexAuditTable{}), ParameterError);
  EXPECT_EQ(index_audit_table("ucb").others, 0);  // the non-private baseline keeps the distinguishing table
}

// The learner itself, run on the audit table with releases recorded: returns (its decision, the rule — the first
// arm with the largest value — applied to the statistics it released for the arms' first rewards).
std::pair<std::uint32_t, std::uint32_t> decision_and_rule(const std::string& learner, std::int32_t x, NoiseSource noise,
                                                          std::uint64_t& ties) {
  const IndexAuditTable table = index_audit_table(learner);
  const std::uint32_t K = table.arms;
  const bool ftnl_family = learner == "ftnl" || learner == "naive-ftnl";
  const std::uint64_t T = ftnl_family ? 2 : K + 1;
  std::vector<std::int32_t> units(K * T, 0);
  for (std::uint32_t a = 0; a < K; ++a) units[a * T] = a == 1 ? x : table.others;
  const ref::RewardTape tape(K, T, 1, std::vector<Rational>(K, Rational(1, 2)), units);
  fast::Trajectory tr;
  if (ftnl_family) {
    fast::FtnlParams p;
    p.K = K;
    p.T = T;
    p.eps = Rational(1, 2);
    tr = learner == "ftnl" ? fast::ftnl(p, tape, noise) : fast::naive_ftnl(p, tape, noise);
  } else if (learner == "anytime-lazy-ucb") {
    fast::AnytimeLazyUcbParams p;
    p.K = K;
    p.T = T;
    p.eps = Rational(1, 2);
    tr = fast::anytime_lazy_ucb(p, tape, noise);
  } else {
    fast::HybridUcbParams p;
    p.K = K;
    p.T = T;
    p.eps = Rational(1, 2);
    tr = fast::hybrid_ucb(p, tape, noise);
  }
  std::vector<std::optional<std::int64_t>> first(K);  // each arm's first release: r_j + N_j in grid units
  for (const fast::Release& r : tr.releases) {
    EXPECT_EQ(r.den, 1);
    if (r.arm < K && !first[r.arm]) first[r.arm] = r.num;
  }
  std::uint32_t rule = 0;
  for (std::uint32_t j = 0; j < K; ++j) {
    EXPECT_TRUE(first[j].has_value());
    if (!first[j]) return {0, 1};
    if (*first[j] > *first[rule]) rule = j;
  }
  for (std::uint32_t j = 0; j < K; ++j)
    if (j != rule && *first[j] == *first[rule]) ++ties;
  return {tr.actions.at(T - 1), rule};
}

TEST(DecisionLawIndexTest, RuleIsTheLearnersOwnDecision) {
  for (const std::string& learner : kLearners) {
    SCOPED_TRACE(learner);
    ChaCha20Source bits(77, 1);
    std::uint64_t ties = 0, mismatches = 0;
    std::map<std::uint32_t, std::uint64_t> chosen;
    for (int i = 0; i < 20000; ++i) {
      const auto [action, rule] = decision_and_rule(learner, i % 2, NoiseSource(bits), ties);
      mismatches += action != rule ? 1 : 0;
      ++chosen[action];
    }
    EXPECT_EQ(mismatches, 0u);
    EXPECT_GT(ties, 500u);  // ties at the maximum (broken to the lowest index) are exercised ...
    for (std::uint32_t j = 0; j < index_audit_table(learner).arms; ++j)
      EXPECT_GT(chosen[j], 1000u);  // ... and so is every decision
  }
}

TEST(DecisionLawIndexTest, TargetUsesTheViewAsReferenceAndReportsTheRelease) {
  for (const std::string& learner : kLearners) {
    SCOPED_TRACE(learner);
    TargetOptions o;  // ε = 1/2
    const PreparedTarget t = prepare_target(learner, o, 5);
    ASSERT_TRUE(t.eps_exact.has_value());
    const DecisionEps view = decision_eps(index_decision_law(learner, o.eps), 0);
    EXPECT_EQ(*t.eps_exact, view.eps);
    EXPECT_NE(t.eps_exact_source.find("white box (exact law of the decision Y)"), std::string::npos);
    const double release = t.details.at("eps_release").get<double>();
    EXPECT_EQ(release,
              (Rational(1) / index_noise_scale(learner, o.eps, index_audit_table(learner).arms)).convert_to<double>());
    EXPECT_LT(*t.eps_exact, release);
    EXPECT_FALSE(t.details.at("eps_release_source").get<std::string>().empty());
    ASSERT_EQ(t.details.at("decision_law").at("outcomes").size(), index_audit_table(learner).arms);
    const double pd1 = std::stod(t.details["decision_law"]["outcomes"][1]["P_D"].get<std::string>());
    EXPECT_NEAR(pd1, index_decision_law(learner, o.eps).p_d[1].midpoint_for_report(), 1e-11);
  }
}

}  // namespace
}  // namespace dpb::verify::audit
