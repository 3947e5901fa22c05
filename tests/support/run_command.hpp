// Runs a shell command and captures its exit code, stdout and stderr (for tests of the dpbandit binary).
#pragma once

#include <string>

namespace dpb::test {

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

CommandResult run_command(const std::string& command);

}  // namespace dpb::test
