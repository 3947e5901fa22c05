#include "optimized/learners/batched_successive_elimination.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "optimized/learners/internal/common.hpp"
#include "reference/core/errors.hpp"
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
  const double p = internal::to_double(ref::internal::confidence_or_default(params.p, params.T, f, "p"));
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;

  Trajectory out;
  out.horizon = T;
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  std::uint64_t t = 0;
  std::vector<std::uint32_t> active(K), next;
  std::vector<double> mean;
  for (std::uint32_t a = 0; a < K; ++a) active[a] = a;
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
    mean.assign(active.size(), 0.0);
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
      const FixedPoint R = aggregator.aggregate(tape.row(a).subspan(first, l), tape.grid(), noise);
      const double R_double = static_cast<double>(R.num) / static_cast<double>(R.den);
      mean[i] = R_double / static_cast<double>(l);
      if (options.record_releases) out.releases.push_back(Release{t, a, b, first, l, R.num, R.den, R_double});
    }
    if (!complete) break;

    const double beta = confidence_radius(active.size(), b, l, p, aggregator.concentration(l));
    const double top = *std::max_element(mean.begin(), mean.end());
    next.clear();
    for (std::size_t i = 0; i < active.size(); ++i) {
      const double d = top - mean[i];
      const double gap = 2 * beta - d;
      const double bound = kRelativeError * (2 * std::abs(top) + 2 * beta);
      if (d > 0 && std::abs(gap) <= bound) out.near_ties.push_back(NearTie{t, active[i], active[i], gap, bound});
      if (d <= 0 || gap > 0)
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
