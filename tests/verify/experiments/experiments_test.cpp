// Experiments (verify/experiments/): config parsing and validation, the committed configs, the regret-curve math
// on tiny runs (checked against the learners' own N_a-based pseudo-regret and an independent realized-regret
// loop), the lazily filled tapes (identical results to full tapes), thread independence, the CSV/JSON/plot outputs,
// and the sign-test verdict rule of the trend claims.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>

#include "optimized/environments/reward_tape.hpp"
#include "optimized/learners/batched_successive_elimination.hpp"
#include "optimized/learners/protocol_aggregator.hpp"
#include "optimized/learners/shuffle_private_linucb.hpp"
#include "optimized/learners/ucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "tests/support/temp_files.hpp"
#include "verify/experiments/config.hpp"
#include "verify/experiments/output.hpp"
#include "verify/experiments/simulation.hpp"
#include "verify/experiments/trend.hpp"

namespace dpb::verify::experiments {
namespace {

nlohmann::json tiny_json() {
  return nlohmann::json::parse(R"({
    "description": "tiny", "source": "test",
    "environment": {"kind": "seed002-setting2"},
    "horizon": 3000, "runs": 3, "seed": 9, "epsilons": ["1/2", "4"],
    "algorithms": [{"label": "UCB", "learner": "ucb"},
                   {"label": "ALU", "learner": "anytime-lazy-ucb"},
                   {"label": "FTNL", "learner": "ftnl", "initial_action": 4}],
    "grid_points": 20})");
}

using dpb::test::read_file;

TEST(ExperimentConfigTest, CommittedConfigsParse) {
  const auto all = list_experiments();
  std::vector<std::string> names;
  for (const auto& c : all) names.push_back(c.name);
  for (const char* required : {"000-fig2-easy", "000-fig3-hard", "000-fig4-trust-models", "000-mslr", "002-fig1"})
    EXPECT_NE(std::find(names.begin(), names.end(), required), names.end()) << required;
  const auto hard = find_experiment("000-fig3-hard");
  EXPECT_EQ(hard.horizon, 10000000U);
  EXPECT_EQ(hard.runs, 20U);
  EXPECT_EQ(hard.environment.arms, 10U);
  EXPECT_EQ(hard.epsilons, (std::vector<Rational>{Rational(1, 10), Rational(1, 2), Rational(1)}));
  ASSERT_EQ(hard.algorithms.size(), 4U);
  EXPECT_EQ(*hard.algorithms[1].eta, Rational(4));
  EXPECT_EQ(*hard.algorithms[3].s, Rational(100));
  const auto f1 = find_experiment("002-fig1");
  EXPECT_EQ(f1.horizon, 4194304U);
  EXPECT_EQ(f1.runs, 15U);
}

TEST(ExperimentConfigTest, UnknownExperimentListsTheNames) {
  try {
    (void)find_experiment("no-such-experiment");
    FAIL();
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("000-fig2-easy"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("'experiment'"), std::string::npos) << e.what();
  }
}

TEST(ExperimentConfigTest, ValidationNamesTheField) {
  struct Case {
    std::function<void(nlohmann::json&)> edit;
    std::string field;
  };
  const std::vector<Case> cases = {
      {[](auto& j) { j["bogus"] = 1; }, "'bogus'"},
      {[](auto& j) { j.erase("horizon"); }, "'horizon'"},
      {[](auto& j) { j["horizon"] = 0; }, "'horizon'"},
      {[](auto& j) { j["runs"] = -1; }, "'runs'"},
      {[](auto& j) { j["epsilons"] = nlohmann::json::array({0.5}); }, "'epsilons[0]'"},
      {[](auto& j) { j["epsilons"] = nlohmann::json::array({"0"}); }, "'epsilons[0]'"},
      {[](auto& j) { j["epsilons"] = nlohmann::json::array({"1", "1/1"}); }, "'epsilons[1]'"},
      {[](auto& j) { j["epsilons"] = nlohmann::json::array(); }, "'epsilons'"},
      {[](auto& j) { j["environment"]["kind"] = "mars"; }, "'environment.kind'"},
      {[](auto& j) { j["environment"]["arms"] = 7; }, "'environment.arms'"},
      {[](auto& j) { j["algorithms"][0]["learner"] = "foo"; }, "'algorithms[0].learner'"},
      {[](auto& j) { j["algorithms"][1]["label"] = "UCB"; }, "'algorithms[1].label'"},
      {[](auto& j) { j["algorithms"][0]["s"] = "10"; }, "'algorithms[0].s'"},
      {[](auto& j) { j["algorithms"][2]["initial_action"] = 5; }, "'algorithms[2].initial_action'"},
      {[](auto& j) { j["algorithms"][1]["color"] = "red"; }, "'algorithms[1].color'"},
      {[](auto& j) { j["regret"] = "expected"; }, "'regret'"},
      {[](auto& j) { j["x_axis"] = "sqrt"; }, "'x_axis'"},
      {[](auto& j) { j["algorithms"][0] = {{"learner", "linucb"}}; }, "'algorithms[0].learner'"},
      {[](auto& j) { j["algorithms"][0]["batch"] = 2; }, "'algorithms[0].batch'"},
      {[](auto& j) { j["environment"]["d"] = 5; }, "'environment.d'"},
      {[](auto& j) {
         j["algorithms"][0] = {{"learner", "dist-dp-se"}, {"eta", "1"}};
       },
       "'algorithms[0].eta'"},
      {[](auto& j) {
         j["algorithms"][0] = {{"learner", "dist-dp-se"}, {"p", "1"}};
       },
       "'algorithms[0].p'"},
  };
  for (const auto& c : cases) {
    nlohmann::json j = tiny_json();
    c.edit(j);
    try {
      (void)parse_experiment_config(j, "t");
      ADD_FAILURE() << "accepted " << j.dump();
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find(c.field), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("experiment t"), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW((void)parse_experiment_config(tiny_json(), "t"));
}

// Seed 001's figures: both environments, the linear learners on the run's streams (instance 2^20·r, CRN tape
// 2^20·r + 2 + a, noise 2^20·r + 2^19 + 1024·i + j), realized regret in the paper-code profile, an evenly spaced grid.
TEST(SimulationTest, Seed001ExperimentsRunTheLinearLearnersOnTheRunsStreams) {
  for (const std::string kind : {"seed001-code", "seed001-paper"}) {
    const bool code = kind == "seed001-code";
    nlohmann::json j = {{"description", "t"},
                        {"source", "t"},
                        {"environment", {{"kind", kind}, {"arms", 12}, {"d", 3}}},
                        {"horizon", 200},
                        {"runs", 2},
                        {"seed", 4},
                        {"epsilons", {"1"}},
                        {"regret", code ? "realized" : "pseudo"},
                        {"x_axis", "linear"},
                        {"grid_points", 11},
                        {"algorithms", {{{"label", "L"}, {"learner", "linucb"}},
                                        {{"label", "V"}, {"learner", "linucb-sdp-vec"}, {"batch", 10}}}}};
    const SimulationResult r = simulate(parse_experiment_config(j, "t"));
    ASSERT_EQ(r.grid, (std::vector<std::uint64_t>{1, 20, 40, 60, 80, 100, 120, 140, 160, 180, 200}));
    for (std::uint32_t run = 0; run < 2; ++run) {
      ChaCha20Source bits(4, (std::uint64_t{1} << 20) * run);
      const ref::LinearInstance inst =
          code ? ref::seed001_code_instance(3, 12, 16, bits) : ref::seed001_instance(3, 12, 16, bits);
      const ref::RewardTape tape = ref::make_reward_tape(inst.bandit(), 200, 4, (std::uint64_t{1} << 20) * run + 2);
      for (std::size_t i = 0; i < 2; ++i) {
        ref::LinUcbParams p;
        p.variant = i == 0 ? ref::LinUcbVariant::NonPrivate : ref::LinUcbVariant::SdpVec;
        p.profile = code ? ref::Profile001::PaperCode : ref::Profile001::Theorem;
        p.T = 200;
        p.B = i == 0 ? 1 : 10;
        ChaCha20Source noise(4, (std::uint64_t{1} << 20) * run + (std::uint64_t{1} << 19) + 1024 * i);
        const fast::LinUcbTrajectory t = fast::shuffle_private_linucb(p, inst, tape, NoiseSource(noise));
        const double want = code ? static_cast<double>(t.realized_regret) : t.base.pseudo_regret;
        EXPECT_NEAR(r.cell(i, 0).per_run[run].back(), want, 1e-9) << kind << " run " << run << " alg " << i;
      }
    }
  }
}

TEST(SimulationTest, OverridesAreValidated) {
  const auto c = parse_experiment_config(tiny_json(), "t");
  SimulationOptions o;
  o.runs = 0;
  EXPECT_THROW((void)effective_config(c, o), ParameterError);
  o = {};
  o.horizon = 0;
  EXPECT_THROW((void)effective_config(c, o), ParameterError);
  o = {};
  o.arms = 10;  // seed-002 settings have K = 5
  EXPECT_THROW((void)effective_config(c, o), ParameterError);
  o = {};
  o.data = "x.txt";  // not a letor experiment
  EXPECT_THROW((void)effective_config(c, o), ParameterError);
  o = {};
  o.epsilons = std::vector<Rational>{Rational(0)};
  EXPECT_THROW((void)effective_config(c, o), ParameterError);
}

TEST(SimulationTest, LogGridIsIncreasingFromOneToT) {
  for (std::uint64_t T : {1ULL, 2ULL, 10ULL, 1000ULL, 10000000ULL}) {
    const auto g = log_grid(T, 50);
    ASSERT_FALSE(g.empty());
    EXPECT_EQ(g.front(), 1U);
    EXPECT_EQ(g.back(), T);
    for (std::size_t i = 1; i < g.size(); ++i) EXPECT_LT(g[i - 1], g[i]);
    EXPECT_LE(g.size(), 50U);
  }
  EXPECT_GE(log_grid(10000000, 120).size(), 110U);  // only the repeats among the first rounds are dropped
}

TEST(SimulationTest, MeanAndStandardError) {
  const auto [m, se] = mean_and_se({1, 2, 3, 4});
  EXPECT_DOUBLE_EQ(m, 2.5);
  EXPECT_NEAR(se, std::sqrt(5.0 / 3.0) / 2, 1e-12);  // sd² = 5/3, n = 4
  EXPECT_EQ(mean_and_se({7}).second, 0);
}

TEST(SimulationTest, PseudoRegretCurveMatchesTheLearnersOwnAccounting) {
  const auto c = parse_experiment_config(tiny_json(), "t");
  SimulationOptions o;
  o.threads = 2;
  const auto r = simulate(c, o);
  ASSERT_EQ(r.cells.size(), 6U);
  // Independent oracle: the learner on a full tape drawn by make_reward_tape with the documented streams; its
  // pseudo_regret is Σ_a Δ_a N_a(T), computed from pulls, not from the per-round actions summed here.
  const auto instance = ref::seed002_instance(2);
  for (std::uint32_t run = 0; run < 3; ++run) {
    const auto tape = fast::make_reward_tape(instance, 3000, 9, (std::uint64_t{1} << 20) * run + 2);
    const auto tr = fast::ucb({5, 3000}, tape);
    EXPECT_NEAR(r.cell(0, 0).per_run[run].back(), tr.pseudo_regret, 1e-9);
    EXPECT_NEAR(r.cell(0, 1).per_run[run].back(), tr.pseudo_regret, 1e-9);  // UCB ignores ε
    // Cumulative regret is non-decreasing and grows by at most max Δ = 1/2 per round.
    const auto& curve = r.cell(1, 0).per_run[run];
    for (std::size_t g = 1; g < curve.size(); ++g) {
      EXPECT_GE(curve[g], curve[g - 1]);
      EXPECT_LE(curve[g] - curve[g - 1], 0.5 * static_cast<double>(r.grid[g] - r.grid[g - 1]) + 1e-9);
    }
  }
  EXPECT_GT(r.cell(0, 0).mean.back(), 0);
  // Mean and se of the cells are those of the runs.
  const auto [m, se] = mean_and_se(r.final_regret(1, 1));
  EXPECT_DOUBLE_EQ(r.cell(1, 1).mean.back(), m);
  EXPECT_DOUBLE_EQ(r.cell(1, 1).se.back(), se);
}

TEST(SimulationTest, LazyTapeGivesTheFullTapeResultForEliminationLearners) {
  // T = 60000 with K = 10: the initial prefix (max(4096, 2T/K) = 12000 per arm) is too short for the surviving
  // arms, so runs are repeated with longer prefixes; the result must equal the run on the full tape.
  const auto j = nlohmann::json::parse(R"({
    "description": "lazy", "source": "test", "environment": {"kind": "seed000-easy", "arms": 10},
    "horizon": 60000, "runs": 2, "seed": 4, "epsilons": ["1"],
    "algorithms": [{"label": "D", "learner": "dist-dp-se", "eta": "2", "p": "1/10"}]})");
  const auto c = parse_experiment_config(j, "lazy");
  const auto r = simulate(c, {});
  EXPECT_GT(r.reruns, 0U);  // the test exercises the extension path
  for (std::uint32_t run = 0; run < 2; ++run) {
    const std::uint64_t base = (std::uint64_t{1} << 20) * run;
    ChaCha20Source ibits(4, base);
    const auto instance = ref::seed000_instance(ref::Seed000Difficulty::Easy, 10, ibits);
    const auto tape = fast::make_reward_tape(instance, 60000, 4, base + 2);
    ref::ProtocolAggregatorParams a;
    a.variant = ref::Variant::DistDP;
    a.eps = Rational(1);
    a.horizon = 60000;
    a.p = Rational(1, 10);
    a.options.path = ref::NoisePath::Aggregate;
    const fast::ProtocolAggregator aggregator(a);
    fast::BatchedSuccessiveEliminationParams p;
    p.K = 10;
    p.T = 60000;
    p.eta = 2;
    p.p = Rational(1, 10);
    ChaCha20Source noise(4, base + (std::uint64_t{1} << 19));
    const auto tr = fast::batched_successive_elimination(p, tape, aggregator, NoiseSource(noise));
    EXPECT_NEAR(r.cell(0, 0).per_run[run].back(), tr.pseudo_regret, 1e-6 * (1 + tr.pseudo_regret));
    EXPECT_GT(tr.eliminations.size(), 0U);
  }
}

TEST(SimulationTest, RealizedRegretFollowsItsDefinition) {
  auto j = tiny_json();
  j["regret"] = "realized";
  j["runs"] = 1;
  const auto r = simulate(parse_experiment_config(j, "t"), {});
  // Oracle: Σ_t (X_best(t) − X_received(t)) from the full tape and the learner's actions.
  const auto instance = ref::seed002_instance(2);
  const auto tape = fast::make_reward_tape(instance, 3000, 9, 2);
  const auto tr = fast::ucb({5, 3000}, tape);
  std::vector<std::uint64_t> n(5, 0);
  long long sum = 0;
  for (std::uint64_t t = 0; t < 3000; ++t) {
    const auto a = tr.actions[t];
    sum += tape.units(0, t) - tape.units(a, n[a]++);  // arm 0 is the best arm of setting 2
  }
  EXPECT_DOUBLE_EQ(r.cell(0, 0).per_run[0].back(), static_cast<double>(sum));
}

TEST(SimulationTest, ResultsDoNotDependOnThreads) {
  const auto c = parse_experiment_config(tiny_json(), "t");
  SimulationOptions one, two;
  one.threads = 1;
  two.threads = 3;
  const auto a = simulate(c, one), b = simulate(c, two);
  for (std::size_t k = 0; k < a.cells.size(); ++k) EXPECT_EQ(a.cells[k].per_run, b.cells[k].per_run);
  EXPECT_EQ(a.instance_means, b.instance_means);
}

TEST(SimulationTest, FtnlStartsOnTheGivenInitialAction) {
  // FTNL plays initial_action in epoch 0 (round 1): with initial action 4 (Δ = 1/2 in setting 2) the regret after
  // round 1 is exactly 1/2 in every run.
  const auto r = simulate(parse_experiment_config(tiny_json(), "t"), {});
  for (const auto& run : r.cell(2, 0).per_run) EXPECT_DOUBLE_EQ(run[0], 0.5);
}

TEST(OutputTest, CsvJsonAndPlotsHaveTheirShape) {
  const auto r = simulate(parse_experiment_config(tiny_json(), "tiny"), {});
  const auto dir = std::filesystem::temp_directory_path() / ("dpb-exp-test-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const auto w = write_outputs(r, dir, true);
  const std::string csv = read_file(dir / "tiny-curves.csv");
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "algorithm,eps,round,regret_mean,regret_se,avg_regret_mean,avg_regret_se");
  std::size_t rows = 0;
  while (std::getline(lines, line)) {
    ++rows;
    EXPECT_EQ(std::count(line.begin(), line.end(), ','), 6) << line;
  }
  EXPECT_EQ(rows, r.cells.size() * r.grid.size());
  const auto j = nlohmann::json::parse(read_file(dir / "tiny-summary.json"));
  EXPECT_EQ(j["experiment"], "tiny");
  EXPECT_EQ(j["runs"], 3);
  EXPECT_EQ(j["results"].size(), 6U);
  EXPECT_EQ(j["results"][0]["final_regret_per_run"].size(), 3U);
  EXPECT_TRUE(j["timing"]["wall_seconds"].is_number());
  EXPECT_TRUE(j["timing"]["threads"].is_number());
  EXPECT_EQ(j["instances"].size(), 3U);
  if (gnuplot_available()) {
    EXPECT_EQ(w.plots.size(), 4U) << w.plot_error;
    EXPECT_EQ(j["plots"].size(), 4U);
    const std::string png = read_file(dir / "tiny.png");
    ASSERT_GT(png.size(), 8U);
    EXPECT_EQ(png.substr(1, 3), "PNG");
    EXPECT_NE(read_file(dir / "tiny.svg").find("<svg"), std::string::npos);
    EXPECT_TRUE(std::filesystem::exists(dir / "tiny-final.png"));
  }
  // Nothing hidden but the set's manifest, written last (docs/reliability.md "Outputs").
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().filename() != ".dpbandit-manifest-tiny.json") {
      EXPECT_NE(e.path().filename().string().front(), '.') << "temporary file left: " << e.path();
    }
  }
  EXPECT_TRUE(std::filesystem::exists(dir / ".dpbandit-manifest-tiny.json"));
  std::filesystem::remove_all(dir);
}

TEST(TrendTest, SignTestExactTails) {
  const std::vector<double> all_below(10, -1.0);
  const auto t = sign_test_below("x < 0", all_below, 0);
  EXPECT_EQ(t.wins, 10U);
  EXPECT_NEAR(t.p_value, std::ldexp(1.0, -10), 1e-15);
  EXPECT_DOUBLE_EQ(t.p_reverse, 1.0);
  const auto u = sign_test_above("x > 0", all_below, 0);
  EXPECT_NEAR(u.p_reverse, std::ldexp(1.0, -10), 1e-15);
  EXPECT_DOUBLE_EQ(u.p_value, 1.0);
  const auto ties = sign_test_below("x < 0", {0, 0, -1}, 0);
  EXPECT_EQ(ties.ties, 2U);
  EXPECT_DOUBLE_EQ(ties.p_value, 0.5);
}

TEST(TrendTest, FamilyVerdicts) {
  const std::vector<double> below(12, -1.0), above(12, 1.0), mixed = {-1, 1, -1, 1, -1, 1};
  const auto yes = sign_test_below("a", below, 0), no = sign_test_below("b", above, 0),
             maybe = sign_test_below("c", mixed, 0);
  EXPECT_EQ(judge_family({yes, yes}, 0.05).verdict, Verdict::holds);
  EXPECT_EQ(judge_family({yes, no}, 0.05).verdict, Verdict::violated);
  EXPECT_EQ(judge_family({yes, maybe}, 0.05).verdict, Verdict::inconclusive);
  EXPECT_EQ(judge_family({yes, maybe}, 0.05).evidence.size(), 2U);
}

}  // namespace
}  // namespace dpb::verify::experiments
