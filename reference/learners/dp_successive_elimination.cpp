#include "reference/learners/dp_successive_elimination.hpp"

#include <algorithm>
#include <vector>

#include "reference/learners/internal/certified.hpp"
#include "reference/learners/internal/validation.hpp"
#include "reference/samplers/discrete_laplace.hpp"

namespace dpb::ref {

Trajectory dp_successive_elimination(const DpSuccessiveEliminationParams& params, const RewardTape& tape,
                                     NoiseSource noise, const LearnerOptions& options) {
  constexpr const char* f = "dp_successive_elimination";
  internal::require_arms_and_horizon(f, params.K, params.T, tape);
  const Rational& eps = internal::require_eps(params.eps, f);
  const Rational beta = internal::confidence_or_default(params.beta, params.T, f, "beta");
  const std::int64_t q = internal::require_noise_refinement(params.noise_refinement, f);
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;
  const Integer unit = Integer(tape.grid()) * q;        // noise grid 1/(G·q)
  const DiscreteLaplace laplace(Rational(unit) / eps);  // Lap(1/ε) on the sum, in units of 1/(G·q)
  internal::require_ledger_recording(options.record_ledger, options.record_releases, f);

  Trajectory out;
  out.horizon = T;
  if (options.record_ledger) out.laws.push_back(laplace_law(Rational(unit) / eps, Rational(unit)));  // law 0
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  std::uint64_t t = 0;
  auto serve = [&](std::uint32_t a) {
    ++t;
    ++out.pulls[a];
    if (options.record_actions) out.actions.push_back(a);
    options.on_round(t);
  };

  std::vector<std::uint32_t> active(K);
  for (std::uint32_t a = 0; a < K; ++a) active[a] = a;
  for (std::uint32_t e = 1; t < T; ++e) {
    if (active.size() == 1) {
      while (t < T) serve(active.front());
      break;
    }
    const DpSeEpoch epoch(active.size(), e, beta, eps, params.rule);  // shared with DP-MASE (seed 004)
    const Integer& R_exact = epoch.length();
    const std::uint64_t R = R_exact > T ? T + 1 : to_uint64(R_exact);
    std::vector<Rational> noisy_mean(active.size());
    bool complete = true;
    for (std::size_t i = 0; i < active.size(); ++i) {
      const std::uint32_t a = active[i];
      const std::uint64_t first = out.pulls[a];
      Integer sum = 0;  // Σ k_i, rewards k_i/G
      std::uint64_t n = 0;
      for (; n < R && t < T; ++n) {
        sum += tape.units(a, out.pulls[a]);
        serve(a);
      }
      if (n < R) {
        complete = false;
        break;
      }
      const Rational noisy_sum(sum * q + laplace(noise), unit);  // independent noise per arm
      noisy_mean[i] = noisy_sum / R;
      if (options.record_releases) out.releases.push_back(Release{t, a, e, first, R, noisy_sum});
    }
    if (!complete) break;

    const Rational top = *std::max_element(noisy_mean.begin(), noisy_mean.end());
    std::vector<std::uint32_t> next;
    for (std::size_t i = 0; i < active.size(); ++i) {
      const Rational d = top - noisy_mean[i];
      const bool keep = epoch.keeps(d, std::string(f) + ": arm " + std::to_string(active[i]) + ", epoch " +
                                           std::to_string(e));
      if (options.wants_margin(t))
        out.margins.push_back(DecisionMargin{t, active[i], 0, internal::describe(epoch.margin(d, 256))});
      if (keep)
        next.push_back(active[i]);
      else
        out.eliminations.push_back(Elimination{t, active[i], e});
    }
    active = std::move(next);
  }
  out.pseudo_regret = pseudo_regret(tape.means(), out.pulls);
  return out;
}

}  // namespace dpb::ref
