// Holm–Bonferroni step-down procedure (Holm 1979): controls the family-wise error rate at `family_alpha` under any
// dependence between the tests. With the p-values sorted p_(1) ≤ … ≤ p_(m), reject H_(1), …, H_(j) where j is the
// largest index such that p_(i) ≤ family_alpha / (m − i + 1) for every i ≤ j. Ties are ordered by input position.
// The first (most stringent) threshold is family_alpha / m, so no hypothesis is ever rejected at a per-test level
// above family_alpha.
#pragma once

#include <span>
#include <vector>

namespace dpb::verify::stats {

// rejected[i] says whether hypothesis i (with p-value p[i]) is rejected. family_alpha in (0, 1).
std::vector<bool> holm_reject(std::span<const double> p, double family_alpha);

// Holm-adjusted p-values: adj_(i) = max_{j ≤ i} min(1, (m − j + 1) p_(j)); H_i is rejected iff adj_i ≤ family_alpha.
std::vector<double> holm_adjusted(std::span<const double> p);

// The threshold family_alpha / (m − rank) that hypothesis i faced, rank = its 0-based position in the sorted order.
std::vector<double> holm_thresholds(std::span<const double> p, double family_alpha);

}  // namespace dpb::verify::stats
