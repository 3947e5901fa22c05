// The LETOR / MSLR-WEB10K parser (reference/environments/letor.hpp), the dataset environment
// (reference/environments/dataset_instance.hpp) and its preprocessing (optimized/environments/letor_dataset.hpp:
// reading, k-means), on hand-written lines and on the generated sample testdata/letor/sample.txt.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "verify/stats/binomial_tests.hpp"
#include "reference/core/build_info.hpp"
#include "optimized/environments/letor_dataset.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/dataset_instance.hpp"
#include "reference/environments/letor.hpp"

namespace dpb::ref {
namespace {

const std::filesystem::path kSample = dpb::configured_source_dir() / "testdata" / "letor" / "sample.txt";

TEST(LetorTest, ParsesLabelQidFeaturesAndComment) {
  const auto line = parse_letor_line("3 qid:10 1:0.5 2:-1.25e+1 7:12 #docid = GX000-00-0000000", 1);
  ASSERT_TRUE(line.has_value());
  EXPECT_EQ(line->label, 3);
  EXPECT_EQ(line->qid, "10");
  ASSERT_EQ(line->features.size(), 3U);
  EXPECT_EQ(line->features[1].index, 2U);
  EXPECT_EQ(letor_value(line->features[1].value), Rational(-25, 2));
  EXPECT_EQ(letor_value(line->features[0].value), Rational(1, 2));
  EXPECT_EQ(line->features[2].index, 7U);
}

TEST(LetorTest, SkipsBlankAndCommentLinesAndToleratesTabsAndCarriageReturn) {
  EXPECT_FALSE(parse_letor_line("", 1).has_value());
  EXPECT_FALSE(parse_letor_line("   \t ", 2).has_value());
  EXPECT_FALSE(parse_letor_line("# header", 3).has_value());
  const auto line = parse_letor_line("0\tqid:q_1\t1:1\r", 4);
  ASSERT_TRUE(line.has_value());
  EXPECT_EQ(line->qid, "q_1");
  EXPECT_EQ(line->features.size(), 1U);
}

TEST(LetorTest, MalformedLinesNameLineNumberAndQuoteContent) {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"5 qid:1 1:0", "label in 0..4"},           {"x qid:1 1:0", "label"},
      {"2 1:0.5 2:1", "qid"},                     {"2 qid: 1:0", "qid"},
      {"2 qid:1 2:0 1:1", "strictly increasing"}, {"2 qid:1 0:1", ">= 1"},
      {"2 qid:1 1:abc", "decimal"},               {"2 qid:1 1:1e", "decimal"},
      {"2 qid:1 :4", "index:value"},              {"2 qid:1 1:0.5 junk", "index:value"},
      {"2 qid:1 1:nan", "decimal"},               {"2 qid:a/b 1:1", "query id"},
      {"2 qid:1 4097:1", "feature index in 1..4096"},  // the dense width is bounded (docs/reliability.md)
      {"2 qid:1 1:0 999999999999999999999:1", "feature index in 1..4096"}};
  for (const auto& [text, what] : bad) {
    try {
      (void)parse_letor_line(text, 17);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const ParameterError& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find("read_letor"), std::string::npos) << m;
      EXPECT_NE(m.find("line 17"), std::string::npos) << m;
      EXPECT_NE(m.find(what), std::string::npos) << text << " -> " << m;
      EXPECT_NE(m.find("'" + text + "'"), std::string::npos) << m;
    }
  }
}

TEST(LetorTest, TheLargestFeatureIndexIsAccepted) {
  const auto line = parse_letor_line("3 qid:1 1:0 4096:1", 1);
  ASSERT_TRUE(line);
  EXPECT_EQ(line->features.back().index, 4096U);
}

TEST(LetorTest, DecimalGrammar) {
  for (const char* ok : {"0", "-1", "+2.5", ".5", "5.", "1e3", "1.5E-07", "65535"}) EXPECT_TRUE(is_letor_decimal(ok)) << ok;
  for (const char* no : {"", ".", "-", "e3", "1e", "1e+", "0x10", "inf", "1.2.3", "1 "}) EXPECT_FALSE(is_letor_decimal(no)) << no;
}

TEST(LetorTest, ReadReportsTheLineNumberOfAMalformedLineInAFile) {
  try {
    (void)fast::parse_letor("# header\n1 qid:1 1:0.5\n\n2 qid:1 1:oops\n");
    FAIL() << "accepted";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("line 4"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)fast::parse_letor("# only a comment\n"), ParameterError);
  EXPECT_THROW((void)fast::read_letor("/nonexistent/letor.txt"), ParameterError);
}

TEST(LetorTest, ReadsTheGeneratedSample) {
  const auto data = fast::read_letor(kSample);
  EXPECT_EQ(data.rows(), 600U);  // scripts/gen-letor-sample.py: ROWS = 600, QUERIES = 40, FEATURES = 20
  EXPECT_EQ(data.dim, 20U);
  EXPECT_LE(data.queries, 40U);
  EXPECT_GE(data.queries, 30U);
  for (auto l : data.labels) EXPECT_LE(l, 4);
}

TEST(DatasetInstanceTest, MeansAreExactLabelMeansOverFour) {
  const DatasetInstance inst({LabelCounts{1, 0, 0, 0, 1}, LabelCounts{0, 0, 3, 0, 0}, LabelCounts{2, 1, 0, 0, 0}});
  EXPECT_EQ(inst.arms(), 3U);
  EXPECT_EQ(inst.means()[0], Rational(1, 2));  // (0 + 4)/(2·4)
  EXPECT_EQ(inst.means()[1], Rational(1, 2));
  EXPECT_EQ(inst.means()[2], Rational(1, 12));  // 1/(3·4)
  EXPECT_EQ(inst.best_arm(), 0U);
  EXPECT_EQ(inst.rows(2), 3U);
  EXPECT_THROW(DatasetInstance({}), ParameterError);
  EXPECT_THROW(DatasetInstance({LabelCounts{1, 0, 0, 0, 0}, LabelCounts{}}), ParameterError);
}

TEST(DatasetInstanceTest, SingleLabelArmsAlwaysServeThatLabel) {
  const DatasetInstance inst({LabelCounts{0, 0, 0, 5, 0}, LabelCounts{7, 0, 0, 0, 0}});
  const auto tape = make_dataset_reward_tape(inst, 200, 3);
  for (std::uint64_t n = 0; n < 200; ++n) {
    EXPECT_EQ(tape.units(0, n), 3);
    EXPECT_EQ(tape.units(1, n), 0);
  }
  EXPECT_EQ(tape.grid(), 4);
}

TEST(DatasetInstanceTest, ReferenceAndOptimizedTapesAreIdentical) {
  const DatasetInstance inst({LabelCounts{3, 1, 4, 1, 5}, LabelCounts{9, 2, 6, 5, 3}, LabelCounts{0, 0, 1, 0, 1000}});
  const auto a = make_dataset_reward_tape(inst, 3000, 11, 5);
  const auto b = fast::make_dataset_reward_tape(inst, 3000, 11, 5);
  ASSERT_EQ(a.arms(), b.arms());
  std::uint64_t differing = 0, nonzero_spread = 0;
  for (std::uint32_t arm = 0; arm < a.arms(); ++arm)
    for (std::uint64_t n = 0; n < 3000; ++n) {
      differing += a.units(arm, n) != b.units(arm, n);
      nonzero_spread += a.units(arm, n) != a.units(arm, 0);
    }
  EXPECT_EQ(differing, 0U);
  EXPECT_GT(nonzero_spread, 1000U);  // the arms are not constant: the comparison is not vacuous
}

TEST(DatasetInstanceTest, LabelFrequenciesFollowTheCounts) {
  // Arm with counts (1, 0, 0, 0, 3): P(label 4) = 3/4 exactly: an exact binomial test at α = 1e-6, and p = 0.7 rejected.
  const DatasetInstance inst({LabelCounts{1, 0, 0, 0, 3}});
  const auto tape = make_dataset_reward_tape(inst, 40000, 5);
  std::int64_t fours = 0, others = 0;
  for (std::uint64_t n = 0; n < 40000; ++n) (tape.units(0, n) == 4 ? fours : others) += 1;
  EXPECT_EQ(fours + others, 40000);
  EXPECT_GT(verify::stats::binomial_test(static_cast<std::uint64_t>(fours), 40000, {0.75, 0.75}).p_value, 1e-6) << fours;
  EXPECT_LT(verify::stats::binomial_test(static_cast<std::uint64_t>(fours), 40000, {0.7, 0.7}).p_value, 1e-6) << fours;
  for (std::uint64_t n = 0; n < 40000; ++n) EXPECT_TRUE(tape.units(0, n) == 0 || tape.units(0, n) == 4);
}

TEST(KMeansTest, RecoversObviousClustersAndIsDeterministic) {
  // Three well-separated groups of 4 points on two features; labels 0, 2, 4 by group.
  std::string text;
  const double centres[3][2] = {{0, 0}, {100, 0}, {0, 100}};
  for (int g = 0; g < 3; ++g)
    for (int i = 0; i < 4; ++i)
      text += std::to_string(2 * g) + " qid:1 1:" + std::to_string(centres[g][0] + i % 2) +
              " 2:" + std::to_string(centres[g][1] + i / 2) + "\n";
  const auto data = fast::parse_letor(text);
  const auto a = fast::kmeans(data, 3, 7, 1000);
  const auto b = fast::kmeans(data, 3, 7, 1000);
  EXPECT_EQ(a.assignment, b.assignment);
  EXPECT_EQ(a.centroids, b.centroids);
  EXPECT_TRUE(a.converged);
  for (int g = 0; g < 3; ++g)
    for (int i = 1; i < 4; ++i) EXPECT_EQ(a.assignment[4 * g + i], a.assignment[4 * g]);
  EXPECT_NE(a.assignment[0], a.assignment[4]);
  EXPECT_NE(a.assignment[0], a.assignment[8]);
  EXPECT_NE(a.assignment[4], a.assignment[8]);
  const auto inst = fast::dataset_instance(data, a);
  std::vector<Rational> means = inst.means();
  std::sort(means.begin(), means.end());
  EXPECT_EQ(means, (std::vector<Rational>{Rational(0), Rational(1, 2), Rational(1)}));
  EXPECT_THROW((void)fast::kmeans(data, 13, 7, 1000), ParameterError);
  EXPECT_THROW((void)fast::kmeans(data, 0, 7, 1000), ParameterError);
}

TEST(KMeansTest, SampleClusteringIsDeterministicAndSeparatesTheGroups) {
  const auto data = fast::read_letor(kSample);
  const auto a = fast::kmeans(data, 8, 1);
  const auto b = fast::kmeans(data, 8, 1);
  EXPECT_EQ(a.assignment, b.assignment);
  const auto inst = fast::dataset_instance(data, a);
  std::uint64_t rows = 0;
  for (std::uint32_t arm = 0; arm < inst.arms(); ++arm) rows += inst.rows(arm);
  EXPECT_EQ(rows, data.rows());
  // The sample's 8 latent groups have mean labels from about 0.6 to 3.4: the clusters must separate them.
  const auto [lo, hi] = std::minmax_element(inst.means().begin(), inst.means().end());
  EXPECT_GT(*hi - *lo, Rational(1, 4));
  // 50 clusters (the paper's K) fit the 600-row sample without an empty cluster.
  EXPECT_EQ(fast::dataset_instance(data, fast::kmeans(data, 50, 1)).arms(), 50U);
}

}  // namespace
}  // namespace dpb::ref
