// The goodness-of-fit battery of one sample against one certified law (issue 2, item 8; docs/architecture.md §8):
//   - "support":  exact — under H0 no sample lies outside the law's support (p = 0 if one does, else 1);
//   - "pearson" and "g": χ² and G statistics on bin_distribution(law, n) (expected counts ≥ 20, tails merged),
//     p-values from the exact χ²_{B−1} distribution, conservative w.r.t. the pmf enclosures;
//   - "lower/upper tail L": exact two-sided binomial tests of the number of samples in each nonempty tail event
//     beyond the L quantile (L = 0.99, 0.999 by default; binning.hpp defines the events).
// A plan (bins and tail events) depends only on the law and n, so one plan serves several samples (the reference
// and optimized samplers, the negative controls) and the power of the Pearson test against an alternative law can
// be predicted from it before sampling.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "reference/pmf/distribution.hpp"
#include "verify/stats/battery.hpp"
#include "verify/stats/binning.hpp"

namespace dpb::verify::stats {

struct GofOptions {
  BinningOptions binning;
  std::vector<double> tail_levels{0.99, 0.999};
};

struct GofPlan {
  std::string law;  // describe() of the law
  std::uint64_t n = 0;
  std::optional<std::int64_t> support_min, support_max;
  Binning binning;
  std::vector<TailEvent> tails;
};

GofPlan plan_goodness_of_fit(const ref::CertifiedDistribution& law, std::uint64_t n, const GofOptions& options = {});

// Adds the records "<label>: support", "<label>: pearson", "<label>: g", "<label>: upper tail 0.999", … to battery.
// Precondition: samples.size() == plan.n.
void add_goodness_of_fit(Battery& battery, const std::string& label, const GofPlan& plan,
                         std::span<const std::int64_t> samples);

// Predicted power of the plan's Pearson test at per-test level alpha when the samples follow `alternative`:
// noncentral χ²_{B−1}(λ) with λ = n Σ (q_j − p_j)² / p_j (q_j, p_j: bin masses; midpoints, planning only).
struct PowerPrediction {
  double noncentrality = 0;
  double critical_value = 0;
  double power = 0;
};
PowerPrediction predict_pearson_power(const GofPlan& plan, const ref::CertifiedDistribution& alternative,
                                      double alpha, mpfr_prec_t prec = 128);

}  // namespace dpb::verify::stats
