// `dpbandit verify`: runs the registered claims (verify/claims/all_claims.cpp) and reports their verdicts.
// The work is done by dpb::verify::verify_main (verify/report/verify_main.hpp); this file only declares the options
// (registered in the option table, verify/cli/options.hpp).
#include <iostream>

#include "verify/claims/all_claims.hpp"
#include "verify/cli/commands.hpp"
#include "verify/report/verify_main.hpp"

namespace dpb::cli {

namespace {
struct VerifyCliArgs {
  dpb::verify::VerifyArgs args;
  std::string seed, jobs;
};
}  // namespace

void add_verify_command(CLI::App& app, Context& context) {
  auto a = std::make_shared<VerifyCliArgs>();
  auto* args = &a->args;
  auto* cmd = app.add_subcommand("verify", "Run the registered claims and report their verdicts");
  auto options = std::make_shared<Options>(
      cmd, "verify", context.options, std::vector<std::string>{"verify", "--only", "000.prop1", "--jobs", "1"});
  options->choice("--suite", args->suite, {"quick", "full"}, "quick (default) or full: the size of the parameter grids");
  options->text("--only", args->only, "Glob on claim ids, e.g. '000.*' or '*.fact1' (default: all claims)");
  options->path("--out", args->out,
                 "Directory for report.json, report.html and junit.xml (default: report; created if missing)");
  options->integer("--jobs", a->jobs, closed(1), closed(dpb::verify::kMaxJobs),
                   "Run claims in N worker threads (default: the CPUs available, as nproc counts them; here " +
                       std::to_string(dpb::verify::default_jobs()) + ")");
  options->path("--plots", args->plots, "Directory of the plots named in evidence (default: the --out directory)");
  options->flag("--list", args->list, "List the claims instead of running them");
  options->choice("--format", args->format, {"text", "markdown", "json"},
                  "Format of --list: text (default), markdown (docs/claims.md), json")
      .requires_options({"list"});
  options->number("--claim-timeout", args->claim_timeout, closed(0), closed(pow10(7), "10^7"),
                  "Seconds each claim may run before it is stopped and reported as `error` (default 600 in the quick "
                  "suite, 7200 in the full one; 0: no limit)");
  options->integer("--seed", a->seed, closed(0), max_u64(), "Seed for the claims that sample (default 20261121)");
  cmd->callback([a, args, options, &context]() {
    options->check();
    args->command_line = context.command_line;
    args->only_given = options->given("only");
    args->claim_timeout_given = options->given("claim-timeout");
    if (const auto seed = options->u64("seed")) args->seed = *seed;
    if (const auto jobs = options->u64("jobs")) args->jobs = std::to_string(*jobs);
    context.exit_code = dpb::verify::verify_main(*args, dpb::verify::all_claims(), std::cout, std::cerr);
  });
}

}  // namespace dpb::cli
