// Trend checks on simulated experiments (method `trend`; verify/claims/claims_experiments.cpp).
//
// A trend the papers report ("A beats B", "the gap shrinks", "A ≈ B") becomes a family of one-sided hypotheses on a
// per-run statistic x_r (runs share nothing, so the x_r are independent; algorithms within a run share the reward
// tape, so a paired difference removes the instance's and the rewards' variation):
//     H1: median(x) < c      tested by the exact sign test: wins = #{x_r < c}, losses = #{x_r > c}, ties dropped,
//                            p = P[Binomial(wins + losses, 1/2) >= wins]  (distribution-free, exact);
//     reverse: median(x) > c with p_reverse = P[Binomial(n, 1/2) >= losses].
// The family is judged at family-wise α with Holm's step-down procedure (verify/stats/holm.hpp):
//   holds         every H1 is rejected in favour of the trend;
//   violated      some reverse hypothesis is rejected (Holm over the reverse p-values): the data contradict the trend;
//   inconclusive  otherwise (too few runs to tell at this size, or a tie).
// Doubles here are statistics of simulated regret (display and tests only; no privacy decision depends on them).
#pragma once

#include <filesystem>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "verify/claims/claim.hpp"
#include "verify/experiments/simulation.hpp"

namespace dpb::verify::experiments {

struct SignTest {
  std::string hypothesis;  // "median(...) < c" in words
  double threshold = 0;
  std::uint64_t wins = 0, losses = 0, ties = 0;
  double median = 0;
  double p_value = 1;    // of H1 (median < c)
  double p_reverse = 1;  // of the reverse (median > c)
};

// The sign test of H1: median(x) < c.
SignTest sign_test_below(std::string hypothesis, const std::vector<double>& x, double c);
// H1: median(x) > c (the sign test on −x < −c, reported with the original numbers).
SignTest sign_test_above(std::string hypothesis, const std::vector<double>& x, double c);

struct FamilyResult {
  Verdict verdict = Verdict::inconclusive;
  std::size_t rejected = 0;          // H1s rejected by Holm
  std::size_t reverse_rejected = 0;  // reverse hypotheses rejected by Holm
  nlohmann::json evidence = nlohmann::json::array();
};

FamilyResult judge_family(const std::vector<SignTest>& tests, double family_alpha);

// The family judged, with its key figure and evidence: "k/m trends supported, r contradicted (sign tests, Holm α=…)",
// the number of trends undecidable at this size (2^-n above Holm's first threshold α/m), the method, α and every test.
Outcome trend_outcome(const std::vector<SignTest>& tests, double alpha);

// compute() once per key for the life of the process (thread-safe: concurrent callers of a key wait for the one
// computation, without holding the lock; a failure is rethrown to every caller of that key).
template <class T>
std::shared_ptr<const T> computed_once(const std::string& key, const std::function<std::shared_ptr<const T>()>& compute) {
  using Future = std::shared_future<std::shared_ptr<const T>>;
  static std::mutex mutex;
  static std::map<std::string, Future> cache;
  std::promise<std::shared_ptr<const T>> promise;
  std::optional<Future> existing;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (auto it = cache.find(key); it != cache.end())
      existing = it->second;
    else
      cache.emplace(key, promise.get_future().share());
  }
  if (existing) return existing->get();
  try {
    auto value = compute();
    promise.set_value(value);
    return value;
  } catch (...) {
    promise.set_exception(std::current_exception());
    throw;
  }
}

// A simulation shared by the claims that need it, computed once per (experiment, suite, seed) and cached for the
// life of the process (thread-safe: concurrent callers wait for the one computation). Its outputs (CSV, JSON,
// plots) are written to <temp dir>/dpbandit-claims/<experiment>-<suite>-<seed>/.
struct CachedSimulation {
  SimulationResult result;
  std::filesystem::path dir;
  std::vector<std::string> plots;
};
std::shared_ptr<const CachedSimulation> cached_simulation(const std::string& experiment, Suite suite,
                                                          std::uint64_t seed);

// The reduced sizes of the quick suite, per experiment (horizon, runs, ε); full = the config as written.
SimulationOptions suite_options(const std::string& experiment, Suite suite, std::uint64_t seed);

}  // namespace dpb::verify::experiments
