// `dpbandit verify`: runs the registered claims. (Issue 3 fills the registry; until then it reports none.)
#include <iostream>

#include "verify/cli/commands.hpp"

namespace dpb::cli {

void add_verify_command(CLI::App& app, Context& context) {
  auto* cmd = app.add_subcommand("verify", "Run the registered claims and report their verdicts");
  cmd->callback([&context]() {
    std::cerr << "verify: no claims registered yet\n";
    context.exit_code = 0;
  });
}

}  // namespace dpb::cli
