// A battery of hypothesis tests decided together by Holm–Bonferroni at a family-wise α (docs/architecture.md §8).
// Each test is a record (name, n, bins, statistic, df, p-value); report() prints a table with each test's Holm
// threshold, the exact χ² critical value at that threshold (for χ² tests), and the decision. Tests print it on
// failure: EXPECT_FALSE(battery.any_rejected()) << battery.report();
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dpb::verify::stats {

struct TestRecord {
  std::string name;       // e.g. "dlaplace(scale=3) [ref]: pearson"
  std::uint64_t n = 0;    // sample size
  std::size_t bins = 0;   // number of bins (0 when the test is not binned)
  double statistic = 0;   // X², G, or the observed count of a tail test
  double df = 0;          // χ² degrees of freedom (0 when the reference law is not χ²)
  double p_value = 1;
  std::string detail;     // free text for the report (expected count, tail event, …)
};

class Battery {
 public:
  explicit Battery(std::string title, double family_alpha = 1e-6);

  void add(TestRecord record);
  void add_all(const Battery& other);
  const std::vector<TestRecord>& records() const { return records_; }
  const std::string& title() const { return title_; }
  double family_alpha() const { return family_alpha_; }

  // Holm–Bonferroni decisions at family_alpha, one per record.
  std::vector<bool> rejected() const;
  bool any_rejected() const;
  std::size_t rejected_count() const;
  // The smallest p-value and the name of its test ("" when empty).
  double min_p_value() const;
  std::string min_p_name() const;

  // Table: decision, name, n, bins, df, statistic, p, Holm threshold, critical value, detail.
  std::string report() const;

 private:
  std::string title_;
  double family_alpha_;
  std::vector<TestRecord> records_;
};

// "3.2e-07", or "<1e-300" for a p-value that underflowed to 0.
std::string format_p_value(double p);

}  // namespace dpb::verify::stats
