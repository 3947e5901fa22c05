// `dpbandit crosscheck`: reference vs optimized learners on shared reward tapes and noise streams
// (verify/crosscheck/learners_crosscheck.hpp). Exit 0 when every run is consistent, 1 on an unexplained
// disagreement, 2 on usage errors (unknown or pending learner, bad option values).
#include <iostream>
#include <memory>

#include "reference/core/errors.hpp"
#include "verify/cli/commands.hpp"
#include "verify/cli/multi_agent_options.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"
#include "verify/crosscheck/multi_agent_crosscheck.hpp"

namespace dpb::cli {

namespace {

struct CrosscheckArgs {
  std::string learner;
  std::uint64_t horizon = 2000;
  std::uint32_t runs = 20;
  std::uint64_t seed = 1;
  std::string eps = "1/2";
  std::string env;
  std::uint32_t arms = 10;
  bool list = false;
  bool ledger = false;
  MultiAgentCliArgs multi_agent;  // seed 004's learners (--agents, --delta, ...)
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
  cmd->add_flag("--ledger", args->ledger,
                "Also record both builds' privacy ledgers and require them byte-identical (single-agent learners)");
  add_multi_agent_options(cmd, args->multi_agent);
  cmd->callback([args, &context]() {
    if (args->list) {
      dpb::verify::print_learner_list(std::cout);
      std::cout << "seed 004 multi-agent learners (--agents N, --max-rounds, --env p1|p2; both builds' outcome "
                   "records compared event by event):\n";
      for (const auto& name : dpb::verify::multi_agent_learner_names()) std::cout << "  " << name << "\n";
      context.exit_code = 0;
      return;
    }
    if (args->learner.empty())
      throw_parameter_error("crosscheck", "learner", "given (see `dpbandit crosscheck --list`)", "nothing");
    if (dpb::verify::is_multi_agent_learner(args->learner)) {
      dpb::verify::MultiAgentCrosscheckConfig ma;
      ma.algorithm = *ref::parse_multi_agent_algorithm(args->learner);
      MultiAgentCliArgs cli = args->multi_agent;
      cli.eps = args->eps;
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
    config.eps = parse_rational(args->eps, "crosscheck", "eps");
    config.environment = args->env;
    config.arms = args->arms;
    config.ledger = args->ledger;
    const auto report = dpb::verify::crosscheck_learner(config);  // validates before any output
    dpb::verify::print_report(report, std::cout);
    context.exit_code = report.ok() ? 0 : 1;
  });
}

}  // namespace dpb::cli
