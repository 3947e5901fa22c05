#include "verify/cli/commands.hpp"
namespace dpb::cli {
void add_pmf_command(CLI::App& app, Context& context) { (void)app; (void)context; }
}  // namespace dpb::cli
