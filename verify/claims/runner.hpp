// Runs claims. A checker that throws never ends the run: its claim gets `inconclusive`, with the error as evidence.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "verify/claims/claim.hpp"

namespace dpb::verify {

struct ClaimResult {
  const Claim* claim = nullptr;
  Outcome outcome;
  double seconds = 0;               // wall-clock time of the checker
  std::optional<Verdict> expected{};  // claim->expected_for(the suite run), set by run_claim; unset: claim->expected
  // Non-empty when the checker failed (threw): the claim's outcome is `error` — not a verdict, never an expectation,
  // always unexpected — and this is the exception's message (also in outcome.evidence["error"]).
  std::string error{};
  Verdict expected_verdict() const { return expected ? *expected : claim->expected; }
  bool as_expected() const { return error.empty() && outcome.verdict == expected_verdict(); }
  // "holds", "violated", "inconclusive", or "error" for a failed checker.
  std::string outcome_name() const { return error.empty() ? std::string(to_string(outcome.verdict)) : "error"; }
};

// Never throws: an exception from the checker becomes the outcome `error` (ClaimResult::error = what(), evidence
// {"error": what()}), which no expectation matches.
ClaimResult run_claim(const Claim& claim, const RunOptions& options);

// Calls before(i, n, claim) before and after(i, n, result) after each claim (progress reporting).
using BeforeClaim = std::function<void(std::size_t, std::size_t, const Claim&)>;
using AfterClaim = std::function<void(std::size_t, std::size_t, const ClaimResult&)>;
std::vector<ClaimResult> run_claims(const std::vector<const Claim*>& claims, const RunOptions& options,
                                    const BeforeClaim& before = {}, const AfterClaim& after = {});

// The same with `jobs` worker threads (jobs ≥ 1; jobs = 1 is run_claims above, on the calling thread). Each worker
// takes the next claim in registry order; the results come back in the order of `claims` whatever the order of
// completion, and each checker gets the same RunOptions (same seed) as in a serial run, so the verdicts and evidence
// do not depend on `jobs`. Checkers must therefore be thread-safe (claim.hpp). The callbacks are called under one
// mutex (never concurrently), from the worker that runs the claim; `i` is the claim's index in `claims`.
// Under dpbandit-mpi (docs/cluster.md) claim i runs on rank i mod ranks, with `jobs` threads per rank, and the
// results are exchanged: every rank returns every result, in the order of `claims`; the callbacks see this rank's
// claims only, with `i` their index among them.
std::vector<ClaimResult> run_claims(const std::vector<const Claim*>& claims, const RunOptions& options,
                                    std::size_t jobs, const BeforeClaim& before = {}, const AfterClaim& after = {});

// The same in this process only (what each rank runs).
std::vector<ClaimResult> run_claims_local(const std::vector<const Claim*>& claims, const RunOptions& options,
                                          std::size_t jobs, const BeforeClaim& before = {},
                                          const AfterClaim& after = {});

}  // namespace dpb::verify
