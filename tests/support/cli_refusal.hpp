// The command line's contract for bad input (README "Exit codes", docs/architecture.md §5), checked on one
// invocation of the real binary: exit code 2, nothing on stdout, exactly one line on stderr, and that line contains
// `needle` (typically "parameter 'NAME'" and the offending value).
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "tests/support/run_command.hpp"

namespace dpb::test {

// Does `err` mention `needle`? An option refused by the option registry (verify/cli/options.hpp) is named
// '--name' and its value quoted "value"; checks of a combination name 'name' and quote 'value'. A needle written
// either way matches both.
inline bool mentions(const std::string& err, const std::string& needle) {
  if (err.find(needle) != std::string::npos) return true;
  std::string dashed;  // 'name' -> '--name' (a quote followed by a letter)
  for (std::size_t i = 0; i < needle.size(); ++i) {
    dashed += needle[i];
    if (needle[i] == '\'' && i + 1 < needle.size() && std::isalpha(static_cast<unsigned char>(needle[i + 1])) &&
        (i == 0 || needle[i - 1] == ' '))
      dashed += "--";
  }
  if (err.find(dashed) != std::string::npos) return true;
  for (const std::string& base : {needle, dashed}) {  // values quoted with double quotes
    std::string quoted = base;
    const auto got = quoted.find("got '");
    if (got != std::string::npos) {
      quoted[got + 4] = '"';
      const auto end = quoted.find('\'', got + 5);
      if (end != std::string::npos) quoted[end] = '"';
      if (err.find(quoted) != std::string::npos) return true;
    }
    if (base.size() >= 2 && base.front() == '\'' && base.back() == '\'' && base.find("--") == std::string::npos &&
        err.find('"' + base.substr(1, base.size() - 2) + '"') != std::string::npos)
      return true;
  }
  return false;
}

inline void expect_cli_refusal(const std::string& command, const std::string& needle) {
  const CommandResult r = run_command(command);
  EXPECT_EQ(r.exit_code, 2) << command;
  EXPECT_TRUE(r.out.empty()) << command << ": " << r.out;
  EXPECT_TRUE(mentions(r.err, needle)) << command << ": " << r.err << " (expected to mention " << needle << ")";
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
}

}  // namespace dpb::test
