// Issue 14 class 9 beyond the bad-input table (docs/reliability.md "Still open"): the table runs each option with
// one minimal command line, so one audit target and one learner per option. Here every audit target and every
// learner is run with values that it refuses, and the refusal must name the option. The names come from the
// program's own lists (`audit --list`, `crosscheck --list`), so a new target or learner is covered without editing
// this test.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"
#include "verify/audit/targets_001.hpp"

namespace dpb::test {
namespace {

const std::string kCli = cli_path();

struct Named {
  std::string name, kind;
};

// `audit --list`: "name<TAB>kind<TAB>...".
std::vector<Named> audit_targets() {
  const CommandResult r = run_command(kCli + " audit --list");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<Named> out;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    const auto tab2 = line.find('\t', tab + 1);
    out.push_back({line.substr(0, tab), line.substr(tab + 1, tab2 - tab - 1)});
  }
  return out;
}

// `crosscheck --list`: single-agent learners as "name<TAB>status<TAB>...", then a heading per family and its
// learners indented by two spaces ("linear" for seed 001's, "multi-agent" for seed 004's).
std::vector<Named> learners() {
  const CommandResult r = run_command(kCli + " crosscheck --list");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<Named> out;
  std::string family = "single";
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  ", 0) == 0) {
      out.push_back({line.substr(2, line.find_first_of(" \t", 2) - 2), family});
    } else if (const auto tab = line.find('\t'); tab != std::string::npos) {
      out.push_back({line.substr(0, tab), "single"});
    } else {
      family = line.find("multi-agent") != std::string::npos ? "multi-agent"
               : line.find("GLM") != std::string::npos       ? "glm"
               : line.find("linear") != std::string::npos    ? "linear"
                                                              : "unknown";
    }
  }
  return out;
}

TEST(RefusalsPerNameCli, TheListsAreRead) {
  const auto targets = audit_targets();
  const auto all = learners();
  EXPECT_GE(targets.size(), 20U);
  std::size_t linear = 0, multi = 0;
  for (const auto& l : all) {
    linear += l.kind == "linear";
    multi += l.kind == "multi-agent";
    EXPECT_NE(l.kind, "unknown") << l.name;
  }
  EXPECT_GE(linear, 5U);
  EXPECT_GE(multi, 6U);
}

// Every target refuses --eps 0 (outside the range) and, by its kind, one option that does not apply to it (a value
// inside the option's range): each refusal names the option.
TEST(RefusalsPerNameCli, EveryAuditTargetNamesTheOptionItRefuses) {
  for (const auto& t : audit_targets()) {
    const std::string audit = kCli + " audit " + t.name + " --samples 100 --threads 1";
    if (t.kind == "external") {
      expect_cli_refusal(audit + " --claimed-eps 0 --command 'echo 1'", "'--claimed-eps'");
      // The built-in targets' options used to be ignored here.
      for (const char* option : {"--eps 1/2", "--n 4", "--horizon 100", "--borderline 1/2"})
        expect_cli_refusal(audit + " --claimed-eps 1 --command 'echo 1' " + option,
                           std::string("parameter '") + std::string(option).substr(0, std::string(option).find(' ')) +
                               "' must be absent with `external`");
      // --arms is a registered conflict of --command (and --d): the parser's refusal names it.
      expect_cli_refusal(audit + " --claimed-eps 1 --command 'echo 1' --arms 3", "when --arms is given");
      continue;
    }
    expect_cli_refusal(audit + " --eps 0", "'--eps'");
    if (t.kind == "mechanism") {
      expect_cli_refusal(audit + " --borderline 1/2", "'--borderline'");
      if (verify::audit::is_seed001_target(t.name))  // their own batch and leaf ranges (targets_001.hpp)
        expect_cli_refusal(audit + " --n 4096", "'--n'");
      else
        expect_cli_refusal(audit + " --n 64 --horizon 32", "'--n'");
      expect_cli_refusal(audit + " --arms 3", "'--arms'");
    } else if (t.kind == "learner") {
      expect_cli_refusal(audit + " --n 4", "'--n'");
      expect_cli_refusal(audit + " --arms 3", "'--arms'");
    } else if (t.kind == "multi-agent") {
      expect_cli_refusal(audit + " --n 4", "'--n'");
    } else {
      ADD_FAILURE() << t.name << ": unknown kind " << t.kind;
    }
  }
}

// Every learner refuses --horizon 0 in crosscheck and in simulate (where it is a simulate learner), and a horizon
// that does not apply (multi-agent learners run --max-rounds) or is beyond the learner's own bound.
TEST(RefusalsPerNameCli, EveryLearnerNamesHorizon) {
  for (const auto& l : learners()) {
    const std::string cross = kCli + " crosscheck --learner " + l.name + " --runs 1";
    const std::string sim = kCli + " simulate --learner " + l.name + " --runs 1";
    expect_cli_refusal(cross + " --horizon 0", "'--horizon'");
    if (l.kind == "single") {
      expect_cli_refusal(sim + " --horizon 0", "'--horizon'");
      expect_cli_refusal(sim + " --horizon 10", "'--learner'");  // not a simulate learner: said so
    } else if (l.kind == "glm") {  // seed 003's GLM learners
      expect_cli_refusal(sim + " --horizon 0", "'--horizon'");
      expect_cli_refusal(sim + " --horizon 16777217", "'--horizon'");
    } else if (l.kind == "linear") {
      expect_cli_refusal(sim + " --horizon 0", "'--horizon'");
      expect_cli_refusal(sim + " --horizon 16777217", "'--horizon'");  // in the option's range, beyond 2^24
    } else {
      expect_cli_refusal(sim + " --horizon 0", "'--horizon'");
      expect_cli_refusal(sim + " --max-rounds 1000 --horizon 100", "'--horizon' must be absent for --learner");
      expect_cli_refusal(cross + " --max-rounds 1000 --horizon 100", "'--horizon' must be absent for --learner");
    }
  }
}

}  // namespace
}  // namespace dpb::test
