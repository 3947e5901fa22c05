// `dpbandit audit eta-privacy`: the (ϵ, η)-privacy adversary audit of seed 004 (verify/audit/eta_privacy.hpp;
// docs/audit.md § "(ϵ, η)-privacy"; docs/privacy-004.md §7).
//   dpbandit audit eta-privacy --learner corrupted-elimination|decentralized-elimination|dp-mase [--eta E] [--xi X]
//       [--eps E --beta B] --agents N [--agent-law uniform|power] [--watch n] [--adversary A] [--runs R]
//       [--confidence C] [--problem p1|p2] [--delta D] [--pac-eps P] [--seed S] [--threads K] [--json]
// Output: one line per (watched agent, adversary) and a verdict line (or JSON). Exit codes: 0 HOLDS,
// INCONCLUSIVE or REPORTED (dp-mase without --eta); 1 VIOLATED; 2 usage errors.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "verify/audit/eta_privacy.hpp"
#include "verify/cli/progress.hpp"
#include "verify/cli/commands.hpp"

namespace dpb::cli {
namespace {

constexpr const char* kFn = "audit eta-privacy";

struct EtaArgs {
  std::string learner, eta, xi, agents = "64", law = "uniform", watch, adversary, runs, confidence, eps, beta,
      problem = "p1", delta, pac_eps, seed, threads;
  bool json = false;
};

}  // namespace

CLI::App* add_eta_privacy_command(CLI::App& audit, Context& context) {
  auto args = std::make_shared<EtaArgs>();
  auto* cmd = audit.add_subcommand("eta-privacy", "(eps, eta)-privacy adversary audit of seed 004's learners");
  const std::vector<std::string> base = {"audit", "eta-privacy", "--learner", "corrupted-elimination", "--eta", "1/2",
                                         "--agents", "4", "--runs", "2", "--delta", "1/4"};
  auto options = std::make_shared<Options>(cmd, kFn, context.options, base);
  const auto dp = std::vector<std::string>{"audit", "eta-privacy", "--learner", "dp-mase", "--agents", "4", "--runs",
                                           "2", "--delta", "1/4", "--eps", "1"};
  options->choice("--learner", args->learner, {"corrupted-elimination", "decentralized-elimination", "dp-mase"},
                  "the learner audited (required)");
  options->number("--eta", args->eta, closed(1 / pow10(6), "1e-6"), open(1),
                  "apparent privacy level eta in [1e-6, 1) (SE's radius grows with ln(1/eta)): the adversary may win with probability at most 1 - eta "
                  "(required for corrupted-elimination and decentralized-elimination)");
  options->number("--xi", args->xi, closed(0), open(1),
                  "corrupted-elimination: corruption probability xi in [0, 1) with eta_xi > 0 (default 0)");
  options->integer("--agents", args->agents, closed(1), closed(4096), "number of agents N, 1..4096 (default 64)")
      .slow_values({"4096"});
  options->choice("--agent-law", args->law, {"uniform", "power"},
                  "agent law: uniform (default) or power (P(n) proportional to (n + 1)^(-4/5))");
  options->integer("--watch", args->watch, closed(0), closed(4095),
                   "the watched agent, below --agents (default: the most likely, a median and the least likely)");
  options->choice("--adversary", args->adversary, {"unvoted", "complete", "timed", "learned"},
                  "one adversary (default: all four)");
  options->integer("--runs", args->runs, closed(1), closed(pow10(6), "10^6"),
                   "scored runs R (default 2000; the learned adversary fits on R/4 more)")
      .slow_values({"1000000"});
  options->number("--confidence", args->confidence, closed(Rational(1, 2)), closed(1 - 1 / pow10(12), "1 - 1e-12"),
                  "overall confidence in [1/2, 1 - 1e-12] (default 0.95), Bonferroni over agents and adversaries");
  options->number("--eps", args->eps, closed(Rational(1, 100), "1/100"), closed(1000),
                  "dp-mase: epsilon of its DP-SE (default 1/2)")
      .companions_are(dp);
  options->number("--beta", args->beta, closed(1 / pow10(6), "1e-6"), open(1),
                  "dp-mase: local confidence beta in [1e-6, 1) (default 1/2)")
      .companions_are(dp);
  options->choice("--problem", args->problem, {"p1", "p2"},
                  "P1 (Bernoulli, default) or P2 (the bounded clipped-Gaussian proxy; no unbounded P2 exists)");
  options->number("--delta", args->delta, closed(1 / pow10(6), "1e-6"), open(1),
                  "global failure probability delta in [1e-6, 1) (default 1/20)");
  options->number("--pac-eps", args->pac_eps, closed(0), open(1),
                  "PAC precision: a guess wins iff its mean is within it of the best (default 0: the best arm only)");
  options->integer("--seed", args->seed, closed(0), max_u64(), "seed of the ChaCha20 streams (default 1)");
  options->integer("--threads", args->threads, closed(1), closed(256), "worker threads (default 1); the result does "
                   "not depend on it");
  options->flag("--json", args->json, "print the result as JSON");
  cmd->callback([args, options, &context]() {
    options->check();
    if (args->learner.empty()) throw_parameter_error(kFn, "--learner", "given", "nothing");
    verify::audit::EtaSetting s;
    s.algorithm = *ref::parse_multi_agent_algorithm(args->learner);
    const bool dp_mase = s.algorithm == ref::MultiAgentAlgorithm::DpMase;
    const bool ce = s.algorithm == ref::MultiAgentAlgorithm::CorruptedElimination;
    if (!dp_mase && options->given("eps")) throw_parameter_error(kFn, "--eps", "absent unless --learner dp-mase", args->eps);
    if (!dp_mase && options->given("beta"))
      throw_parameter_error(kFn, "--beta", "absent unless --learner dp-mase", args->beta);
    if (!ce && options->given("xi"))
      throw_parameter_error(kFn, "--xi", "absent unless --learner corrupted-elimination", args->xi);
    if (!dp_mase && !options->given("eta"))
      throw_parameter_error(kFn, "--eta", "given for --learner " + args->learner, "nothing");
    s.params.agents = static_cast<std::uint32_t>(options->u64("agents", 64));
    if (const auto w = options->u64("watch")) {
      if (*w >= s.params.agents)
        throw_parameter_error(kFn, "--watch", "below --agents (" + std::to_string(s.params.agents) + ")", args->watch);
      s.watched = {static_cast<std::uint32_t>(*w)};
    }
    if (options->given("eta")) {
      s.eta = *options->number_value("eta");
      s.params.eta = *s.eta;
    }
    if (const auto x = options->number_value("xi")) {
      if (*x != 0 && *x < 1 / pow10(6))  // the mask's Bernoulli sampler takes rationals of bounded size
        throw_parameter_error(kFn, "--xi", "0 or in [1e-6, 1)", args->xi);
      s.params.xi = *x;
    }
    if (const auto e = options->number_value("eps")) s.params.eps = *e;
    s.params.beta = options->number_value("beta").value_or(Rational(1, 2));
    s.params.delta = options->number_value("delta").value_or(Rational(1, 20));
    if (const auto p = options->number_value("pac-eps")) s.pac_eps = *p;
    s.params.law = args->law == "power" ? ref::AgentLawKind::Power : ref::AgentLawKind::Uniform;
    s.instance = args->problem == "p2" ? ref::seed004_problem2() : ref::seed004_problem1();
    if (options->given("adversary")) s.adversaries = {*verify::audit::parse_eta_adversary(args->adversary)};
    s.runs = options->u64("runs", 2000);
    s.name = args->learner + " N = " + std::to_string(s.params.agents) + " " + args->law + " " + args->problem;
    const Rational confidence = options->number_value("confidence").value_or(Rational(19, 20));
    const double alpha = (1 - confidence).convert_to<double>();
    const std::uint64_t seed = options->u64("seed", 1);
    const unsigned threads = static_cast<unsigned>(options->u64("threads", 1));
    // Validates every parameter (ParameterError naming it) before anything runs or prints.
    ref::configure_multi_agent(s.algorithm, s.params, s.instance.arms());
    std::optional<Progress> progress;  // from here on every option is valid (errata: progress only on valid runs)
    const auto result = verify::audit::run_eta_setting(s, seed, threads, [&](std::uint64_t done, std::uint64_t total) {
      if (!progress) progress.emplace("audit eta-privacy", "games", total);
      progress->update(done);
    });
    progress.reset();  // its closing newline before the results
    const auto j = verify::audit::judge_eta({result}, alpha);
    std::string out;
    if (args->json) {
      nlohmann::json doc = j.evidence;
      doc["verdict"] = verify::audit::verdict_word(j.verdict);
      doc["seed"] = seed;
      if (j.verdict == verify::audit::EtaVerdict::inconclusive) doc["runs_needed"] = j.runs_needed;
      out = doc.dump(2) + "\n";
    } else {
      char buf[300];
      for (const auto& c : j.evidence["counts"]) {
        std::snprintf(buf, sizeof buf, "  agent %-5u %-9s wins %llu/%llu = %.4f  CP [%.4f, %.4f]\n",
                      c["agent"].get<unsigned>(), c["adversary"].get<std::string>().c_str(),
                      static_cast<unsigned long long>(c["wins"].get<std::uint64_t>()),
                      static_cast<unsigned long long>(c["runs"].get<std::uint64_t>()), c["rate"].get<double>(),
                      c["cp_lower"].get<double>(), c["cp_upper"].get<double>());
        out += buf;
      }
      std::snprintf(buf, sizeof buf, "%s: %s (local failure level %s, 1 - eta %s, proof bound %s, %llu undecided "
                    "runs, mean rounds %.0f, CP at %.3g each)\n",
                    s.name.c_str(), verify::audit::verdict_word(j.verdict).c_str(),
                    dpb::to_string(result.eta_xi).c_str(), s.eta ? dpb::to_string(1 - *s.eta).c_str() : "-",
                    result.proof_bound ? dpb::to_string(*result.proof_bound).c_str() : "-",
                    static_cast<unsigned long long>(result.undecided), result.mean_rounds, j.alpha_each);
      out += buf;
      if (j.verdict == verify::audit::EtaVerdict::inconclusive)
        out += "  " + j.evidence["inconclusive_because"].get<std::string>() + "\n";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    context.exit_code = j.verdict == verify::audit::EtaVerdict::violated ? 1 : 0;
  });
  return cmd;
}

}  // namespace dpb::cli
