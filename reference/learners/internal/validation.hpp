// Parameter checks shared by the learners of both builds (docs/architecture.md §5): each throws ParameterError
// "<function>: parameter '<name>' must be <condition>, got <value>".
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "reference/core/rational.hpp"
#include "reference/environments/reward_tape.hpp"

namespace dpb::ref::internal {

// K >= 1 and K = the tape's arms; 1 <= T <= 2^40 and T <= the tape's length (every arm may be pulled T times;
// full-information learners read T rounds).
void require_arms_and_horizon(std::string_view function, std::uint64_t K, std::uint64_t T, const RewardTape& tape);
// eps > 0 and of reasonable size (numerator and denominator below 2^64).
const Rational& require_eps(const Rational& eps, std::string_view function, std::string_view name = "eps");
// p ∈ (0, 1) when given; the default is 1/T.
Rational confidence_or_default(const std::optional<Rational>& p, std::uint64_t T, std::string_view function,
                               std::string_view name);
// A positive integer multiplier of the reward grid for the noise (noise grid 1/(G·q)); 1 <= q <= 2^20.
std::int64_t require_noise_refinement(std::int64_t q, std::string_view function);

// record_ledger needs record_releases (the releases carry the coverage): ParameterError naming 'record_ledger'.
void require_ledger_recording(bool record_ledger, bool record_releases, std::string_view function);

}  // namespace dpb::ref::internal
