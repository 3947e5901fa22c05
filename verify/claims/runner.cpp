#include "verify/claims/runner.hpp"

#include <mpfr.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

#include "verify/cluster/cancellation.hpp"
#include "verify/cluster/cluster.hpp"

namespace dpb::verify {

namespace {

// Sets `flag` once `seconds` have passed, unless stopped first (the destructor stops it and joins).
class Watchdog {
 public:
  Watchdog(std::atomic<bool>& flag, double seconds) {
    if (seconds <= 0) return;
    thread_ = std::thread([this, &flag, seconds] {
      std::unique_lock<std::mutex> lock(mutex_);
      const auto limit = std::chrono::duration<double>(seconds);
      if (!wake_.wait_for(lock, limit, [this] { return stopped_; })) flag.store(true, std::memory_order_relaxed);
    });
  }
  ~Watchdog() {
    if (!thread_.joinable()) return;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stopped_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopped_ = false;
  std::thread thread_;
};

std::string seconds_text(double seconds) {
  std::ostringstream s;
  s << seconds;
  return s.str();
}

}  // namespace

ClaimResult run_claim(const Claim& claim, const RunOptions& options) {
  ClaimResult result;
  result.claim = &claim;
  result.expected = claim.expected_for(options.suite);
  RunOptions own = options;
  own.alpha = claim.alpha;
  std::atomic<bool> cancelled{false};
  const auto start = std::chrono::steady_clock::now();
  {
    const Watchdog watchdog(cancelled, options.claim_timeout);
    const CancellationScope scope(&cancelled);
    try {
      result.outcome = claim.check(own);
    } catch (const Cancelled&) {
      // reported below: the flag is set
    } catch (const std::exception& e) {
      result.error = e.what();
    } catch (...) {
      result.error = "unknown exception";
    }
  }
  // A checker that ran past its limit is `error` whether it noticed the flag (Cancelled) or finished anyway: its
  // time is part of the contract, and a late verdict must not depend on how often it polled.
  if (cancelled.load()) result.error = "timed out after " + seconds_text(options.claim_timeout) + " s (--claim-timeout)";
  if (!result.error.empty()) {
    result.outcome = Outcome{Verdict::inconclusive, "checker failed: " + result.error, {{"error", result.error}}};
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

namespace {

// One rank's results as exact text: index, verdict, seconds (bits), key figure and evidence (length-prefixed).
std::string encode_results(const std::vector<ClaimResult>& results, const std::vector<std::size_t>& mine) {
  std::ostringstream out;
  out << mine.size() << "\n";
  for (const std::size_t i : mine) {
    const ClaimResult& r = results[i];
    const std::string evidence = r.outcome.evidence.dump();
    out << i << " " << static_cast<int>(r.outcome.verdict) << " " << std::bit_cast<std::uint64_t>(r.seconds) << " "
        << r.outcome.key_figure.size() << " " << evidence.size() << " " << r.error.size() << "\n"
        << r.outcome.key_figure << evidence << r.error << "\n";
  }
  return out.str();
}

void decode_results(const std::string& text, const std::vector<const Claim*>& claims, const RunOptions& options,
                    std::vector<ClaimResult>& results) {
  std::istringstream in(text);
  std::size_t count = 0;
  in >> count;
  for (std::size_t k = 0; k < count && in; ++k) {
    std::size_t i = 0, key_size = 0, evidence_size = 0, error_size = 0;
    int verdict = 0;
    std::uint64_t seconds = 0;
    in >> i >> verdict >> seconds >> key_size >> evidence_size >> error_size;
    in.ignore(1);
    if (!in || i >= claims.size() || verdict < 0 || verdict > 2) break;
    std::string key(key_size, '\0'), evidence(evidence_size, '\0'), error(error_size, '\0');
    in.read(key.data(), static_cast<std::streamsize>(key_size));
    in.read(evidence.data(), static_cast<std::streamsize>(evidence_size));
    in.read(error.data(), static_cast<std::streamsize>(error_size));
    ClaimResult& r = results[i];
    r.claim = claims[i];
    r.expected = claims[i]->expected_for(options.suite);
    r.outcome = Outcome{static_cast<Verdict>(verdict), key, nlohmann::json::parse(evidence)};
    r.seconds = std::bit_cast<double>(seconds);
    r.error = error;
  }
  if (!in) throw std::runtime_error("run_claims: malformed exchange of results between ranks");
}

}  // namespace

std::vector<ClaimResult> run_claims(const std::vector<const Claim*>& claims, const RunOptions& options,
                                    std::size_t jobs, const BeforeClaim& before, const AfterClaim& after) {
  if (jobs == 0) throw std::invalid_argument("run_claims: parameter 'jobs' must be at least 1, got 0");
  if (cluster::world().size() > 1) {
    // dpbandit-mpi: claim i runs on rank i mod size (with `jobs` threads there); results are exchanged, so every
    // rank returns them all, in registry order. A checker's stream is seeded from RunOptions only (claim.hpp), so
    // where it runs does not change its outcome. The callbacks see this rank's claims only.
    std::vector<std::size_t> mine;
    std::vector<const Claim*> own;
    for (std::size_t i = 0; i < claims.size(); ++i)
      if (cluster::is_mine(i)) {
        mine.push_back(i);
        own.push_back(claims[i]);
      }
    std::vector<ClaimResult> results(claims.size());
    const auto payloads = cluster::exchange([&]() {
      const auto local = run_claims_local(own, options, jobs, before, after);
      for (std::size_t k = 0; k < mine.size(); ++k) results[mine[k]] = local[k];
      return encode_results(results, mine);
    });
    for (std::size_t rank = 0; rank < payloads.size(); ++rank)
      if (static_cast<int>(rank) != cluster::world().rank()) decode_results(payloads[rank], claims, options, results);
    return results;
  }
  return run_claims_local(claims, options, jobs, before, after);
}

std::vector<ClaimResult> run_claims_local(const std::vector<const Claim*>& claims, const RunOptions& options,
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
