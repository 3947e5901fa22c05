#include "tests/support/run_command.hpp"

#include <sys/wait.h>

#include <cstdlib>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace dpb::test {

void prepare_cli_children() {
#if defined(__SANITIZE_ADDRESS__)
  static const bool done = [] {
    const char* old = std::getenv("ASAN_OPTIONS");
    const std::string options = (old != nullptr && *old != '\0' ? std::string(old) + ":" : std::string()) +
                                "detect_leaks=0";
    return ::setenv("ASAN_OPTIONS", options.c_str(), 1) == 0;
  }();
  if (!done) throw std::runtime_error("prepare_cli_children: setenv(ASAN_OPTIONS) failed");
#endif
}

CommandResult run_command(const std::string& command) {
  prepare_cli_children();
  static int counter = 0;
  auto err_path = std::filesystem::temp_directory_path() /
                  ("dpb_test_stderr_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::string full = command + " 2>" + err_path.string();
  FILE* pipe = ::popen(full.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("popen failed: " + full);
  CommandResult result;
  std::array<char, 4096> buffer{};
  std::size_t got;
  while ((got = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.out.append(buffer.data(), got);
  int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(err_path);
  std::stringstream ss;
  ss << in.rdbuf();
  result.err = ss.str();
  std::filesystem::remove(err_path);
  return result;
}

}  // namespace dpb::test
