#include "reference/learners/ucb.hpp"

#include <vector>

#include "reference/learners/internal/certified.hpp"
#include "reference/learners/internal/validation.hpp"

namespace dpb::ref {

Trajectory ucb(const UcbParams& params, const RewardTape& tape, const LearnerOptions& options) {
  internal::require_arms_and_horizon("ucb", params.K, params.T, tape);
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;
  const Integer G(tape.grid());

  Trajectory out;
  out.horizon = T;
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  std::vector<Integer> sum(K, 0);  // units of 1/G
  auto pull = [&](std::uint32_t j, std::uint64_t t) {
    sum[j] += tape.units(j, out.pulls[j]);
    ++out.pulls[j];
    if (options.record_actions) out.actions.push_back(j);
    options.on_round(t);
  };
  for (std::uint64_t t = 1; t <= T && t <= K; ++t) pull(static_cast<std::uint32_t>(t - 1), t);

  std::vector<internal::LogIndex> index(K);
  for (std::uint64_t t = K + 1; t <= T; ++t) {
    for (std::uint32_t j = 0; j < K; ++j) {
      const Integer N(out.pulls[j]);
      index[j].q = Rational(sum[j], G * N);
      index[j].u = radical(1, Rational(2, N));  // √(2 ln t/N) = √(ln t)·√(2/N)
      index[j].v = radical(0);
    }
    const std::size_t J = internal::certified_argmax(index, t, internal::LogBase::Natural);
    if (options.wants_margin(t)) {
      std::size_t other = 0;
      const auto m = internal::argmax_margin(index, J, t, internal::LogBase::Natural, other);
      out.margins.push_back(DecisionMargin{t, static_cast<std::uint32_t>(J), static_cast<std::uint32_t>(other), m});
    }
    pull(static_cast<std::uint32_t>(J), t);
  }
  out.pseudo_regret = pseudo_regret(tape.means(), out.pulls);
  return out;
}

}  // namespace dpb::ref
