// Privacy of the server's view from its exact law (view_distribution.hpp): pure ε (largest |log ratio|), the
// hockey-stick curve δ(ε), and Rényi divergences D_α — each a certified enclosure of the exact value.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Defs 1, 2, 8, Theorems 1, 2, 4 and Lemmas 3, 4; issue 4 item 5.
// docs/privacy-000.md §3.
//
// Divergences of two laws P, Q on Z_m given by enclosures of every probability:
//   ε_∞(P, Q)  = max_r |log P(r) − log Q(r)|                         (LLR distance, Def 7/8)
//   δ_ε(P‖Q)   = Σ_r max(0, P(r) − e^ε Q(r))                         (hockey stick: the smallest δ of Def 1)
//   D_α(P‖Q)   = (1/(α−1)) log Σ_r Q(r) (P(r)/Q(r))^α, α > 1 rational (Def 2)
// Neighbouring datasets. By the argument in view_distribution.hpp, the supremum over neighbouring datasets of each
// quantity is the maximum over shifts d ∈ {1, …, g} of the quantity for P = F(· − d), Q = F; the maximum is
// attained by D = (d/g, 0, …, 0), D′ = (0, …, 0) (user 1's reward moved by d/g, others at the window edge 0).
#pragma once

#include <utility>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/privacy/view_distribution.hpp"

namespace dpb::ref {

// Each throws ParameterError (naming the function) when P and Q differ in size, are empty, or α <= 1.
Interval max_abs_log_ratio(const std::vector<Interval>& P, const std::vector<Interval>& Q, mpfr_prec_t prec);
Interval hockey_stick(const std::vector<Interval>& P, const std::vector<Interval>& Q, const Rational& eps,
                      mpfr_prec_t prec);
Interval renyi_divergence(const std::vector<Interval>& P, const std::vector<Interval>& Q, const Rational& alpha,
                          mpfr_prec_t prec);

struct ViewPrivacy {
  Integer g;                 // sensitivity of the encoded total
  Interval pure_eps;         // enclosure of sup over neighbours of ε_∞ = max_d ε_∞(F(·−d), F)
  Integer worst_shift;       // a d attaining the largest upper end of ε_∞
  std::vector<std::pair<Rational, Interval>> delta_curve;  // (ε, enclosure of max_d δ_ε)
  std::vector<std::pair<Rational, Interval>> renyi;        // (α, enclosure of max_d D_α)
};

// shifts: every d in {1, …, g} when `all_shifts`, else only d = g (valid only where needs_every_shift is false).
ViewPrivacy view_privacy(const ModularNoiseLaw& F, const Integer& g, const std::vector<Rational>& eps_grid,
                         const std::vector<Rational>& alphas, mpfr_prec_t prec, bool all_shifts = true);

// Whether the worst case over neighbours of a view calibrated by c needs every shift d ∈ {1, …, g} (true), or d = g
// alone gives it. d = g alone is proved only for the pure ε of a folded discrete Laplace (Dist-DP, shuffle, central,
// local) with g ≤ ⌊m/2⌋ (docs/privacy-000.md §1), and is used only for large views (g·m > 200000) when nothing but
// pure ε is asked (pure_eps_only); δ(ε) and D_α, and every Skellam or discrete-Gaussian view, search every shift.
bool needs_every_shift(const Calibration& c, bool pure_eps_only);

}  // namespace dpb::ref
