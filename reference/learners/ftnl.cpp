#include "reference/learners/ftnl.hpp"

#include <algorithm>
#include <vector>

#include "reference/core/errors.hpp"
#include "reference/learners/internal/validation.hpp"
#include "reference/samplers/discrete_laplace.hpp"

namespace dpb::ref {

Trajectory ftnl(const FtnlParams& params, const RewardTape& tape, NoiseSource noise, const LearnerOptions& options) {
  constexpr const char* f = "ftnl";
  internal::require_arms_and_horizon(f, params.K, params.T, tape);
  const Rational& eps = internal::require_eps(params.eps, f);
  require_positive(params.noise_multiplier, f, "noise_multiplier");
  require_reasonable_size(params.noise_multiplier, f, "noise_multiplier", 64);
  if (params.initial_action >= params.K)
    throw_parameter_error(f, "initial_action", "< K", std::to_string(params.initial_action));
  const std::int64_t q = internal::require_noise_refinement(params.noise_refinement, f);
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;
  const Integer unit = Integer(tape.grid()) * q;
  const DiscreteLaplace laplace(params.noise_multiplier * Rational(unit) / eps);
  internal::require_ledger_recording(options.record_ledger, options.record_releases, f);

  Trajectory out;
  out.horizon = T;
  // Law 0: one coordinate of RNM; the K releases of one call share round and index (one selection release).
  if (options.record_ledger)
    out.laws.push_back(report_noisy_max_law(params.noise_multiplier * Rational(unit) / eps, Rational(unit)));
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  std::uint32_t J = params.initial_action;
  std::vector<Integer> gain(K);
  for (std::uint32_t s = 0;; ++s) {
    const std::uint64_t start = std::uint64_t{1} << s, end = std::min((std::uint64_t{1} << (s + 1)) - 1, T);
    if (start > T) break;
    for (auto& g : gain) g = 0;
    for (std::uint64_t t = start; t <= end; ++t) {
      ++out.pulls[J];
      if (options.record_actions) out.actions.push_back(J);
      for (std::uint32_t j = 0; j < K; ++j) gain[j] += tape.units(j, t - 1);  // full information
      options.on_round(t);
    }
    if (end == T) break;  // no round left: no RNM
    // RNM(X[s], ε): argmax_j G_j^(s) + L_j, only this epoch's data.
    std::uint32_t best = 0;
    Integer best_value;
    for (std::uint32_t j = 0; j < K; ++j) {
      const Integer noisy = gain[j] * q + laplace(noise);
      if (options.record_releases) out.releases.push_back(Release{end, j, s, start - 1, start, Rational(noisy, unit)});
      if (j == 0 || noisy > best_value) {
        best = j;
        best_value = noisy;
      }
    }
    J = best;
  }
  out.pseudo_regret = pseudo_regret(tape.means(), out.pulls);
  return out;
}

Trajectory naive_ftnl(FtnlParams params, const RewardTape& tape, NoiseSource noise, const LearnerOptions& options) {
  params.noise_multiplier = Rational(Integer(params.K));
  return ftnl(params, tape, noise, options);
}

}  // namespace dpb::ref
