// Shared by the negative-control tests of the statistical claims (tests/verify/statistical/*_stat_test.cpp): per
// case, the predicted Pearson power of the claim's own plan against the law the broken path actually follows, and
// what the run measured. docs/statistics.md quotes these tables.
#pragma once

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "verify/statistical/sampled_sums.hpp"
#include "verify/stats/gof.hpp"

namespace dpb::verify::statistical::test {

struct CasePower {
  std::string label;
  double lambda = -1, critical = 0, miss = -1;  // predicted (lambda < 0: no alternative given)
  double x2 = 0, df = 0, pearson_p = 1;         // measured Pearson statistic of the goodness-of-fit test
  double min_p = 1;                             // smallest p-value of the case's tests
  std::size_t rejected = 0;                     // Holm rejections among the case's tests
};

using AlternativeLaw = std::function<std::unique_ptr<ref::CertifiedDistribution>(const SumCase&)>;

// `outcome` is check_sampled_sums(check, …). The Pearson test of a case faces at worst the first Holm threshold,
// family α / (number of tests), which is the level of the prediction.
inline std::vector<CasePower> case_powers(const SumCheck& check, const Outcome& outcome,
                                          const AlternativeLaw& alternative) {
  const auto& tests = outcome.evidence.at("tests");
  const double alpha = check.family_alpha / static_cast<double>(tests.size());
  std::vector<CasePower> out;
  for (std::size_t i = 0; i < check.cases.size(); ++i) {
    const SumCase& c = check.cases[i];
    CasePower p;
    p.label = c.label;
    for (const auto& t : tests) {
      if (t.at("case").get<std::size_t>() != i) continue;
      const double pv = t.at("p").get<double>();
      if (pv < p.min_p) p.min_p = pv;
      if (t.at("decision") == "rejected") ++p.rejected;
      if (t.at("name").get<std::string>() == c.label + ": pearson") {
        p.x2 = t.at("statistic").get<double>();
        p.df = t.at("df").get<double>();
        p.pearson_p = pv;
      }
    }
    if (alternative) {
      const auto alt = alternative(c);
      const stats::GofPlan plan = stats::plan_goodness_of_fit(*check.target(c).law, check.samples, sum_gof_options());
      const stats::PowerPrediction pr = stats::predict_pearson_power(plan, *alt, alpha);
      p.lambda = pr.noncentrality;
      p.critical = pr.critical_value;
      p.miss = 1 - pr.power;
    }
    out.push_back(p);
  }
  return out;
}

inline void print_powers(const std::string& title, const std::vector<CasePower>& powers) {
  std::printf("%s\n  %-26s %10s %8s %9s %10s %5s %10s %10s %8s\n", title.c_str(), "case", "lambda", "crit", "miss",
              "X2", "df", "pearson p", "min p", "rejected");
  for (const auto& p : powers)
    std::printf("  %-26s %10.1f %8.2f %9.2g %10.1f %5.0f %10s %10s %8zu\n", p.label.c_str(), p.lambda, p.critical,
                p.miss, p.x2, p.df, stats::format_p_value(p.pearson_p).c_str(),
                stats::format_p_value(p.min_p).c_str(), p.rejected);
}

}  // namespace dpb::verify::statistical::test
