// `dpbandit simulate`: runs an experiment of testdata/experiments/ (verify/experiments/; docs/experiments.md: regret
// experiments, seed 003's `glm` kind, seed 004's `bai` kind, seed 001's `exponents` kind), or
// (`--learner`) seed 004's multi-agent learners (docs/learners.md § multi-agent), and
// writes its curves (CSV), summary (JSON) and plots (PNG, SVG; gnuplot) into --out. A progress bar goes to stderr,
// the final regret table to stdout. Exit 0; 2 on usage errors (unknown experiment, bad option values), before
// anything is written.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <span>
#include <sstream>

#include <fmt/format.h>

#include "optimized/learners/mase.hpp"
#include "reference/core/errors.hpp"
#include "verify/cli/commands.hpp"
#include "optimized/learners/b_glincb.hpp"
#include "optimized/learners/glm_ucb.hpp"
#include "optimized/learners/gloc.hpp"
#include "optimized/learners/shuffle_glm.hpp"
#include "optimized/learners/rs_glincb.hpp"
#include "verify/cli/glm_options.hpp"
#include "verify/cli/linear_options.hpp"
#include "verify/cli/multi_agent_options.hpp"
#include "verify/crosscheck/linear_crosscheck.hpp"
#include "verify/crosscheck/multi_agent_crosscheck.hpp"
#include "verify/crosscheck/glm_learners.hpp"
#include "verify/crosscheck/rs_glincb_crosscheck.hpp"
#include "verify/cluster/cluster.hpp"
#include "verify/experiments/bai.hpp"
#include "verify/experiments/config.hpp"
#include "verify/experiments/glm_experiment.hpp"
#include "verify/experiments/seed001_exponents.hpp"
#include "verify/experiments/output.hpp"
#include "verify/experiments/simulation.hpp"
#include "verify/input/bounded_input.hpp"
#include "verify/input/publish.hpp"

namespace dpb::cli {

namespace {

struct SimulateArgs {
  std::string experiment;
  std::string config;
  std::string runs, horizon, seed, threads, arms;  // registered options (verify/cli/options.hpp)
  std::shared_ptr<Options> options;
  std::string eps;
  std::string out;
  std::string data;
  bool realized = false;
  bool list = false;
  bool no_plots = false;
  bool quiet = false;
  std::string learner;  // seed 004's multi-agent learners (instead of an experiment)
  std::string env;
  MultiAgentCliArgs multi_agent;
  LinearCliArgs linear;  // seed 001's learners
  GlmCliArgs glm;        // seed 003's GLM learners
  bool delta_given = false;
  std::string returning_batches, route;  // seed 000 returning users (App. I): regret experiments only
};

// --returning-batches / --route apply to the regret experiments' protocol SE learners only: refused, named, elsewhere.
void refuse_returning_options(const SimulateArgs& args, const std::string& what) {
  if (!args.returning_batches.empty())
    throw_parameter_error("simulate", "--returning-batches",
                          "absent for " + what + " (returning users: seed 000's protocol SE learners in a regret experiment)",
                          args.returning_batches);
  if (!args.route.empty())
    throw_parameter_error("simulate", "--route", "absent for " + what + " (returning users: with --returning-batches)",
                          args.route);
}

// `simulate --learner glm-ucb`: seed 003's non-private GLM learners by the optimized build (the same decisions as
// the reference: `dpbandit crosscheck`), on one instance shared by every run (the authors' layout: `sets` = T arm
// sets from stream 0 of the seed, or --instance FILE) with run r's rewards on streams 2^40·(r + 1) + t.
// Pseudo-regret (docs/bits.md §8); κ and κ* of the instance are printed first.
void simulate_glm(const SimulateArgs& args) {
  const Options& options = *args.options;
  const verify::GlmLearner& learner = *verify::find_glm_learner(args.learner);
  for (const char* name : {"eps", "env", "realized"})
    if (options.given(name) && !(learner.takes_eps && std::string_view(name) == "eps"))
      throw_parameter_error("simulate", std::string("--") + name, "absent for " + args.learner + " (pseudo-regret, non-private)",
                            std::string_view(name) == "eps"   ? args.eps
                            : std::string_view(name) == "env" ? args.env
                                                              : std::string("given"));
  const std::uint64_t horizon = options.u64("horizon", 2000);
  if (horizon < 1 || horizon > (std::uint64_t{1} << 24))
    throw_parameter_error("simulate", "--horizon", "in 1..2^24", std::to_string(horizon));
  verify::GlmCrosscheckConfig c = parse_glm_config(options, args.glm, args.linear, args.learner, "simulate");
  c.horizon = horizon;
  c.runs = static_cast<std::uint32_t>(options.u64("runs", 10));
  c.seed = options.u64("seed", 1);
  parse_glm_learner_options(options, args.glm, args.linear, args.eps, args.multi_agent.delta, horizon, c, "simulate");
  const ref::GlmInstance inst = verify::glm_crosscheck_instance(c);  // validates the instance
  learner.prepare(c, inst);                                           // validates the learner's parameters
  if (!args.out.empty())  // checked before anything runs (docs/reliability.md "Outputs: all or nothing")
    if (const std::string why = verify::output::destination_problem(args.out); !why.empty())
      throw_parameter_error("simulate", "--out", "a writable directory (or a new path)",
                            verify::input::quoted_prefix(args.out, 80) + " (" + why + ")");
  const ref::KappaEnclosure k = ref::glm_instance_kappa(inst, 64);
  const std::string widths = learner.describe(c, inst);
  const std::string lambda_text = learner.lambda_text(c, inst);
  // stdout is held until every run is done: a refusal inside a run (jdp-glm paper-code's DP-SGD σ search, when a
  // call's ε is below its accountant's floor) then leaves nothing on stdout (docs/reliability.md).
  std::string out = fmt::format("{} on {}: T = {}, lambda = {}, {}, seed {}; kappa ~ {:.4f}, kappa* ~ {:.4f}; pseudo-regret\n",
                                args.learner, inst.describe(), c.horizon, lambda_text, widths, c.seed,
                                k.kappa.midpoint_for_report(), k.kappa_star.midpoint_for_report());
  const fast::GlmEnvironment env(inst);
  const std::size_t points = std::min<std::uint64_t>(c.horizon, 200);
  std::vector<std::uint64_t> at(points);
  for (std::size_t i = 0; i < points; ++i) at[i] = c.horizon * (i + 1) / points;
  std::vector<double> sum(points, 0), sum2(points, 0), gap;
  std::ostringstream runs_csv;
  runs_csv << "run,pseudo_regret,pseudo_regret_error,deferrals,reward_deferrals\n";
  double total = 0, total2 = 0;
  for (std::uint32_t r = 0; r < c.runs; ++r) {
    const verify::GlmSimulateRun t = learner.simulate(c, env, r);
    out += t.note;
  double cum = 0;
    std::size_t next = 0;
    for (std::uint64_t s = 1; s <= c.horizon; ++s) {
      cum = env.pseudo_regret(std::span<const std::uint32_t>(t.actions.data(), s));
      if (next < points && s == at[next]) {
        sum[next] += cum;
        sum2[next] += cum * cum;
        ++next;
      }
      s = next < points ? std::max(s, at[next] - 1) : c.horizon;  // only the grid points are needed
    }
    cum = t.pseudo_regret;
    total += cum;
    total2 += cum * cum;
    out += fmt::format("run {}: pseudo-regret {:.3f} (+- {:.1e}), {} {}\n", r, cum, t.pseudo_regret_error, t.deferrals,
                       learner.simulate_deferred);
    runs_csv << r << "," << cum << "," << t.pseudo_regret_error << "," << t.deferrals << "," << t.reward_deferrals
             << "\n";
  }
  const double n = c.runs, mean = total / n;
  const double se = n > 1 ? std::sqrt(std::max(0.0, (total2 - n * mean * mean) / (n - 1)) / n) : 0.0;
  out += fmt::format("mean pseudo-regret at T: {:.3f} ± {:.3f} (se over {} runs)\n", mean, se, c.runs);
  std::fputs(out.c_str(), stdout);
  if (!args.out.empty()) {
    std::ostringstream curve;
    curve << "t,mean,se\n";
    for (std::size_t i = 0; i < points; ++i) {
      const double m = sum[i] / n;
      const double s = n > 1 ? std::sqrt(std::max(0.0, (sum2[i] - n * m * m) / (n - 1)) / n) : 0.0;
      curve << at[i] << "," << m << "," << s << "\n";
    }
    verify::output::Publication pub(args.out, "runs");
    pub.write("runs.csv", runs_csv.str());
    pub.write("curve.csv", curve.str());
    for (const auto& f : pub.commit()) std::printf("wrote %s\n", f.string().c_str());
  }
}

// `simulate --learner linucb…`: seed 001's learners on §6.1's instances (one per run), by the optimized build
// (bit-identical statistics and the same decisions as the reference: `dpbandit crosscheck`). Pseudo-regret.
// One line per run, mean ± se; with --out, runs.csv and curve.csv (mean cumulative pseudo-regret ± se).
void simulate_linear(const SimulateArgs& args) {
  if (args.eps.find(',') != std::string::npos)
    throw_parameter_error("simulate", "eps", "one rational for a seed 001 learner", "'" + args.eps + "'");
  verify::LinearCrosscheckConfig c;
  c.learner = args.learner;
  c.horizon = args.options->u64("horizon", 2000);
  c.runs = static_cast<std::uint32_t>(args.options->u64("runs", 10));
  c.seed = args.options->u64("seed", 1);
  c.d = linear_dimension(args.linear);
  c.K = static_cast<std::uint32_t>(args.options->u64("arms", 100));
  if (c.horizon < 1 || c.horizon > (std::uint64_t{1} << 24))
    throw_parameter_error("simulate", "horizon", "in 1..2^24", std::to_string(c.horizon));
  if (c.runs < 1 || c.runs > 100000) throw_parameter_error("simulate", "runs", "in 1..100000", std::to_string(c.runs));
  if (c.d < 2 || c.d > 64) throw_parameter_error("simulate", "d", "in [2, 64]", std::to_string(c.d));
  if (c.K < 1 || c.K > 100000) throw_parameter_error("simulate", "arms", "in 1..100000", std::to_string(c.K));
  c.params = parse_linear_params(args.linear, *ref::parse_linucb_variant(args.learner), args.eps.empty() ? "1" : args.eps,
                                 args.delta_given ? args.multi_agent.delta : "", c.horizon, "simulate");
  const bool code = c.params.profile == ref::Profile001::PaperCode;
  const bool realized = parse_realized_regret(args.linear, c.params.profile, "simulate");
  // Validates before output: the options, then the noise both builds build from them (prepare_linear).
  c.command = "simulate";
  c.eps_given = !args.eps.empty();
  c.delta_given = args.delta_given;
  const ref::LinUcbConfig derived = verify::prepare_linear(c);
  if (!args.out.empty())  // checked before anything runs (docs/reliability.md "Outputs: all or nothing")
    if (const std::string why = verify::output::destination_problem(args.out); !why.empty())
      throw_parameter_error("simulate", "--out", "a writable directory (or a new path)",
                            verify::input::quoted_prefix(args.out, 80) + " (" + why + ")");
  std::printf("%s (%s) on seed 001 %s instances: d = %u, K = %u, T = %llu, B = %llu, eps = %s, "
              "delta = %s, seed %llu; %s; %s regret\n",
              c.learner.c_str(), code ? "paper-code profile" : "theorem profile",
              code ? "§6.2 (the authors' code)" : "§6.1", c.d, c.K, static_cast<unsigned long long>(c.horizon),
              static_cast<unsigned long long>(derived.B), to_string(c.params.eps).c_str(),
              to_string(c.params.delta).c_str(), static_cast<unsigned long long>(c.seed), derived.privacy_note.c_str(),
              realized ? "realized" : "pseudo");
  const char* what = realized ? "realized regret" : "pseudo-regret";
  const std::size_t points = std::min<std::uint64_t>(c.horizon, 200);
  std::vector<std::uint64_t> at(points);
  for (std::size_t i = 0; i < points; ++i) at[i] = c.horizon * (i + 1) / points;
  std::vector<double> sum(points, 0), sum2(points, 0);
  std::ostringstream runs_csv;
  runs_csv << (realized ? "run,realized_regret" : "run,pseudo_regret") << ",pd_failures,deferrals,pd_deferrals,instance_redraws\n";
  double total = 0, total2 = 0;
  for (std::uint32_t r = 0; r < c.runs; ++r) {
    std::optional<ref::RewardTape> tape;
    const auto [inst, t] = verify::run_linear_fast(c, r, &tape);
    const std::vector<Rational> mu = inst.means();
    std::vector<double> gap(c.K);
    const auto best_it = std::max_element(mu.begin(), mu.end());
    const Rational best = *best_it;
    const auto best_arm = static_cast<std::uint32_t>(best_it - mu.begin());
    for (std::uint32_t a = 0; a < c.K; ++a) gap[a] = Rational(best - mu[a]).convert_to<double>();
    double cum = 0;
    std::size_t next = 0;
    for (std::uint64_t s = 1; s <= c.horizon; ++s) {
      const std::uint32_t a = t.base.actions[s - 1];
      cum += realized ? double(tape->units(best_arm, s - 1) - tape->units(a, s - 1)) : gap[a];
      if (next < points && s == at[next]) {
        sum[next] += cum;
        sum2[next] += cum * cum;
        ++next;
      }
    }
    total += cum;
    total2 += cum * cum;
    std::printf("run %u: %s %.3f, %llu PD failures, %llu near ties deferred\n", r, what, cum,
                static_cast<unsigned long long>(t.pd_failures), static_cast<unsigned long long>(t.base.deferrals));
    runs_csv << r << "," << cum << "," << t.pd_failures << "," << t.base.deferrals << "," << t.pd_deferrals << ","
             << inst.redraws << "\n";
  }
  const double n = c.runs, mean = total / n;
  const double se = n > 1 ? std::sqrt(std::max(0.0, (total2 - n * mean * mean) / (n - 1)) / n) : 0.0;
  std::printf("mean %s at T: %.3f ± %.3f (se over %u runs)\n", what, mean, se, c.runs);
  if (!args.out.empty()) {
    std::ostringstream curve;
    curve << "t,mean,se\n";
    for (std::size_t i = 0; i < points; ++i) {
      const double m = sum[i] / n;
      const double s = n > 1 ? std::sqrt(std::max(0.0, (sum2[i] - n * m * m) / (n - 1)) / n) : 0.0;
      curve << at[i] << "," << m << "," << s << "\n";
    }
    // All or nothing: staged, then published with the manifest written last (verify/input/publish.hpp).
    verify::output::Publication pub(args.out, "runs");
    pub.write("runs.csv", runs_csv.str());
    pub.write("curve.csv", curve.str());
    for (const auto& f : pub.commit()) std::printf("wrote %s\n", f.string().c_str());
  }
}

// `simulate --learner L`: seed 004's multi-agent learners, run by the optimized engine (bit-identical to the
// reference; `dpbandit crosscheck`). One line per run on stdout, a summary, and, with --out, runs.csv.
void simulate_multi_agent(const SimulateArgs& args) {
  MultiAgentCliArgs cli = args.multi_agent;
  cli.eps = args.eps;
  const ref::MultiAgentAlgorithm algorithm = *ref::parse_multi_agent_algorithm(args.learner);
  const ref::MultiAgentParams params = parse_multi_agent_params(cli, "simulate");
  const std::string env = args.env.empty() ? "p1" : args.env;
  const ref::BanditInstance instance = verify::make_seed004_instance(
      env, parse_rational(cli.sigma, "simulate", "sigma"), parse_rational(cli.shift, "simulate", "shift"));
  const ref::MultiAgentConfig config = ref::configure_multi_agent(algorithm, params, instance.arms());
  const auto runs = static_cast<std::uint32_t>(args.options->u64("runs", 10));
  const std::uint64_t seed = args.options->u64("seed", 1);
  if (!args.out.empty())
    if (const std::string why = verify::output::destination_problem(args.out); !why.empty())
      throw_parameter_error("simulate", "--out", "a writable directory (or a new path)",
                            verify::input::quoted_prefix(args.out, 80) + " (" + why + ")");
  std::ostringstream csv;
  csv << "run,reason,arm,correct,rounds,pulls,wasted,messages,global_eliminations,releases,first_finish_round\n";
  std::printf("%s on %s: N = %u, M = %llu%s, ρ = %s, seed %llu\n", args.learner.c_str(), env.c_str(), config.agents,
              static_cast<unsigned long long>(config.votes_threshold), config.votes_overridden ? " (--votes)" : "",
              to_string(config.rho).c_str(), static_cast<unsigned long long>(seed));
  std::uint64_t decided = 0, correct = 0;
  double rounds = 0, pulls = 0;
  for (std::uint32_t r = 0; r < runs; ++r) {
    const ref::MultiAgentOutcome o = fast::run_multi_agent(config, instance, ref::multi_agent_streams(seed, r));
    const bool ok = o.arm && *o.arm == instance.best_arm();
    decided += o.reason == ref::EndReason::Decided;
    correct += ok;
    rounds += static_cast<double>(o.rounds);
    pulls += static_cast<double>(o.pulls);
    const std::string arm = o.arm ? std::to_string(*o.arm) : "-";
    const std::string first = o.first_finish_round ? std::to_string(*o.first_finish_round) : "-";
    std::printf("run %u: %s, arm %s, %llu rounds, %llu pulls\n", r, ref::end_reason_name(o.reason).c_str(), arm.c_str(),
                static_cast<unsigned long long>(o.rounds), static_cast<unsigned long long>(o.pulls));
    csv << r << "," << ref::end_reason_name(o.reason) << "," << arm << "," << (ok ? 1 : 0) << "," << o.rounds << ","
        << o.pulls << "," << o.wasted_rounds << "," << o.messages.size() << "," << o.eliminations.size() << ","
        << o.releases.size() << "," << first << "\n";
  }
  std::printf("%llu/%u decided, %llu returned the best arm; mean rounds %.1f, mean pulls %.1f\n",
              static_cast<unsigned long long>(decided), runs, static_cast<unsigned long long>(correct),
              rounds / runs, pulls / runs);
  if (!args.out.empty()) {
    verify::output::Publication pub(args.out, "runs");  // all or nothing (docs/reliability.md "Outputs")
    pub.write("runs.csv", csv.str());
    for (const auto& f : pub.commit()) std::printf("wrote %s\n", f.string().c_str());
  }
}

// A seed-004 sweep (experiment kind `bai`, verify/experiments/bai.hpp): rounds against N or η. Options of the regret
// experiments do not apply and are refused, named.
void simulate_bai(const SimulateArgs& args, const verify::experiments::BaiConfig& config,
                  const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  namespace ex = dpb::verify::experiments;
  const Options& options = *args.options;
  const std::vector<std::pair<const char*, std::string>> regret_only = {
      {"horizon", args.horizon}, {"eps", args.eps}, {"arms", args.arms}, {"data", args.data}, {"realized", "given"}};
  for (const auto& [name, value] : regret_only)
    if (options.given(name))
      throw_parameter_error("simulate", std::string("--") + name,
                            "absent for " + config.name + " (a bai experiment: rounds against N)", value);
  ex::BaiOptions o;
  if (const auto runs = options.u64("runs")) o.runs = static_cast<std::uint32_t>(*runs);
  o.seed = options.u64("seed");
  if (const auto threads = options.u64("threads")) o.threads = static_cast<unsigned>(*threads);
  (void)ex::effective_bai_config(config, o);  // checked before anything runs or is written
  const std::filesystem::path out =
      args.out.empty() ? std::filesystem::path("results") / config.name : std::filesystem::path(args.out);
  if (const std::string why = verify::output::destination_problem(out); !why.empty())
    throw_parameter_error("simulate", "--out", "a writable directory (or a new path)",
                          verify::input::quoted_prefix(out.string(), 80) + " (" + why + ")");
  o.progress = progress;
  const ex::BaiResult result = ex::run_bai(config, o);
  const ex::BaiFiles files = verify::cluster::is_root() ? ex::write_bai_outputs(result, out, !args.no_plots) : ex::BaiFiles{};
  const auto& c = result.config;
  std::printf("%s: %u runs, delta = %s, seed %llu\n", c.name.c_str(), c.runs, to_string(c.delta).c_str(),
              static_cast<unsigned long long>(c.seed));
  std::fprintf(stderr, "simulate: wall %.2f s on %u threads\n", result.wall_seconds, result.threads);
  std::printf("%-8s %-30s %6s %4s %14s %24s %9s %9s\n", "problem", "algorithm", "N", "M", "mean rounds", "95% CI",
              "failures", "undecided");
  for (const auto& cell : result.cells) {
    char ci[64];
    std::snprintf(ci, sizeof ci, "[%.0f, %.0f]", cell.ci_low, cell.ci_high);
    std::printf("%-8s %-30s %6u %4llu %14.1f %24s %9llu %9llu\n", cell.problem.c_str(),
                c.algorithms.at(cell.algorithm).label.c_str(), cell.agents,
                static_cast<unsigned long long>(cell.votes_threshold), cell.mean, ci,
                static_cast<unsigned long long>(cell.failures), static_cast<unsigned long long>(cell.undecided_runs));
  }
  for (const auto& f : files.files) std::printf("wrote %s\n", f.string().c_str());
  if (!files.plot_error.empty() && !args.no_plots)
    std::fprintf(stderr, "dpbandit simulate: no plots: %s\n", files.plot_error.c_str());
}

std::vector<Rational> parse_eps_list(const std::string& text);

// Seed 001's regret exponents (kind `exponents`, verify/experiments/seed001_exponents.hpp): final pseudo-regret
// against T over a grid and the fitted exponents. --runs, --seed, --threads apply; the others are refused, named.
void simulate_exponents(const SimulateArgs& args, const verify::experiments::ExponentsConfig& config,
                        const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  namespace ex = dpb::verify::experiments;
  const Options& options = *args.options;
  const std::vector<std::pair<const char*, std::string>> other = {{"horizon", args.horizon}, {"eps", args.eps},
                                                                   {"arms", args.arms},       {"data", args.data},
                                                                   {"realized", "given"}};
  for (const auto& [name, value] : other)
    if (options.given(name))
      throw_parameter_error("simulate", std::string("--") + name,
                            "absent for " + config.name +
                                " (an exponents experiment: its T grid, eps and pseudo-regret are in the config)",
                            value);
  ex::ExponentsOptions o;
  if (const auto runs = options.u64("runs")) o.runs = static_cast<std::uint32_t>(*runs);
  o.seed = options.u64("seed");
  if (const auto threads = options.u64("threads")) o.threads = static_cast<unsigned>(*threads);
  (void)ex::effective_exponents_config(config, o);  // checked before anything runs or is written
  const std::filesystem::path out =
      args.out.empty() ? std::filesystem::path("results") / config.name : std::filesystem::path(args.out);
  if (const std::string why = verify::output::destination_problem(out); !why.empty())
    throw_parameter_error("simulate", "--out", "a writable directory (or a new path)",
                          verify::input::quoted_prefix(out.string(), 80) + " (" + why + ")");
  o.progress = progress;
  const ex::ExponentsResult result = ex::run_exponents(config, o);
  const ex::ExponentsFiles files =
      verify::cluster::is_root() ? ex::write_exponents_outputs(result, out, !args.no_plots) : ex::ExponentsFiles{};
  const auto& c = result.config;
  std::printf("%s: d = %u, K = %u, eps = %s, delta = %s, %u runs, seed %llu; theorem profile, pseudo-regret\n",
              c.name.c_str(), c.d, c.arms, to_string(c.eps).c_str(), to_string(c.delta).c_str(), c.runs,
              static_cast<unsigned long long>(c.seed));
  std::fprintf(stderr, "simulate: wall %.2f s on %u threads\n", result.wall_seconds, result.threads);
  std::fputs(ex::exponents_table(result).c_str(), stdout);
  for (const auto& f : files.files) std::printf("wrote %s\n", f.string().c_str());
  if (!files.plot_error.empty() && !args.no_plots)
    std::fprintf(stderr, "dpbandit simulate: no plots: %s\n", files.plot_error.c_str());
}

// A seed-003 GLM experiment (kind `glm`, verify/experiments/glm_experiment.hpp): cumulative pseudo-regret of the GLM
// learners, κ and κ* of the instances beside the paper's. --arms, --data, --realized do not apply and are refused.
void simulate_glm_experiment(const SimulateArgs& args, const verify::experiments::GlmExperimentConfig& config,
                             const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  namespace ex = dpb::verify::experiments;
  const Options& options = *args.options;
  const std::vector<std::pair<const char*, std::string>> other = {
      {"arms", args.arms}, {"data", args.data}, {"realized", "given"}};
  for (const auto& [name, value] : other)
    if (options.given(name))
      throw_parameter_error("simulate", std::string("--") + name,
                            "absent for " + config.name + " (a glm experiment: pseudo-regret on its GLM instances)",
                            value);
  ex::GlmExperimentOptions o;
  if (const auto runs = options.u64("runs")) o.runs = static_cast<std::uint32_t>(*runs);
  o.seed = options.u64("seed");
  o.horizon = options.u64("horizon");
  if (options.given("eps")) o.epsilons = parse_eps_list(args.eps);
  if (const auto threads = options.u64("threads")) o.threads = static_cast<unsigned>(*threads);
  (void)ex::effective_glm_config(config, o);  // checked before anything runs or is written
  const std::filesystem::path out =
      args.out.empty() ? std::filesystem::path("results") / config.name : std::filesystem::path(args.out);
  if (const std::string why = verify::output::destination_problem(out); !why.empty())
    throw_parameter_error("simulate", "--out", "a writable directory (or a new path)",
                          verify::input::quoted_prefix(out.string(), 80) + " (" + why + ")");
  o.progress = progress;
  const ex::GlmExperimentResult result = ex::run_glm_experiment(config, o);
  const ex::GlmFiles files =
      verify::cluster::is_root() ? ex::write_glm_outputs(result, out, !args.no_plots) : ex::GlmFiles{};
  const auto& c = result.config;
  std::printf("%s: %s link, d = %u, K = %u, %u runs, seed %llu, instances %s (seed %llu), delta = %s; pseudo-regret\n",
              c.name.c_str(), std::string(ref::link_name(c.link)).c_str(), c.d, c.K, c.runs,
              static_cast<unsigned long long>(c.seed), c.per_run_instances ? "per run" : "shared",
              static_cast<unsigned long long>(c.instance_seed), to_string(c.delta).c_str());
  std::fprintf(stderr, "simulate: wall %.2f s on %u threads\n", result.wall_seconds, result.threads);
  std::fputs(ex::glm_final_table(result).c_str(), stdout);
  for (const auto& f : files.files) std::printf("wrote %s\n", f.string().c_str());
  if (!files.plot_error.empty() && !args.no_plots)
    std::fprintf(stderr, "dpbandit simulate: no plots: %s\n", files.plot_error.c_str());
}

std::vector<Rational> parse_eps_list(const std::string& text) {
  std::vector<Rational> out;
  std::stringstream ss(text);
  for (std::string item; std::getline(ss, item, ',');) out.push_back(*parse_number(item));  // checked: Options::check
  return out;
}

// A progress bar on stderr: [#####.....] done/total elapsed.
class ProgressBar {
 public:
  explicit ProgressBar(bool enabled) : enabled_(enabled), start_(std::chrono::steady_clock::now()) {}
  void update(std::uint64_t done, std::uint64_t total) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (done < total && now - last_ < std::chrono::milliseconds(200)) return;
    last_ = now;
    const int width = 30;
    const int filled = static_cast<int>(width * done / std::max<std::uint64_t>(total, 1));
    const double s = std::chrono::duration<double>(now - start_).count();
    std::fprintf(stderr, "\r[%s%s] %llu/%llu runs×algorithms×eps  %.1f s", std::string(filled, '#').c_str(),
                 std::string(width - filled, '.').c_str(), static_cast<unsigned long long>(done),
                 static_cast<unsigned long long>(total), s);
    if (done == total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  }

 private:
  bool enabled_;
  std::chrono::steady_clock::time_point start_, last_{};
};

}  // namespace

void add_simulate_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<SimulateArgs>();
  auto* cmd = app.add_subcommand("simulate", "Run an experiment of the papers (regret curves, summary, plots)");
  const std::vector<std::string> companions = {"simulate", "--experiment", "002-fig1", "--runs", "1", "--horizon",
                                               "100", "--threads", "1", "--no-plots", "--quiet"};
  args->options = std::make_shared<Options>(cmd, "simulate", context.options, companions);
  Options& o = *args->options;
  o.text("--experiment", args->experiment, "Experiment name (see --list), e.g. 000-fig2-easy").conflicts_with({"config"});
  o.path("--config", args->config, "A config file instead of a named experiment")
      .companions_are({"simulate", "--runs", "1", "--horizon", "100", "--no-plots", "--quiet"});
  o.integer("--runs", args->runs, closed(1), closed(100000), "Number of runs (default: the config's)").slow_values({"100000"});
  // 2^34 is the registry's bound; memory bounds T further (K·T tapes per thread), refused up front naming
  // --horizon (verify/experiments/simulation.cpp, docs/reliability.md "Limits").
  o.integer("--horizon", args->horizon, closed(1), closed(pow2(34), "2^34"), "Horizon T (default: the config's)");
  o.integer("--threads", args->threads, closed(1), closed(256), "Worker threads (default: the number of cores)");
  o.integer("--seed", args->seed, closed(0), max_u64(), "Seed of the ChaCha20 streams (default: the config's)");
  o.number_list("--eps", args->eps, open(0), closed(1000), "Comma-separated privacy levels replacing the config's, e.g. 1/10,1");
  o.integer("--arms", args->arms, closed(2), closed(1000), "K for the seed000 and letor environments")
      .companions_are({"simulate", "--experiment", "000-fig2-easy", "--runs", "1", "--horizon", "100", "--threads", "1",
                       "--no-plots", "--quiet"});
  o.path("--data", args->data, "LETOR/MSLR-WEB10K file for a letor experiment (e.g. Fold1/train.txt)")
      .companions_are({"simulate", "--experiment", "000-mslr", "--runs", "1", "--horizon", "100", "--no-plots", "--quiet"});
  o.path("--out", args->out, "Output directory (default: results/<experiment>)");
  o.flag("--realized", args->realized, "Realized instead of pseudo-regret");
  o.flag("--no-plots", args->no_plots, "Do not draw plots");
  o.flag("--quiet", args->quiet, "No progress bar");
  o.flag("--list", args->list, "List the experiments");
  o.text("--learner", args->learner,
         "A learner instead of an experiment: seed 001's linucb, linucb-sdp-amp, linucb-sdp-vec, linucb-ldp, "
         "linucb-jdp, seed 003's glm-ucb, b-glincb, rs-glincb, shuffle-glm, gloc, jdp-glm, ecolog (logistic only), or seed 004's mase, dp-mase, corrupted-elimination, decentralized-elimination, central-se, "
         "independent-se")
      .conflicts_with({"experiment", "config"})
      .companions_are({"simulate", "--runs", "1", "--max-rounds", "1000"});
  o.text("--env", args->env, "Multi-agent learners: p1 (default) or p2")
      .companions_are({"simulate", "--learner", "mase", "--runs", "1", "--max-rounds", "1000"});
  const std::vector<std::string> returning_companions = {
      "simulate", "--experiment", "000-fig4-trust-models", "--eps", "1/2", "--runs", "1", "--horizon", "10",
      "--threads", "1", "--no-plots", "--quiet"};
  auto with = [](std::vector<std::string> v, std::initializer_list<std::string> more) {
    v.insert(v.end(), more);
    return v;
  };
  o.integer("--returning-batches", args->returning_batches, closed(1), closed(pow2(40), "2^40"),
            "Seed 000 returning users (App. I): every algorithm (a protocol SE learner) at the per-batch noise of "
            "`calibrate --returning-batches B --route R`; --eps is the total over a user's B batches")
      .companions_are(with(returning_companions, {"--route", "approx", "--delta", "1/100000"}));
  o.choice("--route", args->route, {"approx", "rdp", "pure"},
           "With --returning-batches: approx (every variant), rdp (dist-rdp, dist-cdp), pure (dist-dp, shuffle, "
           "central, local)")
      .companions_are(with(returning_companions, {"--returning-batches", "2", "--delta", "1/100000"}));
  add_multi_agent_options(o, args->multi_agent, {"simulate", "--learner", "mase", "--runs", "1", "--max-rounds", "1000"});
  add_linear_options(o, args->linear, {"simulate", "--learner", "linucb", "--runs", "1", "--horizon", "40", "--arms", "10"});
  add_glm_options(o, args->glm, {"simulate", "--learner", "glm-ucb", "--link", "logistic", "--runs", "1", "--horizon", "40"});
  cmd->callback([args, &context]() {
    namespace ex = dpb::verify::experiments;
    const Options& options = *args->options;
    options.check();
    if (args->list) {
      for (const auto& c : ex::list_experiments()) {
        std::string eps;
        for (const auto& e : c.epsilons) eps += (eps.empty() ? "" : ",") + to_string(e);
        std::cout << c.name << "  T=" << c.horizon << " runs=" << c.runs << " eps={" << eps << "} "
                  << c.algorithms.size() << " algorithms  " << c.description << "\n";
      }
      for (const auto& c : ex::list_glm_experiments()) {
        std::string S, T;
        for (const auto& x : c.S) S += (S.empty() ? "" : ",") + to_string(x);
        for (const auto x : c.horizons) T += (T.empty() ? "" : ",") + std::to_string(x);
        std::cout << c.name << "  glm S={" << S << "} T={" << T << "} runs=" << c.runs << " "
                  << c.algorithms.size() << " algorithms  " << c.description << "\n";
      }
      for (const auto& c : ex::list_exponents_experiments()) {
        std::string T;
        for (const auto x : c.horizons) T += (T.empty() ? "" : ",") + std::to_string(x);
        std::cout << c.name << "  exponents T={" << T << "} runs=" << c.runs << " eps=" << to_string(c.eps) << " "
                  << c.algorithms.size() << " algorithms  " << c.description << "\n";
      }
      for (const auto& c : ex::list_bai_experiments()) {
        std::string n;
        for (const auto a : c.agents) n += (n.empty() ? "" : ",") + std::to_string(a);
        std::cout << c.name << "  bai N={" << n << "} runs=" << c.runs << " " << c.algorithms.size()
                  << " algorithms  " << c.description << "\n";
      }
      context.exit_code = 0;
      return;
    }
    if (!args->learner.empty()) refuse_returning_options(*args, "--learner " + args->learner);
    if (!args->learner.empty() && dpb::verify::is_glm_learner(args->learner)) {
      refuse_multi_agent_options(options, args->learner,
                                 dpb::verify::find_glm_learner(args->learner)->takes_delta ? "delta" : "");
      simulate_glm(*args);
      context.exit_code = 0;
      return;
    }
    refuse_glm_options(options, args->learner, "simulate");
    if (!args->learner.empty() && dpb::verify::is_linear_learner(args->learner)) {
      args->delta_given = options.given("delta");
      simulate_linear(*args);
      context.exit_code = 0;
      return;
    }
    refuse_linear_options(options, args->learner, "simulate");
    if (!args->learner.empty()) {
      if (!dpb::verify::is_multi_agent_learner(args->learner))
        throw_parameter_error("simulate", "learner", "a seed 001 linear or seed 004 multi-agent learner", "'" + args->learner + "'");
      if (options.given("horizon"))  // issue 14 class 9: an option that does not apply is refused, not ignored
        throw_parameter_error("simulate", "--horizon",
                              "absent for --learner " + args->learner + " (multi-agent learners run --max-rounds)",
                              args->horizon);
      simulate_multi_agent(*args);
      context.exit_code = 0;
      return;
    }
    const bool returning = !args->returning_batches.empty() || !args->route.empty();
    refuse_multi_agent_options(options, args->learner, returning ? "delta" : "");
    if (!args->experiment.empty())
      if (const auto bai = ex::find_bai_experiment(args->experiment)) {
        refuse_returning_options(*args, args->experiment + " (a bai experiment)");
        auto bar = std::make_shared<ProgressBar>(!args->quiet);
        simulate_bai(*args, *bai, [bar](std::uint64_t done, std::uint64_t total) { bar->update(done, total); });
        context.exit_code = 0;
        return;
      }
    if (!args->experiment.empty())
      if (const auto glm = ex::find_glm_experiment(args->experiment)) {
        refuse_returning_options(*args, args->experiment + " (a glm experiment)");
        auto bar = std::make_shared<ProgressBar>(!args->quiet);
        simulate_glm_experiment(*args, *glm, [bar](std::uint64_t done, std::uint64_t total) { bar->update(done, total); });
        context.exit_code = 0;
        return;
      }
    if (!args->experiment.empty())
      if (const auto exps = ex::find_exponents_experiment(args->experiment)) {
        refuse_returning_options(*args, args->experiment + " (an exponents experiment)");
        auto bar = std::make_shared<ProgressBar>(!args->quiet);
        simulate_exponents(*args, *exps, [bar](std::uint64_t done, std::uint64_t total) { bar->update(done, total); });
        context.exit_code = 0;
        return;
      }
    if (!args->config.empty() && args->experiment.empty()) {
      const nlohmann::json j = ex::read_experiment_json(args->config);
      if (ex::is_exponents_file(j) || ex::is_glm_file(j)) refuse_returning_options(*args, "this config (not a regret experiment)");
      if (ex::is_exponents_file(j)) {
        const auto exps = ex::parse_exponents_config(j, std::filesystem::path(args->config).stem().string());
        auto bar = std::make_shared<ProgressBar>(!args->quiet);
        simulate_exponents(*args, exps, [bar](std::uint64_t done, std::uint64_t total) { bar->update(done, total); });
        context.exit_code = 0;
        return;
      }
      if (ex::is_glm_file(j)) {
        const auto glm = ex::parse_glm_experiment(j, std::filesystem::path(args->config).stem().string());
        auto bar = std::make_shared<ProgressBar>(!args->quiet);
        simulate_glm_experiment(*args, glm, [bar](std::uint64_t done, std::uint64_t total) { bar->update(done, total); });
        context.exit_code = 0;
        return;
      }
    }
    if (args->experiment.empty() == args->config.empty())
      throw_parameter_error("simulate", "experiment", "given, or --config, but not both (see `dpbandit simulate --list`)",
                            args->experiment.empty() ? "nothing" : "both");
    const ex::ExperimentConfig config =
        args->config.empty() ? ex::find_experiment(args->experiment) : ex::load_experiment_config(args->config);
    ex::SimulationOptions o;
    if (const auto runs = options.u64("runs")) o.runs = static_cast<std::uint32_t>(*runs);
    o.horizon = options.u64("horizon");
    o.seed = options.u64("seed");
    if (args->realized) o.realized = true;
    if (const auto threads = options.u64("threads")) o.threads = static_cast<unsigned>(*threads);
    if (const auto arms = options.u64("arms")) o.arms = static_cast<std::uint32_t>(*arms);
    if (options.given("eps")) o.epsilons = parse_eps_list(args->eps);
    if (!args->data.empty()) o.data = args->data;
    if (const auto b = options.u64("returning-batches")) o.returning_batches = *b;
    if (!args->route.empty()) o.route = args->route;
    if (returning && options.given("delta")) o.delta = parse_rational(args->multi_agent.delta, "simulate", "--delta");
    (void)ex::effective_config(config, o);  // every option checked before anything runs or is written
    const std::filesystem::path out = args->out.empty() ? std::filesystem::path("results") / config.name : std::filesystem::path(args->out);
    if (const std::string why = verify::output::destination_problem(out); !why.empty())
      throw_parameter_error("simulate", "--out", "a writable directory (or a new path)",
                            verify::input::quoted_prefix(out.string(), 80) + " (" + why + ")");

    auto bar = std::make_shared<ProgressBar>(!args->quiet);
    o.progress = [bar](std::uint64_t done, std::uint64_t total) { bar->update(done, total); };
    const ex::SimulationResult result = ex::simulate(config, o);
    // Files are written by one process only (rank 0 under dpbandit-mpi; every rank holds the same result).
    const ex::WrittenFiles files =
        verify::cluster::is_root() ? ex::write_outputs(result, out, !args->no_plots) : ex::WrittenFiles{};

    const auto& c = result.config;
    std::printf("%s: T = %llu, %u runs, %s regret\n", c.name.c_str(), static_cast<unsigned long long>(c.horizon),
                c.runs, c.realized ? "realized" : "pseudo");
    // Timings go to stderr, so that stdout is a function of the inputs alone.
    std::fprintf(stderr, "simulate: wall %.2f s on %u threads\n", result.wall_seconds, result.threads);
    std::printf("%-28s %-8s %16s %14s %16s\n", "algorithm", "eps", "final regret", "± se", "regret / T");
    for (std::size_t i = 0; i < c.algorithms.size(); ++i)
      for (std::size_t j = 0; j < c.epsilons.size(); ++j) {
        const auto& cell = result.cell(i, j);
        std::printf("%-28s %-8s %16.1f %14.1f %16.6f\n", cell.algorithm.c_str(), to_string(cell.eps).c_str(),
                    cell.mean.back(), cell.se.back(), cell.mean.back() / static_cast<double>(c.horizon));
      }
    for (const auto& f : files.files) std::printf("wrote %s\n", f.string().c_str());
    if (!files.plot_error.empty() && !args->no_plots)
      std::fprintf(stderr, "dpbandit simulate: no plots: %s\n", files.plot_error.c_str());
    context.exit_code = 0;
  });
}

}  // namespace dpb::cli
