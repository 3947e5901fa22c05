// `dpbandit crosscheck` with seed 001's linear learners: a consistent run exits 0; bad input names the parameter on
// one stderr line, exit 2, nothing on stdout.
#include <gtest/gtest.h>

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"

#include <filesystem>

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

TEST(LinearLearnersCliTest, CrosscheckRunsEveryLearner) {
  for (const std::string l : {"linucb", "linucb-sdp-amp", "linucb-sdp-vec", "linucb-ldp", "linucb-jdp"}) {
    const auto r = run_command(kCli + " crosscheck --learner " + l + " --horizon 60 --runs 1 --arms 8 --d 3" +
                               (l.find("sdp") != std::string::npos ? " --batch 10" : ""));
    EXPECT_EQ(r.exit_code, 0) << l << r.err;
    EXPECT_NE(r.out.find("OK: 0 of 1 runs disagree"), std::string::npos) << l << r.out;
  }
  const auto list = run_command(kCli + " crosscheck --list");
  EXPECT_NE(list.out.find("linucb-sdp-vec"), std::string::npos);
  const auto tape = run_command(kCli + " crosscheck --learner linucb-jdp --contexts tape --horizon 40 --runs 1 --arms 5 --d 3");
  EXPECT_EQ(tape.exit_code, 0) << tape.err;
  EXPECT_NE(tape.out.find("context tape"), std::string::npos) << tape.out;
}

TEST(LinearLearnersCliTest, BadInputNamesTheParameter) {
  struct Case {
    std::string args, needle;
  };
  const std::vector<Case> cases = {
      {"--learner linucb --batch 0", "parameter '--batch' must be an integer in [1, 2^40], got \"0\""},
      {"--learner linucb --batch 51", "parameter '--batch' must be in [1, T = 50]"},
      {"--learner linucb --d 1", "parameter 'd'"},
      {"--learner linucb --arms 0", "parameter 'arms'"},
      {"--learner linucb --confidence 0", "parameter '--confidence' must be a number in (0, 1], got \"0\""},
      {"--learner linucb --confidence 3/2", "parameter 'confidence'"},
      {"--learner linucb --pd-policy never", "parameter 'pd-policy'"},
      {"--learner linucb --profile paper", "parameter 'profile'"},
      {"--learner linucb --regret sometimes", "parameter '--regret'"},
      {"--learner linucb --regret realized", "parameter '--regret' must be pseudo in the theorem profile"},
      {"--learner linucb-sdp-vec --profile paper-code --vec-scale 0", "parameter '--vec-scale'"},
      {"--learner linucb --profile paper-code --vec-scale 2", "parameter 'vec-scale'"},
      {"--learner linucb --profile paper-code --confidence 1/2", "parameter 'alpha'"},
      {"--learner linucb-ldp --eps 0", "parameter 'eps'"},
      {"--learner linucb-ldp --delta 1", "parameter 'delta'"},
      {"--learner linucb-ldp --lambda 0", "parameter 'lambda'"},
      {"--learner linucb-sdp-vec --vec-noise maybe", "parameter 'vec-noise'"},
      {"--learner linucb --contexts moving", "parameter 'contexts'"},
  };
  for (const auto& c : cases) expect_cli_refusal(kCli + " crosscheck --runs 1 --horizon 50 " + c.args, c.needle);
}

TEST(LinearLearnersCliTest, ThePaperCodeProfileRunsSaysItMakesNoPrivacyClaimAndReportsRealizedRegret) {
  for (const std::string l : {"linucb", "linucb-sdp-amp", "linucb-sdp-vec", "linucb-ldp", "linucb-jdp"}) {
    const auto r = run_command(kCli + " crosscheck --profile paper-code --learner " + l +
                               " --horizon 60 --runs 1 --arms 8 --d 3" +
                               (l.find("sdp") != std::string::npos ? " --batch 10" : ""));
    EXPECT_EQ(r.exit_code, 0) << l << r.err;
    EXPECT_NE(r.out.find("OK: 0 of 1 runs disagree"), std::string::npos) << l << r.out;
    EXPECT_NE(r.out.find("paper-code profile, the authors' environment"), std::string::npos) << l << r.out;
    if (l != "linucb") {
      EXPECT_NE(r.out.find("NO privacy claim"), std::string::npos) << l << r.out;
    }
  }
  const auto dir = fresh_temp_dir("linear_simulate_code");
  const auto out = dir / "vec";
  const auto s = run_command(kCli + " simulate --profile paper-code --learner linucb-sdp-vec --runs 2 --horizon 80 "
                             "--arms 8 --d 3 --out " + out.string());
  ASSERT_EQ(s.exit_code, 0) << s.err;
  EXPECT_NE(s.out.find("mean realized regret at T"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("NO privacy claim"), std::string::npos) << s.out;
  EXPECT_TRUE(std::filesystem::exists(out / "curve.csv"));
  const auto p = run_command(kCli + " simulate --profile paper-code --regret pseudo --learner linucb --runs 1 "
                             "--horizon 40 --arms 8 --d 3");
  EXPECT_EQ(p.exit_code, 0) << p.err;
  EXPECT_NE(p.out.find("mean pseudo-regret at T"), std::string::npos) << p.out;
  std::filesystem::remove_all(dir);
}

TEST(LinearLearnersCliTest, SimulateRunsALearnerAndWritesItsCurves) {
  const auto dir = fresh_temp_dir("linear_simulate");
  const auto out = dir / "linucb";
  const auto r = run_command(kCli + " simulate --learner linucb-ldp --runs 2 --horizon 80 --arms 8 --d 3 --out " +
                             out.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("mean pseudo-regret at T"), std::string::npos) << r.out;
  EXPECT_TRUE(std::filesystem::exists(out / "runs.csv"));
  EXPECT_TRUE(std::filesystem::exists(out / "curve.csv"));
  const auto bad = dir / "bad";
  expect_cli_refusal(kCli + " simulate --learner linucb --batch 0 --horizon 50 --out " + bad.string(),
                     "parameter '--batch'");
  EXPECT_FALSE(std::filesystem::exists(bad));
  expect_cli_refusal(kCli + " simulate --learner linucb-sdp-amp --eps 1,2", "parameter 'eps'");
  std::filesystem::remove_all(dir);
}

TEST(LinearLearnersCliTest, ReturningUsersRunAndBadUserOptionsAreRefused) {
  for (const std::string l : {"linucb-sdp-amp --batch 10", "linucb-sdp-vec --batch 10", "linucb-jdp", "linucb-jdp --m0 2"}) {
    const auto r = run_command(kCli + " crosscheck --learner " + l +
                               " --users returning --eps 1/2 --horizon 40 --runs 1 --arms 6 --d 3");
    EXPECT_EQ(r.exit_code, 0) << l << r.err;
    EXPECT_NE(r.out.find("OK: 0 of 1 runs disagree"), std::string::npos) << l << r.out;
  }
  struct Case {
    std::string args, needle;
  };
  const std::vector<Case> cases = {
      {"--learner linucb-jdp --users returning --m0 0", "parameter '--m0'"},
      {"--learner linucb-jdp --users returning --m0 51", "parameter '--m0' must be an integer in [1, T = 50]"},
      {"--learner linucb-jdp --m0 2", "parameter '--m0' must be absent (linucb-jdp with --users returning only)"},
      {"--learner linucb-sdp-amp --batch 10 --users returning --m0 2", "parameter '--m0'"},
      {"--learner linucb-ldp --users returning", "parameter '--users' must be unique for linucb-ldp"},
      {"--learner linucb --users returning", "parameter '--users'"},
      {"--learner linucb-jdp --users sometimes", "parameter '--users'"},
      {"--learner linucb-sdp-amp --batch 10 --users returning --profile paper-code", "parameter '--users'"},
  };
  for (const auto& c : cases) expect_cli_refusal(kCli + " crosscheck --runs 1 --horizon 50 " + c.args, c.needle);
}

}  // namespace
}  // namespace dpb::test
