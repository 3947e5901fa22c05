// Experiments of kind `glm` (seed 003; verify/experiments/glm_experiment.hpp, docs/experiments.md "Seed 003"): the
// committed configs carry the paper's settings (Sarmasarkar 2026, arXiv:2602.00417, Sec. 8 Table 2 and App. A
// Figure 1, as spec 003 §7 transcribes them), bad configs are refused naming the field, and a tiny config runs end
// to end: its per-run regrets are the reference learner's certified pseudo-regret on the documented instance and
// reward streams (an independent path), the results do not depend on the threads, and the CLI writes CSV and JSON
// all or nothing.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "optimized/environments/glm_instance.hpp"
#include "reference/core/errors.hpp"
#include "reference/learners/glm_ucb.hpp"
#include "reference/learners/rs_glincb.hpp"
#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"
#include "reference/learners/ecolog.hpp"
#include "reference/learners/gloc.hpp"
#include "reference/learners/jdp_glm.hpp"
#include "verify/experiments/config.hpp"
#include "verify/experiments/glm_experiment.hpp"

namespace {

using dpb::ParameterError;
using dpb::Rational;
using namespace dpb::verify::experiments;

nlohmann::json tiny_json() {
  return nlohmann::json::parse(R"({
    "kind": "glm", "description": "tiny", "source": "test",
    "link": "logistic", "d": 2, "arms": 4, "S": ["1", "2"], "horizons": [40],
    "epsilons": ["1", "4"], "delta": "1/50", "runs": 2, "seed": 7, "instance_seed": 11, "grid_points": 8,
    "x_axis": "S", "paper": {"kappa": ["1", "2"]},
    "algorithms": [{"label": "GLM-UCB", "learner": "glm-ucb"},
                   {"label": "RS", "learner": "rs-glincb", "width": "1/2"}]})");
}

// tiny_json()'s instance at S = 2 (d = 2, K = 4, 40 arm sets, instance seed 11), generated from the documented stream.
dpb::ref::GlmInstance tiny_instance(std::uint64_t stream) {
  dpb::ref::GlmInstanceParams p;
  p.link = dpb::ref::Link::logistic;
  p.d = 2;
  p.K = 4;
  p.q = 16;
  p.sets = 40;
  p.S = Rational(2);
  p.seed = 11;
  p.stream = stream;
  return dpb::ref::make_glm_instance(p);
}

// The message of the ParameterError that parsing `j` throws ("" when it parses).
std::string refusal(const nlohmann::json& j) {
  try {
    (void)parse_glm_experiment(j, "t");
  } catch (const ParameterError& e) {
    return e.what();
  }
  return "";
}

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

TEST(GlmExperimentTest, CommittedConfigsCarryThePapersSettings) {
  std::vector<std::string> names;
  for (const auto& c : list_glm_experiments()) names.push_back(c.name);
  for (const char* n : {"003-table2", "003-fig1-logistic", "003-fig1-probit", "003-kappa", "003-shuffle"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
  // The regret experiments' listing skips them (each kind has its own parser).
  for (const auto& c : list_experiments()) EXPECT_NE(c.name.rfind("003-", 0), 0U) << c.name;
  const auto t2 = *find_glm_experiment("003-table2");  // Table 2 (spec 003 §7.1)
  EXPECT_EQ(t2.link, dpb::ref::Link::probit);
  EXPECT_EQ(t2.d, 3U);
  EXPECT_EQ(t2.K, 20U);
  EXPECT_EQ(t2.S, (std::vector<Rational>{Rational(2), Rational(5, 2), Rational(3)}));
  EXPECT_EQ(t2.horizons, (std::vector<std::uint64_t>{5000}));
  EXPECT_EQ(t2.epsilons, (std::vector<Rational>{Rational(4), Rational(6), Rational(8)}));
  EXPECT_EQ(t2.delta, Rational(1, 50));
  EXPECT_EQ(t2.zeta, Rational(1, 50));
  EXPECT_EQ(t2.runs, 10U);
  EXPECT_EQ(t2.paper_kappa, (std::vector<std::string>{"18.39", "56.44", "222.15"}));
  const auto fa = *find_glm_experiment("003-fig1-logistic");  // Figure 1(a)
  EXPECT_EQ(fa.link, dpb::ref::Link::logistic);
  EXPECT_EQ(fa.d, 5U);
  EXPECT_EQ(fa.S, (std::vector<Rational>{Rational(7, 2)}));
  EXPECT_EQ(fa.horizons, (std::vector<std::uint64_t>{15000}));
  const auto fb = *find_glm_experiment("003-fig1-probit");  // Figure 1(b)
  EXPECT_EQ(fb.link, dpb::ref::Link::probit);
  EXPECT_EQ(fb.S, (std::vector<Rational>{Rational(3)}));
  EXPECT_EQ(fb.horizons, (std::vector<std::uint64_t>{5000}));
  EXPECT_EQ(fb.paper_kappa, (std::vector<std::string>{"193.18"}));
  // Private-GLM: jdp-glm in the paper-code profile, the authors' later commit; listing it puts the shared instance on
  // q = 15 (the trees' grid)
  for (const auto* c : {&t2, &fa, &fb}) {
    const auto it = std::find_if(c->algorithms.begin(), c->algorithms.end(),
                                 [](const GlmAlgorithm& a) { return a.label == "Private-GLM"; });
    ASSERT_NE(it, c->algorithms.end()) << c->name;
    EXPECT_EQ(it->learner, "jdp-glm") << c->name;
    EXPECT_EQ(it->profile, "paper-code") << c->name;
    EXPECT_EQ(it->code_version, "later") << c->name;
    EXPECT_EQ(c->q, 15U) << c->name;
  }
}

TEST(GlmExperimentTest, RefusesBadConfigsNamingTheField) {
  EXPECT_EQ(refusal(tiny_json()), "");
  auto j = tiny_json();
  j["algorithms"][0]["learner"] = "foo";
  EXPECT_TRUE(has(refusal(j), "algorithms[0].learner") && has(refusal(j), "glm-ucb")) << refusal(j);
  j = tiny_json();
  j["link"] = "cloglog";
  EXPECT_TRUE(has(refusal(j), "'link'")) << refusal(j);
  j = tiny_json();
  j["generator"] = "gaussian";
  EXPECT_TRUE(has(refusal(j), "'generator'")) << refusal(j);
  j = tiny_json();
  j["algorithms"][0] = {{"learner", "ecolog"}};  // runs on the logistic link (both profiles)
  EXPECT_EQ(refusal(j), "");
  j["algorithms"][0] = {{"learner", "ecolog"}, {"profile", "paper-code"}};
  EXPECT_EQ(refusal(j), "");
  j["algorithms"][0] = {{"learner", "ecolog"}, {"profile", "paper"}};  // its profiles: theorem, paper-code
  EXPECT_TRUE(has(refusal(j), "algorithms[0].profile")) << refusal(j);
  j["algorithms"][0] = {{"learner", "ecolog"}, {"kappa", "4"}};  // ecolog takes lambda and profile only
  EXPECT_TRUE(has(refusal(j), "algorithms[0].kappa")) << refusal(j);
  j["algorithms"][0] = {{"learner", "ecolog"}};
  j["link"] = "probit";  // ECOLog asked for probit: refused as such
  EXPECT_TRUE(has(refusal(j), "logistic-only") && has(refusal(j), "probit")) << refusal(j);
  j = tiny_json();
  j["algorithms"][0] = {{"learner", "gloc"}, {"profile", "paper"}};  // gloc's profiles: theorem, paper-code
  EXPECT_TRUE(has(refusal(j), "algorithms[0].profile")) << refusal(j);
  j["algorithms"][0] = {{"learner", "gloc"}, {"profile", "paper-code"}, {"rho", "1/2"}};
  EXPECT_TRUE(has(refusal(j), "algorithms[0].rho")) << refusal(j);
  j["algorithms"][0] = {{"learner", "gloc"}, {"profile", "paper-code"}};
  EXPECT_EQ(refusal(j), "");
  j = tiny_json();
  j["algorithms"][0]["rho"] = "1/2";  // glm-ucb takes rho; rs-glincb does not
  EXPECT_EQ(refusal(j), "");
  j["algorithms"][1]["rho"] = "1/2";
  EXPECT_TRUE(has(refusal(j), "algorithms[1].rho")) << refusal(j);
  j = tiny_json();
  j["delta"] = 0.02;  // a JSON float is not an exact rational
  EXPECT_TRUE(has(refusal(j), "'delta'")) << refusal(j);
  j = tiny_json();
  j["horizons"] = {40, 40};
  EXPECT_TRUE(has(refusal(j), "horizons[1]")) << refusal(j);
  j = tiny_json();
  j["algorithms"].push_back({{"learner", "shuffle-glm"}, {"profile", "theorem"}});
  EXPECT_TRUE(has(refusal(j), "algorithms[2].profile") && has(refusal(j), "B1")) << refusal(j);
  j = tiny_json();
  j["epsilons"] = {"6"};  // shuffle-glm needs eps < 5 (Thm 5.1)
  j["horizons"] = {64};
  j["algorithms"].push_back({{"learner", "shuffle-glm"}});
  EXPECT_TRUE(has(refusal(j), "algorithms[2]") && has(refusal(j), "eps")) << refusal(j);
}

TEST(GlmExperimentTest, DeltaNotAboveZetaRefusedOnlyForJdpGlmTheorem) {
  auto j = tiny_json();
  j["delta"] = "1/50";
  j["zeta"] = "1/50";  // δ = ζ: fine for every other learner (Table 2's setting)
  EXPECT_EQ(refusal(j), "");
  j["algorithms"].push_back({{"learner", "jdp-glm"}, {"profile", "theorem"}, {"zeta", "1/50"}});
  EXPECT_TRUE(has(refusal(j), "algorithms[2].zeta") && has(refusal(j), "Thm 6.2")) << refusal(j);
  // Theorem profile with its default ζ = δ/2, or the paper-code profile with δ = ζ: accepted (q defaults to 15 with
  // jdp-glm; 16 is refused: the trees' grid 2^-(2q+32)).
  j["algorithms"][2] = {{"learner", "jdp-glm"}, {"profile", "theorem"}};
  EXPECT_EQ(refusal(j), "");
  j["algorithms"][2] = {{"learner", "jdp-glm"}, {"profile", "paper-code"}};
  EXPECT_EQ(refusal(j), "");
  // code_version: first | later in paper-code; refused in the theorem profile and for other names
  j["algorithms"][2]["code_version"] = "later";
  EXPECT_EQ(refusal(j), "");
  j["algorithms"][2]["code_version"] = "second";
  EXPECT_TRUE(has(refusal(j), "algorithms[2].code_version")) << refusal(j);
  j["algorithms"][2] = {{"learner", "jdp-glm"}, {"profile", "theorem"}, {"code_version", "later"}};
  EXPECT_TRUE(has(refusal(j), "algorithms[2].code_version")) << refusal(j);
  j["algorithms"][2] = {{"learner", "jdp-glm"}, {"profile", "paper-code"}};
  j["q"] = 16;
  EXPECT_TRUE(has(refusal(j), "'q'")) << refusal(j);
}

TEST(GlmExperimentTest, JdpGlmPaperCodeRunsAreTheReferenceLearnersRegret) {
  // Private-GLM in the paper-code profile through the experiment (optimized build) against the reference learner on
  // the same shared instance (q = 4) and streams: the same final regret per run.
  nlohmann::json j = tiny_json();
  j["S"] = {"2"};
  j["paper"]["kappa"] = {"1"};
  j["x_axis"] = "rounds";
  j["q"] = 4;
  j["epsilons"] = {"8"};
  j["delta"] = "1/10";
  j["zeta"] = "1/10";
  j["algorithms"] = {{{"label", "Private-GLM"}, {"learner", "jdp-glm"}, {"profile", "paper-code"}, {"kappa", "40"}}};
  const GlmExperimentConfig c = parse_glm_experiment(j, "tiny-jdp");
  GlmExperimentOptions o;
  o.threads = 1;
  const GlmExperimentResult r = run_glm_experiment(c, o);
  dpb::ref::GlmInstanceParams ip;
  ip.link = dpb::ref::Link::logistic;
  ip.d = 2;
  ip.K = 4;
  ip.q = 4;
  ip.sets = 40;
  ip.S = Rational(2);
  ip.seed = 11;
  const dpb::ref::GlmInstance inst = dpb::ref::make_glm_instance(ip);
  dpb::ref::JdpGlmParams p;
  p.profile = dpb::ref::JdpProfile::PaperCode;
  p.T = 40;
  p.eps = Rational(8);
  p.delta = Rational(1, 10);
  p.zeta = Rational(1, 10);
  p.kappa = Rational(40);
  p.S = Rational(2);
  for (std::uint32_t run = 0; run < 2; ++run) {
    const dpb::Interval a = dpb::ref::jdp_glm(p, inst, 7, run).pseudo_regret;
    EXPECT_NEAR(r.cell("Private-GLM", 0, 0, Rational(8)).final_regret[run], a.midpoint_for_report(), 1e-6) << run;
  }
  // the later commit through the experiment's `code_version` key: the reference learner's later-commit runs
  j["algorithms"][0]["code_version"] = "later";
  const GlmExperimentResult rl = run_glm_experiment(parse_glm_experiment(j, "tiny-jdp-later"), o);
  p.code_version = dpb::ref::JdpCodeVersion::Later;
  for (std::uint32_t run = 0; run < 2; ++run) {
    const dpb::ref::JdpGlmTrajectory t = dpb::ref::jdp_glm(p, inst, 7, run);
    EXPECT_EQ(t.paper->version, dpb::ref::JdpCodeVersion::Later);
    EXPECT_NEAR(rl.cell("Private-GLM", 0, 0, Rational(8)).final_regret[run], t.pseudo_regret.midpoint_for_report(),
                1e-6)
        << run;
  }
}

TEST(GlmExperimentTest, GlocRunsAreTheReferenceLearnersRegret) {
  nlohmann::json j = tiny_json();
  j["S"] = {"2"};
  j["paper"]["kappa"] = {"1"};
  j["x_axis"] = "rounds";
  j["algorithms"] = {{{"label", "GLOC"}, {"learner", "gloc"}, {"profile", "paper-code"}},
                     {{"label", "GLOC-paper"}, {"learner", "gloc"}}};
  const GlmExperimentConfig c = parse_glm_experiment(j, "tiny-gloc");
  GlmExperimentOptions o;
  o.threads = 1;
  const GlmExperimentResult r = run_glm_experiment(c, o);
  const dpb::ref::GlmInstance inst = tiny_instance(0);
  for (const auto& [label, profile] : {std::pair{"GLOC", dpb::ref::GlocProfile::baseline_code},
                                       std::pair{"GLOC-paper", dpb::ref::GlocProfile::paper}}) {
    dpb::ref::GlocParams g;
    g.T = 40;
    g.profile = profile;
    for (std::uint32_t run = 0; run < 2; ++run) {
      const dpb::Interval a = dpb::ref::gloc(g, inst, 7, run).pseudo_regret;
      EXPECT_NEAR(r.cell(label, 0, 0).final_regret[run], a.midpoint_for_report(), 1e-6) << label << " " << run;
    }
  }
}

TEST(GlmExperimentTest, EcologRunsAreTheReferenceLearnersRegret) {
  nlohmann::json j = tiny_json();
  j["S"] = {"2"};
  j["paper"]["kappa"] = {"1"};
  j["x_axis"] = "rounds";
  j["algorithms"] = {{{"label", "ECOLog"}, {"learner", "ecolog"}, {"profile", "paper-code"}},
                     {{"label", "ECOLog-theorem"}, {"learner", "ecolog"}}};
  const GlmExperimentConfig c = parse_glm_experiment(j, "tiny-ecolog");
  GlmExperimentOptions o;
  o.threads = 1;
  const GlmExperimentResult r = run_glm_experiment(c, o);
  const dpb::ref::GlmInstance inst = tiny_instance(0);
  for (const auto& [label, profile] : {std::pair{"ECOLog", dpb::ref::EcologProfile::baseline_code},
                                       std::pair{"ECOLog-theorem", dpb::ref::EcologProfile::paper}}) {
    dpb::ref::EcologParams g;
    g.T = 40;
    g.profile = profile;
    g.delta = dpb::Rational(1, 50);  // the config's delta
    for (std::uint32_t run = 0; run < 2; ++run) {
      const dpb::Interval a = dpb::ref::ecolog(g, inst, 7, run).pseudo_regret;
      EXPECT_NEAR(r.cell(label, 0, 0).final_regret[run], a.midpoint_for_report(), 1e-6) << label << " " << run;
    }
  }
}

TEST(GlmExperimentTest, TinyRunIsTheReferenceLearnersRegretAndThreadIndependent) {
  const GlmExperimentConfig c = parse_glm_experiment(tiny_json(), "tiny");
  GlmExperimentOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const GlmExperimentResult r1 = run_glm_experiment(c, one), r2 = run_glm_experiment(c, two);
  ASSERT_EQ(r1.cells.size(), 4U);  // two non-private learners × two S
  for (std::size_t k = 0; k < r1.cells.size(); ++k) {
    EXPECT_EQ(r1.cells[k].final_regret, r2.cells[k].final_regret);
    EXPECT_EQ(r1.cells[k].per_run, r2.cells[k].per_run);
  }
  // The shared instance of S = 2, generated here from its documented stream, and the reference learners.
  const dpb::ref::GlmInstance inst = tiny_instance(0);
  dpb::ref::GlmUcbParams g;
  g.T = 40;
  dpb::ref::RsGlincbParams rs;
  rs.T = 40;
  rs.gamma = Rational(1, 2);
  const Rational k = dpb::ref::glm_instance_kappa(inst, 64).kappa.upper();
  rs.kappa = Rational(dpb::Integer((numerator(k) + denominator(k) - 1) / denominator(k)));
  for (std::uint32_t run = 0; run < 2; ++run) {
    const dpb::Interval a = dpb::ref::glm_ucb(g, inst, 7, run).pseudo_regret;
    const dpb::Interval b = dpb::ref::rs_glincb(rs, inst, 7, run).pseudo_regret;
    const double x = r1.cell("GLM-UCB", 1, 0).final_regret[run], y = r1.cell("RS", 1, 0).final_regret[run];
    EXPECT_NEAR(x, a.midpoint_for_report(), 1e-6) << run;
    EXPECT_NEAR(y, b.midpoint_for_report(), 1e-6) << run;
    EXPECT_DOUBLE_EQ(r1.cell("GLM-UCB", 1, 0).per_run[run].back(), x);  // the last grid point is round T
  }
  EXPECT_EQ(r1.grids.at(0).back(), 40U);
}

TEST(GlmExperimentTest, PerRunInstancesComeFromTheRunsStream) {
  auto j = tiny_json();
  j["instances"] = "per-run";
  j["S"] = {"2"};
  j["x_axis"] = "rounds";
  j.erase("paper");
  j["algorithms"] = {{{"label", "GLM-UCB"}, {"learner", "glm-ucb"}}};
  const GlmExperimentResult r = run_glm_experiment(parse_glm_experiment(j, "per-run"));
  ASSERT_EQ(r.instances.size(), 2U);  // one per run
  for (std::uint32_t run = 0; run < 2; ++run) {
    const dpb::ref::GlmInstance inst = tiny_instance(dpb::ref::glm_instance_stream(run));
    dpb::ref::GlmUcbParams g;
    g.T = 40;
    EXPECT_NEAR(r.cell("GLM-UCB", 0, 0).final_regret[run],
                dpb::ref::glm_ucb(g, inst, 7, run).pseudo_regret.midpoint_for_report(), 1e-6)
        << run;
  }
}

TEST(GlmExperimentTest, CliWritesCsvAndJsonAllOrNothing) {
  const auto dir = dpb::test::fresh_temp_dir("glm_experiment");
  std::filesystem::create_directories(dir);
  const auto config = dir / "tiny.json";
  std::ofstream(config) << tiny_json().dump();
  const auto out = dir / "out";
  const std::string base = dpb::test::cli_path() + " simulate --config " + config.string() + " --quiet --no-plots";
  auto r = dpb::test::run_command(base + " --out " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "paper: kappa = 2")) << r.out;
  const std::string curves = dpb::test::read_file(out / "tiny-curves.csv");
  EXPECT_EQ(dpb::test::count_occurrences(curves, "\n"), 1U + 4U * 8U);  // header + cells × grid points
  const std::string final_csv = dpb::test::read_file(out / "tiny-final.csv");
  EXPECT_EQ(dpb::test::count_occurrences(final_csv, "\n"), 5U);
  const auto summary = nlohmann::json::parse(dpb::test::read_file(out / "tiny-summary.json"));
  EXPECT_EQ(summary.at("seed"), 7);
  EXPECT_EQ(summary.at("instance_seed"), 11);
  EXPECT_EQ(summary.at("instances").size(), 2U);
  EXPECT_EQ(summary.at("cells").size(), 4U);
  // A refused run (ε = 6 for shuffle-glm) exits 2 and leaves the published set as it was.
  auto bad = tiny_json();
  bad["epsilons"] = {"6"};
  bad["horizons"] = {64};
  bad["algorithms"].push_back({{"learner", "shuffle-glm"}});
  std::ofstream(config) << bad.dump();
  r = dpb::test::run_command(base + " --out " + out.string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(dpb::test::read_file(out / "tiny-curves.csv"), curves);
  const auto fresh = dir / "never";
  r = dpb::test::run_command(base + " --out " + fresh.string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(fresh));
  // An option that does not apply is refused, named.
  std::ofstream(config) << tiny_json().dump();
  r = dpb::test::run_command(base + " --arms 5 --out " + fresh.string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(has(r.err, "--arms")) << r.err;
  EXPECT_FALSE(std::filesystem::exists(fresh));
  std::filesystem::remove_all(dir);
}

}  // namespace
