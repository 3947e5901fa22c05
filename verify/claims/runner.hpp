// Runs claims. A checker that throws never ends the run: its claim gets `inconclusive`, with the error as evidence.
#pragma once

#include <functional>
#include <vector>

#include "verify/claims/claim.hpp"

namespace dpb::verify {

struct ClaimResult {
  const Claim* claim = nullptr;
  Outcome outcome;
  double seconds = 0;  // wall-clock time of the checker
  bool as_expected() const { return outcome.verdict == claim->expected; }
};

// Never throws (an exception from the checker becomes inconclusive, evidence {"error": what()}).
ClaimResult run_claim(const Claim& claim, const RunOptions& options);

// Calls before(i, n, claim) before and after(i, n, result) after each claim (progress reporting).
using BeforeClaim = std::function<void(std::size_t, std::size_t, const Claim&)>;
using AfterClaim = std::function<void(std::size_t, std::size_t, const ClaimResult&)>;
std::vector<ClaimResult> run_claims(const std::vector<const Claim*>& claims, const RunOptions& options,
                                    const BeforeClaim& before = {}, const AfterClaim& after = {});

}  // namespace dpb::verify
