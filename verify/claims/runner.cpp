#include "verify/claims/runner.hpp"

#include <chrono>
#include <exception>
#include <string>

namespace dpb::verify {

ClaimResult run_claim(const Claim& claim, const RunOptions& options) {
  ClaimResult result;
  result.claim = &claim;
  const auto start = std::chrono::steady_clock::now();
  try {
    result.outcome = claim.check(options);
  } catch (const std::exception& e) {
    result.outcome = Outcome{Verdict::inconclusive, "checker failed", {{"error", std::string(e.what())}}};
  } catch (...) {
    result.outcome = Outcome{Verdict::inconclusive, "checker failed", {{"error", "unknown exception"}}};
  }
  if (!result.outcome.evidence.is_object())
    result.outcome.evidence = nlohmann::json{{"value", result.outcome.evidence}};
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::vector<ClaimResult> run_claims(const std::vector<const Claim*>& claims, const RunOptions& options,
                                    const BeforeClaim& before, const AfterClaim& after) {
  std::vector<ClaimResult> results;
  results.reserve(claims.size());
  for (std::size_t i = 0; i < claims.size(); ++i) {
    if (before) before(i, claims.size(), *claims[i]);
    results.push_back(run_claim(*claims[i], options));
    if (after) after(i, claims.size(), results.back());
  }
  return results;
}

}  // namespace dpb::verify
