// The `dpbandit sample` and `dpbandit pmf` commands, run as a user would (issue 2, item 7).
#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

struct DistCase {
  std::string dist;
  std::string params;
};

const std::vector<DistCase> kEveryDist = {
    {"bernoulli", "--p 1/3"},           {"bernoulli-exp", "--gamma 5/2"}, {"geometric", "--scale 5/2"},
    {"dlaplace", "--scale 3"},          {"dgauss", "--sigma2 100"},       {"dgauss", "--sigma2 7/3 --mu 0.5"},
    {"binomial", "--n 50 --p 1/3"},     {"poisson", "--mean 10"},         {"skellam", "--var 100"},
    {"polya", "--r 1/8 --scale 10"},    {"polya-diff", "--r 1/3 --scale 4"}, {"round", "--x 3/7 --g 100"},
};

TEST(SampleCliTest, EveryDistPrintsCountIntegersIdenticalInBothBuilds) {
  for (const auto& c : kEveryDist) {
    std::string base = kCli + " sample " + c.dist + " " + c.params + " --count 500 --seed 42";
    auto ref = run_command(base + " --impl reference");
    auto opt = run_command(base + " --impl optimized");
    ASSERT_EQ(ref.exit_code, 0) << c.dist << ": " << ref.err;
    ASSERT_EQ(opt.exit_code, 0) << c.dist << ": " << opt.err;
    EXPECT_EQ(lines_as_integers(ref.out).size(), 500U) << c.dist;
    EXPECT_EQ(ref.out, opt.out) << c.dist << " " << c.params;
    EXPECT_TRUE(ref.err.empty()) << ref.err;
  }
}

TEST(SampleCliTest, DifferentSeedsGiveDifferentStreams) {
  auto a = run_command(kCli + " sample dlaplace --scale 10 --count 50 --seed 1");
  auto b = run_command(kCli + " sample dlaplace --scale 10 --count 50 --seed 2");
  ASSERT_EQ(a.exit_code, 0);
  EXPECT_NE(a.out, b.out);
}

TEST(SampleCliTest, BernoulliAndRoundingStayInTheirSupport) {
  for (long v : lines_as_integers(run_command(kCli + " sample bernoulli --p 0.3 --count 200 --seed 3").out))
    EXPECT_TRUE(v == 0 || v == 1);
  for (long v : lines_as_integers(run_command(kCli + " sample round --x 3/7 --g 100 --count 200 --seed 3").out))
    EXPECT_TRUE(v == 42 || v == 43) << v;  // 300/7 = 42.857...
}

struct BadCase {
  std::string args;
  std::string must_mention;
};

TEST(SampleCliTest, BadInputExitsTwoWithOneLineNamingParameterAndNothingOnStdout) {
  const std::vector<BadCase> bad = {
      {"sample dlaplace --scale 0 --count 3 --seed 1", "scale"},
      {"sample dlaplace --scale -1 --count 3 --seed 1", "scale"},
      {"sample dlaplace --scale nan --count 3 --seed 1", "nan"},
      {"sample dlaplace --scale inf --count 3 --seed 1", "inf"},
      {"sample geometric --scale -2 --count 3 --seed 1", "scale"},
      {"sample bernoulli --p 1.5 --count 3 --seed 1", "'p'"},
      {"sample bernoulli --p -0.1 --count 3 --seed 1", "'p'"},
      {"sample binomial --n 10 --p 2 --count 3 --seed 1", "'p'"},
      {"sample binomial --n -3 --p 1/2 --count 3 --seed 1", "'n'"},
      {"sample binomial --n 1.5 --p 1/2 --count 3 --seed 1", "'n'"},
      {"sample polya --r 0 --scale 3 --count 3 --seed 1", "'r'"},
      {"sample polya --r -1 --scale 3 --count 3 --seed 1", "'r'"},
      {"sample polya --r 1/2 --scale 0 --count 3 --seed 1", "scale"},
      {"sample polya-diff --r 1/2 --scale -3 --count 3 --seed 1", "scale"},
      {"sample poisson --mean -1 --count 3 --seed 1", "mean"},
      {"sample skellam --var 0 --count 3 --seed 1", "var"},
      {"sample dgauss --sigma2 0 --count 3 --seed 1", "sigma2"},
      {"sample bernoulli-exp --gamma -1 --count 3 --seed 1", "gamma"},
      {"sample round --x 1/2 --g 0 --count 3 --seed 1", "'g'"},
      {"sample dlaplace --scale abc --count 3 --seed 1", "abc"},
      {"sample unknown --count 3 --seed 1", "DIST"},
      {"sample dlaplace --count 3 --seed 1", "scale"},
      {"sample dlaplace --scale 3 --p 1/2 --count 3 --seed 1", "'p'"},
      {"sample dlaplace --scale 3 --count 0 --seed 1", "count"},
      {"sample dlaplace --scale 3 --count 10000000000 --seed 1", "count"},
      {"sample dlaplace --scale 3 --count -5 --seed 1", "count"},
      {"sample dlaplace --scale 3 --count 3 --seed -1", "seed"},
      {"sample dlaplace --scale 3 --count 3 --seed 1 --impl fast", "impl"},
      {"sample dlaplace --scale 1/0 --count 3 --seed 1", "1/0"},
      {"pmf dlaplace --scale 0 --from 0 --to 3", "scale"},
      {"pmf dlaplace --scale 3 --from 5 --to 3", "'to'"},
      {"pmf dlaplace --scale 3 --from 0 --to 3 --digits 0", "digits"},
      {"pmf polya --r 1/2 --from 0 --to 3", "scale"},
      {"bogus-command", "bogus"},
  };
  for (const auto& c : bad) {
    auto r = run_command(kCli + " " + c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\nstderr: " << r.err;
    EXPECT_TRUE(r.out.empty()) << c.args << "\nstdout: " << r.out;
    EXPECT_TRUE(mentions(r.err, c.must_mention)) << c.args << "\nstderr: " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.args << "\nstderr: " << r.err;
  }
}

TEST(PmfCliTest, PrintsCorrectlyRoundedValues) {
  auto r = run_command(kCli + " pmf bernoulli --p 1/3 --from 0 --to 1 --digits 20");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0 6.6666666666666666667e-1\n1 3.3333333333333333333e-1\n");
  // Lap_Z(3) at 0: (1 - e^{-1/3}) / (1 + e^{-1/3}) = tanh(1/6) = 0.16514041292462938...
  auto d = run_command(kCli + " pmf dlaplace --scale 3 --from 0 --to 0 --digits 15");
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_EQ(d.out, "0 1.65140412924629e-1\n");
  auto outside = run_command(kCli + " pmf round --x 3/7 --g 100 --from 41 --to 44 --digits 5");
  ASSERT_EQ(outside.exit_code, 0) << outside.err;
  EXPECT_EQ(outside.out, "41 0\n42 1.4286e-1\n43 8.5714e-1\n44 0\n");
}

TEST(CliTest, HelpListsCommandsAndDistributions) {
  auto top = run_command(kCli + " --help");
  EXPECT_EQ(top.exit_code, 0);
  for (const char* word : {"sample", "pmf", "verify"}) EXPECT_NE(top.out.find(word), std::string::npos) << word;
  auto sample = run_command(kCli + " sample --help");
  EXPECT_EQ(sample.exit_code, 0);
  for (const auto& c : kEveryDist) EXPECT_NE(sample.out.find(c.dist), std::string::npos) << c.dist;
  auto version = run_command(kCli + " --version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_NE(version.out.find("dpbandit"), std::string::npos);
}

}  // namespace
}  // namespace dpb::test
