// Seed 004's sweeps (verify/experiments/bai.hpp): the committed configs parse and configure at every N, validation
// names the field, a run's cells are the engine's own runs on the documented streams (paired: every cell of run r uses
// multi_agent_streams(seed, r)), results do not depend on the threads, the statistics are recomputed independently,
// and the outputs (CSV, JSON) are written all or nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>

#include "optimized/learners/mase.hpp"
#include "reference/core/errors.hpp"
#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"
#include "verify/crosscheck/multi_agent_crosscheck.hpp"
#include "verify/experiments/bai.hpp"
#include "verify/experiments/config.hpp"

namespace dpb::verify::experiments {
namespace {

nlohmann::json tiny_json() {
  return nlohmann::json::parse(R"({
    "kind": "bai", "description": "tiny", "source": "test", "problems": ["p1"], "agents": [4, 8],
    "delta": "1/4", "runs": 5, "seed": 3,
    "algorithms": [{"label": "DE", "learner": "decentralized-elimination", "eta": "1/2"},
                   {"label": "C", "learner": "central-se", "baseline": true},
                   {"label": "I1", "learner": "independent-se", "independent_stop": "first"}]})");
}

TEST(BaiConfigTest, CommittedConfigsParseAndAreNotRegretExperiments) {
  const auto all = list_bai_experiments();
  std::vector<std::string> names;
  for (const auto& c : all) names.push_back(c.name);
  for (const char* n : {"004-fig1", "004-fig2", "004-fig3", "004-fig4", "004-fig5", "004-fig6"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
  for (const auto& c : list_experiments()) EXPECT_NE(c.name.rfind("004-", 0), 0U) << c.name;
  const auto f1 = *find_bai_experiment("004-fig1");
  EXPECT_EQ(f1.agents, (std::vector<std::uint32_t>{64, 128, 256, 512, 1024}));
  EXPECT_EQ(f1.delta, Rational(1, 20));
  ASSERT_EQ(f1.algorithms.size(), 9U);
  EXPECT_EQ(f1.algorithms[0].params.eps, Rational(1, 20));
  EXPECT_EQ(f1.algorithms[5].params.xi, Rational(1, 10));
  EXPECT_EQ(f1.algorithms[8].params.stop, ref::IndependentStop::First);
  const auto f6 = *find_bai_experiment("004-fig6");
  EXPECT_EQ(f6.algorithms[1].params.law, ref::AgentLawKind::Power);
  EXPECT_EQ(f6.algorithms[1].params.gamma, Rational(4, 5));
  EXPECT_FALSE(find_bai_experiment("002-fig1"));  // a regret experiment
  EXPECT_FALSE(find_bai_experiment("no-such"));
  EXPECT_THROW(find_experiment("004-fig1"), ParameterError);  // not a regret experiment
}

TEST(BaiConfigTest, ValidationNamesTheField) {
  struct Case {
    std::function<void(nlohmann::json&)> edit;
    std::string field;
  };
  const std::vector<Case> cases = {
      {[](auto& j) { j["bogus"] = 1; }, "'bogus'"},
      {[](auto& j) { j["problems"] = {"p3"}; }, "'problems[0]'"},
      {[](auto& j) { j["agents"] = {8, 4}; }, "'agents[1]'"},
      {[](auto& j) { j["agents"] = {0}; }, "'agents[0]'"},
      {[](auto& j) { j["delta"] = 0.05; }, "'delta'"},  // a JSON float is not exact
      {[](auto& j) { j["delta"] = "1"; }, "'delta'"},
      {[](auto& j) { j["x_axis"] = "t"; }, "'x_axis'"},
      {[](auto& j) { j["algorithms"][0]["learner"] = "ucb"; }, "'algorithms[0].learner'"},
      {[](auto& j) { j["algorithms"][0]["eta"] = "3/2"; }, "'algorithms[0].eta'"},
      {[](auto& j) { j["algorithms"][0]["law"] = "zipf"; }, "'algorithms[0].law'"},
      {[](auto& j) { j["algorithms"][0]["gamma"] = "1/2"; }, "'algorithms[0].gamma'"},  // law is uniform
      {[](auto& j) { j["algorithms"][0]["independent_stop"] = "all"; }, "'algorithms[0].independent_stop'"},
      {[](auto& j) { j["algorithms"][1]["label"] = "DE"; }, "'algorithms[1].label'"},
      // CE at η = 9/10 needs 30 voters: refused at N = 4, naming the algorithm.
      {[](auto& j) { j["algorithms"][0] = {{"label", "CE"}, {"learner", "corrupted-elimination"}, {"eta", "9/10"}}; },
       "'algorithms[0]'"},
  };
  for (const auto& c : cases) {
    nlohmann::json j = tiny_json();
    c.edit(j);
    try {
      (void)parse_bai_config(j, "tiny");
      ADD_FAILURE() << "accepted: " << j.dump();
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find(c.field), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("experiment tiny"), std::string::npos) << e.what();
    }
  }
}

TEST(BaiRunTest, CellsAreTheEnginesRunsOnTheDocumentedStreams) {
  const BaiConfig c = parse_bai_config(tiny_json(), "tiny");
  BaiOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const BaiResult r1 = run_bai(c, one), r2 = run_bai(c, two);
  ASSERT_EQ(r1.cells.size(), 6U);  // 1 problem × 3 algorithms × 2 N
  EXPECT_EQ(bai_csv(r1), bai_csv(r2));
  const ref::BanditInstance p1 = make_seed004_instance("p1");
  for (const auto& cell : r1.cells) {
    const BaiAlgorithm& a = c.algorithms.at(cell.algorithm);
    ref::MultiAgentParams p = a.params;
    p.agents = cell.agents;
    p.delta = c.delta;
    const auto cfg = ref::configure_multi_agent(a.algorithm, p, p1.arms());
    std::uint64_t failures = 0;
    double sum = 0;
    for (std::uint32_t run = 0; run < c.runs; ++run) {
      const auto o = fast::run_multi_agent(cfg, p1, ref::multi_agent_streams(c.seed, run));
      EXPECT_EQ(cell.rounds[run], o.rounds) << a.label << " N=" << cell.agents << " run " << run;
      EXPECT_EQ(cell.messages[run], o.messages.size());
      failures += o.arm && *o.arm != p1.best_arm();
      sum += static_cast<double>(o.rounds);
    }
    EXPECT_EQ(cell.failures, failures);
    EXPECT_DOUBLE_EQ(cell.mean, sum / c.runs);
    // Nearest-rank quantiles: the ⌈q·5⌉-th smallest of 5 runs (1st, 3rd, 5th).
    std::vector<std::uint64_t> sorted = cell.rounds;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(cell.q05, static_cast<double>(sorted[0]));
    EXPECT_EQ(cell.q50, static_cast<double>(sorted[2]));
    EXPECT_EQ(cell.q95, static_cast<double>(sorted[4]));
    // Student-t: the 0.975 quantile with 4 degrees of freedom is 2.7764451.
    double ss = 0;
    for (auto x : cell.rounds) ss += (static_cast<double>(x) - cell.mean) * (static_cast<double>(x) - cell.mean);
    const double half = 2.7764451052 * std::sqrt(ss / 4) / std::sqrt(5.0);
    EXPECT_NEAR(cell.ci_high - cell.mean, half, 1e-6 * (half + 1));
    EXPECT_NEAR(cell.mean - cell.ci_low, half, 1e-6 * (half + 1));
  }
  // Paired: CENTRAL's run r does not depend on which other cells exist.
  BaiOptions only;
  only.labels = std::vector<std::string>{"C"};
  const BaiResult alone = run_bai(c, only);
  EXPECT_EQ(alone.cell("p1", "C", 8).rounds, r1.cell("p1", "C", 8).rounds);
}

TEST(BaiRunTest, OutputsAreWrittenAndCsvHasOneRowPerCell) {
  const BaiConfig c = parse_bai_config(tiny_json(), "tiny");
  BaiOptions o;
  o.runs = 2;
  const BaiResult r = run_bai(c, o);
  const auto dir = dpb::test::fresh_temp_dir("bai_outputs");
  const BaiFiles files = write_bai_outputs(r, dir, false);
  std::ifstream csv(dir / "tiny-bai.csv");
  std::string line;
  std::size_t lines = 0;
  while (std::getline(csv, line)) ++lines;
  EXPECT_EQ(lines, 1 + r.cells.size());
  const auto summary = nlohmann::json::parse(std::ifstream(dir / "tiny-summary.json"));
  EXPECT_EQ(summary.at("cells").size(), r.cells.size());
  EXPECT_EQ(summary.at("cells")[0].at("rounds_per_run").size(), 2U);
  EXPECT_EQ(summary.at("kind"), "bai");
  EXPECT_EQ(files.plot_error, "plots not requested");
  std::filesystem::remove_all(dir);
}

TEST(BaiCliTest, SimulateRunsABaiExperimentAndRefusesRegretOptions) {
  const std::string cli = dpb::test::cli_path();
  const auto dir = dpb::test::fresh_temp_dir("bai_cli");
  const auto ok = dpb::test::run_command(cli + " simulate --experiment 004-fig2 --runs 2 --threads 2 --quiet --no-plots --out " +
                              (dir / "out").string());
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(ok.out.find("DE eta=9/10"), std::string::npos) << ok.out;
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "004-fig2-bai.csv"));
  for (const char* bad : {"--horizon 100", "--eps 1/2", "--realized", "--arms 5"}) {
    const auto r = dpb::test::run_command(cli + " simulate --experiment 004-fig2 --runs 1 --quiet --out " + (dir / "bad").string() +
                               " " + bad);
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_TRUE(r.out.empty()) << bad;
    EXPECT_NE(r.err.find(std::string("'") + std::string(bad).substr(0, std::string(bad).find(' ')) + "'"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "bad")) << bad;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace dpb::verify::experiments
