// `dpbandit calibrate VARIANT ... --returning-batches B --route approx|rdp|pure [--delta D]` (seed 000 App. I):
// JSON per route, and the refusals (exit 2, one stderr line naming the option, nothing on stdout). Seed 001's
// `--returning` flag keeps working.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

nlohmann::json run_ok(const std::string& args) {
  const auto r = run_command(kCli + " calibrate " + args);
  EXPECT_EQ(r.exit_code, 0) << args << ": " << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  return nlohmann::json::parse(r.out);
}

TEST(CalibrateReturningCliTest, PureRouteSplitsEpsOverTheBatches) {
  const auto j = run_ok("dist-dp --eps 1 --n 1024 --horizon 1000000 --returning-batches 4 --route pure");
  EXPECT_EQ(j["route"], "pure");
  EXPECT_EQ(j["returning_batches"], "4");
  EXPECT_EQ(j["eps_batch_param"], "1/4");
  EXPECT_EQ(j["total"]["eps_upper"], "1");
  EXPECT_EQ(j["total"]["delta"], "0");
  // The batch is the plain calibration at eps = 1/4.
  const auto plain = run_ok("dist-dp --eps 1/4 --n 1024 --horizon 1000000");
  EXPECT_EQ(j["batch"]["m"], plain["m"]);
  EXPECT_EQ(j["per_batch"]["scale"], plain["aggregate_noise"]["scale"]);
}

TEST(CalibrateReturningCliTest, EveryVariantRoutePairPrintsTheBatchNoiseAndTheTotal) {
  const std::vector<std::string> args = {
      "dist-dp --eps 1 --n 100 --horizon 10000 --returning-batches 10 --route approx --delta 1e-5",
      "shuffle --eps 1 --n 100 --horizon 10000 --returning-batches 10 --route approx --delta 1e-5",
      "central --eps 1/2 --n 100 --horizon 10000 --returning-batches 10 --route pure",
      "local --eps 1/2 --n 100 --horizon 10000 --returning-batches 10 --route approx --delta 1/1000",
      "dist-rdp --eps 1 --n 100 --horizon 10000 --returning-batches 10 --route rdp --delta 1e-5",
      "dist-rdp --eps 1 --n 100 --horizon 10000 --returning-batches 10 --route approx --delta 1e-5",
      "dist-cdp --eps 1/2 --n 100 --horizon 10000 --returning-batches 10 --route rdp --delta 1e-5 --s 2",
      "dist-cdp --eps 1/2 --n 100 --horizon 10000 --returning-batches 10 --route approx --delta 1e-5"};
  for (const auto& a : args) {
    const auto j = run_ok(a);
    ASSERT_TRUE(j.contains("per_batch")) << a;
    EXPECT_TRUE(j["per_batch"]["noise"].is_string()) << a;
    EXPECT_TRUE(j["per_batch"].contains("scale") || j["per_batch"].contains("aggregate_variance")) << a;
    const Rational eps = parse_rational(j["target"]["eps"].get<std::string>(), "test", "eps");
    EXPECT_LE(parse_rational(j["total"]["eps_upper"].get<std::string>(), "test", "eps_upper"), eps) << a;
    EXPECT_TRUE(j["batch"]["g"].is_string()) << a;
  }
  const auto rdp = run_ok(args[4]);
  EXPECT_TRUE(rdp["rdp"]["alpha"].is_string());
  EXPECT_EQ(rdp["total"]["delta"], "1/100000");
  const auto approx = run_ok(args[5]);
  EXPECT_EQ(approx["approx"]["delta_i"], "1/2000000");
  EXPECT_EQ(approx["approx"]["delta_prime"], "1/200000");
  EXPECT_EQ(approx["total"]["delta"], "1/100000");
}

TEST(CalibrateReturningCliTest, RefusalsNameTheOption) {
  struct Case {
    std::string args, needle;
  };
  const std::string base = "--eps 1 --n 10 --horizon 100";
  const std::vector<Case> cases = {
      {"dist-dp " + base + " --returning-batches 0 --route pure", "'--returning-batches'"},
      {"dist-dp " + base + " --returning-batches 1099511627777 --route pure", "'--returning-batches'"},
      {"dist-dp " + base + " --returning-batches 4", "parameter '--returning-batches' must be given with --route"},
      {"dist-dp " + base + " --route pure", "parameter '--route' must be given with --returning-batches"},
      {"dist-dp " + base + " --returning-batches 4 --route rdp --delta 1e-5", "parameter 'route'"},
      {"shuffle " + base + " --returning-batches 4 --route rdp --delta 1e-5", "parameter 'route'"},
      {"dist-rdp " + base + " --returning-batches 4 --route pure", "parameter 'route'"},
      {"dist-dp " + base + " --returning-batches 4 --route fast", "'--route'"},
      {"dist-dp " + base + " --returning-batches 4 --route approx", "parameter 'delta'"},
      {"dist-dp " + base + " --returning-batches 4 --route pure --delta 1e-5", "parameter 'delta'"},
      {"dist-dp " + base + " --delta 1e-5", "parameter 'delta'"},
      {"dist-dp --eps 10 --n 10 --horizon 100 --returning-batches 1 --route approx --delta 0.9", "parameter 'eps'"},
      {"dist-dp " + base + " --returning", "parameter 'returning'"},
      {"p-amp --eps 1 --delta 1e-5 --n 1000 --returning-batches 4 --route approx", "parameter 'returning-batches'"},
  };
  for (const auto& c : cases) expect_cli_refusal(kCli + " calibrate " + c.args, c.needle);
}

TEST(CalibrateReturningCliTest, Seed001ReturningFlagStillWorks) {
  const auto r = run_command(kCli + " calibrate p-amp --eps 1/2 --delta 1e-5 --n 1000 --returning --horizon 100000");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("returning"), std::string::npos);
}

}  // namespace
}  // namespace dpb::test
