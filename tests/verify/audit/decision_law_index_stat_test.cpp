// The exact law of the audited decision Y of anytime-lazy-ucb, hybrid-ucb, ftnl and naive-ftnl
// (verify/audit/decision_law_index.hpp) against black-box samples of the audit's own sampler: exact two-sided
// binomial tests per outcome and side, Holm at family α = 1e-6, fixed seeds, with negative controls (ε doubled,
// neighbours swapped) that the same samples must reject.
#include "verify/audit/decision_law_index.hpp"

#include <gtest/gtest.h>
#include <mpfr.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "verify/audit/targets.hpp"
#include "verify/stats/binomial_tests.hpp"
#include "verify/stats/holm.hpp"

namespace dpb::verify::audit {
namespace {

const std::vector<std::string> kLearners = {"anytime-lazy-ucb", "hybrid-ucb", "ftnl", "naive-ftnl"};

// Conservative doubles of an enclosure (lower rounded down, upper up).
stats::ProbabilityEnclosure to_enclosure(const Interval& x) {
  return {mpfr_get_d(&x.get()->left, MPFR_RNDD), mpfr_get_d(&x.get()->right, MPFR_RNDU)};
}

// Counts of every Y in the target's own black-box samples, per side (0 = D, 1 = D′).
struct Samples {
  std::uint64_t n = 0;
  std::map<std::int64_t, std::uint64_t> count[2];
};

Samples sample_target(const std::string& learner, const Rational& eps, std::uint64_t n) {
  TargetOptions o;
  o.eps = eps;
  const PreparedTarget t = prepare_target(learner, o, 5);
  Samples s;
  s.n = n;
  for (int side = 0; side < 2; ++side) {
    const Histogram h = t.sample(side, n, 31337, 11 + static_cast<std::uint64_t>(side));
    EXPECT_EQ(h.total, n);
    for (const auto& [y, c] : h.counts) s.count[side][static_cast<std::int64_t>(y)] += c;
  }
  return s;
}

// Two-sided exact binomial p-values of every (side, outcome) count against the law.
std::vector<double> p_values(const Samples& s, const DecisionLaw& law) {
  std::vector<double> p;
  for (int side = 0; side < 2; ++side) {
    std::uint64_t covered = 0;
    for (std::size_t i = 0; i < law.outcomes.size(); ++i) {
      const auto it = s.count[side].find(law.outcomes[i]);
      const std::uint64_t k = it == s.count[side].end() ? 0 : it->second;
      covered += k;
      const Interval& prob = side == 0 ? law.p_d[i] : law.p_d_prime[i];
      p.push_back(stats::binomial_test(k, s.n, to_enclosure(prob)).p_value);
    }
    EXPECT_EQ(covered, s.n);  // no output outside the law's outcomes
  }
  return p;
}

bool any_rejected(const std::vector<double>& p) {
  for (const bool r : stats::holm_reject(p, 1e-6))
    if (r) return true;
  return false;
}

TEST(DecisionLawIndexTest, LawIsConsistentWithTheTargetsSamplesAndWrongLawsAreRejected) {
  constexpr std::uint64_t kN = 20000;  // per side
  std::vector<double> battery;
  for (const std::string& learner : kLearners) {
    for (const Rational& eps : {Rational(1, 2), Rational(1)}) {
      SCOPED_TRACE(learner + " eps=" + dpb::to_string(eps));
      const Samples s = sample_target(learner, eps, kN);
      const DecisionLaw law = index_decision_law(learner, eps);
      const std::vector<double> p = p_values(s, law);
      battery.insert(battery.end(), p.begin(), p.end());
      // Negative controls on the same samples: noise scale halved (ε doubled) ...
      const DecisionLaw doubled = index_decision_law(learner, 2 * eps);
      EXPECT_TRUE(any_rejected(p_values(s, doubled)));
      // ... and the neighbours swapped.
      DecisionLaw swapped = law;
      std::swap(swapped.p_d, swapped.p_d_prime);
      EXPECT_TRUE(any_rejected(p_values(s, swapped)));
    }
  }
  EXPECT_FALSE(any_rejected(battery));  // Holm over all tests of the true laws
}

}  // namespace
}  // namespace dpb::verify::audit
