#include "optimized/learners/ucb.hpp"

#include <cmath>
#include <utility>
#include <vector>

#include "optimized/learners/internal/common.hpp"
#include "reference/learners/internal/certified.hpp"
#include "reference/learners/internal/validation.hpp"

namespace dpb::fast {

Trajectory ucb(const UcbParams& params, const ref::RewardTape& tape, const LearnerOptions& options) {
  ref::internal::require_arms_and_horizon("ucb", params.K, params.T, tape);
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;
  const double G = static_cast<double>(tape.grid());

  Trajectory out;
  out.horizon = T;
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  std::vector<std::int64_t> sum(K, 0);
  std::vector<double> mean(K), c_sqrt(K), value(K), error(K);
  std::vector<std::pair<std::int64_t, std::uint64_t>> key(K);
  auto pull = [&](std::uint32_t j) {
    sum[j] += tape.units(j, out.pulls[j]);
    const std::uint64_t N = ++out.pulls[j];
    mean[j] = static_cast<double>(sum[j]) / (G * static_cast<double>(N));
    c_sqrt[j] = std::sqrt(2 / static_cast<double>(N));
    key[j] = {sum[j], N};
    if (options.record_actions) out.actions.push_back(j);
  };
  for (std::uint64_t t = 1; t <= T && t <= K; ++t) pull(static_cast<std::uint32_t>(t - 1));
  for (std::uint64_t t = K + 1; t <= T; ++t) {
    const double root_L = std::sqrt(std::log(static_cast<double>(t)));
    for (std::uint32_t j = 0; j < K; ++j) {
      const double w = root_L * c_sqrt[j];
      value[j] = mean[j] + w;
      error[j] = kRelativeError * (std::abs(mean[j]) + w);
    }
    pull(internal::argmax_deferring(value.data(), error.data(), key.data(), K, t, out, options, [&]() {
      std::vector<ref::internal::LogIndex> index(K);  // the reference's index, exactly (reference/learners/ucb.cpp)
      for (std::uint32_t j = 0; j < K; ++j) {
        const Integer N(out.pulls[j]);
        index[j].q = Rational(Integer(sum[j]), Integer(tape.grid()) * N);
        index[j].u = ref::radical(1, Rational(Integer(2), N));
        index[j].v = ref::radical(0);
      }
      return static_cast<std::uint32_t>(ref::internal::certified_argmax(index, t, ref::internal::LogBase::Natural));
    }));
  }
  const std::vector<double> means = internal::means_of(tape);
  out.pseudo_regret = pseudo_regret(means, out.pulls);
  return out;
}

}  // namespace dpb::fast
