// `dpbandit audit`, run as a user would: --list, a target (text and JSON), external samples from files and from a
// command (an awk randomized response whose neighbour shifts P[1] from 1/2 to 7/10), and usage errors (one line on
// stderr naming the parameter and value, nothing on stdout, exit 2).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"

namespace dpb::test {
namespace {

const std::string kCli = dpb::test::cli_path();

std::string temp_dir() {
  const auto d = std::filesystem::temp_directory_path() / ("dpb_audit_cli_" + std::to_string(::getpid()));
  std::filesystem::create_directories(d);
  return d.string();
}

std::size_t lines(const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }

TEST(AuditCliTest, ListNamesEveryMechanismAndLearner) {
  const auto r = run_command(kCli + " audit --list");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* t : {"dist-dp\t", "dist-rdp\t", "dist-cdp\t", "shuffle\t", "central\t", "local\t", "dlaplace\t",
                        "dist-dp-se\t", "dist-rdp-se\t", "dist-cdp-se\t", "shuffle-se\t", "cdp-se\t", "ldp-se\t",
                        "dp-se\t", "\nse\t", "anytime-lazy-ucb\t", "hybrid-ucb\t", "\nftnl\t", "naive-ftnl\t",
                        "\nucb\t", "external\t"})
    EXPECT_NE(r.out.find(t), std::string::npos) << t;
}

TEST(AuditCliTest, TargetGivesAVerdictInTextAndJson) {
  const auto text = run_command(kCli + " audit dlaplace --eps 1 --samples 20000 --seed 3");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out.rfind("AUDIT dlaplace eps_claimed=1 eps_exact=1 eps_lb=", 0), 0u) << text.out;
  const auto r = run_command(kCli + " audit dlaplace --eps 1 --samples 20000 --seed 3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["samples_per_side"], 20000);
  EXPECT_EQ(j["eps_claimed"], 1.0);
  EXPECT_LE(j["eps_lb"].get<double>(), 1.0);
  EXPECT_TRUE(j["verdict"] == "TIGHT" || j["verdict"] == "WEAK") << j["verdict"];
  // A non-private learner: VIOLATION of the nominal ε, exit 0 (the expected outcome of a negative control).
  const auto se = run_command(kCli + " audit ucb --samples 1000 --json");
  ASSERT_EQ(se.exit_code, 0) << se.err;
  const auto js = nlohmann::json::parse(se.out);
  EXPECT_EQ(js["verdict"], "VIOLATION");
  EXPECT_EQ(js["eps_claimed_is_nominal"], true);
}

TEST(AuditCliTest, ExternalFilesCatchAnOverclaim) {
  const std::string dir = temp_dir();
  // Randomized response from a fixed-seed generator: 5000 lines each, P[1] = 0.7 under D and 0.3 under D′
  // (ε = ln(7/3) ≈ 0.85 on both {1} and {0}), claimed ε = 0.2.
  std::mt19937_64 gen(20261121);
  std::bernoulli_distribution b7(0.7), b3(0.3);
  std::ofstream d(dir + "/d.txt"), dp(dir + "/dp.txt");
  for (int i = 0; i < 5000; ++i) {
    d << (b7(gen) ? 1 : 0) << "\n";
    dp << (b3(gen) ? 1.0 : 0.0) << "\n";
  }
  d.close();
  dp.close();
  const auto r = run_command(kCli + " audit external --d " + dir + "/d.txt --d-prime " + dir +
                             "/dp.txt --claimed-eps 0.2 --json");
  ASSERT_EQ(r.exit_code, 1) << r.err;  // a VIOLATION of a real claim
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdict"], "VIOLATION");
  EXPECT_GT(j["eps_lb"].get<double>(), 0.2);
  EXPECT_LT(j["eps_lb"].get<double>(), std::log(7.0 / 3.0));
  // The same files against an honest claim: not flagged.
  const auto ok = run_command(kCli + " audit external --d " + dir + "/d.txt --d-prime " + dir +
                              "/dp.txt --claimed-eps 0.9");
  EXPECT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  std::filesystem::remove_all(dir);
}

TEST(AuditCliTest, ExternalCommandIsRunPerNeighbour) {
  const std::string dir = temp_dir();
  // Randomized response: P[1] = 1/2 under D (DPB_NEIGHBOUR=0) and 7/10 under D′; largest log-ratio ln(5/3).
  {
    std::ofstream sh(dir + "/rr.sh");
    sh << "awk -v s=\"$DPB_SEED\" -v nb=\"$DPB_NEIGHBOUR\" -v n=\"$DPB_SAMPLES\" "
          "'BEGIN { srand(s); p = 0.5 + 0.2 * nb; for (i = 0; i < n; i++) print (rand() < p) ? 1 : 0 }'\n";
  }
  const auto r =
      run_command(kCli + " audit external --command 'sh " + dir + "/rr.sh' --claimed-eps 0.05 --samples 5000 --json");
  ASSERT_EQ(r.exit_code, 1) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdict"], "VIOLATION");
  EXPECT_EQ(j["samples_per_side"], 5000);
  EXPECT_LT(j["eps_lb"].get<double>(), std::log(0.5 / 0.3));  // the largest true log-ratio (event {Y = 0})
  std::filesystem::remove_all(dir);
}

// --neighbours search (the default): the learner's family of pairs is listed in JSON, the worst named; fixed runs
// the one hand-built pair.
TEST(AuditCliTest, NeighbourSearchListsThePairsAndNamesTheWorst) {
  const auto r = run_command(kCli + " audit ftnl --samples 2000 --pairs 6 --keep 2 --seed 4 --json");
  ASSERT_EQ(r.exit_code, 1) << r.err;  // FTNL's claim is refuted by the exact law of a searched pair (MODEL or VIOLATION)
  const auto j = nlohmann::json::parse(r.out);
  const auto& ns = j["details"]["neighbour_search"];
  EXPECT_EQ(ns["mode"], "search");
  EXPECT_EQ(ns["screened"], 6);
  EXPECT_EQ(ns["kept"], 2);
  EXPECT_LE(ns["pairs"].size(), 100u);
  EXPECT_GT(ns["family_size"].get<std::size_t>(), 6u);
  EXPECT_TRUE(ns.contains("white_box_worst_pair"));
  EXPECT_GT(j["eps_exact"].get<double>(), 0.5);
  EXPECT_EQ(j["details"]["relation"]["name"], "full-information");
  const auto fixed = run_command(kCli + " audit ftnl --samples 2000 --neighbours fixed --seed 4 --json");
  ASSERT_EQ(fixed.exit_code, 0) << fixed.err;
  const auto jf = nlohmann::json::parse(fixed.out);
  EXPECT_EQ(jf["details"]["neighbour_search"]["mode"], "fixed");
  EXPECT_LT(jf["eps_exact"].get<double>(), 0.5);
}

// External implementations: DPB_PAIR=i selects the command's own pair i; only pair 2 leaks, and the report names it.
TEST(AuditCliTest, ExternalCommandPairsNameTheWorstPair) {
  const std::string dir = temp_dir();
  {
    std::ofstream sh(dir + "/pairs.sh");
    sh << "awk -v s=\"$DPB_SEED\" -v nb=\"$DPB_NEIGHBOUR\" -v n=\"$DPB_SAMPLES\" -v i=\"$DPB_PAIR\" "
          "'BEGIN { srand(s); p = 0.5; if (i == 2) p = 0.5 + 0.3 * nb; for (k = 0; k < n; k++) print (rand() < p) ? 1 "
          ": 0 }'\n";
  }
  const auto r = run_command(kCli + " audit external --command 'sh " + dir +
                             "/pairs.sh' --claimed-eps 0.1 --samples 4000 --pairs 5 --keep 2 --json");
  ASSERT_EQ(r.exit_code, 1) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdict"], "VIOLATION");
  EXPECT_EQ(j["details"]["worst_pair"], 2);
  std::filesystem::remove_all(dir);
}

// A command that fails for its last pair is refused after a probe run per pair and side (docs/audit.md "External
// implementations"), not after the earlier pairs' samples: here 5 runs, where sampling pairs 0 and 1 first would
// take 2 × 2 × (1000 + 100) runs of this one-output command.
TEST(AuditCliTest, ExternalCommandPairsFailFastOnABrokenPair) {
  const std::string dir = temp_dir();
  const std::string log = dir + "/runs.txt";
  const auto r = run_command(kCli + " audit external --command 'echo \"$DPB_PAIR $DPB_SPLIT\" >> " + log +
                             "; [ $DPB_PAIR != 2 ] && echo 1' --claimed-eps 1 --pairs 3 --samples 100");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_TRUE(mentions(r.err, "'command'")) << r.err;
  std::ifstream in(log);
  std::vector<std::string> runs;
  for (std::string line; std::getline(in, line);) runs.push_back(line);
  const std::vector<std::string> expected = {"0 probe", "0 probe", "1 probe", "1 probe", "2 probe"};
  EXPECT_EQ(runs, expected);
  std::filesystem::remove_all(dir);
}

TEST(AuditCliTest, BadInputNamesParameterAndValueOnStderrOnly) {
  const std::string dir = temp_dir();
  { std::ofstream(dir + "/bad.txt") << "1\n2\nthree\n"; }
  struct Case {
    std::string args, needle;
  };
  const std::vector<Case> cases = {
      {"audit nope", "'target'"},
      {"audit", "'target'"},
      // seed 001's targets (verify/audit/targets_001.hpp): sizes and ranges of their own
      {"audit gauss-ldp --eps 2", "'eps'"},
      {"audit gauss-ldp --n 3", "'n'"},
      {"audit tree --horizon 65", "'horizon'"},
      {"audit tree --n 2", "'n'"},
      {"audit p-amp --n 1", "'n'"},
      {"audit p-amp --eps 3", "'eps'"},
      {"audit p-vec --delta 0.5", "'delta'"},
      {"audit p-vec --horizon 8", "'horizon'"},
      {"audit p-amp --delta 0", "'delta'"},
      {"audit external --mechanism p-amp --params " + dir + "/bad.txt --inputs " + dir + "/bad.txt --d " + dir +
           "/bad.txt",
       "'params'"},
      {"audit external --mechanism p-vec --params " + dir + "/bad.txt --inputs " + dir + "/bad.txt --d " + dir +
           "/bad.txt",
       "'params'"},
      {"audit dlaplace --samples abc", "'samples'"},
      {"audit dlaplace --samples 10", "'samples'"},
      {"audit dlaplace --confidence 1.5", "'confidence'"},
      {"audit dlaplace --eps 0", "'eps'"},
      {"audit dlaplace --eps x", "'eps'"},
      {"audit dist-cdp --eps 1", "'eps'"},
      {"audit dlaplace --delta 1", "'delta'"},
      {"audit dlaplace --seed x", "'seed'"},
      {"audit dlaplace --threads 0", "'threads'"},
      {"audit dlaplace --threads 257", "'threads'"},
      {"audit dlaplace --threads two", "'threads'"},
      {"audit dlaplace --threads -1", "'threads'"},
      {"audit external --d " + dir + "/bad.txt --d-prime " + dir + "/bad.txt", "'claimed-eps'"},
      {"audit external --d " + dir + "/bad.txt --d-prime " + dir + "/bad.txt --claimed-eps 1", "'d'"},
      {"audit external --d " + dir + "/missing.txt --d-prime x --claimed-eps 1", "missing.txt"},
      {"audit external --claimed-eps 1", "'command'"},
      {"audit external --command 'exit 3' --claimed-eps 1", "'command'"},
      {"audit external --command 'echo abc' --claimed-eps 1", "'command'"},
      {"audit external --command 'echo 1' --claimed-eps -1", "'claimed-eps'"},
      {"audit dlaplace --claimed-eps 1", "'target'"},
      {"audit dlaplace --pairs 0", "'pairs'"},
      {"audit dlaplace --view whole-output", "'view'"},
      {"audit dp-se --arms 3", "'--arms'"},
      {"audit dp-mase --arms 4", "'arms'"},
      {"audit dp-mase --arms 1", "'arms'"},
      {"audit ftnl --view joint", "'--view'"},
      {"audit dp-se --view agent", "'--view'"},
      {"audit dp-mase --n 4", "'--n'"},
      {"audit mase --view whole-output", "'view'"},
      {"audit mase --arms x", "'arms'"},
      {"audit p-amp --view whole-output", "'view'"},
      {"audit ftnl --view nosuch", "'view'"},
      {"audit external --command 'echo 1' --claimed-eps 1 --view decision", "when --view is given"},
      {"audit dlaplace --pairs 4097", "'pairs'"},
      {"audit dlaplace --pairs x", "'pairs'"},
      {"audit dlaplace --keep 0", "'keep'"},
      {"audit dlaplace --pairs 2 --keep 3", "'keep'"},
      {"audit dlaplace --neighbours nosuch", "'neighbours'"},
      {"audit dlaplace --neighbours fixed --pairs 4", "'pairs'"},
      {"audit dlaplace --neighbours fixed --keep 1", "'keep'"},
      {"audit external --d " + dir + "/bad.txt --d-prime " + dir + "/bad.txt --claimed-eps 1 --pairs 3",
       "when --pairs is given"},
      {"audit external --command 'echo 1' --claimed-eps 1 --keep 2", "'keep'"},
      {"audit external --command 'echo 1' --claimed-eps 1 --neighbours search", "when --neighbours is given"},
      {"audit external --command 'test $DPB_PAIR != 1 && echo 1' --claimed-eps 1 --pairs 3 --samples 100",
       "'command'"},
      // one pair whose runs succeed but print nothing, one whose runs print garbage (issue 11 §2)
      {"audit external --command '[ $DPB_PAIR = 1 ] || echo 1' --claimed-eps 1 --pairs 3 --samples 100",
       "prints at least one output"},
      {"audit external --command 'if [ $DPB_PAIR = 2 ]; then echo abc; else echo 1; fi' --claimed-eps 1 --pairs 3 "
       "--samples 100",
       "one finite number per line"},
  };
  for (const auto& c : cases) {
    const auto r = run_command(kCli + " " + c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << c.args << "\n" << r.out;
    EXPECT_EQ(lines(r.err), 1u) << c.args << "\n" << r.err;
    EXPECT_TRUE(mentions(r.err, c.needle)) << c.args << "\n" << r.err;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace dpb::test
