// Audit targets: every mechanism variant of seed 000 (the server's view of one batch), the plain discrete Laplace
// mechanism, and every learner, each with hard neighbours, its claimed guarantee and (when known) the white-box ε
// of the implemented mechanism (docs/audit.md).
//
// Mechanisms (optimized build, aggregate noise path: law-identical to the reference's per-user path by Fact 1 /
// Skellam closure, claims 000.fact1*, 000.def5*): one batch of n users; D = every reward 1 (the true sum at the top
// of the modular window, n·g), D′ = the first user's reward 0. The output is the analyzer's decoded integer.
// `local`'s view is one user's message (n = 1: the local model's server sees each message on its own).
//
// Learners (optimized build): K arms (2 unless said otherwise) with a reward table built so that the decision right
// after the changed reward is borderline, and the run stops right after that decision (everything later is
// post-processing of the same view). The output Y encodes that decision. Construction per family (targets.cpp):
//   * elimination learners (the SE variants, dp-se): arm 0 pays 1 always; arm 1 pays 1 before the decisive batch
//     (epoch) and k ones in it, after the changed reward, which opens it (D: 1, D′: 0); the decisive batch is the
//     first one in which a 0-paying arm 1 is eliminated with probability ≥ 0.9, and k is found by bisection so that
//     arm 1 is eliminated under D′ with probability about 1/2 (for the non-private `se`, exactly at the flip).
//     Y = 1 if arm 1 is eliminated after that batch, else 0 (10 + a: arm a eliminated earlier). Their ε_exact is
//     the exact ε of Y itself (decision_law_elimination.hpp); the release's ε is in details["eps_release"].
//   * index learners (anytime-lazy-ucb, hybrid-ucb, ucb) and ftnl, naive-ftnl (full information): K arms whose first
//     rewards are 1 except arm 1's, the changed one: 1 (D) or 0 (D′); K = 4 for anytime-lazy-ucb, hybrid-ucb and
//     ftnl, K = 2 for naive-ftnl (its noise grows with K) and ucb (whose other arm pays 0: decision_law_index.hpp,
//     index_audit_table). Y = the action at round K + 1 (index learners) or 2 (FTNL), the first decision that
//     depends on the changed reward. Their ε_exact is the exact ε of Y itself (decision_law_index.hpp); the
//     release's ε is reported in details["eps_release"].
// The learners' confidence parameters (p, β) are fixed to 1/1000 rather than 1/T, so stopping early is exactly
// post-processing of the full run's first rounds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/privacy/relations.hpp"
#include "verify/audit/black_box.hpp"
#include "verify/audit/decision_law_elimination.hpp"
#include "verify/audit/neighbour_search.hpp"

namespace dpb::verify::audit {

struct TargetInfo {
  std::string name;
  std::string kind;  // "mechanism" or "learner"
  bool is_private = true;
  std::string claim;  // the claimed guarantee and its source; "none (non-private)" for baselines
  std::string description;
};

// In the order of `dpbandit audit --list`.
const std::vector<TargetInfo>& audit_targets();
const TargetInfo* find_target(const std::string& name);

struct TargetOptions {
  Rational eps{1, 2};          // the claimed ε (the variants' theorems fix ε < 1 for dist-cdp, central, local)
  std::uint64_t n = 16;        // mechanisms: batch size
  std::uint64_t horizon = 4096;
  std::optional<double> delta;  // default 0 for pure claims, 1e-5 for dist-rdp / dist-cdp
  // The δ given, exact (the command line's rational, `--delta 1/300`): what a calibration that takes δ uses (a
  // double's binary value is not the user's δ). Set with `delta` by the CLI; when absent, Rational(*delta).
  std::optional<Rational> delta_exact;
  // Elimination learners: k is the largest with P_D′[arm 1 eliminated] >= borderline (1/2 would be the median of the
  // decision; smaller values put the decision in the tail of the noise difference, where its loss ratio — ε of Y —
  // is larger but the event rarer). 0.4: the best ε_lb/ε_exact at 10^5 runs per side over ε = 1/2, 1 (measured,
  // docs/audit.md § Learners: the white-box law of the decision).
  double borderline = 0.4;
  // Learners: a deliberately leaky twin for negative controls. The learner runs at leak_factor·ε (its noise scale
  // divided by leak_factor; 2 = half the noise) while the claim, and everything derived from it, stays at ε. The
  // white-box ε_exact is that of the implemented (leaky) learner. 1 = the learner as specified.
  Rational leak_factor{1};
  // Learners: the other leaky twin — every second release reuses the previous release's noise
  // (fast::LearnerOptions::reuse_noise; an elimination batch's or FTNL epoch's two arms, consecutive tree nodes).
  // The white-box laws assume fresh noise per release, so the twin has no ε_exact: only the black box judges it.
  bool reuse_noise = false;
  // tree-switching only (not a CLI option): the node noise multiplied by it — 20 gives the corrected V tree (κ* → 1
  // in Lemma I.4's σ at κ* = 20), the private control of tests/verify/audit/tree_switching_target_test.cpp.
  Rational noise_scale{1};
  // Index learners and FTNL: the audited view is the whole action sequence from the first dependent decision to a
  // longer stop (index learners: round K + 1 to 4K; FTNL: rounds 2 to 7, three epochs), reduced to a statistic of it
  // (bandit feedback: the rounds at which the changed arm is pulled, as a bit mask; FTNL: every arm's pull count)
  // and audited with order_by_ratio (black_box.hpp), instead of the first decision alone. Elimination learners
  // (K = 2): the whole output up to the stop itself — the first elimination's round and arm — with the stop at the
  // end of the decisive batch (epoch) plus `whole_output_extra_batches` batches (0, 1 or 2; later decisions use only
  // their own batches' releases). Refused for mechanisms.
  bool whole_output = false;
  unsigned whole_output_extra_batches = 1;
  // Multi-agent targets (seed 004; targets_multi_agent.hpp): K ∈ {2, 3} arms, and the view — the watched agent 0's
  // timed messages (false) or all agents' messages jointly (true). Refused for the other targets.
  std::uint32_t arms = 2;
  bool joint_view = false;
  // Seed 001's mechanism targets (targets_001.hpp): whether --n / --horizon were given (their defaults differ from
  // the seed 000 mechanisms': p-amp B = 3, p-vec B = 4, tree N = 4 leaves).
  bool n_given = false, horizon_given = false;
  // Seed 001's mechanism targets: the leaky twin (tests only; never a CLI option). The implementation draws its noise
  // at σ̄/k (gauss-ldp, p-amp, tree) or ⌈b/k⌉ noise bits per user (p-vec), while the claim and ε_exact stay those of
  // the specified calibration. 1 = the mechanism as specified.
  Rational noise_divisor{1};
};

// The δ a calibration uses: the exact δ given (TargetOptions::delta_exact, else the double `delta` read exactly), or
// `fallback` when none was given.
inline Rational exact_delta(const TargetOptions& o, const Rational& fallback) {
  if (o.delta_exact) return *o.delta_exact;
  return o.delta ? Rational(*o.delta) : fallback;
}

struct PreparedTarget {
  TargetInfo info;
  SideSampler sample;
  double eps_claimed = 0;
  bool nominal = false;  // non-private: eps_claimed is the nominal ε the audit is run against
  std::optional<double> eps_exact;
  std::optional<double> eps_exact_lower;  // the certified lower end of eps_exact's enclosure, when one is computed
  std::string eps_exact_source;
  double delta = 0;
  nlohmann::json details = nlohmann::json::object();
  // Neighbour search (neighbour_search.hpp, docs/audit.md "Neighbour search"): the family of pairs of the target's
  // relation, family[0] the canonical pair above; `relation` names the relation and counts the candidates
  // enumerated (those that leave the view unchanged — an unobserved coordinate — are counted, not listed).
  std::vector<AuditPair> family;
  nlohmann::json relation = nlohmann::json::object();
  // Elimination learners: the decisive batch and, when computed, the exact law of Y (decision_law_elimination.hpp).
  std::optional<EliminationSetup> elimination;
  std::optional<DecisionLaw> decision_law;
};

// Throws ParameterError (function "audit") naming the parameter for an unknown target or invalid options. Learner
// targets run a short borderline search here (≤ a few thousand runs), seeded by `seed`.
PreparedTarget prepare_target(const std::string& name, const TargetOptions& options, std::uint64_t seed);

// prepare_target + run_audit on the canonical pair (`--neighbours fixed`), with the target's δ and details filled in.
AuditResult audit_target(const std::string& name, const TargetOptions& options, std::uint64_t samples,
                         std::uint64_t seed, AuditSettings settings);

// The same with the neighbour search of `search` (mode fixed: exactly the call above). details["relation"] names the
// relation searched; details["neighbour_search"] lists the pairs (neighbour_search.hpp).
AuditResult audit_target(const std::string& name, const TargetOptions& options, std::uint64_t samples,
                         std::uint64_t seed, AuditSettings settings, const NeighbourSearch& search);

// The claimed (ε, δ) of the variants with RDP/CDP guarantees, per batch of n (seed 000 Lemma 3 with Δ = g and
// σ² = g²/ε² for dist-rdp, converted by Lemma 10 over integer α ≥ 2; Lemma 4 with per-user σ² = g²/(nε²) and the
// Bun–Steinke conversion ½ε̂² + ε̂√(2 ln(1/δ)) for dist-cdp). Rounded up.
double claimed_eps_dist_rdp(double eps, double g, double delta);
double claimed_eps_dist_cdp(double eps, double g, double n, double delta);

// The relation of a target's searched family as JSON (name, definition, citation, coordinates, grid, the counts of
// candidates enumerated, unobserved and effective pairs, and `note` on how the candidates were enumerated).
nlohmann::json relation_json(const ref::Relation& r, std::size_t candidates, std::size_t unobserved,
                             std::size_t effective, const std::string& note);

}  // namespace dpb::verify::audit
