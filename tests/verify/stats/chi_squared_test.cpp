#include "verify/stats/chi_squared.hpp"

#include "reference/core/build_info.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace dpb::verify::stats {
namespace {

// Reference values: the standard χ² tables (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.4) to their printed digits,
// and, for the small α used by the batteries, 40-digit mpmath evaluations of the regularized incomplete gamma.
TEST(ChiSquaredTest, CriticalValuesMatchPublishedTables) {
  struct Row {
    double df, alpha, value;
  };
  for (const Row& r : {Row{1, 0.05, 3.84145882069413}, Row{10, 0.01, 23.2092511589544},
                       Row{5, 0.001, 20.5150056524329}, Row{100, 0.05, 124.342113404004},
                       Row{1, 1e-6, 23.9281269769348}, Row{10, 1e-6, 46.8630468467844},
                       Row{50, 1e-6, 112.608092498962}, Row{300, 1e-6, 431.141357722606},
                       Row{30, 1e-8, 95.3288315311835}})
    EXPECT_NEAR(chi_squared_critical_value(r.df, r.alpha), r.value, 1e-11 * r.value) << r.df << " " << r.alpha;
}

TEST(ChiSquaredTest, TwoDegreesOfFreedomHasClosedFormTail) {
  // P[χ²_2 ≥ x] = e^{−x/2}; so the 1e-6 critical value is 2 ln 10^6.
  for (double x : {0.5, 3.0, 27.0, 200.0}) EXPECT_NEAR(chi_squared_upper_tail(x, 2), std::exp(-x / 2), 1e-14 * std::exp(-x / 2));
  EXPECT_NEAR(chi_squared_critical_value(2, 1e-6), 2 * std::log(1e6), 1e-12);
}

TEST(ChiSquaredTest, UpperTailMatchesHighPrecisionValues) {
  EXPECT_NEAR(chi_squared_upper_tail(30, 20), 0.069853660699409767692, 1e-15);
  EXPECT_NEAR(chi_squared_upper_tail(150, 50), 6.3152232569339868381e-12, 1e-24);
  EXPECT_EQ(chi_squared_upper_tail(0, 3), 1.0);
  EXPECT_EQ(chi_squared_upper_tail(-1, 3), 1.0);
}

TEST(ChiSquaredTest, CriticalValueInvertsUpperTail) {
  for (double df : {1.0, 7.0, 49.0, 499.0})
    for (double a : {1e-2, 1e-6, 1e-10}) {
      const double c = chi_squared_critical_value(df, a);
      EXPECT_NEAR(chi_squared_upper_tail(c, df), a, 1e-10 * a);
    }
}

TEST(ChiSquaredTest, PowerIsAlphaWithoutSignalAndGrowsWithNoncentrality) {
  EXPECT_DOUBLE_EQ(chi_squared_power(10, 0, 1e-6), 1e-6);
  const double p1 = chi_squared_power(10, 30, 1e-6), p2 = chi_squared_power(10, 100, 1e-6);
  EXPECT_GT(p1, 1e-6);
  EXPECT_GT(p2, p1);
  EXPECT_GT(p2, 0.99);
}

TEST(ChiSquaredTest, PearsonAndGOnAKnownTable) {
  // Die with counts 5, 8, 9, 8, 10, 20 (n = 60) against the fair die: X² = Σ (O − 10)² / 10 = 13.4, df 5.
  const std::vector<std::uint64_t> o{5, 8, 9, 8, 10, 20};
  const std::vector<ProbabilityEnclosure> p(6, ProbabilityEnclosure{1.0 / 6, 1.0 / 6});
  const GofStatistic x2 = pearson_statistic(o, p);
  EXPECT_NEAR(x2.value, 13.4, 1e-12);
  EXPECT_EQ(x2.df, 5);
  EXPECT_LE(x2.conservative, x2.value);
  EXPECT_NEAR(x2.conservative, 13.4, 1e-9);
  EXPECT_NEAR(x2.p_value, chi_squared_upper_tail(13.4, 5), 1e-10);
  double g = 0;
  for (auto c : o) g += 2 * static_cast<double>(c) * std::log(static_cast<double>(c) / 10);
  const GofStatistic gs = g_statistic(o, p);
  EXPECT_NEAR(gs.value, g, 1e-12);
  EXPECT_LE(gs.conservative, gs.value);
}

TEST(ChiSquaredTest, WideEnclosureLowersTheStatistic) {
  // With every p_i allowed anywhere in [0.1, 0.4], the observed frequencies (0.2, 0.3, 0.5) are matched except the
  // last, clamped to 0.4: X² ≥ (50 − 40)² / 40 = 2.5 over the box (n = 100).
  const std::vector<std::uint64_t> o{20, 30, 50};
  const std::vector<ProbabilityEnclosure> p(3, ProbabilityEnclosure{0.1, 0.4});
  EXPECT_NEAR(pearson_statistic(o, p).conservative, 2.5, 1e-9);
}

TEST(ChiSquaredTest, RejectsMalformedInput) {
  const std::vector<std::uint64_t> o{1, 2};
  EXPECT_THROW(pearson_statistic(o, std::vector<ProbabilityEnclosure>{{0.5, 0.5}}), std::invalid_argument);
  EXPECT_THROW(pearson_statistic(o, std::vector<ProbabilityEnclosure>{{0, 0.5}, {0.5, 0.5}}), std::invalid_argument);
  EXPECT_THROW(chi_squared_critical_value(0, 0.1), std::invalid_argument);
  EXPECT_THROW(chi_squared_critical_value(3, 1), std::invalid_argument);
}

// docs/statistics.md §6 prints critical values at α = 1e-6, 1e-6/7 and 1e-6/202 for every df the battery uses
// (1 … 40). Every printed value is the exact one rounded to 6 decimals: the table cannot drift from the code.
TEST(ChiSquaredTest, TheDocumentedCriticalValuesAreTheComputedOnes) {
  std::ifstream in(dpb::configured_source_dir() / "docs" / "statistics.md");
  ASSERT_TRUE(in.good());
  std::string line;
  bool in_section = false;
  int rows = 0;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) in_section = line.rfind("## 6. Exact critical values", 0) == 0;
    if (!in_section || line.size() < 2 || line[0] != '|' || !std::isdigit(static_cast<unsigned char>(line[2])))
      continue;
    std::istringstream cells(line);
    std::string cell;
    std::vector<double> v;
    while (std::getline(cells, cell, '|'))
      if (!cell.empty() && cell.find_first_not_of(' ') != std::string::npos) v.push_back(std::stod(cell));
    ASSERT_EQ(v.size(), 4U) << line;
    const double df = v[0];
    const double alphas[3] = {1e-6, 1e-6 / 7, 1e-6 / 202};
    for (int j = 0; j < 3; ++j)
      EXPECT_NEAR(chi_squared_critical_value(df, alphas[j]), v[j + 1], 5.1e-7) << "df " << df << ", column " << j;
    ++rows;
  }
  EXPECT_EQ(rows, 11) << "the table lists the 11 df the battery uses";
}

}  // namespace
}  // namespace dpb::verify::stats
