#include "verify/experiments/bai.hpp"

#include <algorithm>
#include <atomic>
#include <boost/math/distributions/students_t.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "optimized/learners/mase.hpp"
#include "reference/core/errors.hpp"
#include "verify/crosscheck/multi_agent_crosscheck.hpp"
#include "verify/experiments/config.hpp"
#include "verify/experiments/internal/config_reader.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/cluster/worker_pool.hpp"
#include "verify/experiments/output.hpp"
#include "verify/input/publish.hpp"
#include "verify/experiments/experiment_files.hpp"

namespace dpb::verify::experiments {

namespace {

// The configs' field reader (names the field in every refusal), shared with the regret experiments.
using Field = internal::Reader;

// Rational in an interval, named.
Rational bounded(const Field& f, const nlohmann::json& v, const std::string& field, const Rational& lo, bool lo_open,
                 const Rational& hi, bool hi_open, const std::string& range) {
  const Rational x = f.rational(v, field);
  if ((lo_open ? x <= lo : x < lo) || (hi_open ? x >= hi : x > hi)) f.fail(field, range, v);
  return x;
}

std::string eps_text(const Rational& r) { return to_string(r); }

}  // namespace

bool is_bai_json(const nlohmann::json& j) { return is_bai_file(j); }

BaiConfig parse_bai_config(const nlohmann::json& j, const std::string& name) {
  const Field f{"experiment " + name};
  if (!j.is_object()) f.fail("config", "a JSON object", j);
  static const std::set<std::string> kKeys = {"kind", "description", "source", "figure", "problems", "agents", "delta",
                                              "runs", "seed", "x_axis", "max_rounds", "algorithms", "comment"};
  for (const auto& [key, value] : j.items())
    if (!kKeys.count(key)) f.fail(key, "a known key of a bai experiment", key);
  if (!is_bai_file(j)) f.fail("kind", "\"bai\"", j.contains("kind") ? j.at("kind") : nlohmann::json());
  BaiConfig c;
  c.name = name;
  c.raw = j;
  c.description = f.string(j, "description", "description", true);
  c.source = f.string(j, "source", "source", true);
  c.figure = f.string(j, "figure", "figure", false);
  if (!j.contains("problems") || !j.at("problems").is_array() || j.at("problems").empty())
    f.fail("problems", "a non-empty list of p1, p2", j.contains("problems") ? j.at("problems") : nlohmann::json());
  for (std::size_t k = 0; k < j.at("problems").size(); ++k) {
    const auto& p = j.at("problems")[k];
    const std::string field = "problems[" + std::to_string(k) + "]";
    if (!p.is_string() || (p != "p1" && p != "p2")) f.fail(field, "p1 or p2", p);
    if (std::count(c.problems.begin(), c.problems.end(), p.get<std::string>())) f.fail(field, "not repeated", p);
    c.problems.push_back(p.get<std::string>());
  }
  if (!j.contains("agents") || !j.at("agents").is_array() || j.at("agents").empty() || j.at("agents").size() > 16)
    f.fail("agents", "a list of 1 to 16 agent counts", j.contains("agents") ? j.at("agents") : nlohmann::json());
  for (std::size_t k = 0; k < j.at("agents").size(); ++k) {
    const auto n = static_cast<std::uint32_t>(f.integer(j.at("agents")[k], "agents[" + std::to_string(k) + "]", 1, 4096));
    if (!c.agents.empty() && n <= c.agents.back())
      f.fail("agents[" + std::to_string(k) + "]", "increasing", j.at("agents")[k]);
    c.agents.push_back(n);
  }
  if (j.contains("delta"))
    c.delta = bounded(f, j.at("delta"), "delta", Rational(0), true, Rational(1), true, "in (0, 1)");
  if (j.contains("runs")) c.runs = static_cast<std::uint32_t>(f.integer(j.at("runs"), "runs", 1, 10000));
  if (j.contains("seed")) c.seed = f.integer(j.at("seed"), "seed", 0, ~std::uint64_t{0});
  if (j.contains("max_rounds")) c.max_rounds = f.integer(j.at("max_rounds"), "max_rounds", 1, std::uint64_t{1} << 40);
  c.x_axis = f.string(j, "x_axis", "x_axis", false, "n");
  if (c.x_axis != "n" && c.x_axis != "eta") f.fail("x_axis", "n or eta", j.at("x_axis"));

  if (!j.contains("algorithms") || !j.at("algorithms").is_array() || j.at("algorithms").empty() ||
      j.at("algorithms").size() > 32)
    f.fail("algorithms", "a list of 1 to 32 algorithms", j.contains("algorithms") ? j.at("algorithms") : nlohmann::json());
  static const std::set<std::string> kAlgKeys = {"label", "learner", "panel", "baseline", "eps", "beta", "eta",
                                                 "xi", "law", "gamma", "independent_stop", "comment"};
  std::set<std::string> labels;
  for (std::size_t k = 0; k < j.at("algorithms").size(); ++k) {
    const auto& a = j.at("algorithms")[k];
    const std::string at = "algorithms[" + std::to_string(k) + "]";
    if (!a.is_object()) f.fail(at, "a JSON object", a);
    for (const auto& [key, value] : a.items())
      if (!kAlgKeys.count(key)) f.fail(at + "." + key, "a known key", key);
    BaiAlgorithm alg;
    alg.label = f.string(a, "label", at + ".label", true);
    if (alg.label.empty() || !labels.insert(alg.label).second) f.fail(at + ".label", "non-empty and unique", a.at("label"));
    alg.learner = f.string(a, "learner", at + ".learner", true);
    const auto parsed = ref::parse_multi_agent_algorithm(alg.learner);
    if (!parsed) {
      std::string names;
      for (const auto& n : multi_agent_learner_names()) names += (names.empty() ? "" : ", ") + n;
      f.fail(at + ".learner", "one of " + names, a.at("learner"));
    }
    alg.algorithm = *parsed;
    alg.panel = f.string(a, "panel", at + ".panel", false, alg.learner);
    if (a.contains("baseline")) {
      if (!a.at("baseline").is_boolean()) f.fail(at + ".baseline", "true or false", a.at("baseline"));
      alg.baseline = a.at("baseline").get<bool>();
    }
    ref::MultiAgentParams& p = alg.params;
    if (a.contains("eps")) p.eps = bounded(f, a.at("eps"), at + ".eps", Rational(0), true, Rational(1000), false, "in (0, 1000]");
    if (a.contains("beta"))
      p.beta = bounded(f, a.at("beta"), at + ".beta", Rational(0), true, Rational(1), true, "in (0, 1)");
    if (a.contains("eta")) p.eta = bounded(f, a.at("eta"), at + ".eta", Rational(0), true, Rational(1), true, "in (0, 1)");
    if (a.contains("xi")) p.xi = bounded(f, a.at("xi"), at + ".xi", Rational(0), false, Rational(1), true, "in [0, 1)");
    const std::string law = f.string(a, "law", at + ".law", false, "uniform");
    if (law == "gamma") p.law = ref::AgentLawKind::Power;
    else if (law != "uniform") f.fail(at + ".law", "uniform or gamma", a.at("law"));
    if (a.contains("gamma")) {
      if (p.law != ref::AgentLawKind::Power) f.fail(at + ".gamma", "absent unless law is gamma", a.at("gamma"));
      p.gamma = bounded(f, a.at("gamma"), at + ".gamma", Rational(0), true, Rational(1), true, "in (0, 1)");
    }
    const std::string stop = f.string(a, "independent_stop", at + ".independent_stop", false, "all");
    if (stop == "first") p.stop = ref::IndependentStop::First;
    else if (stop != "all") f.fail(at + ".independent_stop", "all or first", a.at("independent_stop"));
    if (a.contains("independent_stop") && alg.algorithm != ref::MultiAgentAlgorithm::IndependentSe)
      f.fail(at + ".independent_stop", "absent unless the learner is independent-se", a.at("independent_stop"));
    c.algorithms.push_back(std::move(alg));
  }
  // Every (algorithm, N) must configure: a refusal names the field it came from.
  for (std::size_t k = 0; k < c.algorithms.size(); ++k)
    for (const std::uint32_t n : c.agents) {
      ref::MultiAgentParams p = c.algorithms[k].params;
      p.agents = n;
      p.delta = c.delta;
      p.max_rounds = c.max_rounds;
      try {
        (void)ref::configure_multi_agent(c.algorithms[k].algorithm, p, 10);
      } catch (const ParameterError& e) {
        f.fail("algorithms[" + std::to_string(k) + "]", "a valid setting at N = " + std::to_string(n) + " (" +
                                                            std::string(e.what()).substr(0, 120) + ")",
               j.at("algorithms")[k].at("label"));
      }
    }
  return c;
}

std::vector<BaiConfig> list_bai_experiments() {
  return list_experiments_of_kind<BaiConfig>([](const nlohmann::json& j) { return is_bai_file(j); },
                                      [](const nlohmann::json& j, const std::string& name) { return parse_bai_config(j, name); });
}

std::optional<BaiConfig> find_bai_experiment(const std::string& name) {
  return find_experiment_of_kind<BaiConfig>(name, [](const nlohmann::json& j) { return is_bai_file(j); },
                                     [](const nlohmann::json& j, const std::string& n) { return parse_bai_config(j, n); });
}

BaiConfig effective_bai_config(const BaiConfig& config, const BaiOptions& o) {
  BaiConfig c = config;
  if (o.runs) {
    if (*o.runs < 1 || *o.runs > 10000) throw_parameter_error("simulate", "--runs", "in [1, 10000]", std::to_string(*o.runs));
    c.runs = *o.runs;
  }
  if (o.seed) c.seed = *o.seed;
  if (o.agents) c.agents = *o.agents;
  if (o.problems) c.problems = *o.problems;
  if (o.labels) {
    std::vector<BaiAlgorithm> kept;
    for (const auto& label : *o.labels) {
      const auto it = std::find_if(c.algorithms.begin(), c.algorithms.end(),
                                   [&](const BaiAlgorithm& a) { return a.label == label; });
      if (it == c.algorithms.end()) throw std::invalid_argument("effective_bai_config: no algorithm " + label);
      kept.push_back(*it);
    }
    c.algorithms = kept;
  }
  return c;
}

const BaiCell& BaiResult::cell(const std::string& problem, const std::string& label, std::uint32_t agents) const {
  for (const auto& c : cells)
    if (c.problem == problem && c.agents == agents && config.algorithms.at(c.algorithm).label == label) return c;
  throw std::out_of_range("BaiResult: no cell " + problem + " / " + label + " / N = " + std::to_string(agents));
}

std::vector<double> BaiResult::rounds(const std::string& problem, const std::string& label, std::uint32_t agents) const {
  const auto& c = cell(problem, label, agents);
  return {c.rounds.begin(), c.rounds.end()};
}

namespace {

double nearest_rank(const std::vector<std::uint64_t>& sorted, double q) {
  const auto n = sorted.size();
  auto k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(n)));
  k = std::clamp<std::size_t>(k, 1, n);
  return static_cast<double>(sorted[k - 1]);
}

void summarize(BaiCell& c) {
  const auto n = c.rounds.size();
  double sum = 0, pulls = 0, messages = 0;
  for (std::size_t r = 0; r < n; ++r) {
    sum += static_cast<double>(c.rounds[r]);
    pulls += static_cast<double>(c.pulls[r]);
    messages += static_cast<double>(c.messages[r]);
    c.failures += c.failed[r];
    c.undecided_runs += c.undecided[r];
  }
  c.mean = sum / static_cast<double>(n);
  c.pulls_mean = pulls / static_cast<double>(n);
  c.messages_mean = messages / static_cast<double>(n);
  double ss = 0;
  for (const auto x : c.rounds) ss += (static_cast<double>(x) - c.mean) * (static_cast<double>(x) - c.mean);
  if (n >= 2) {
    const double sd = std::sqrt(ss / static_cast<double>(n - 1));
    const boost::math::students_t t(static_cast<double>(n - 1));
    const double half = boost::math::quantile(boost::math::complement(t, 0.025)) * sd / std::sqrt(static_cast<double>(n));
    c.ci_low = c.mean - half;
    c.ci_high = c.mean + half;
  } else {
    c.ci_low = c.ci_high = c.mean;
  }
  std::vector<std::uint64_t> sorted = c.rounds;
  std::sort(sorted.begin(), sorted.end());
  c.q05 = nearest_rank(sorted, 0.05);
  c.q50 = nearest_rank(sorted, 0.5);
  c.q95 = nearest_rank(sorted, 0.95);
}

}  // namespace

BaiResult run_bai(const BaiConfig& input, const BaiOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  BaiResult result;
  result.config = effective_bai_config(input, options);
  const BaiConfig& c = result.config;
  std::map<std::string, ref::BanditInstance> instances;
  for (const auto& p : c.problems) instances.emplace(p, make_seed004_instance(p));
  std::vector<ref::MultiAgentConfig> configs;
  for (const auto& p : c.problems)
    for (std::size_t a = 0; a < c.algorithms.size(); ++a)
      for (const std::uint32_t n : c.agents) {
        ref::MultiAgentParams params = c.algorithms[a].params;
        params.agents = n;
        params.delta = c.delta;
        params.max_rounds = c.max_rounds;
        configs.push_back(ref::configure_multi_agent(c.algorithms[a].algorithm, params, instances.at(p).arms()));
        BaiCell cell;
        cell.problem = p;
        cell.algorithm = a;
        cell.agents = n;
        cell.votes_threshold = configs.back().votes_threshold;
        cell.rounds.assign(c.runs, 0);
        cell.pulls.assign(c.runs, 0);
        cell.messages.assign(c.runs, 0);
        cell.failed.assign(c.runs, 0);
        cell.undecided.assign(c.runs, 0);
        cell.first_finish.assign(c.runs, 0);
        result.cells.push_back(std::move(cell));
      }
  // Tasks: the largest N first, so that the long runs do not end up last on one thread.
  std::vector<std::pair<std::size_t, std::uint32_t>> tasks;  // (cell, run)
  for (std::size_t k = 0; k < result.cells.size(); ++k)
    for (std::uint32_t r = 0; r < c.runs; ++r) tasks.emplace_back(k, r);
  std::stable_sort(tasks.begin(), tasks.end(), [&](const auto& x, const auto& y) {
    return result.cells[x.first].agents > result.cells[y.first].agents;
  });
  unsigned threads = options.threads ? options.threads : std::max(1U, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, tasks.size()));
  result.threads = threads;
  // Worker threads through cluster::run_workers (MPFR's thread-local caches freed at each thread's end, the claim's
  // cancellation flag propagated, the first exception rethrown here).
  std::atomic<std::size_t> next{0};
  std::mutex progress_lock;
  std::uint64_t done = 0;
  cluster::run_workers(threads, [&](const std::atomic<bool>& failed) {
    for (;;) {
      if (failed) return;
      const std::size_t t = next.fetch_add(1);
      if (t >= tasks.size()) return;
      if (t % 16 == 0) poll_cancellation();
      const auto [k, r] = tasks[t];
      BaiCell& cell = result.cells[k];
      const ref::BanditInstance& inst = instances.at(cell.problem);
      const ref::MultiAgentOutcome o = fast::run_multi_agent(configs[k], inst, ref::multi_agent_streams(c.seed, r));
      cell.rounds[r] = o.rounds;
      cell.pulls[r] = o.pulls;
      cell.messages[r] = o.messages.size();
      cell.undecided[r] = o.reason != ref::EndReason::Decided;
      cell.failed[r] = o.reason == ref::EndReason::Decided && (!o.arm || *o.arm != inst.best_arm());
      cell.first_finish[r] = o.first_finish_round.value_or(0);
      if (options.progress) {
        const std::lock_guard<std::mutex> g(progress_lock);
        options.progress(++done, tasks.size());
      }
    }
  });
  for (auto& cell : result.cells) summarize(cell);
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

namespace {

std::string num(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

std::string param_text(const BaiAlgorithm& a) {
  const auto& p = a.params;
  switch (a.algorithm) {
    case ref::MultiAgentAlgorithm::DpMase:
      return "eps=" + eps_text(p.eps) + " beta=" + eps_text(p.beta.value_or(Rational(1, 2)));
    case ref::MultiAgentAlgorithm::Mase:
      return "beta=" + eps_text(p.beta.value_or(Rational(1, 2)));
    case ref::MultiAgentAlgorithm::CorruptedElimination:
      return "eta=" + eps_text(p.eta) + " xi=" + eps_text(p.xi);
    case ref::MultiAgentAlgorithm::DecentralizedElimination:
      return "eta=" + eps_text(p.eta);
    case ref::MultiAgentAlgorithm::IndependentSe:
      return std::string("stop=") + (p.stop == ref::IndependentStop::First ? "first" : "all");
    default:
      return "";
  }
}

std::string law_text(const BaiAlgorithm& a) {
  return a.params.law == ref::AgentLawKind::Power ? "gamma=" + eps_text(a.params.gamma) : "uniform";
}

}  // namespace

std::string bai_parameters_text(const BaiAlgorithm& a) { return param_text(a) + " law=" + law_text(a); }

std::string bai_csv(const BaiResult& r) {
  std::ostringstream out;
  out << "problem,algorithm,learner,parameters,law,N,M,runs,rounds_mean,rounds_ci95_low,rounds_ci95_high,rounds_q05,"
         "rounds_q50,rounds_q95,pulls_mean,messages_mean,failures,undecided\n";
  for (const auto& c : r.cells) {
    const auto& a = r.config.algorithms.at(c.algorithm);
    out << c.problem << ',' << a.label << ',' << a.learner << ',' << param_text(a) << ',' << law_text(a) << ','
        << c.agents << ',' << c.votes_threshold << ',' << c.rounds.size() << ',' << num(c.mean) << ',' << num(c.ci_low)
        << ',' << num(c.ci_high) << ',' << num(c.q05) << ',' << num(c.q50) << ',' << num(c.q95) << ','
        << num(c.pulls_mean) << ',' << num(c.messages_mean) << ',' << c.failures << ',' << c.undecided_runs << "\n";
  }
  return out.str();
}

nlohmann::json bai_summary_json(const BaiResult& r) {
  const auto& c = r.config;
  nlohmann::json j;
  j["experiment"] = c.name;
  j["kind"] = "bai";
  j["description"] = c.description;
  j["source"] = c.source;
  j["figure"] = c.figure;
  j["runs"] = c.runs;
  j["seed"] = c.seed;
  j["delta"] = to_string(c.delta);
  j["agents"] = c.agents;
  j["problems"] = c.problems;
  j["streams"] = {{"generator", "ChaCha20Source(seed, stream)"},
                  {"run r of every cell", "ref::multi_agent_streams(seed, r) (reference/learners/mase.hpp)"}};
  j["config"] = c.raw;
  nlohmann::json cells = nlohmann::json::array();
  for (const auto& cell : r.cells) {
    const auto& a = c.algorithms.at(cell.algorithm);
    cells.push_back({{"problem", cell.problem},
                     {"algorithm", a.label},
                     {"learner", a.learner},
                     {"parameters", param_text(a)},
                     {"law", law_text(a)},
                     {"N", cell.agents},
                     {"M", cell.votes_threshold},
                     {"rounds_mean", cell.mean},
                     {"rounds_ci95", {cell.ci_low, cell.ci_high}},
                     {"rounds_quantiles", {{"0.05", cell.q05}, {"0.5", cell.q50}, {"0.95", cell.q95}}},
                     {"pulls_mean", cell.pulls_mean},
                     {"messages_mean", cell.messages_mean},
                     {"failures", cell.failures},
                     {"undecided", cell.undecided_runs},
                     {"rounds_per_run", cell.rounds},
                     {"first_finish_per_run", cell.first_finish}});
  }
  j["cells"] = cells;
  j["timing"] = {{"wall_seconds", r.wall_seconds}, {"threads", r.threads}};
  return j;
}

namespace {

// One data block per curve; the script's panels (problem × panel, or problem for x_axis eta).
struct PlotPlan {
  std::string data, script;
};

PlotPlan plot_plan(const BaiResult& r, const std::string& data_name, const std::string& png, const std::string& svg) {
  const auto& c = r.config;
  std::ostringstream data, script;
  struct Curve {
    std::string title;
    std::size_t block;
  };
  std::vector<std::pair<std::string, std::vector<Curve>>> panels;  // (title, curves)
  std::size_t block = 0;
  if (c.x_axis == "eta") {
    for (const auto& p : c.problems) {
      std::vector<Curve> curves;
      for (const std::uint32_t n : c.agents) {
        for (std::size_t a = 0; a < c.algorithms.size(); ++a) {
          const auto& cell = r.cell(p, c.algorithms[a].label, n);
          data << c.algorithms[a].params.eta.convert_to<double>() << ' ' << cell.mean << ' '
               << std::max(cell.ci_low, 1.0) << ' ' << cell.ci_high << "\n";  // log axis: a CI below 1 drawn at 1
        }
        data << "\n\n";
        curves.push_back({"N = " + std::to_string(n), block++});
      }
      panels.emplace_back(p, curves);
    }
  } else {
    std::vector<std::string> panel_names;
    for (const auto& a : c.algorithms)
      if (!a.baseline && std::find(panel_names.begin(), panel_names.end(), a.panel) == panel_names.end())
        panel_names.push_back(a.panel);
    if (panel_names.empty()) panel_names.push_back("baselines");
    for (const auto& p : c.problems)
      for (const auto& name : panel_names) {
        std::vector<Curve> curves;
        for (const auto& a : c.algorithms) {
          if (!(a.baseline || a.panel == name)) continue;
          for (const std::uint32_t n : c.agents) {
            const auto& cell = r.cell(p, a.label, n);
            data << n << ' ' << cell.mean << ' ' << std::max(cell.ci_low, 1.0) << ' ' << cell.ci_high << "\n";
          }
          data << "\n\n";
          curves.push_back({a.label, block++});
        }
        panels.emplace_back(p + ": " + name, curves);
      }
  }
  const std::size_t P = panels.size();
  const std::size_t cols = std::min<std::size_t>(P, c.problems.size() > 1 && P % c.problems.size() == 0 ? P / c.problems.size() : P);
  const std::size_t rows = (P + cols - 1) / cols;
  script << "# gnuplot script written by `dpbandit simulate` (" << c.name << ")\n";
  for (int pass = 0; pass < 2; ++pass) {
    script << (pass == 0 ? "set terminal pngcairo noenhanced size " : "set terminal svg noenhanced size ") << 520 * cols << ","
           << 400 * rows << (pass == 0 ? " font ',9'\n" : " font 'sans,9'\n");
    script << "set output " << gnuplot_quote(pass == 0 ? png : svg) << "\n";
    script << "set multiplot layout " << rows << "," << cols << " title " << gnuplot_quote(c.name + (c.figure.empty() ? "" : ": " + c.figure))
           << "\nset grid\nset key top left font ',8'\nset ylabel 'rounds (mean, 95% CI)'\n";
    if (c.x_axis == "eta") script << "unset logscale x\nset xlabel 'η'\n";
    else script << "set logscale x 2\nset xlabel 'N (agents)'\n";
    script << "set logscale y\n";
    for (const auto& [title, curves] : panels) {
      script << "set title " << gnuplot_quote(title) << "\nplot ";
      for (std::size_t k = 0; k < curves.size(); ++k)
        script << (k ? ", \\\n  " : "") << gnuplot_quote(data_name) << " index " << curves[k].block
               << " using 1:2:3:4 with yerrorlines lc " << k + 1 << " lw 2 title " << gnuplot_quote(curves[k].title);
      script << "\n";
    }
    script << "unset multiplot\n";
  }
  return {data.str(), script.str()};
}

}  // namespace

BaiFiles write_bai_outputs(const BaiResult& r, const std::filesystem::path& dir, bool plots) {
  const std::string name = r.config.name;
  output::Publication pub(dir, name);
  BaiFiles w;
  pub.write(name + "-bai.csv", bai_csv(r));
  if (plots && gnuplot_available()) {
    const std::string data = name + "-plot.dat", png = name + ".png", svg = name + ".svg";
    const PlotPlan plan = plot_plan(r, data, png, svg);
    pub.write(data, plan.data);
    pub.write(name + ".gp", plan.script);
    const std::string command =
        "cd " + shell_quote(pub.staged("").string()) + " && gnuplot " + shell_quote(name + ".gp") + " > gnuplot.log 2>&1";
    const int status = std::system(command.c_str());
    if (status == 0 && std::filesystem::exists(pub.staged(png)) && std::filesystem::exists(pub.staged(svg))) {
      for (const auto& f : {png, svg}) {
        pub.add(f);
        w.plots.push_back(dir / f);
      }
    } else {
      std::ifstream in(pub.staged("gnuplot.log"));
      std::ostringstream ss;
      ss << in.rdbuf();
      w.plot_error = "gnuplot failed: " + ss.str().substr(0, 400);
    }
  } else {
    w.plot_error = plots ? "gnuplot not found on the PATH" : "plots not requested";
  }
  nlohmann::json summary = bai_summary_json(r);
  nlohmann::json list = nlohmann::json::array();
  for (const auto& p : w.plots) list.push_back(p.string());
  summary["plots"] = list;
  if (!w.plot_error.empty()) summary["plot_error"] = w.plot_error;
  pub.write(name + "-summary.json", summary.dump(2) + "\n");
  w.files = pub.commit();
  return w;
}

}  // namespace dpb::verify::experiments
