// `dpbandit sample normal --sigma S --grid-bits r` and `dpbandit sample binomial --method large`, run as a user would:
// one integer per line, identical in both builds on a seed, and bad input → exit 2 with one line naming the option.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

TEST(SampleSeed001CliTest, NormalAndLargeBinomialAreIdenticalInBothBuilds) {
  for (const std::string args : {"normal --sigma 3/2 --grid-bits 4 --count 500", "normal --sigma 0.7 --grid-bits 0 --count 500",
                                 "binomial --n 10000000000 --p 1/4 --method large --count 20",
                                 "binomial --n 1001 --p 0.5 --method large --count 50",
                                 "binomial --n 1000000000000000000001 --p 1/4 --method large --count 20",
                                 "binomial --n 1208925819614629174706176 --p 1/2 --method large --count 20"}) {
    auto ref = run_command(kCli + " sample " + args + " --seed 7 --impl reference");
    auto opt = run_command(kCli + " sample " + args + " --seed 7 --impl optimized");
    ASSERT_EQ(ref.exit_code, 0) << args << ": " << ref.err;
    ASSERT_EQ(opt.exit_code, 0) << args << ": " << opt.err;
    EXPECT_EQ(ref.out, opt.out) << args;
    EXPECT_FALSE(ref.out.empty());
    EXPECT_TRUE(ref.err.empty()) << ref.err;
  }
  // The default method of binomial is unchanged (n Bernoulli draws) and differs from `large`.
  auto dflt = run_command(kCli + " sample binomial --n 1001 --p 1/2 --count 50 --seed 7");
  auto large = run_command(kCli + " sample binomial --n 1001 --p 1/2 --count 50 --seed 7 --method large");
  EXPECT_NE(dflt.out, large.out);
}

TEST(SampleSeed001CliTest, BadInputExitsTwoWithOneLineNamingTheOption) {
  for (const auto& [args, option] :
       {std::pair<std::string, std::string>{"sample normal --sigma 0 --grid-bits 3 --count 3 --seed 1", "sigma"},
        {"sample normal --sigma -1/2 --grid-bits 3 --count 3 --seed 1", "sigma"},
        {"sample normal --sigma 1 --grid-bits -1 --count 3 --seed 1", "grid-bits"},
        {"sample normal --sigma 1 --grid-bits 1.5 --count 3 --seed 1", "grid-bits"},
        {"sample normal --sigma 1 --grid-bits 2000 --count 3 --seed 1", "grid-bits"},
        {"sample normal --sigma 1 --count 3 --seed 1", "grid-bits"},
        {"sample normal --sigma 1 --grid-bits 63 --count 3 --seed 1 --impl optimized", "grid-bits"},
        {"sample binomial --n 10 --p 1/3 --count 3 --seed 1 --method large", "p"},
        {"sample binomial --n 1208925819614629174706177 --p 1/2 --count 3 --seed 1 --method large", "n"},  // 2^80 + 1
        {"sample binomial --n 9223372036854775808 --p 1/2 --count 3 --seed 1 --method split", "n"},
        {"sample poisson --mean 3 --count 3 --seed 1 --method large", "method"},
        {"pmf normal --sigma 0 --grid-bits 1 --from -1 --to 1", "sigma"}}) {
    auto r = run_command(kCli + " " + args);
    EXPECT_EQ(r.exit_code, 2) << args << "\nstderr: " << r.err;
    EXPECT_TRUE(r.out.empty()) << args << "\nstdout: " << r.out;
    EXPECT_TRUE(mentions(r.err, "'" + option + "'")) << args << "\nstderr: " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\nstderr: " << r.err;
  }
}

TEST(SampleSeed001CliTest, PmfOfTheRoundedNormal) {
  auto r = run_command(kCli + " pmf normal --sigma 3/2 --grid-bits 1 --from -2 --to 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // c = 3: P[0] = 2Φ(1/6) − 1 = 0.13236766522180731…
  EXPECT_NE(r.out.find("0 1.3236766522180731e-1"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace dpb::test
