// The subcommands of `dpbandit`. Each lives in its own file and registers itself on the app; its action sets
// `exit_code`. Usage and parameter errors (ParameterError, CLI11 parse errors) end the program with exit code 2
// and one line on stderr, before anything is written to stdout or to a file.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "verify/cli/options.hpp"

namespace dpb::cli {

struct Context {
  int exit_code = 0;
  std::vector<std::string> command_line;  // argv as given (report.json records it)
  OptionTable options;                     // every option of every command (verify/cli/options.hpp)
};

void add_sample_command(CLI::App& app, Context& context);
void add_pmf_command(CLI::App& app, Context& context);
void add_verify_command(CLI::App& app, Context& context);
void add_crosscheck_command(CLI::App& app, Context& context);
void add_vectors_command(CLI::App& app, Context& context);
void add_calibrate_command(CLI::App& app, Context& context);
void add_audit_command(CLI::App& app, Context& context);
// `dpbandit audit eta-privacy` (verify/cli/eta_privacy_command.cpp), a subcommand of `audit`.
CLI::App* add_eta_privacy_command(CLI::App& audit, Context& context);
void add_simulate_command(CLI::App& app, Context& context);
// `dpbandit glm` (verify/cli/glm_command.cpp): seed 003's certified GLM link values.
void add_glm_command(CLI::App& app, Context& context);
// `dpbandit glm-instance` (verify/cli/glm_instance_command.cpp): seed 003's GLM instances, κ and κ*, export.
void add_glm_instance_command(CLI::App& app, Context& context);
// `dpbandit options [--json]`: the option table (the bad-input test reads it).
void add_options_command(CLI::App& app, Context& context);

// The whole command line: parses argv, runs the command, returns the exit status (README "Exit codes"). Shared by
// `dpbandit` (verify/cli/main.cpp) and `dpbandit-mpi` (verify/mpi/dpbandit_mpi.cpp).
int run(int argc, char** argv);

}  // namespace dpb::cli
