// Claim 000.decode, exhaustive check (proof of Theorem 1, Chowdhury & Zhou 2023 (arXiv:2206.05772)): for every (n, g,
// τ) with m = n·g + 2τ + 1 <= max_modulus and every integer S in the window [−τ − margin, n·g + τ + margin], the
// protocol's decode of S mod m returns S exactly when −τ <= S <= n·g + τ, and something else just outside. The decode
// depends on (n, g) only through N = n·g, so the (N, τ) pairs are enumerated and each counts for the d(N)
// factorisations N = n·g.
//
// Both builds are checked: the optimized build's residue ((S % m) + m) % m and int64 decode on every point, the
// reference's residue and Integer decode on the pairs with m <= reference_max_modulus. As a control the kept mutant
// (">=" for ">" in the decode, proofs/000.decode-mutant-geq.smt2) is run on the same points and must fail.
// Companion proofs: proofs/000.decode*.smt2 (see docs/protocol-000.md).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

#include "verify/claims/claim.hpp"

namespace dpb::verify {

struct DecodeCheckConfig {
  std::int64_t max_modulus = 2000;
  std::int64_t reference_max_modulus = 300;
  std::int64_t margin = 3;
};
DecodeCheckConfig decode_check_config(Suite suite);  // quick: m <= 600; full: m <= 2000

struct DecodeCounterexample {
  std::int64_t ng = 0, tau = 0, S = 0, decoded = 0;
  bool reference = false;  // found by the reference build (else the optimized one)
};

struct DecodeCheckResult {
  DecodeCheckConfig config;
  std::uint64_t pairs = 0;           // (N = n·g, τ) pairs
  std::uint64_t triples = 0;         // (n, g, τ) triples they stand for
  std::uint64_t points = 0;          // (pair, S) points checked in the optimized build
  std::uint64_t reference_points = 0;
  std::uint64_t inside_correct = 0;  // S in the window, decoded to S
  std::uint64_t outside_wrong = 0;   // S outside the window, decoded to something else (as it must)
  std::uint64_t failures = 0;        // anything else (in either build)
  std::optional<DecodeCounterexample> first_failure;
  std::uint64_t mutant_failures = 0; // points where the ">=" mutant decodes a window value wrongly (expected > 0)
  Verdict verdict = Verdict::inconclusive;  // holds iff failures == 0 and mutant_failures > 0
};

DecodeCheckResult check_decode_exhaustive(const DecodeCheckConfig& config);
nlohmann::json to_json(const DecodeCheckResult& r);

}  // namespace dpb::verify
