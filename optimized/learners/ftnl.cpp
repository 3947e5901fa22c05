#include "optimized/learners/ftnl.hpp"

#include <algorithm>
#include <vector>

#include "optimized/learners/internal/common.hpp"
#include "optimized/learners/internal/release_noise.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "reference/core/errors.hpp"
#include "reference/learners/internal/validation.hpp"

namespace dpb::fast {

Trajectory ftnl(const FtnlParams& params, const ref::RewardTape& tape, NoiseSource noise,
                const LearnerOptions& options) {
  constexpr const char* f = "ftnl";
  ref::internal::require_arms_and_horizon(f, params.K, params.T, tape);
  const Rational& eps = ref::internal::require_eps(params.eps, f);
  require_positive(params.noise_multiplier, f, "noise_multiplier");
  require_reasonable_size(params.noise_multiplier, f, "noise_multiplier", 64);
  if (params.initial_action >= params.K)
    throw_parameter_error(f, "initial_action", "< K", std::to_string(params.initial_action));
  const std::int64_t q = ref::internal::require_noise_refinement(params.noise_refinement, f);
  internal::require_int64_headroom(params.T, tape.grid(), q, f);
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;
  const std::int64_t unit = tape.grid() * q;
  const DiscreteLaplace laplace(params.noise_multiplier * Rational(Integer(unit)) / eps);

  ref::internal::require_ledger_recording(options.record_ledger, options.record_releases, f);
  Trajectory out;
  out.horizon = T;
  if (options.record_ledger)  // the reference's law 0: one coordinate of RNM
    out.laws.push_back(
        ref::report_noisy_max_law(params.noise_multiplier * Rational(Integer(unit)) / eps, Rational(Integer(unit))));
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  internal::ReleaseNoise releases(noise, options.reuse_noise);
  std::uint32_t J = params.initial_action;
  for (std::uint32_t s = 0;; ++s) {
    const std::uint64_t start = std::uint64_t{1} << s, end = std::min((std::uint64_t{1} << (s + 1)) - 1, T);
    if (start > T) break;
    const std::uint64_t length = end - start + 1;
    out.pulls[J] += length;
    if (options.record_actions) out.actions.insert(out.actions.end(), length, J);
    if (end == T) break;
    std::uint32_t best = 0;
    std::int64_t best_value = 0;
    for (std::uint32_t j = 0; j < K; ++j) {
      std::int64_t gain = 0;
      for (std::int32_t x : tape.row(j).subspan(start - 1, length)) gain += x;
      NoiseSource release_noise = releases.next();
      const std::int64_t noisy = internal::noisy_value(gain, q, laplace(release_noise), f);
      if (options.record_releases)
        out.releases.push_back(
            Release{end, j, s, start - 1, start, noisy, unit, static_cast<double>(noisy) / static_cast<double>(unit)});
      if (j == 0 || noisy > best_value) {
        best = j;
        best_value = noisy;
      }
    }
    J = best;
  }
  const std::vector<double> means = internal::means_of(tape);
  out.pseudo_regret = pseudo_regret(means, out.pulls);
  return out;
}

Trajectory naive_ftnl(FtnlParams params, const ref::RewardTape& tape, NoiseSource noise,
                      const LearnerOptions& options) {
  params.noise_multiplier = Rational(Integer(params.K));
  return ftnl(params, tape, noise, options);
}

}  // namespace dpb::fast
