// Issue 14 class 9 (docs/reliability.md "Messages"): a refusal of values that are each inside their registered
// range, but not together, names the user's option (`--name`), not an internal parameter of the function that
// refused it. Each case below used to blame an internal name ("Skellam: parameter 'variance'", "calibrate:
// parameter 'n'" for a tiny ε, "mase: parameter 'c'", "audit: parameter 'n'" for a short --horizon,
// "BanditInstance::clipped_gaussian: parameter 'mean'" for --shift, "pmf: parameter '--grid-bits'" for --sigma).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = cli_path();

struct Case {
  std::string args;
  std::string needle;  // must appear in the one stderr line
};

void expect_names(const Case& c) {
  const CommandResult r = run_command(kCli + " " + c.args);
  EXPECT_EQ(r.exit_code, 2) << c.args << ": " << r.err;
  EXPECT_TRUE(r.out.empty()) << c.args << ": " << r.out;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  EXPECT_NE(r.err.find(c.needle), std::string::npos) << c.args << ": " << r.err << " (expected " << c.needle << ")";
}

TEST(OptionNamesCli, SampleNamesTheDistributionsOption) {
  expect_names({"sample skellam --var 1e30 --count 1 --seed 1", "sample (Skellam): parameter '--var' must be <= 2e12"});
  expect_names({"sample poisson --mean 1e13 --count 1 --seed 1", "sample (Poisson): parameter '--mean' must be"});
  expect_names({"sample binomial --n 2000000000 --p 1/2 --count 1 --seed 1", "parameter '--n' must be <= 1000000000"});
}

TEST(OptionNamesCli, CalibrateBlamesEpsForAnOverflowingModulus) {
  expect_names({"calibrate dist-dp --eps 1e-400 --n 10 --horizon 100", "calibrate: parameter '--eps' must be such that m = n*g"});
  expect_names({"calibrate dist-dp --eps 1 --n 100 --horizon 10", "calibrate: parameter '--n' must be <= horizon"});
}

TEST(OptionNamesCli, MultiAgentNamesItsOptions) {
  expect_names({"crosscheck --learner mase --runs 1 --max-rounds 1000 --c 1e-400",
                "crosscheck (mase): parameter '--c' must be such that"});
  expect_names({"simulate --learner mase --runs 1 --max-rounds 1000 --c 1e-400",
                "simulate (mase): parameter '--c' must be such that"});
  // Not given: the message says that its default was used.
  expect_names({"simulate --learner mase --runs 1 --max-rounds 1000 --votes 1000",
                "parameter '--agents' must be >= the votes an elimination needs (1001), got 4 (its default: --agents "
                "not given)"});
  // --shift: P2's means must stay in [0, 1]; refused by the registry, up front.
  expect_names({"simulate --learner mase --runs 1 --max-rounds 1000 --env p2 --shift 0",
                "parameter '--shift' must be a number in [10, 52/5]"});
}

TEST(OptionNamesCli, LinearLearnersNameTheBatch) {
  expect_names({"crosscheck --learner linucb --horizon 40 --runs 1 --arms 10 --batch 41",
                "(shuffle_private_linucb): parameter '--batch' must be in [1, T = 40]"});
}

TEST(OptionNamesCli, AuditNamesTheHorizonAgainstTheDefaultBatch) {
  expect_names({"audit dlaplace --horizon 2 --samples 1000", "audit: parameter '--horizon' must be >= --n (16, the default)"});
  expect_names({"audit dlaplace --horizon 8 --n 9 --samples 1000", "audit: parameter '--n' must be <= --horizon (8)"});
}

TEST(OptionNamesCli, PmfNamesEveryParameterOfTheLaw) {
  expect_names({"pmf normal --grid-bits 4 --sigma 1e-400 --from 0 --to 1 --digits 5",
                "pmf: parameter '--grid-bits' or '--sigma' must be such that P[X = 1]"});
}

}  // namespace
}  // namespace dpb::test
