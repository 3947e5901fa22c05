// Neighbour search in audits (issue 11 §2; docs/audit.md "Neighbour search").
//
// A target offers a family of neighbouring pairs (reference/privacy/relations.hpp enumerates them from the paper's
// relation; targets.cpp turns each into a sampler and, where the view's exact law is computable, its exact ε).
//   White box: ε_exact of the target is the maximum over the family's pairs with an exact law, each evaluated
//     exactly; the report names the worst pair. That maximum is a certified *lower* bound on the target's worst case
//     (it can refute a claim); it is the worst case itself only where docs/privacy-*.md proves that the family
//     contains a worst pair.
//   Black box: a screening pass draws `screen_samples` outputs per side of each of the first `pairs` samplable
//     pairs — ordered by white-box ε first where known, then in the relation's order — each on its own streams, and
//     scores each by the audit's own selection rule (select_events: the ε_lb the final audit would reach at its size
//     at pessimistic frequencies); the `keep` best-scoring pairs (ties: plug-in ε̂) are kept, the white-box worst
//     pair always among them when it was screened. Each kept pair is then audited in full on fresh streams at confidence
//     1 − (1 − c)/keep (Bonferroni across the kept pairs; inside each audit, Bonferroni across its events), so the
//     reported ε_lb — the maximum over the kept pairs — is a level-(1 − c) lower bound whatever the screening did.
// Streams: pair i's screening draws use seed pair_seed(seed, 1, i) (side s, block b: stream audit_block_stream(1 + s,
// b)), its final audit pair_seed(seed, 2, i) with run_audit's block layout; so the result does not depend on threads
// or ranks (every rank computes the screening itself).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/audit/black_box.hpp"

namespace dpb::verify::audit {

struct AuditPair {
  std::string pattern;    // the relation's pattern name, or "canonical" for the hand-built pair
  std::string position;   // where the change sits
  nlohmann::json data;    // reproduces the pair (records, position, the tables or parameters around it)
  SideSampler sample;     // empty when the pair cannot change the view (unobserved coordinate): ε = 0 exactly
  std::optional<double> eps_exact;  // white box of this pair, rounded up (display / comparison)
  std::optional<double> eps_exact_lower;  // the certified lower end of the same enclosure (can refute a claim)
  std::string eps_exact_source;
};

enum class NeighbourMode { fixed, search };

struct NeighbourSearch {
  NeighbourMode mode = NeighbourMode::search;
  unsigned pairs = 32;  // screened (black box); the white box covers the whole family
  unsigned keep = 3;    // audited in full
  std::uint64_t screen_samples = 0;  // per side; 0 = max(samples / 10, 500)
};

// The seed of pair i in phase 1 (screening) or 2 (final): a SplitMix64 mix of (seed, phase, i).
std::uint64_t pair_seed(std::uint64_t seed, unsigned phase, std::uint64_t i);

// The search above over `family` (pair 0 is the target's canonical pair). Throws ParameterError (function "audit")
// for an empty family, pairs or keep of 0, or keep > pairs. The result is the best kept pair's audit with
// eps_exact = the white-box maximum and the verdict recomputed over the kept pairs (VIOLATION if the largest ε_lb
// exceeds the claim; MODEL-MISMATCH if some kept pair's ε_lb exceeds its own ε_exact); details["neighbour_search"]
// holds the family size, the worst pairs (at most 100, by white-box ε then screening ε_lb) with their figures, and
// the worst pair's data.
AuditResult audit_pairs(const std::string& target, const std::vector<AuditPair>& family, std::uint64_t samples,
                        std::uint64_t seed, double eps_claimed, const AuditSettings& settings,
                        const NeighbourSearch& search);

}  // namespace dpb::verify::audit
