// Two-sample χ² test of homogeneity on a 2×B table: are two samples (e.g. the outputs of two samplers of the same
// law) drawn from the same distribution? Bins are formed from the pooled sample, which under H0 is exchangeable,
// so the test is valid conditionally on the pooled values.
//
// Binning: adjacent values (in increasing order) are merged greedily until the pooled column total C_j satisfies
// min(n1, n2) · C_j / (n1 + n2) ≥ min_expected — i.e. both expected counts of the column are ≥ min_expected —
// (and C_j ≥ (n1 + n2) / max_bins when max_bins > 0); a leftover below that is merged into the last column.
// Statistics (df = B − 1): Pearson X² = Σ_ij (O_ij − E_ij)² / E_ij and G = 2 Σ_ij O_ij ln(O_ij / E_ij),
// E_ij = R_i C_j / T. p-values from the exact χ² distribution (see chi_squared.hpp for accuracy).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace dpb::verify::stats {

struct HomogeneityTest {
  std::vector<std::int64_t> column_lo;  // column j holds the values in [column_lo[j], column_lo[j+1])
  std::vector<std::uint64_t> counts_x, counts_y;
  double df = 0;
  double pearson = 0, pearson_p_value = 1;
  double g = 0, g_p_value = 1;
};

// Throws std::invalid_argument if fewer than 2 columns can be formed.
HomogeneityTest homogeneity_test(std::span<const std::int64_t> x, std::span<const std::int64_t> y,
                                 double min_expected = 20, std::size_t max_bins = 0);

// The same statistics for a given 2×B table of counts (every column total must be > 0).
HomogeneityTest homogeneity_test_from_counts(std::span<const std::uint64_t> counts_x,
                                             std::span<const std::uint64_t> counts_y);

}  // namespace dpb::verify::stats
