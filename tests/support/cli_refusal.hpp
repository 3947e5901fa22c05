// The command line's contract for bad input (README "Exit codes", docs/architecture.md §5), checked on one
// invocation of the real binary: exit code 2, nothing on stdout, exactly one line on stderr, and that line contains
// `needle` (typically "parameter 'NAME'" and the offending value).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "tests/support/run_command.hpp"

namespace dpb::test {

inline void expect_cli_refusal(const std::string& command, const std::string& needle) {
  const CommandResult r = run_command(command);
  EXPECT_EQ(r.exit_code, 2) << command;
  EXPECT_TRUE(r.out.empty()) << command << ": " << r.out;
  EXPECT_NE(r.err.find(needle), std::string::npos) << command << ": " << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
}

}  // namespace dpb::test
