// What an optimized learner returns: the twin of reference/learners/trajectory.hpp on machine numbers, plus the
// rounds at which a floating-point comparison came within its error bound of a tie (near_ties), which a
// cross-check must not accept silently (verify/crosscheck/learners_crosscheck.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "reference/privacy/release_law.hpp"

namespace dpb::fast {

// A released noisy sum, exactly num/den in reward units (den = 0: a floating-point release, `approx` only).
struct Release {
  std::uint64_t round = 0;
  std::uint32_t arm = 0;
  std::uint32_t index = 0;
  std::uint64_t first = 0;
  std::uint64_t count = 0;
  std::int64_t num = 0;
  std::int64_t den = 1;
  double approx = 0;  // num/den
  std::uint32_t law = 0;  // index into Trajectory::laws (only with LearnerOptions::record_ledger)
};

struct Elimination {
  std::uint64_t round = 0;
  std::uint32_t arm = 0;
  std::uint32_t batch = 0;
};

// A decision whose floating-point comparison was within its error bound: |gap| <= bound. For UCB-type learners
// `arm` is the chosen arm and `other` the competitor; for eliminations `arm` is the arm tested (other = arm).
// `deferred`: the decision was taken by the certified path (the reference's exact/interval comparison) instead of the
// double; `arm` is then the certified choice.
struct NearTie {
  std::uint64_t round = 0;
  std::uint32_t arm = 0;
  std::uint32_t other = 0;
  double gap = 0;
  double bound = 0;
  bool deferred = false;
};

struct Trajectory {
  std::uint64_t horizon = 0;
  std::vector<std::uint32_t> actions;
  std::vector<Release> releases;
  std::vector<Elimination> eliminations;
  std::vector<std::uint64_t> pulls;
  double pseudo_regret = 0;
  std::vector<NearTie> near_ties;
  std::uint64_t deferrals = 0;  // near ties decided by the certified path (= near_ties with deferred set)
  // The releases' noise laws, only with LearnerOptions::record_ledger: the same as the reference's (the ledgers of
  // the two builds are byte-identical, verify/crosscheck/).
  std::vector<ref::ReleaseLaw> laws;
};

struct LearnerOptions {
  bool record_actions = true;
  bool record_releases = true;
  // Record each release's noise law (ref::LearnerOptions::record_ledger's twin). Off unless asked.
  bool record_ledger = false;
  // A comparison within its error bound is decided by the certified path (docs/architecture.md §4), never by the
  // double: the builds then agree on every decision. false: the double decides (the old behaviour; a negative
  // control of the cross-check, which must then see divergences when combined with the two hooks below).
  bool defer_near_ties = true;
  // Test hooks for the cross-check's controls (tests/verify/crosscheck/): every error bound times this factor (an
  // over-flagging fast build: many more rounds take the certified path), and a deliberate fault — at a near tie the
  // double picks the runner-up (index learners) or flips the keep/eliminate decision (elimination learners) —
  // that only deferral can mask. Never set outside tests.
  double near_tie_scale = 1;
  bool fault_at_near_ties = false;
  // Test hook of the privacy negative controls (issue 13 §2, the audit claims' leaky twins): the noise of every
  // second release is the previous release's, replayed from the same bits (internal/release_noise.hpp). Never set
  // outside tests.
  bool reuse_noise = false;
};

// Σ_a Δ_a N_a with the gaps of `means` (doubles; for reports).
double pseudo_regret(std::span<const double> means, std::span<const std::uint64_t> pulls);

// Relative error allowance of an index or threshold computed in double with a handful of correctly rounded
// operations and one libm log/log2 (each within 1 ulp): 32·2^−53 per unit of magnitude, generous.
inline constexpr double kRelativeError = 0x1p-48;

}  // namespace dpb::fast
