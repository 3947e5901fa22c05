// `dpbandit options [--json]`: every option of every command with its type, range, requirements and conflicts,
// as registered (verify/cli/options.hpp). The bad-input table (tests/verify/cli/bad_input_table_cli_test.cpp) reads
// the JSON form, so a new option is covered without writing a test.
#include <cstdio>
#include <memory>

#include "verify/cli/commands.hpp"

namespace dpb::cli {

void add_options_command(CLI::App& app, Context& context) {
  auto json = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("options", "List every option of every command with its type and range");
  cmd->add_flag("--json", *json, "as JSON (command, name, kind, range, choices, requires, conflicts, companions)");
  cmd->callback([json, &context]() {
    std::string out;
    if (*json) {
      out = context.options.json();
    } else {
      for (const auto& s : context.options.specs())
        out += s.command + " " + s.flag() + (s.kind == OptionKind::flag ? "" : "  " + s.condition()) + "\n";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    context.exit_code = 0;
  });
}

}  // namespace dpb::cli
