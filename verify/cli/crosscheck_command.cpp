// `dpbandit crosscheck`: reference vs optimized learners on shared reward tapes and noise streams
// (verify/crosscheck/learners_crosscheck.hpp). Exit 0 when every run is consistent, 1 on an unexplained
// disagreement, 2 on usage errors (unknown or pending learner, bad option values).
#include <iostream>
#include <memory>

#include "reference/core/errors.hpp"
#include "verify/cli/commands.hpp"
#include "verify/cli/linear_options.hpp"
#include "verify/cli/multi_agent_options.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"
#include "verify/crosscheck/linear_crosscheck.hpp"
#include "verify/crosscheck/multi_agent_crosscheck.hpp"

namespace dpb::cli {

namespace {

struct CrosscheckArgs {
  std::string learner;
  std::uint64_t horizon = 2000;
  std::uint32_t runs = 20;
  std::uint64_t seed = 1;
  std::string eps;  // default 1/2 (seed 001's learners: 1)
  std::string env;
  std::optional<std::uint32_t> arms;  // default 10 (seed 001's learners: 100)
  bool list = false;
  MultiAgentCliArgs multi_agent;  // seed 004's learners (--agents, --delta, ...)
  LinearCliArgs linear;           // seed 001's learners (--batch, --d, --pd-policy, ...)
};

}  // namespace

void add_crosscheck_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<CrosscheckArgs>();
  auto* cmd = app.add_subcommand("crosscheck", "Check that the reference and optimized learners decide alike");
  cmd->add_option("--learner", args->learner, "Learner name (see --list)");
  cmd->add_option("--horizon", args->horizon, "Horizon T (default 2000)");
  cmd->add_option("--runs", args->runs, "Number of seeded runs (default 20)");
  cmd->add_option("--seed", args->seed, "Seed of the runs' ChaCha20 streams (default 1)");
  cmd->add_option("--eps", args->eps, "Privacy parameter, exact rational (default 1/2)");
  cmd->add_option("--env", args->env,
                  "Environment: seed002-setting1|2|3 (Bernoulli, K = 5) or seed000-easy|hard (clipped Gaussian); "
                  "default: the learner's");
  cmd->add_option("--arms", args->arms, "K for the seed000 environments (default 10)");
  cmd->add_flag("--list", args->list, "List the learners and their status");
  add_multi_agent_options(cmd, args->multi_agent);
  add_linear_options(cmd, args->linear);
  cmd->callback([args, cmd, &context]() {
    if (args->list) {
      dpb::verify::print_learner_list(std::cout);
      std::cout << "seed 001 linear learners (Algorithm 1, theorem profile; --d, --arms (default 100), --batch, --eps "
                   "(default 1), --delta (default 1/10), --confidence, --pd-policy, --lambda; instance of §6.1):\n";
      for (const auto& name : ref::linucb_variant_names()) std::cout << "  " << name << "\n";
      std::cout << "seed 004 multi-agent learners (--agents N, --max-rounds, --env p1|p2; both builds' outcome "
                   "records compared event by event):\n";
      for (const auto& name : dpb::verify::multi_agent_learner_names()) std::cout << "  " << name << "\n";
      context.exit_code = 0;
      return;
    }
    if (args->learner.empty())
      throw_parameter_error("crosscheck", "learner", "given (see `dpbandit crosscheck --list`)", "nothing");
    if (dpb::verify::is_linear_learner(args->learner)) {
      dpb::verify::LinearCrosscheckConfig lc;
      lc.learner = args->learner;
      lc.horizon = args->horizon;
      lc.runs = args->runs;
      lc.seed = args->seed;
      lc.d = args->linear.d;
      lc.K = args->arms.value_or(100);
      lc.context_tape = parse_context_tape(args->linear, "crosscheck");
      const std::string delta = cmd->count("--delta") ? args->multi_agent.delta : "";
      lc.params = parse_linear_params(args->linear, *ref::parse_linucb_variant(args->learner),
                                      args->eps.empty() ? "1" : args->eps, delta, args->horizon, "crosscheck");
      const auto report = dpb::verify::crosscheck_linear(lc);  // validates before any output
      dpb::verify::print_linear_report(report, std::cout);
      context.exit_code = report.ok() ? 0 : 1;
      return;
    }
    if (dpb::verify::is_multi_agent_learner(args->learner)) {
      dpb::verify::MultiAgentCrosscheckConfig ma;
      ma.algorithm = *ref::parse_multi_agent_algorithm(args->learner);
      MultiAgentCliArgs cli = args->multi_agent;
      cli.eps = args->eps.empty() ? "1/2" : args->eps;
      ma.params = parse_multi_agent_params(cli, "crosscheck");
      ma.environment = args->env.empty() ? "p1" : args->env;
      ma.sigma = parse_rational(cli.sigma, "crosscheck", "sigma");
      ma.shift = parse_rational(cli.shift, "crosscheck", "shift");
      ma.runs = args->runs;
      ma.seed = args->seed;
      const auto report = dpb::verify::crosscheck_multi_agent(ma);  // validates before any output
      dpb::verify::print_multi_agent_report(report, std::cout);
      context.exit_code = report.ok() ? 0 : 1;
      return;
    }
    dpb::verify::CrosscheckConfig config;
    config.learner = args->learner;
    config.horizon = args->horizon;
    config.runs = args->runs;
    config.seed = args->seed;
    config.eps = parse_rational(args->eps.empty() ? "1/2" : args->eps, "crosscheck", "eps");
    config.environment = args->env;
    config.arms = args->arms.value_or(10);
    const auto report = dpb::verify::crosscheck_learner(config);  // validates before any output
    dpb::verify::print_report(report, std::cout);
    context.exit_code = report.ok() ? 0 : 1;
  });
}

}  // namespace dpb::cli
