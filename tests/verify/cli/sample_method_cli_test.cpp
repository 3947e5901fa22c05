// `dpbandit sample dlaplace|dgauss --method cks|inversion` (docs/samplers.md, "Inversion methods for the discrete
// Laplace and the discrete Gaussian"), run as a user would.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

TEST(SampleMethodCliTest, InversionIsIdenticalInBothBuildsAndDiffersFromCks) {
  for (const std::string dist : {"dlaplace --scale 10", "dgauss --sigma2 100", "dgauss --sigma2 7/3 --mu 0.5"}) {
    const std::string base = kCli + " sample " + dist + " --count 400 --seed 42";
    auto ref = run_command(base + " --impl reference --method inversion");
    auto opt = run_command(base + " --impl optimized --method inversion");
    auto cks = run_command(base + " --impl optimized --method cks");
    auto dflt = run_command(base + " --impl optimized");
    ASSERT_EQ(ref.exit_code, 0) << dist << ": " << ref.err;
    ASSERT_EQ(opt.exit_code, 0) << dist << ": " << opt.err;
    ASSERT_EQ(cks.exit_code, 0) << dist << ": " << cks.err;
    EXPECT_EQ(lines_as_integers(ref.out).size(), 400U) << dist;
    EXPECT_EQ(ref.out, opt.out) << dist;
    EXPECT_EQ(cks.out, dflt.out) << dist << ": cks is the default";
    EXPECT_NE(ref.out, cks.out) << dist << ": the methods use the bits differently";
    EXPECT_TRUE(ref.err.empty()) << ref.err;
  }
}

TEST(SampleMethodCliTest, BadMethodExitsTwoWithOneLineNamingIt) {
  for (const std::string args : {"sample poisson --mean 3 --count 3 --seed 1 --method inversion",
                                 "sample dlaplace --scale 3 --count 3 --seed 1 --method karney",
                                 "sample dlaplace --scale 0 --count 3 --seed 1 --method inversion",
                                 "sample dgauss --sigma2 -1 --count 3 --seed 1 --method inversion"}) {
    auto r = run_command(kCli + " " + args);
    EXPECT_EQ(r.exit_code, 2) << args << "\nstderr: " << r.err;
    EXPECT_TRUE(r.out.empty()) << args << "\nstdout: " << r.out;
    const bool names_it = r.err.find("method") != std::string::npos || r.err.find("scale") != std::string::npos ||
                          r.err.find("sigma2") != std::string::npos;
    EXPECT_TRUE(names_it) << args << "\nstderr: " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\nstderr: " << r.err;
  }
}

}  // namespace
}  // namespace dpb::test
