// Trend claims of seed 003 on the `003-kappa` experiment (Sarmasarkar 2026, "Shuffle and Joint Differential Privacy
// for Generalized Linear Contextual Bandits", arXiv:2602.00417, Sec. 8, Table 2; spec 003 §6 "Regret-shape claims",
// §7; issue 21 "Claims"): the κ-dependent GLM-UCB and GLOC grow in κ. Per adjacent S pair, the paired one-sided sign
// test of "regret(S_{i+1}) − regret(S_i) > 0" over the runs (common random numbers per run: the rewards and the shared
// instance), Holm over the pairs (verify/experiments/trend.hpp), family trends-003 (all_claims.cpp). The same
// direction is checked on the paper's own numbers where the spec gives them (Table 2, probit, S ∈ {2, 2.5, 3}; the
// authors' logistic table, S ∈ {3, 3.5, 4}, GLOC only): means only, so it is reported beside the verdict, not tested.
// Runs by the optimized learners (run_glm_experiment), only the learners a claim reads (the config's shared instance
// keeps the grid its full algorithm list fixes: q = 15 with Private-GLM listed).
// "Private-GLM flat in κ" (Table 2: |R(S = 3) − R(S = 2)| ≤ 10 %) on `003-table2`'s Private-GLM rows (jdp-glm
// paper-code, the authors' later commit): per ε the per-run ratio x = (R(S=3)+1)/(R(S=2)+1) (paired: runs share the
// reward tape), two one-sided sign tests median(x) < 11/10 and median(x) > 10/11 (the factor-1.1 band, as the other
// "≈" claims of verify/claims/claims_experiments.cpp), Holm over the 2·|ε| tests: `holds` when every one is rejected,
// `violated` when a reverse one is (the ratio is outside the band), else `inconclusive`.
#include <memory>

#include "verify/claims/registry.hpp"
#include "verify/experiments/glm_experiment.hpp"
#include "verify/experiments/trend.hpp"

namespace dpb::verify {

namespace {

namespace ex = experiments;

struct KappaSizes {
  std::uint64_t horizon;
  std::uint32_t runs;
};
KappaSizes kappa_sizes(Suite suite) { return suite == Suite::full ? KappaSizes{10000, 10} : KappaSizes{400, 10}; }

// The config with only the algorithms of `labels` (the instance grid q stays the full list's).
ex::GlmExperimentConfig only_algorithms(const std::string& experiment, const std::vector<std::string>& labels) {
  std::optional<ex::GlmExperimentConfig> config = ex::find_glm_experiment(experiment);
  if (!config) throw std::runtime_error(experiment + ": experiment config not found");
  std::vector<ex::GlmAlgorithm> kept;
  for (const std::string& label : labels) {
    bool found = false;
    for (const ex::GlmAlgorithm& a : config->algorithms)
      if (a.label == label) {
        kept.push_back(a);
        found = true;
      }
    if (!found) throw std::runtime_error(experiment + ": no algorithm labelled '" + label + "'");
  }
  config->algorithms = std::move(kept);
  return *config;
}

std::shared_ptr<const ex::GlmExperimentResult> kappa_result(const RunOptions& run) {
  const std::string key = "003-kappa-" + std::to_string(static_cast<int>(run.suite)) + "-" + std::to_string(run.seed);
  return ex::computed_once<ex::GlmExperimentResult>(key, [&run]() {
    const std::optional<ex::GlmExperimentConfig> config = only_algorithms("003-kappa", {"GLM-UCB", "GLOC"});
    ex::GlmExperimentOptions o;
    const KappaSizes z = kappa_sizes(run.suite);
    o.horizon = z.horizon;
    o.runs = z.runs;
    o.seed = run.seed;
    o.threads = 2;  // the other claim of the pair waits for this result: its worker would idle
    return std::make_shared<const ex::GlmExperimentResult>(ex::run_glm_experiment(*config, o));
  });
}

// The paper's numbers for `label` (Table 2, probit, S = 2, 2.5, 3; and the logistic table where it has the label).
nlohmann::json paper_direction(const std::string& label) {
  std::vector<std::pair<std::string, std::vector<double>>> rows;
  if (label == "GLM-UCB") rows.push_back({"Table 2 (probit, d = 3, T = 5000, S = 2, 2.5, 3)", {1399.07, 1942.18, 2322.53}});
  if (label == "GLOC") {
    rows.push_back({"Table 2 (probit, d = 3, T = 5000, S = 2, 2.5, 3)", {384.33, 627.62, 1352.05}});
    rows.push_back({"authors' logistic table (d = 3, T = 10000, S = 3, 3.5, 4)", {671.88, 804.55, 951.12}});
  }
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [where, v] : rows) {
    bool grows = true;
    std::vector<double> steps;
    for (std::size_t i = 1; i < v.size(); ++i) {
      steps.push_back(v[i] - v[i - 1]);
      grows = grows && v[i] > v[i - 1];
    }
    out.push_back({{"source", where}, {"means", v}, {"steps", steps}, {"grows", grows},
                   {"note", "means of 10 runs only (no per-run numbers): the direction, not a test"}});
  }
  return out;
}

Outcome grows_in_kappa(const std::string& label, const RunOptions& run) {
  const std::shared_ptr<const ex::GlmExperimentResult> r = kappa_result(run);
  const std::vector<Rational>& S = r->config.S;
  std::vector<ex::SignTest> tests;
  for (std::size_t i = 0; i + 1 < S.size(); ++i) {
    const std::vector<double>& lo = r->cell(label, i, 0).final_regret;
    const std::vector<double>& hi = r->cell(label, i + 1, 0).final_regret;
    std::vector<double> diff(lo.size());
    for (std::size_t k = 0; k < lo.size(); ++k) diff[k] = hi[k] - lo[k];
    tests.push_back(ex::sign_test_above(label + ": R(S=" + dpb::to_string(S[i + 1]) + ") - R(S=" +
                                            dpb::to_string(S[i]) + ") > 0 (grows with kappa)",
                                        diff, 0));
  }
  Outcome o = ex::trend_outcome(tests, run.alpha > 0 ? run.alpha : 0.025);
  o.evidence["paper_numbers"] = paper_direction(label);
  o.evidence["setting"] = {{"experiment", "003-kappa"},
                           {"horizon", r->config.horizons.front()},
                           {"runs", r->config.runs},
                           {"S", nlohmann::json::array()},
                           {"kappa", nlohmann::json::array()}};
  for (const Rational& s : S) o.evidence["setting"]["S"].push_back(dpb::to_string(s));
  for (const ex::GlmInstanceSummary& in : r->instances) o.evidence["setting"]["kappa"].push_back(in.kappa_text);
  std::vector<double> means;
  for (std::size_t i = 0; i < S.size(); ++i) means.push_back(r->cell(label, i, 0).mean.back());
  o.evidence["mean_final_regret"] = means;
  return o;
}

// `003-table2`'s Private-GLM rows at S = 2 and 3. Quick: T = 1000 (at T = 400 no switch happens and every run ends at
// the same regret), 16 runs, ε = 8 only; full: the config (T = 5000, 10 runs, ε ∈ {4, 6, 8}).
struct FlatSizes {
  std::uint64_t horizon;
  std::uint32_t runs;
  std::vector<Rational> epsilons;
};
FlatSizes flat_sizes(Suite suite) {
  if (suite == Suite::full) return {5000, 10, {Rational(4), Rational(6), Rational(8)}};
  return {1000, 16, {Rational(8)}};
}

// The paper's Table 2 Private-GLM row (probit, d = 3, T = 5000), S = 2, 2.5, 3, per ε: means of 10 runs only.
nlohmann::json paper_flatness() {
  const std::vector<std::pair<int, std::vector<double>>> rows{
      {4, {369.53, 382.25, 384.91}}, {6, {289.67, 299.33, 296.41}}, {8, {300.32, 295.49, 301.73}}};
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [eps, v] : rows) {
    const double ratio = (v[2] + 1) / (v[0] + 1);
    out.push_back({{"eps", eps}, {"means", v}, {"ratio_S3_over_S2", ratio},
                   {"within_factor_1.1", ratio < 1.1 && ratio > 1 / 1.1},
                   {"note", "Table 2, means of 10 runs only (no per-run numbers): the direction, not a test"}});
  }
  return out;
}

Outcome private_glm_flat(const RunOptions& run) {
  const FlatSizes z = flat_sizes(run.suite);
  ex::GlmExperimentConfig config = only_algorithms("003-table2", {"Private-GLM"});
  config.S = {Rational(2), Rational(3)};  // the two the claim compares
  // Quick: instances on 2^-5 (simulate --learner jdp-glm's grid), where the trees' rounded normals take the optimized
  // sampler's int64 path (c = σ·2^(2q+32) ≤ 2^48); on the config's 2^-15 they take its wide path (≈ 3× per sample).
  if (run.suite != Suite::full) config.q = 5;
  ex::GlmExperimentOptions o;
  o.horizon = z.horizon;
  o.runs = z.runs;
  o.seed = run.seed;
  o.epsilons = z.epsilons;
  o.threads = 1;
  const ex::GlmExperimentResult r = ex::run_glm_experiment(config, o);
  const std::vector<Rational>& S = r.config.S;
  std::size_t s2 = S.size(), s3 = S.size();
  for (std::size_t i = 0; i < S.size(); ++i) {
    if (S[i] == Rational(2)) s2 = i;
    if (S[i] == Rational(3)) s3 = i;
  }
  if (s2 == S.size() || s3 == S.size()) throw std::runtime_error("003-table2: S = 2 and S = 3 expected in the config");
  std::vector<ex::SignTest> tests;
  nlohmann::json means = nlohmann::json::array();
  for (const Rational& eps : r.config.epsilons) {
    const std::vector<double>& lo = r.cell("Private-GLM", s2, 0, eps).final_regret;
    const std::vector<double>& hi = r.cell("Private-GLM", s3, 0, eps).final_regret;
    std::vector<double> ratio(lo.size());
    for (std::size_t k = 0; k < lo.size(); ++k) ratio[k] = (hi[k] + 1) / (lo[k] + 1);
    const std::string at = "eps = " + dpb::to_string(eps) + ": (R(S=3)+1)/(R(S=2)+1)";
    tests.push_back(ex::sign_test_below(at + " < 1.1 (flat in kappa)", ratio, 1.1));
    tests.push_back(ex::sign_test_above(at + " > 1/1.1 (flat in kappa)", ratio, 1 / 1.1));
    means.push_back({{"eps", dpb::to_string(eps)},
                     {"mean_final_regret_S2", r.cell("Private-GLM", s2, 0, eps).mean.back()},
                     {"mean_final_regret_S3", r.cell("Private-GLM", s3, 0, eps).mean.back()}});
  }
  Outcome out = ex::trend_outcome(tests, run.alpha > 0 ? run.alpha : 0.025);
  out.evidence["paper_numbers"] = paper_flatness();
  out.evidence["means"] = means;
  out.evidence["setting"] = {{"experiment", "003-table2"}, {"learner", "jdp-glm paper-code, later commit"},
                             {"horizon", z.horizon}, {"runs", z.runs}, {"kappa", nlohmann::json::array()}};
  for (const ex::GlmInstanceSummary& in : r.instances) out.evidence["setting"]["kappa"].push_back(in.kappa_text);
  return out;
}

}  // namespace

void register_claims_003_trends(Registry& registry) {
  const char* grid = "003-kappa (logistic, d = 3, K = 20, S in {2, 2.5, 3, 3.5, 4}, shared instances, optimized "
                     "learners): quick T = 400, 10 runs; full T = 10^4, 10 runs (the config's); paired one-sided sign "
                     "tests per adjacent S, Holm";
  for (const auto& [label, id] : {std::pair{std::string("GLM-UCB"), std::string("003.kappa.glm-ucb-grows")},
                                  std::pair{std::string("GLOC"), std::string("003.kappa.gloc-grows")}}) {
    registry.add(in_family("trends-003",
                           Claim{id,
                                 label + "'s regret grows with kappa (Sec. 8, Table 2: the kappa-dependent methods "
                                         "degrade as kappa grows): regret(S_{i+1}) > regret(S_i) for every adjacent "
                                         "S pair, paired by run",
                                 {"003", "Sec. 8, Table 2", "regret-shape claims (spec 003 §6)"},
                                 Method::trend, grid, Verdict::holds,
                                 [label](const RunOptions& run) { return grows_in_kappa(label, run); }}));
  }
  Claim flat{"003.table2.private-glm-flat",
             "Private-GLM's regret is flat in kappa (Sec. 8, Table 2: 'our algorithm's regret stays nearly constant as "
             "kappa grows'; issue 21: |R(S = 3) - R(S = 2)| <= 10 %): per eps the per-run ratio "
             "(R(S=3)+1)/(R(S=2)+1) lies within a factor 1.1 (median, paired by run)",
             {"003", "Sec. 8, Table 2", "regret-shape claims (spec 003 §6)"},
             Method::trend,
             "003-table2's Private-GLM rows (jdp-glm paper-code, the authors' later commit; probit, d = 3, K = 20, "
             "shared instances, optimized learner), S in {2, 3}: quick T = 1000, 16 runs, eps = 8, instances on 2^-5; "
             "full T = 5000, 10 runs, eps in {4, 6, 8}, instances on 2^-15 (the config's); two one-sided sign tests "
             "per eps, Holm",
             Verdict::violated,
             [](const RunOptions& run) { return private_glm_flat(run); }};
  flat.stored_report = "003.table2.private-glm-flat.json";  // docs/findings.md
  // The full suite since session 20's tree change (noise only for released nodes): 7, 8, 9 of 10 runs above the band
  // at eps = 4, 6, 8 — with 10 runs only 10 of 10 passes Holm's first threshold, so not decided (docs/findings.md).
  flat.expected_full = Verdict::inconclusive;
  registry.add(in_family("trends-003", std::move(flat)));
}

}  // namespace dpb::verify
