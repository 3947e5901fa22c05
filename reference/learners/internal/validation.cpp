#include "reference/learners/internal/validation.hpp"

#include <string>

#include "reference/core/errors.hpp"

namespace dpb::ref::internal {

void require_arms_and_horizon(std::string_view function, std::uint64_t K, std::uint64_t T, const RewardTape& tape) {
  if (K == 0) throw_parameter_error(function, "K", ">= 1", "0");
  if (K != tape.arms())
    throw_parameter_error(function, "K", "the reward tape's number of arms (" + std::to_string(tape.arms()) + ")",
                          std::to_string(K));
  if (T == 0) throw_parameter_error(function, "T", ">= 1", "0");
  if (T > (std::uint64_t{1} << 40)) throw_parameter_error(function, "T", "<= 2^40", std::to_string(T));
  if (T > tape.length())
    throw_parameter_error(function, "T", "<= the reward tape's length (" + std::to_string(tape.length()) + ")",
                          std::to_string(T));
}

const Rational& require_eps(const Rational& eps, std::string_view function, std::string_view name) {
  require_positive(eps, function, name);
  return require_reasonable_size(eps, function, name, 64);
}

Rational confidence_or_default(const std::optional<Rational>& p, std::uint64_t T, std::string_view function,
                               std::string_view name) {
  if (!p) return Rational(1, T);
  if (*p <= 0 || *p >= 1) throw_parameter_error(function, name, "in (0, 1)", to_string(*p));
  return require_reasonable_size(*p, function, name, 128);
}

std::int64_t require_noise_refinement(std::int64_t q, std::string_view function) {
  if (q < 1 || q > (std::int64_t{1} << 20))
    throw_parameter_error(function, "noise_refinement", "in [1, 2^20]", std::to_string(q));
  return q;
}

void require_ledger_recording(bool record_ledger, bool record_releases, std::string_view function) {
  if (record_ledger && !record_releases)
    throw_parameter_error(function, "record_ledger", "false unless record_releases is true", "true");
}

}  // namespace dpb::ref::internal
