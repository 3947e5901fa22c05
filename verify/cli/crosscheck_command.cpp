// `dpbandit crosscheck`: reference vs optimized learners on shared reward tapes and noise streams
// (verify/crosscheck/learners_crosscheck.hpp). Exit 0 when every run is consistent, 1 on an unexplained
// disagreement, 2 on usage errors (unknown or pending learner, bad option values).
#include <iostream>
#include <memory>
#include <optional>

#include "reference/core/errors.hpp"
#include "verify/cli/commands.hpp"
#include "verify/cli/glm_options.hpp"
#include "verify/cli/linear_options.hpp"
#include "verify/cli/multi_agent_options.hpp"
#include "verify/cli/progress.hpp"
#include "verify/crosscheck/glm_crosscheck.hpp"
#include "verify/crosscheck/glm_learners.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"
#include "verify/crosscheck/linear_crosscheck.hpp"
#include "verify/crosscheck/multi_agent_crosscheck.hpp"

namespace dpb::cli {

namespace {

struct CrosscheckArgs {
  std::string learner;
  std::string horizon, runs, seed;
  std::string eps;  // default 1/2 (seed 001's learners: 1)
  std::string env;
  std::string arms;
  bool list = false;
  bool ledger = false;
  MultiAgentCliArgs multi_agent;  // seed 004's learners (--agents, --delta, ...)
  LinearCliArgs linear;           // seed 001's learners (--batch, --d, --pd-policy, ...)
  GlmCliArgs glm;                 // seed 003's GLM learners (--link, --S, --generator, --instance, --rho)
  std::string returning_batches, route;  // seed 000 returning users (App. I), protocol SE learners
};

}  // namespace

void add_crosscheck_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<CrosscheckArgs>();
  auto* cmd = app.add_subcommand("crosscheck", "Check that the reference and optimized learners decide alike");
  const std::vector<std::string> companions = {"crosscheck", "--learner", "ucb", "--horizon", "50", "--runs", "1"};
  auto options = std::make_shared<Options>(cmd, "crosscheck", context.options, companions);
  options->text("--learner", args->learner, "Learner name (see --list)");
  options->integer("--horizon", args->horizon, closed(1), closed(pow2(24), "2^24"), "Horizon T (default 2000)")
      .companions_are({"crosscheck", "--learner", "ucb", "--runs", "1"})
      .slow_values({"16777216"});
  options->integer("--runs", args->runs, closed(1), closed(100000), "Number of seeded runs (default 20)")
      .companions_are({"crosscheck", "--learner", "ucb", "--horizon", "10"})
      .slow_values({"100000"});
  options->integer("--seed", args->seed, closed(0), max_u64(), "Seed of the runs' ChaCha20 streams (default 1)");
  options->number("--eps", args->eps, open(0), closed(1000), "Privacy parameter, exact rational (default 1/2)");
  options->text("--env", args->env,
                "Environment: seed002-setting1|2|3 (Bernoulli, K = 5) or seed000-easy|hard (clipped Gaussian); "
                "default: the learner's");
  options->integer("--arms", args->arms, closed(1), closed(1000), "K for the seed000 environments (default 10); the GLM learners' arms (default 20, at most 256)")
      .companions_are({"crosscheck", "--learner", "ucb", "--env", "seed000-easy", "--horizon", "50", "--runs", "1"});
  options->flag("--list", args->list, "List the learners and their status");
  options->flag("--ledger", args->ledger,
                "Also record both builds' privacy ledgers and require them byte-identical (single-agent learners)");
  options->integer("--returning-batches", args->returning_batches, closed(1), closed(pow2(40), "2^40"),
                   "Seed 000 protocol SE learners: returning users in up to B batches (App. I), with --route; both "
                   "builds at the per-batch noise of `calibrate --returning-batches B --route R`, --eps the total")
      .companions_are({"crosscheck", "--learner", "dist-dp-se", "--route", "pure", "--horizon", "10", "--runs", "1"});
  options->choice("--route", args->route, {"approx", "rdp", "pure"},
                  "With --returning-batches: approx (every variant), rdp (dist-rdp, dist-cdp), pure (dist-dp, "
                  "shuffle, central, local)")
      .companions_are({"crosscheck", "--learner", "dist-dp-se", "--returning-batches", "2", "--horizon", "10", "--runs", "1"});
  add_multi_agent_options(*options, args->multi_agent,
                          {"crosscheck", "--learner", "mase", "--runs", "1", "--max-rounds", "1000"},
                          kCrosscheckMaxAgentsLog2);
  add_linear_options(*options, args->linear,
                     {"crosscheck", "--learner", "linucb", "--horizon", "40", "--runs", "1", "--arms", "10"});
  add_glm_options(*options, args->glm,
                  {"crosscheck", "--learner", "glm-ucb", "--link", "logistic", "--horizon", "5", "--runs", "1"});
  cmd->callback([args, options, &context]() {
    options->check();
    if (args->list) {
      dpb::verify::print_learner_list(std::cout);
      std::cout << "seed 001 linear learners (Algorithm 1, theorem profile; --d, --arms (default 100), --batch, --eps "
                   "(default 1), --delta (default 1/10), --confidence, --pd-policy, --lambda; instance of §6.1):\n";
      for (const auto& name : ref::linucb_variant_names()) std::cout << "  " << name << "\n";
      std::cout << "seed 004 multi-agent learners (--agents N, --max-rounds, --env p1|p2; both builds' outcome "
                   "records compared event by event):\n";
      for (const auto& name : dpb::verify::multi_agent_learner_names()) std::cout << "  " << name << "\n";
      std::cout << "seed 003 GLM learners (non-private; --link, --d (default 3), --arms (default 20), --S (default 2), "
                   "--generator, --instance FILE, --lambda, --rho; the horizon's arm sets, rewards on per-round "
                   "streams; shuffle-glm is private: --eps, --delta, --kappa-star, scaled profile; gloc: --profile "
                   "theorem|paper-code, --kappa, --delta; jdp-glm is joint-DP: --eps, --delta, --zeta, --kappa, "
                   "--kappa-star, --gamma-constant, --beta-constant, --profile theorem|paper-code (--code-version "
                   "first|later); ecolog: logistic only, --profile theorem|paper-code, --lambda, --delta):\n";
      for (const auto& name : dpb::verify::glm_learner_names()) std::cout << "  " << name << "\n";
      context.exit_code = 0;
      return;
    }
    if (args->learner.empty())
      throw_parameter_error("crosscheck", "learner", "given (see `dpbandit crosscheck --list`)", "nothing");
    const bool returning = !args->returning_batches.empty() || !args->route.empty();
    if (returning && (dpb::verify::is_multi_agent_learner(args->learner) || dpb::verify::is_linear_learner(args->learner) ||
                      dpb::verify::find_glm_learner(args->learner) != nullptr))
      throw_parameter_error("crosscheck", args->returning_batches.empty() ? "--route" : "--returning-batches",
                            "absent for " + args->learner + " (returning users: seed 000's protocol SE learners)",
                            args->returning_batches.empty() ? args->route : args->returning_batches);
    if (const dpb::verify::GlmLearner* glm = dpb::verify::find_glm_learner(args->learner)) {
      refuse_multi_agent_options(*options, args->learner, glm->takes_delta ? "delta" : "");
      if (!args->env.empty()) throw_parameter_error("crosscheck", "--env", "absent for " + args->learner, args->env);
      if (args->ledger) throw_parameter_error("crosscheck", "--ledger", "absent for " + args->learner, "given");
      if (options->given("eps") && !glm->takes_eps)
        throw_parameter_error("crosscheck", "--eps", "absent for " + args->learner + " (non-private)", args->eps);
      // The exact reference certifies every arm's index every round, so a round's cost grows with K (faster than
      // linearly: rs-glincb at T = 64 took 2.7 s at 100 arms, 15 s at 250 and 8 rounds in 19 s at 1000; b-glincb
      // 28 s at 1000). The registered --arms maximum (1000) is the bandit environments'; crosscheck's GLM learners
      // take at most 256 (docs/reliability.md "Limits"; `simulate`, the optimized build alone, keeps 1000: 1-2 s).
      if (options->given("arms") && *options->u64("arms") > 256)
        throw_parameter_error("crosscheck", "--arms",
                              "at most 256 for " + args->learner + " (the exact reference certifies every arm's "
                              "index every round)",
                              args->arms);
      dpb::verify::GlmCrosscheckConfig gc = parse_glm_config(*options, args->glm, args->linear, args->learner, "crosscheck");
      gc.horizon = options->u64("horizon", 200);
      parse_glm_learner_options(*options, args->glm, args->linear, args->eps, args->multi_agent.delta, gc.horizon, gc,
                                "crosscheck");
      gc.runs = static_cast<std::uint32_t>(options->u64("runs", 3));
      gc.seed = options->u64("seed", 1);
      std::optional<Progress> progress;  // created at the first reference round: every option was valid by then
      gc.progress = [&](std::uint64_t done, std::uint64_t total) {
        if (!progress) progress.emplace("crosscheck", "reference rounds", total);
        progress->update(done);
      };
      const auto report = dpb::verify::crosscheck_glm(gc);  // validates before any output
      // the progress line\'s closing newline before the report
      progress.reset();
      dpb::verify::print_glm_report(report, std::cout);
      context.exit_code = report.ok() ? 0 : 1;
      return;
    }
    refuse_glm_options(*options, args->learner, "crosscheck");
    if (dpb::verify::is_linear_learner(args->learner)) {
      dpb::verify::LinearCrosscheckConfig lc;
      lc.learner = args->learner;
      lc.horizon = options->u64("horizon", 2000);
      lc.runs = static_cast<std::uint32_t>(options->u64("runs", 20));
      lc.seed = options->u64("seed", 1);
      lc.d = linear_dimension(args->linear);
      lc.K = static_cast<std::uint32_t>(options->u64("arms", 100));
      lc.context_tape = parse_context_tape(args->linear, "crosscheck");
      const std::string delta = options->given("delta") ? args->multi_agent.delta : "";
      lc.params = parse_linear_params(args->linear, *ref::parse_linucb_variant(args->learner),
                                      args->eps.empty() ? "1" : args->eps, delta, lc.horizon, "crosscheck");
      lc.eps_given = !args->eps.empty();
      lc.delta_given = options->given("delta");
      (void)parse_realized_regret(args->linear, lc.params.profile, "crosscheck");  // both regrets are reported
      std::optional<Progress> progress;  // created at the first reference round: every option was valid by then
      lc.progress = [&](std::uint64_t done, std::uint64_t total) {
        if (!progress) progress.emplace("crosscheck", "reference rounds", total);
        progress->update(done);
      };
      const auto report = dpb::verify::crosscheck_linear(lc);  // validates before any output
      // the progress line\'s closing newline before the report
      progress.reset();
      dpb::verify::print_linear_report(report, std::cout);
      context.exit_code = report.ok() ? 0 : 1;
      return;
    }
    refuse_linear_options(*options, args->learner, "crosscheck");
    if (dpb::verify::is_multi_agent_learner(args->learner)) {
      if (options->given("horizon"))  // issue 14 class 9: an option that does not apply is refused, not ignored
        throw_parameter_error("crosscheck", "--horizon",
                              "absent for --learner " + args->learner + " (multi-agent learners run --max-rounds)",
                              args->horizon);
      dpb::verify::MultiAgentCrosscheckConfig ma;
      ma.algorithm = *ref::parse_multi_agent_algorithm(args->learner);
      MultiAgentCliArgs cli = args->multi_agent;
      cli.eps = args->eps.empty() ? "1/2" : args->eps;
      ma.params = parse_multi_agent_params(cli, "crosscheck");
      ma.environment = args->env.empty() ? "p1" : args->env;
      ma.sigma = parse_rational(cli.sigma, "crosscheck", "sigma");
      ma.shift = parse_rational(cli.shift, "crosscheck", "shift");
      ma.runs = static_cast<std::uint32_t>(options->u64("runs", 20));
      ma.seed = options->u64("seed", 1);
      std::optional<Progress> progress;  // created at the first reference round: every option was valid by then
      ma.progress = [&](std::uint32_t runs_done, std::uint64_t rounds) {  // a run's length is not known in advance
        if (!progress) progress.emplace("crosscheck", "runs", ma.runs);
        progress->update(runs_done, [&] {
          return rounds == 0
                     ? std::string()
                     : "run " + std::to_string(runs_done + 1) + ": " + std::to_string(rounds) + " reference rounds";
        });
      };
      const auto report = dpb::verify::crosscheck_multi_agent(ma);  // validates before any output
      // the progress line\'s closing newline before the report
      progress.reset();
      dpb::verify::print_multi_agent_report(report, std::cout);
      context.exit_code = report.ok() ? 0 : 1;
      return;
    }
    refuse_multi_agent_options(*options, args->learner, returning ? "delta" : "");
    if (options->given("arms")) {  // K of the seed000 environments only (class 9: an irrelevant option is refused)
      std::string env = args->env;
      if (env.empty())
        if (const auto* l = dpb::verify::find_crosscheck_learner(args->learner)) env = l->environment;
      if (!env.empty() && env.rfind("seed000", 0) != 0)
        throw_parameter_error("crosscheck", "--arms", "absent with the environment " + env + " (K is fixed there)",
                              args->arms);
    }
    dpb::verify::CrosscheckConfig config;
    config.learner = args->learner;
    config.horizon = options->u64("horizon", 2000);
    config.runs = static_cast<std::uint32_t>(options->u64("runs", 20));
    config.seed = options->u64("seed", 1);
    config.eps = parse_rational(args->eps.empty() ? "1/2" : args->eps, "crosscheck", "eps");
    config.eps_given = !args->eps.empty();
    config.environment = args->env;
    config.arms = static_cast<std::uint32_t>(options->u64("arms", 10));
    config.ledger = args->ledger;
    if (returning) {
      if (args->returning_batches.empty())
        throw_parameter_error("crosscheck", "--route", "given with --returning-batches B", args->route);
      if (args->route.empty())
        throw_parameter_error("crosscheck", "--returning-batches", "given with --route approx|rdp|pure",
                              args->returning_batches);
      ref::ReturningSetting setting;
      setting.B = *options->u64("returning-batches");
      setting.route = ref::parse_returning_route(args->route, "crosscheck");
      if (options->given("delta")) setting.delta = parse_rational(args->multi_agent.delta, "crosscheck", "--delta");
      if ((setting.route == ref::ReturningRoute::Pure) == setting.delta.has_value())
        throw_parameter_error("crosscheck", "--delta",
                              setting.route == ref::ReturningRoute::Pure ? "absent on --route pure"
                                                                         : "given with --route approx|rdp",
                              setting.delta ? args->multi_agent.delta : std::string("nothing"));
      config.returning = setting;
    }
    std::optional<Progress> progress;  // created at the first reference round: every option was valid by then
    config.progress = [&](std::uint64_t done, std::uint64_t total) {
      if (!progress) progress.emplace("crosscheck", "reference rounds", total);
      progress->update(done);
    };
    const auto report = dpb::verify::crosscheck_learner(config);  // validates before any output
    // the progress line\'s closing newline before the report
    progress.reset();
    dpb::verify::print_report(report, std::cout);
    context.exit_code = report.ok() ? 0 : 1;
  });
}

}  // namespace dpb::cli
