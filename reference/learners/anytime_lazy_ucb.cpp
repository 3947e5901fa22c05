#include "reference/learners/anytime_lazy_ucb.hpp"

#include <vector>

#include "reference/learners/internal/certified.hpp"
#include "reference/learners/internal/validation.hpp"
#include "reference/samplers/discrete_laplace.hpp"

namespace dpb::ref {

namespace {

struct ArmState {
  std::uint32_t r = 0;       // last completed array
  Integer noisy = 0;         // Σ T^(r)·q + Lap_Z(G q/ε): the noisy sum of array r, in units of 1/(G q)
  std::uint64_t pulls = 0;   // O_j
  std::uint64_t filled = 0;  // observations in array r + 1
  Integer sum = 0;           // their sum, in units of 1/G
};

}  // namespace

Trajectory anytime_lazy_ucb(const AnytimeLazyUcbParams& params, const RewardTape& tape, NoiseSource noise,
                            const LearnerOptions& options) {
  constexpr const char* f = "anytime_lazy_ucb";
  internal::require_arms_and_horizon(f, params.K, params.T, tape);
  const Rational& eps = internal::require_eps(params.eps, f);
  const std::int64_t q = internal::require_noise_refinement(params.noise_refinement, f);
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;
  const Integer unit = Integer(tape.grid()) * q;
  const DiscreteLaplace laplace(Rational(unit) / eps);
  internal::require_ledger_recording(options.record_ledger, options.record_releases, f);

  Trajectory out;
  out.horizon = T;
  if (options.record_ledger) out.laws.push_back(laplace_law(Rational(unit) / eps, Rational(unit)));  // law 0
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  std::vector<ArmState> arm(K);
  auto release = [&](std::uint64_t t, std::uint32_t j) {
    ArmState& s = arm[j];
    const std::uint64_t size = std::uint64_t{1} << s.r;
    if (options.record_releases)
      out.releases.push_back(Release{t, j, s.r, s.pulls - size, size, Rational(s.noisy, unit)});
  };

  // Rounds 1..K: pull each arm once; array 0 (size 1) is complete at once and noised (the paper leaves this implicit;
  // see the header).
  for (std::uint64_t t = 1; t <= T && t <= K; ++t) {
    const auto j = static_cast<std::uint32_t>(t - 1);
    ArmState& s = arm[j];
    s.noisy = Integer(tape.units(j, 0)) * q + laplace(noise);
    s.pulls = 1;
    if (options.record_actions) out.actions.push_back(j);
    release(t, j);
    options.on_round(t);
  }

  std::vector<internal::LogIndex> index(K);
  for (std::uint64_t t = K + 1; t <= T; ++t) {
    for (std::uint32_t j = 0; j < K; ++j) {
      const Integer lambda = Integer(1) << arm[j].r;  // 2^{r_j}
      index[j].q = Rational(arm[j].noisy, unit * lambda);
      index[j].u = radical(1, Rational(3, lambda));     // √(3 ln t/2^r) = √(ln t)·√(3/2^r)
      index[j].v = radical(Rational(3, lambda) / eps);  // 3 ln t/(ε 2^r)
    }
    const std::size_t J = internal::certified_argmax(index, t, internal::LogBase::Natural);
    if (options.wants_margin(t)) {
      std::size_t other = 0;
      const auto m = internal::argmax_margin(index, J, t, internal::LogBase::Natural, other);
      out.margins.push_back(DecisionMargin{t, static_cast<std::uint32_t>(J), static_cast<std::uint32_t>(other), m});
    }
    ArmState& s = arm[J];
    s.sum += tape.units(static_cast<std::uint32_t>(J), s.pulls);
    ++s.pulls;
    ++s.filled;
    if (options.record_actions) out.actions.push_back(static_cast<std::uint32_t>(J));
    if (s.filled == (std::uint64_t{1} << (s.r + 1))) {  // array r + 1 is full: O = 2^{r+2} − 1
      ++s.r;
      s.noisy = s.sum * q + laplace(noise);  // one draw per completed array
      s.filled = 0;
      s.sum = 0;
      release(t, static_cast<std::uint32_t>(J));
    }
    options.on_round(t);
  }
  for (std::uint32_t j = 0; j < K; ++j) out.pulls[j] = arm[j].pulls;
  out.pseudo_regret = pseudo_regret(tape.means(), out.pulls);
  return out;
}

}  // namespace dpb::ref
