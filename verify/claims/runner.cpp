#include "verify/claims/runner.hpp"

#include <mpfr.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

namespace dpb::verify {

ClaimResult run_claim(const Claim& claim, const RunOptions& options) {
  ClaimResult result;
  result.claim = &claim;
  result.expected = claim.expected_for(options.suite);
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

std::vector<ClaimResult> run_claims(const std::vector<const Claim*>& claims, const RunOptions& options,
                                    std::size_t jobs, const BeforeClaim& before, const AfterClaim& after) {
  if (jobs == 0) throw std::invalid_argument("run_claims: parameter 'jobs' must be at least 1, got 0");
  jobs = std::min(jobs, claims.size());
  if (jobs <= 1) return run_claims(claims, options, before, after);
  std::vector<ClaimResult> results(claims.size());
  std::atomic<std::size_t> next{0};
  std::mutex callbacks;
  auto worker = [&]() {
    for (std::size_t i = next.fetch_add(1); i < claims.size(); i = next.fetch_add(1)) {
      if (before) {
        const std::lock_guard<std::mutex> lock(callbacks);
        before(i, claims.size(), *claims[i]);
      }
      results[i] = run_claim(*claims[i], options);  // never throws; each worker writes its own slots only
      if (after) {
        const std::lock_guard<std::mutex> lock(callbacks);
        after(i, claims.size(), results[i]);
      }
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(jobs - 1);
  // MPFR keeps per-thread caches (constants such as log 2); free them before a worker thread ends, or they leak.
  for (std::size_t t = 1; t < jobs; ++t)
    threads.emplace_back([&worker] {
      worker();
      mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
    });
  worker();  // the calling thread is one of the workers
  for (auto& t : threads) t.join();
  return results;
}

}  // namespace dpb::verify
