// `dpbandit verify`: runs the registered claims (verify/claims/all_claims.cpp) and reports their verdicts.
// The work is done by dpb::verify::verify_main (verify/report/verify_main.hpp); this file only declares the options.
#include <iostream>

#include "verify/claims/all_claims.hpp"
#include "verify/cli/commands.hpp"
#include "verify/report/verify_main.hpp"

namespace dpb::cli {

void add_verify_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<dpb::verify::VerifyArgs>();
  auto* cmd = app.add_subcommand("verify", "Run the registered claims and report their verdicts");
  cmd->add_option("--suite", args->suite, "quick (default) or full: the size of the parameter grids");
  auto* only = cmd->add_option("--only", args->only, "Glob on claim ids, e.g. '000.*' or '*.fact1' (default: all claims)");
  cmd->add_option("--out", args->out,
                  "Directory for report.json, report.html and junit.xml (default: report; created if missing)");
  cmd->add_option("--jobs", args->jobs,
                  "Run claims in N worker threads (default: the CPUs available, as nproc counts them; here " +
                      std::to_string(dpb::verify::default_jobs()) + ")");
  cmd->add_option("--plots", args->plots, "Directory of the plots named in evidence (default: the --out directory)");
  cmd->add_flag("--list", args->list, "List the claims instead of running them");
  cmd->add_option("--format", args->format, "Format of --list: text (default), markdown (docs/claims.md), json");
  cmd->add_option("--claim-timeout", args->claim_timeout,
                  "Seconds each claim may run before it is stopped and reported as `error` (default 600; 0: no "
                  "limit)");
  cmd->add_option("--seed", args->seed, "Seed for the claims that sample (default 20261121)");
  cmd->callback([args, only, &context]() {
    args->command_line = context.command_line;
    args->only_given = only->count() > 0;
    context.exit_code = dpb::verify::verify_main(*args, dpb::verify::all_claims(), std::cout, std::cerr);
  });
}

}  // namespace dpb::cli
