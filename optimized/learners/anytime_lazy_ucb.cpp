#include "optimized/learners/anytime_lazy_ucb.hpp"

#include <cmath>
#include <utility>
#include <vector>

#include "optimized/learners/internal/common.hpp"
#include "optimized/learners/internal/release_noise.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "reference/learners/internal/certified.hpp"
#include "reference/learners/internal/validation.hpp"

namespace dpb::fast {

namespace {

struct ArmState {
  std::uint32_t r = 0;
  std::int64_t noisy = 0;  // noisy sum of array r, units of 1/(G q)
  std::uint64_t pulls = 0;
  std::uint64_t filled = 0;
  std::int64_t sum = 0;  // units of 1/G
  double mean = 0;       // noisy/(unit·2^r)
  double c_sqrt = 0;     // √(3/2^r)
  double c_lin = 0;      // 3/(ε 2^r)
};

}  // namespace

Trajectory anytime_lazy_ucb(const AnytimeLazyUcbParams& params, const ref::RewardTape& tape, NoiseSource noise,
                            const LearnerOptions& options) {
  constexpr const char* f = "anytime_lazy_ucb";
  ref::internal::require_arms_and_horizon(f, params.K, params.T, tape);
  const Rational& eps = ref::internal::require_eps(params.eps, f);
  const std::int64_t q = ref::internal::require_noise_refinement(params.noise_refinement, f);
  internal::require_int64_headroom(params.T, tape.grid(), q, f);
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;
  const std::int64_t unit = tape.grid() * q;
  const DiscreteLaplace laplace(Rational(Integer(unit)) / eps);
  const double inv_eps = 1 / internal::to_double(eps);

  ref::internal::require_ledger_recording(options.record_ledger, options.record_releases, f);
  Trajectory out;
  out.horizon = T;
  if (options.record_ledger) out.laws.push_back(ref::laplace_law(Rational(Integer(unit)) / eps, Rational(Integer(unit))));
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  std::vector<ArmState> arm(K);
  auto complete = [&](std::uint64_t t, std::uint32_t j) {
    ArmState& s = arm[j];
    const double lambda = std::ldexp(1.0, static_cast<int>(s.r));
    s.mean = static_cast<double>(s.noisy) / (static_cast<double>(unit) * lambda);
    s.c_sqrt = std::sqrt(3 / lambda);
    s.c_lin = 3 * inv_eps / lambda;
    if (options.record_releases) {
      const std::uint64_t size = std::uint64_t{1} << s.r;
      out.releases.push_back(Release{t, j, s.r, s.pulls - size, size, s.noisy, unit, s.mean * lambda});
    }
  };
  internal::ReleaseNoise releases(noise, options.reuse_noise);
  for (std::uint64_t t = 1; t <= T && t <= K; ++t) {
    const auto j = static_cast<std::uint32_t>(t - 1);
    NoiseSource release_noise = releases.next();
    arm[j].noisy = internal::noisy_value(tape.units(j, 0), q, laplace(release_noise), f);
    arm[j].pulls = 1;
    if (options.record_actions) out.actions.push_back(j);
    complete(t, j);
  }

  std::vector<double> value(K), error(K);
  std::vector<std::pair<std::int64_t, std::uint32_t>> key(K);
  for (std::uint32_t j = 0; j < K; ++j) key[j] = {arm[j].noisy, arm[j].r};
  for (std::uint64_t t = K + 1; t <= T; ++t) {
    const double L = std::log(static_cast<double>(t)), root_L = std::sqrt(L);
    for (std::uint32_t j = 0; j < K; ++j) {
      const ArmState& s = arm[j];
      const double w1 = root_L * s.c_sqrt, w2 = L * s.c_lin;
      value[j] = s.mean + w1 + w2;
      error[j] = kRelativeError * (std::abs(s.mean) + w1 + w2);
    }
    const std::uint32_t J = internal::argmax_deferring(value.data(), error.data(), key.data(), K, t, out, options, [&]() {
      std::vector<ref::internal::LogIndex> index(K);  // reference/learners/anytime_lazy_ucb.cpp's index, exactly
      for (std::uint32_t j = 0; j < K; ++j) {
        const Integer lambda = Integer(1) << arm[j].r;
        index[j].q = Rational(Integer(arm[j].noisy), Integer(unit) * lambda);
        index[j].u = ref::radical(1, Rational(Integer(3), lambda));
        index[j].v = ref::radical(Rational(Integer(3), lambda) / eps);
      }
      return static_cast<std::uint32_t>(ref::internal::certified_argmax(index, t, ref::internal::LogBase::Natural));
    });
    ArmState& s = arm[J];
    s.sum += tape.units(J, s.pulls);
    ++s.pulls;
    ++s.filled;
    if (options.record_actions) out.actions.push_back(J);
    if (s.filled == (std::uint64_t{1} << (s.r + 1))) {
      ++s.r;
      NoiseSource release_noise = releases.next();
      s.noisy = internal::noisy_value(s.sum, q, laplace(release_noise), f);
      s.filled = 0;
      s.sum = 0;
      key[J] = {s.noisy, s.r};
      complete(t, J);
    }
  }
  for (std::uint32_t j = 0; j < K; ++j) out.pulls[j] = arm[j].pulls;
  const std::vector<double> means = internal::means_of(tape);
  out.pseudo_regret = pseudo_regret(means, out.pulls);
  return out;
}

}  // namespace dpb::fast
