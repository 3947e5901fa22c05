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

// In the sanitizer tree, the dpbandit processes the CLI tests start run without LeakSanitizer's exit scan
// (ASAN_OPTIONS gains detect_leaks=0 for children; the test process itself keeps its own, already read at start).
// The scan costs about 0.1 s of CPU per process (it walks the instrumented binary's 100 MB of sanitizer data) and the
// CLI tests start thousands of them; the library code those processes run is leak-checked where the unit and
// property tests exit (every test executable keeps LeakSanitizer). docs/performance.md "CI time". Idempotent;
// run_command calls it; tests that start processes themselves call it first.
void prepare_cli_children();

}  // namespace dpb::test
