#include "optimized/learners/dp_successive_elimination.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "optimized/learners/internal/common.hpp"
#include "optimized/learners/internal/release_noise.hpp"
#include "reference/learners/dp_se_epoch.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "reference/learners/internal/validation.hpp"

namespace dpb::fast {

namespace {

// floor(x) of a double carrying relative error below 1e−12, or nullopt when x is too close to an integer.
bool safe_floor(double x, double& out) {
  const double nearest = std::nearbyint(x);
  if (std::abs(x - nearest) <= 1e-9 * std::max(1.0, std::abs(x))) return false;
  out = std::floor(x);
  return true;
}

}  // namespace

std::uint64_t dp_se_epoch_length(std::uint64_t active, std::uint32_t e, const Rational& beta, const Rational& eps) {
  const double inv_gap = std::ldexp(1.0, static_cast<int>(e));
  const double k = static_cast<double>(active) * e * e, b = internal::to_double(beta);
  const double A = 32 * std::log(8 * k / b) * inv_gap * inv_gap;
  const double B = 8 * std::log(4 * k / b) * inv_gap / internal::to_double(eps);
  double fa = 0, fb = 0;
  if (std::max(A, B) >= 0x1p62) return std::uint64_t{1} << 62;
  if (!safe_floor(A, fa) || !safe_floor(B, fb)) {
    const Integer exact = ref::dp_se_epoch_length(active, e, beta, eps);  // certified slow path
    return exact > (Integer(1) << 62) ? std::uint64_t{1} << 62 : to_uint64(exact);
  }
  return 1 + static_cast<std::uint64_t>(std::max(fa, fb));
}

double sample_laplace_float(NoiseSource& noise, double scale) {
  const double u = (static_cast<double>(noise.next_bits(53)) + 0.5) * 0x1p-53;  // in (0, 1)
  return u < 0.5 ? scale * std::log(2 * u) : -scale * std::log(2 * (1 - u));
}

double dp_se_threshold(std::uint64_t active, std::uint32_t e, std::uint64_t R, double beta, double eps) {
  const double Rd = static_cast<double>(R), k = static_cast<double>(active) * e * e;
  return 2 * (std::sqrt(std::log(8 * k / beta) / (2 * Rd)) + std::log(4 * k / beta) / (eps * Rd));
}

DpSeTest dp_se_test_exact(EliminationRule rule, std::uint32_t e, std::uint64_t R, std::int64_t unit, double threshold,
                          std::int64_t diff) {
  DpSeTest t;
  if (rule == EliminationRule::HalfGap) {
    // d = diff/(unit·R) <= 2^{−e−1}  ⇔  diff·2^{e+1} <= unit·R, in 128-bit integers.
    t.keep = (static_cast<detail::u128>(diff) << (e + 1)) <= static_cast<detail::u128>(unit) * R;
    return t;
  }
  t.d = static_cast<double>(diff) / (static_cast<double>(unit) * static_cast<double>(R));
  t.gap = threshold - t.d;
  t.keep = t.d <= 0 || t.gap > 0;
  return t;
}

Trajectory dp_successive_elimination(const DpSuccessiveEliminationParams& params, const ref::RewardTape& tape,
                                     NoiseSource noise, const LearnerOptions& options) {
  constexpr const char* f = "dp_successive_elimination";
  ref::internal::require_arms_and_horizon(f, params.K, params.T, tape);
  const Rational& eps = ref::internal::require_eps(params.eps, f);
  const Rational beta = ref::internal::confidence_or_default(params.beta, params.T, f, "beta");
  const std::int64_t q = ref::internal::require_noise_refinement(params.noise_refinement, f);
  internal::require_int64_headroom(params.T, tape.grid(), q, f);
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;
  const std::int64_t unit = tape.grid() * q;
  const DiscreteLaplace laplace(Rational(Integer(unit)) / eps);
  const double eps_d = internal::to_double(eps), beta_d = internal::to_double(beta);
  const bool exact = params.noise == DpSeNoise::ExactDiscrete;
  ref::internal::require_ledger_recording(options.record_ledger, options.record_releases, f);

  Trajectory out;
  out.horizon = T;
  // Law 0 (the reference's). The floating-point noise mode (not exact) is Lap(1/ε) on the sum: the same ε.
  if (options.record_ledger) out.laws.push_back(ref::laplace_law(Rational(Integer(unit)) / eps, Rational(Integer(unit))));
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  std::uint64_t t = 0;
  auto serve = [&](std::uint32_t a, std::uint64_t count) {
    t += count;
    out.pulls[a] += count;
    if (options.record_actions) out.actions.insert(out.actions.end(), count, a);
  };
  std::vector<std::uint32_t> active(K), next;
  std::vector<std::int64_t> noisy(K);  // exact mode: noisy sums in units of 1/(G q)
  std::vector<double> noisy_float(K);  // float mode: noisy sums in reward units
  for (std::uint32_t a = 0; a < K; ++a) active[a] = a;
  internal::ReleaseNoise releases(noise, options.reuse_noise);

  for (std::uint32_t e = 1; t < T; ++e) {
    if (active.size() == 1) {
      serve(active.front(), T - t);
      break;
    }
    const std::uint64_t R = dp_se_epoch_length(active.size(), e, beta, eps);
    bool complete = true;
    for (std::size_t i = 0; i < active.size(); ++i) {
      const std::uint32_t a = active[i];
      const std::uint64_t first = out.pulls[a];
      if (R > T - t) {
        serve(a, T - t);
        complete = false;
        break;
      }
      std::int64_t sum = 0;
      for (std::int32_t k : tape.row(a).subspan(first, R)) sum += k;
      serve(a, R);
      NoiseSource release_noise = releases.next();
      if (exact) {
        noisy[i] = internal::noisy_value(sum, q, laplace(release_noise), f);
        if (options.record_releases) {
          const double v = static_cast<double>(noisy[i]) / static_cast<double>(unit);
          out.releases.push_back(Release{t, a, e, first, R, noisy[i], unit, v});
        }
      } else {
        noisy_float[i] =
            static_cast<double>(sum) / static_cast<double>(tape.grid()) + sample_laplace_float(release_noise, 1 / eps_d);
        if (options.record_releases) out.releases.push_back(Release{t, a, e, first, R, 0, 0, noisy_float[i]});
      }
    }
    if (!complete) break;

    const double Rd = static_cast<double>(R);
    const double threshold = params.rule == EliminationRule::HalfGap
                                 ? std::ldexp(1.0, -static_cast<int>(e) - 1)
                                 : dp_se_threshold(active.size(), e, R, beta_d, eps_d);
    // All arms share R and the noise grid, so the largest noisy mean is the largest noisy sum (exact in exact mode).
    const std::size_t n = active.size();
    const std::size_t top =
        exact ? std::max_element(noisy.begin(), noisy.begin() + static_cast<std::ptrdiff_t>(n)) - noisy.begin()
              : std::max_element(noisy_float.begin(), noisy_float.begin() + static_cast<std::ptrdiff_t>(n)) -
                    noisy_float.begin();
    next.clear();
    for (std::size_t i = 0; i < n; ++i) {
      bool keep;
      if (exact) {
        const DpSeTest test = dp_se_test_exact(params.rule, e, R, unit, threshold, noisy[top] - noisy[i]);
        keep = test.keep;
        const double bound = kRelativeError * threshold * options.near_tie_scale;
        if (params.rule != EliminationRule::HalfGap && test.d > 0 && std::abs(test.gap) <= bound) {
          // A near tie: the reference's certified test on the exact d = (noisy_top − noisy_i)/(unit·R) decides
          // (reference/learners/dp_se_epoch.hpp, the same code the reference learner runs).
          NearTie tie{t, active[i], active[i], test.gap, bound};
          if (options.defer_near_ties) {
            const ref::DpSeEpoch epoch(n, e, beta, eps, params.rule);
            const Rational d(Integer(noisy[top] - noisy[i]), Integer(unit) * Integer(R));
            keep = epoch.keeps(d, "dp_successive_elimination (deferred near tie)");
            tie.deferred = true;
            ++out.deferrals;
          } else if (options.fault_at_near_ties) {
            keep = !keep;
          }
          out.near_ties.push_back(tie);
        }
      } else {
        const double d = (noisy_float[top] - noisy_float[i]) / Rd;
        keep = d <= 0 || threshold - d > 0;
      }
      if (keep)
        next.push_back(active[i]);
      else
        out.eliminations.push_back(Elimination{t, active[i], e});
    }
    std::swap(active, next);
  }
  const std::vector<double> means = internal::means_of(tape);
  out.pseudo_regret = pseudo_regret(means, out.pulls);
  return out;
}

}  // namespace dpb::fast
