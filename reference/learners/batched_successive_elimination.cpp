#include "reference/learners/batched_successive_elimination.hpp"

#include <algorithm>
#include <vector>

#include "reference/core/errors.hpp"
#include "reference/learners/internal/certified.hpp"
#include "reference/learners/internal/validation.hpp"

namespace dpb::ref {

Integer batch_size(const Rational& eta, std::uint32_t b) {
  const Integer num = boost::multiprecision::pow(Integer(boost::multiprecision::numerator(eta)), b);
  const Integer den = boost::multiprecision::pow(Integer(boost::multiprecision::denominator(eta)), b);
  return ceil(Rational(num, den));
}

Interval confidence_radius(std::uint64_t active, std::uint32_t b, const Integer& l, const Rational& p,
                           const NoiseConcentration& c, mpfr_prec_t prec) {
  const Integer k = Integer(active) * b * b;  // |Φ(b)|·b²
  const Interval log4 = Interval(Rational(4 * k / p), prec).log();
  const Interval log2 = Interval(Rational(2 * k / p), prec).log();
  const Rational two_l = 2 * Rational(l);
  Interval beta = log4.div(two_l).sqrt();
  beta += enclose(c.sigma, prec) * log2.sqrt().div(Rational(l));
  beta += enclose(c.h, prec) * log2.div(Rational(l));
  return beta;
}

Trajectory batched_successive_elimination(const BatchedSuccessiveEliminationParams& params, const RewardTape& tape,
                                          const BatchAggregator& aggregator, NoiseSource noise,
                                          const LearnerOptions& options) {
  constexpr const char* f = "batched_successive_elimination";
  internal::require_arms_and_horizon(f, params.K, params.T, tape);
  if (params.eta <= 1) throw_parameter_error(f, "eta", "> 1", to_string(params.eta));
  require_reasonable_size(params.eta, f, "eta", 64);
  const Rational p = internal::confidence_or_default(params.p, params.T, f, "p");
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;

  internal::require_ledger_recording(options.record_ledger, options.record_releases, f);
  Trajectory out;
  out.horizon = T;
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  std::uint64_t t = 0;  // rounds served so far
  auto serve = [&](std::uint32_t a) {
    ++t;
    ++out.pulls[a];
    if (options.record_actions) out.actions.push_back(a);
    options.on_round(t);
  };

  std::vector<std::uint32_t> active(K);
  for (std::uint32_t a = 0; a < K; ++a) active[a] = a;
  for (std::uint32_t b = 1; t < T; ++b) {
    if (active.size() == 1) {  // the survivor takes the rest of the horizon
      while (t < T) serve(active.front());
      break;
    }
    const Integer l_exact = batch_size(params.eta, b);
    const std::uint64_t l = l_exact > T ? T + 1 : to_uint64(l_exact);  // T + 1: the batch cannot complete
    const auto law = static_cast<std::uint32_t>(out.laws.size());  // this batch's law (ledger only)
    if (options.record_ledger && l <= T) out.laws.push_back(aggregator.release_law(l));
    std::vector<Rational> mean(active.size());
    bool complete = true;
    for (std::size_t i = 0; i < active.size() && complete; ++i) {
      const std::uint32_t a = active[i];
      const std::uint64_t first = out.pulls[a];
      std::vector<Rational> rewards;
      rewards.reserve(static_cast<std::size_t>(std::min(l, T - t)));
      while (rewards.size() < l && t < T) {
        rewards.push_back(tape.reward(a, out.pulls[a]));
        serve(a);
      }
      if (rewards.size() < l) {
        complete = false;  // the horizon ends inside this batch: nothing is released
        break;
      }
      const Rational R = aggregator.aggregate(rewards, noise);  // R_a(b), "line 11"
      mean[i] = R / l;                                          // μ̂_a(b)
      if (options.record_releases) out.releases.push_back(Release{t, a, b, first, l, R, law});
    }
    if (!complete) break;

    // Elimination: keep a iff μ̂_a + β >= max μ̂ − β, i.e. d_a = max μ̂ − μ̂_a <= 2β(b).
    const NoiseConcentration c = aggregator.concentration(l);
    const Rational top = *std::max_element(mean.begin(), mean.end());
    auto two_beta_minus = [&](const Rational& d) {
      return [&, d](mpfr_prec_t prec) {
        return confidence_radius(active.size(), b, l_exact, p, c, prec).mul(Rational(2)) - Interval(d, prec);
      };
    };
    std::vector<std::uint32_t> next;
    for (std::size_t i = 0; i < active.size(); ++i) {
      const Rational d = top - mean[i];
      bool keep = true;
      if (d > 0)
        keep = internal::certified_sign(two_beta_minus(d), "batched_successive_elimination: arm " +
                                                               std::to_string(active[i]) + ", batch " +
                                                               std::to_string(b)) > 0;
      if (options.wants_margin(t))
        out.margins.push_back(DecisionMargin{t, active[i], 0, internal::describe(two_beta_minus(d)(256))});
      if (keep)
        next.push_back(active[i]);
      else
        out.eliminations.push_back(Elimination{t, active[i], b});
    }
    active = std::move(next);  // never empty: the arm with the largest μ̂ has d = 0
  }
  out.pseudo_regret = pseudo_regret(tape.means(), out.pulls);
  return out;
}

}  // namespace dpb::ref
