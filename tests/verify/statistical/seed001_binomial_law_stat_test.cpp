// 001.binomial-large.law and 001.binomial.sum-law: each checker holds on the samplers at the quick size, and each
// negative control is rejected. Why the controls fail: drawing Bin(1041, ½) where Bin(1001, ½) is tested moves the
// mean by 20 against a standard deviation of 15.8 (and Bin(46, ¼) where Bin(6, ¼) is tested leaves the support); summing
// 4 draws of Bin(10 030, ¼) where Bin(40 000, ¼) is tested moves the mean by 30 against 86.6 — over 10 000 sums a
// Pearson noncentrality of about 10⁴·(30/86.6)² ≈ 1200.
#include <gtest/gtest.h>

#include "verify/statistical/seed001_binomial_law.hpp"

namespace dpb::verify::statistical {
namespace {

TEST(BinomialLawStatTest, LargeNSamplerFollowsTheBinomialInBothBuilds) {
  const Outcome o = check_binomial_large_law(RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(1);
}

TEST(BinomialLawStatTest, ASamplerDrawingALargerNIsRejected) {
  const Outcome o = check_binomial_large_law(RunOptions{}, 40);
  EXPECT_EQ(o.verdict, Verdict::violated) << o.key_figure;
}

TEST(BinomialLawStatTest, PerUserSumsFollowTheAggregateBinomial) {
  const Outcome o = check_binomial_sum_law(RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(1);
}

TEST(BinomialLawStatTest, PerUserDrawsOfALargerBAreRejected) {
  const Outcome o = check_binomial_sum_law(RunOptions{}, 30);
  EXPECT_EQ(o.verdict, Verdict::violated) << o.key_figure;
}

}  // namespace
}  // namespace dpb::verify::statistical
