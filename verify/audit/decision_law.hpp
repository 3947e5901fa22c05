// The exact law of an audited learner's output and the white-box ε of that view (docs/audit.md § Learners).
//
// A learner audit (targets.hpp) stops the run right after the first decision that depends on the changed reward and
// records that decision as Y. The learner's release ε (the ε of the noisy statistic the changed reward enters) is an
// upper bound on the privacy loss of Y, but Y compares two independently noised statistics, so its own loss is
// smaller: a perfect black-box audit of Y can reach only ε_view(Y), not the release ε. The white-box reference of a
// learner audit is therefore ε_view: the exact privacy loss of Y, computed from the exact laws of the released
// statistics (certified enclosures) pushed through the learner's decision rule.
//
// Outcomes that have the same probability under D and D′ (e.g. an elimination in a batch before the changed reward,
// which the change cannot influence) may be left out of `outcomes`: the law is then the law of Y *conditional* on
// such outcomes not happening, scaled by the same factor under D and D′. The log ratios are unchanged by this, so
// the pure ε is exact; a hockey-stick divergence of the conditional law is ≥ that of the full law, so ε(δ) computed
// from it is an upper bound (the conservative direction for a reference the audit must not exceed).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/core/interval.hpp"

namespace dpb::verify::audit {

struct DecisionLaw {
  std::vector<std::int64_t> outcomes;    // values of Y (the same encoding as the audit's sampler)
  std::vector<Interval> p_d, p_d_prime;  // certified enclosures of P_D[Y = y] and P_D′[Y = y], same order
  bool conditional = false;              // outcomes with equal probability under D and D′ were left out
  std::string method;                    // how the law was computed (one line, for the report)
};

struct DecisionEps {
  double eps = 0;         // the white-box ε of Y, rounded up (display / comparison)
  double eps_lower = 0;   // delta = 0: the enclosure's lower end, rounded down (a certified lower bound); else 0
  std::string enclosure;  // delta = 0: "[lo, hi]" of max_y |ln(P_D[y] / P_D′[y])|; else the ε(δ) bound used
};

// delta = 0: the pure ε of Y. delta > 0: the smallest ε on a grid of step 1/4096 with both hockey-stick divergences
// (D→D′ and D′→D) certainly ≤ delta — an upper bound on ε(δ) of Y, rounded up. Throws ParameterError (function
// decision_eps) if the law is empty, the vectors differ in size, or delta ∉ [0, 1).
DecisionEps decision_eps(const DecisionLaw& law, double delta);

}  // namespace dpb::verify::audit
