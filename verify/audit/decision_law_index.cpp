// See the header: the law of the first largest of K noisy first rewards, by a finite certified sum plus a tail bound,
// and the closed form of the two-arm case.
#include "verify/audit/decision_law_index.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "reference/core/errors.hpp"
#include "reference/pmf/discrete_laplace.hpp"

namespace dpb::verify::audit {

namespace {

constexpr std::uint32_t kMaxArms = 64;
constexpr std::int64_t kMaxTerms = 50000;  // cap of M (the tail bound stays certified, only wider, beyond it)

Rational min_eps() { return Rational(1, Integer(1) << 40); }

// P[max_i |N_i| ≥ m] ≤ K·P[|N| ≥ m] = 2Kβ^m/(1 + β) ≤ 2Kβ^m with m = 2^48 − 1, and β^m ≤ e^{−min(m/s, 2000)} (the cap
// keeps the exponent inside MPFR's range; e^{−2000} is still far below any printed digit). Returned as ±that.
Interval machine_slack(const Rational& scale, std::uint32_t arms, mpfr_prec_t prec) {
  Rational q = Rational((Integer(1) << 48) - 1) / scale;
  if (q > 2000) q = 2000;
  const Interval s = exp_neg(q, prec).mul(Rational(2 * arms));
  return Interval::hull(-s.upper(), s.upper(), prec);
}

std::string table_text(const IndexAuditTable& t) {
  return "K = " + std::to_string(t.arms) + ", first rewards " + std::to_string(t.others) + " except arm 1's " +
         std::to_string(t.arm1_d) + " (D) / " + std::to_string(t.arm1_d_prime) + " (D')";
}

}  // namespace

IndexAuditTable index_audit_table(const std::string& target) {
  if (target == "ucb") return IndexAuditTable{2, 0, 1, 0};
  if (target == "naive-ftnl") return IndexAuditTable{2, 1, 1, 0};
  if (has_index_decision_law(target)) return IndexAuditTable{4, 1, 1, 0};
  throw_parameter_error("index_audit_table", "target", "anytime-lazy-ucb, hybrid-ucb, ucb, ftnl or naive-ftnl", target);
}

bool has_index_decision_law(const std::string& learner) {
  return learner == "anytime-lazy-ucb" || learner == "hybrid-ucb" || learner == "ftnl" || learner == "naive-ftnl";
}

Rational index_noise_scale(const std::string& learner, const Rational& eps, std::uint32_t arms) {
  constexpr const char* f = "index_noise_scale";
  if (!has_index_decision_law(learner))
    throw_parameter_error(f, "learner", "anytime-lazy-ucb, hybrid-ucb, ftnl or naive-ftnl", learner);
  if (eps <= 0) throw_parameter_error(f, "eps", "> 0", to_string(eps));
  if (arms < 2) throw_parameter_error(f, "arms", ">= 2", std::to_string(arms));
  // anytime_lazy_ucb: DiscreteLaplace(unit/ε); hybrid_ucb: array_noise = DiscreteLaplace(2·unit/ε) for Z^(0);
  // ftnl: DiscreteLaplace(c·unit/ε) with c = noise_multiplier = 1; naive_ftnl: c = K. unit = G·q = 1.
  if (learner == "hybrid-ucb") return Rational(2) / eps;
  if (learner == "naive-ftnl") return Rational(Integer(arms)) / eps;
  return Rational(1) / eps;
}

Interval laplace_difference_at_least(const Rational& scale, std::int64_t k, mpfr_prec_t prec) {
  if (scale <= 0) throw_parameter_error("laplace_difference_at_least", "scale", "> 0", to_string(scale));
  if (k <= 0) {
    // P[Δ ≥ k] = 1 − P[Δ ≤ k − 1] = 1 − P[Δ ≥ 1 − k] (Δ is symmetric), 1 − k ≥ 1.
    return Interval(1L, prec) - laplace_difference_at_least(scale, 1 - k, prec);
  }
  const Interval beta = exp_neg(Rational(1) / scale, prec);
  const Interval one(1L, prec);
  const Interval one_plus = one + beta;
  // β^k ((1 − β)(k − 1) + 2/(1 + β) + β) / (1 + β)²; every term is non-negative for k ≥ 1.
  const Interval bracket = (one - beta).mul(Rational(k - 1)) + Interval(2L, prec) / one_plus + beta;
  return beta.pow(static_cast<unsigned long>(k)) * bracket / one_plus.sqr();
}

namespace {

DecisionLaw argmax_law_impl(const Rational& scale, const std::vector<std::int32_t>& r_d,
                            const std::vector<std::int32_t>& r_d_prime, mpfr_prec_t prec, std::string table) {
  constexpr const char* f = "argmax_law";
  if (scale <= 0) throw_parameter_error(f, "scale", "> 0", to_string(scale));
  if (r_d.size() != r_d_prime.size())
    throw_parameter_error(f, "r_d_prime", "as many rewards as r_d (" + std::to_string(r_d.size()) + ")",
                          std::to_string(r_d_prime.size()));
  if (r_d.size() < 2 || r_d.size() > kMaxArms)
    throw_parameter_error(f, "table.arms", "in [2, 64]", std::to_string(r_d.size()));
  const auto arms = static_cast<std::uint32_t>(r_d.size());
  std::int32_t lo = r_d.front(), hi = r_d.front();
  for (const auto* v : {&r_d, &r_d_prime})
    for (const std::int32_t r : *v) {
      if (r < -1000 || r > 1000) throw_parameter_error(f, "table reward", "in [-1000, 1000]", std::to_string(r));
      lo = std::min(lo, r);
      hi = std::max(hi, r);
    }
  const ref::DiscreteLaplacePmf noise(scale);
  // M: P[|N| > M] = 2β^{M+1}/(1 + β) ≤ 2^−100 once (M + 1)/s ≥ 100 ln 2 ≈ 69.3; capped at kMaxTerms.
  const Rational want = 70 * scale;
  const Integer floor_want = numerator(want) / denominator(want);
  const std::int64_t M = want >= kMaxTerms ? kMaxTerms : floor_want.convert_to<std::int64_t>() + 1;
  // cdf arguments r_j + n − r_i − [i < j] lie within M + span of 0.
  const std::int64_t span = static_cast<std::int64_t>(hi) - lo + 1;
  // pmf(n) for |n| ≤ M and cdf(k) for |k| ≤ M + span, each computed once.
  std::vector<Interval> pmf, cdf;
  pmf.reserve(static_cast<std::size_t>(2 * M + 1));
  for (std::int64_t n = -M; n <= M; ++n) pmf.push_back(noise.pmf(Integer(n), prec));
  const std::int64_t C = M + span;
  cdf.reserve(static_cast<std::size_t>(2 * C + 1));
  for (std::int64_t k = -C; k <= C; ++k) cdf.push_back(noise.cdf(Integer(k), prec));
  const Interval tail = noise.upper_tail(Integer(M + 1), prec).mul(Rational(2));
  const Interval rest = Interval::hull(Rational(0), tail.upper(), prec) + machine_slack(scale, arms, prec);

  auto law_of = [&](const std::vector<std::int32_t>& r) {
    std::vector<Interval> out;
    for (std::uint32_t j = 0; j < arms; ++j) {
      Interval sum(0L, prec);
      for (std::int64_t n = -M; n <= M; ++n) {
        Interval term = pmf[static_cast<std::size_t>(n + M)];
        for (std::uint32_t i = 0; i < arms; ++i) {
          if (i == j) continue;
          // arm j is chosen over arm i iff r_i + N_i < r_j + n (i < j: ties go to i) or ≤ (i > j).
          const std::int64_t k = std::int64_t{r[j]} + n - r[i] - (i < j ? 1 : 0);
          term *= cdf[static_cast<std::size_t>(k + C)];
        }
        sum += term;
      }
      out.push_back(sum + rest);
    }
    return out;
  };
  auto text = [](const std::vector<std::int32_t>& r) {
    std::string s = "(";
    for (std::size_t i = 0; i < r.size(); ++i) s += (i ? "," : "") + std::to_string(r[i]);
    return s + ")";
  };
  if (table.empty()) table = "first rewards " + text(r_d) + " (D) / " + text(r_d_prime) + " (D')";
  DecisionLaw law;
  for (std::uint32_t j = 0; j < arms; ++j) law.outcomes.push_back(j);
  law.p_d = law_of(r_d);
  law.p_d_prime = law_of(r_d_prime);
  law.conditional = false;
  law.method = "Y = first argmax_j (r_j + N_j), N_j iid Lap_Z(" + to_string(scale) + "), " + table +
               "; P[Y = j] summed exactly over |N_j| <= " + std::to_string(M) + " plus a certified tail bound";
  return law;
}

}  // namespace

DecisionLaw argmax_law_vectors(const Rational& scale, const std::vector<std::int32_t>& r_d,
                               const std::vector<std::int32_t>& r_d_prime, mpfr_prec_t prec) {
  return argmax_law_impl(scale, r_d, r_d_prime, prec, "");
}

DecisionLaw argmax_law(const Rational& scale, const IndexAuditTable& table, mpfr_prec_t prec) {
  if (table.arms < 2 || table.arms > kMaxArms)
    throw_parameter_error("argmax_law", "table.arms", "in [2, 64]", std::to_string(table.arms));
  std::vector<std::int32_t> d(table.arms, table.others), dp(table.arms, table.others);
  d[1] = table.arm1_d;
  dp[1] = table.arm1_d_prime;
  return argmax_law_impl(scale, d, dp, prec, table_text(table));
}

DecisionLaw index_decision_law(const std::string& learner, const Rational& eps, mpfr_prec_t prec) {
  constexpr const char* f = "index_decision_law";
  if (!has_index_decision_law(learner))
    throw_parameter_error(f, "learner", "anytime-lazy-ucb, hybrid-ucb, ftnl or naive-ftnl", learner);
  if (eps < min_eps()) throw_parameter_error(f, "eps", ">= 2^-40", to_string(eps));
  const IndexAuditTable table = index_audit_table(learner);
  return argmax_law(index_noise_scale(learner, eps, table.arms), table, prec);
}

}  // namespace dpb::verify::audit
