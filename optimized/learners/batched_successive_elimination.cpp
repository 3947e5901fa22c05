#include "optimized/learners/batched_successive_elimination.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "optimized/learners/internal/common.hpp"
#include "optimized/learners/internal/release_noise.hpp"
#include "reference/core/errors.hpp"
#include "reference/learners/batched_successive_elimination.hpp"
#include "reference/learners/internal/certified.hpp"
#include "reference/learners/internal/validation.hpp"

namespace dpb::fast {

double confidence_radius(std::uint64_t active, std::uint32_t b, std::uint64_t l, double p,
                         const NoiseConcentration& c) {
  const double k = static_cast<double>(active) * b * b, L = static_cast<double>(l);
  const double log4 = std::log(4 * k / p), log2 = std::log(2 * k / p);
  return std::sqrt(log4 / (2 * L)) + c.sigma * std::sqrt(log2) / L + c.h * log2 / L;
}

Trajectory batched_successive_elimination(const BatchedSuccessiveEliminationParams& params, const ref::RewardTape& tape,
                                          const BatchAggregator& aggregator, NoiseSource noise,
                                          const LearnerOptions& options) {
  constexpr const char* f = "batched_successive_elimination";
  ref::internal::require_arms_and_horizon(f, params.K, params.T, tape);
  if (params.eta <= 1) throw_parameter_error(f, "eta", "> 1", to_string(params.eta));
  require_reasonable_size(params.eta, f, "eta", 64);
  const Rational p_exact = ref::internal::confidence_or_default(params.p, params.T, f, "p");
  const double p = internal::to_double(p_exact);
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;

  ref::internal::require_ledger_recording(options.record_ledger, options.record_releases, f);
  Trajectory out;
  out.horizon = T;
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  std::uint64_t t = 0;
  std::vector<std::uint32_t> active(K), next;
  std::vector<double> mean;
  std::vector<Rational> exact_mean;  // filled only when a near tie needs the certified decision
  for (std::uint32_t a = 0; a < K; ++a) active[a] = a;
  internal::ReleaseNoise releases(noise, options.reuse_noise);
  auto serve = [&](std::uint32_t a, std::uint64_t count) {  // `count` consecutive users with arm a
    t += count;
    out.pulls[a] += count;
    if (options.record_actions) out.actions.insert(out.actions.end(), count, a);
  };

  for (std::uint32_t b = 1; t < T; ++b) {
    if (active.size() == 1) {
      serve(active.front(), T - t);
      break;
    }
    const Integer l_exact = ref::batch_size(params.eta, b);  // once per batch
    const std::uint64_t l = l_exact > T ? T + 1 : to_uint64(l_exact);
    const auto law = static_cast<std::uint32_t>(out.laws.size());  // this batch's law (ledger only)
    if (options.record_ledger && l <= T) out.laws.push_back(aggregator.release_law(l));
    mean.assign(active.size(), 0.0);
    std::vector<FixedPoint> released(active.size());
    bool complete = true;
    for (std::size_t i = 0; i < active.size(); ++i) {
      const std::uint32_t a = active[i];
      const std::uint64_t first = out.pulls[a];
      if (l > T - t) {  // the horizon ends inside this batch
        serve(a, T - t);
        complete = false;
        break;
      }
      serve(a, l);
      NoiseSource release_noise = releases.next();
      const FixedPoint R = aggregator.aggregate(tape.row(a).subspan(first, l), tape.grid(), release_noise);
      const double R_double = static_cast<double>(R.num) / static_cast<double>(R.den);
      mean[i] = R_double / static_cast<double>(l);
      released[i] = R;
      if (options.record_releases) out.releases.push_back(Release{t, a, b, first, l, R.num, R.den, R_double, law});
    }
    if (!complete) break;

    const double beta = confidence_radius(active.size(), b, l, p, aggregator.concentration(l));
    const double top = *std::max_element(mean.begin(), mean.end());
    next.clear();
    for (std::size_t i = 0; i < active.size(); ++i) {
      const double d = top - mean[i];
      const double gap = 2 * beta - d;
      const double bound = kRelativeError * (2 * std::abs(top) + 2 * beta) * options.near_tie_scale;
      bool keep = d <= 0 || gap > 0;
      if (d > 0 && std::abs(gap) <= bound) {
        NearTie tie{t, active[i], active[i], gap, bound};
        const auto exact_c = options.defer_near_ties ? aggregator.exact_concentration(l) : std::nullopt;
        if (exact_c) {
          // The reference's decision (reference/learners/batched_successive_elimination.cpp): keep iff
          // d = max μ̂ − μ̂_a <= 2β(b), with exact means R/l and β enclosed, refined until the sign is certain.
          if (exact_mean.size() != active.size()) exact_mean.assign(active.size(), Rational(0));
          for (std::size_t k = 0; k < active.size(); ++k)
            exact_mean[k] = Rational(Integer(released[k].num), Integer(released[k].den) * l_exact);
          const Rational exact_top = *std::max_element(exact_mean.begin(), exact_mean.end());
          const Rational exact_d = exact_top - exact_mean[i];
          keep = exact_d <= 0 || ref::internal::certified_sign(
                                     [&](mpfr_prec_t prec) {
                                       return ref::confidence_radius(active.size(), b, l_exact, p_exact, *exact_c, prec)
                                                  .mul(Rational(2)) -
                                              Interval(exact_d, prec);
                                     },
                                     std::string(f) + ": deferred near tie") > 0;
          tie.deferred = true;
          ++out.deferrals;
        } else if (options.fault_at_near_ties) {
          keep = !keep;
        }
        out.near_ties.push_back(tie);
      }
      if (keep)
        next.push_back(active[i]);
      else
        out.eliminations.push_back(Elimination{t, active[i], b});
    }
    std::swap(active, next);
  }
  const std::vector<double> means = internal::means_of(tape);
  out.pseudo_regret = pseudo_regret(means, out.pulls);
  return out;
}

}  // namespace dpb::fast
