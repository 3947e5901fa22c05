// Claim 000.accuracy (Chowdhury & Zhou 2023, arXiv:2206.05772, Theorems 1–6, "Term (i)"): for each variant's
// calibration, the batch's total noise obeys P[|Σ_i η_i| > τ] <= p (the failure probability τ was calibrated to: p, or
// p′ = p/2 for Shuffle), which by claim 000.decode bounds the probability that the analyzer's output is not exactly (Σ
// x̂_i + Σ η_i)/g.
//
// Every figure is certified (interval arithmetic, outward rounding):
//   Dist-DP, Shuffle, Central: Σ η ~ Lap_Z(b), b = g/ε (g/ε′): the exact tail 2β^{τ+1}/(1+β), β = e^{−1/b};
//   Dist-RDP: Σ η ~ Sk(0, g²/ε²): 2·P[X >= τ+1] from the certified Skellam pmf (reference/pmf/skellam.hpp);
//   Local: Σ η = NB(n, β) − NB(n, β), a Pólya(n, β) difference: 2·P[X >= τ+1] from its certified pmf
//          (reference/pmf/polya_difference.hpp), with the Lemma 5 constant c the calibration used;
//   Dist-CDP: Σ of n i.i.d. N_Z(0, σ²), σ² = g²/(nε²), has no closed law: an upper bound by Chernoff with the
//          exact moment generating function, P[|Σ| >= t] <= 2 e^{−λt} M(λ)^n with
//          M(λ) = e^{λ²σ²/2} Z(λσ²)/Z(0), Z(μ) = Σ_y e^{−(y−μ)²/(2σ²)} (certified, reference/pmf/discrete_gaussian.hpp),
//          λ = t/(nσ²), t = τ + 1. (Lower bound reported as 0.)
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/calibration.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify {

struct AccuracyResult {
  ref::Calibration calibration;
  Rational target;         // the probability τ was calibrated to: p (p′ = p/2 for Shuffle)
  std::string law;         // the law of Σ η, e.g. "Lap_Z(32)"
  std::string method;      // how the tail was bounded
  Rational tail_lower;     // certified: tail_lower <= P[|Σ η| > τ] <= tail_upper
  Rational tail_upper;
  std::string tail_upper_text;  // decimal, rounded up
  Verdict verdict = Verdict::inconclusive;  // holds if tail_upper <= target; violated if tail_lower > target
};

AccuracyResult check_accuracy(const ref::Calibration& c, mpfr_prec_t prec = 128);

struct AccuracyGridResult {
  std::vector<AccuracyResult> rows;
  Verdict verdict = Verdict::inconclusive;  // combine() over the rows
};

// The default grid: every variant × n ∈ {1, 2, 16, 1000} (full: also 2^14) × ε ∈ {1/10, 1/2, 9/10}, with
// T = 10^6 (p = 1/T) and p = 1/10 (the experiments' setting); s ∈ {1, 10} for Dist-RDP and Dist-CDP.
std::vector<ref::Calibration> accuracy_grid(Suite suite);
AccuracyGridResult check_accuracy_grid(const std::vector<ref::Calibration>& grid, mpfr_prec_t prec = 128);

nlohmann::json to_json(const AccuracyResult& r);
nlohmann::json to_json(const AccuracyGridResult& r);

}  // namespace dpb::verify
