#include "verify/audit/external.hpp"

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

#include "reference/core/errors.hpp"

namespace dpb::verify::audit {

namespace {
constexpr const char* kFn = "audit external";

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}
}  // namespace

std::vector<double> parse_outputs(const std::string& text, const std::string& parameter, const std::string& origin) {
  std::vector<double> out;
  std::istringstream in(text);
  std::string line;
  std::uint64_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    const auto b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos || line[b] == '#') continue;
    const auto e = line.find_last_not_of(" \t\r");
    const std::string field = line.substr(b, e - b + 1);
    char* end = nullptr;
    const double v = std::strtod(field.c_str(), &end);
    if (end != field.c_str() + field.size() || !std::isfinite(v))
      throw_parameter_error(kFn, parameter, "one finite number per line (" + origin + ", line " +
                                                std::to_string(number) + ")",
                            field);
    out.push_back(v);
  }
  return out;
}

std::vector<double> read_outputs_file(const std::string& path, const std::string& parameter) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw_parameter_error(kFn, parameter, "a readable file", path);
  std::ostringstream s;
  s << in.rdbuf();
  std::vector<double> v = parse_outputs(s.str(), parameter, path);
  if (v.size() < 20) throw_parameter_error(kFn, parameter, "a file with at least 20 outputs", path);
  return v;
}

std::vector<double> run_command_outputs(const std::string& command, int neighbour, const std::string& split,
                                        std::uint64_t count, std::uint64_t seed) {
  std::vector<double> out;
  for (std::uint64_t run = 0; out.size() < count; ++run) {
    const std::string full = "DPB_NEIGHBOUR=" + std::to_string(neighbour) + " DPB_SPLIT=" + split +
                             " DPB_SAMPLES=" + std::to_string(count - out.size()) +
                             " DPB_SEED=" + std::to_string(seed * 1000003 + run * 2 + static_cast<std::uint64_t>(neighbour)) +
                             " /bin/sh -c " + shell_quote(command);
    FILE* pipe = popen(full.c_str(), "r");
    if (!pipe) throw_parameter_error(kFn, "command", "a command that /bin/sh can start", command);
    std::string text;
    std::array<char, 65536> buf{};
    std::size_t got = 0;
    while ((got = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) text.append(buf.data(), got);
    const int status = pclose(pipe);
    if (status != 0)
      throw_parameter_error(kFn, "command", "a command that exits with status 0 (DPB_NEIGHBOUR=" +
                                                std::to_string(neighbour) + ")",
                            command);
    const std::vector<double> v = parse_outputs(text, "command", "its output");
    if (v.empty()) throw_parameter_error(kFn, "command", "a command that prints at least one output", command);
    out.insert(out.end(), v.begin(), v.end());
  }
  out.resize(count);
  return out;
}

AuditResult audit_command(const std::string& command, std::uint64_t samples, std::uint64_t seed, double eps_claimed,
                          const AuditSettings& settings) {
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t n_search = std::max<std::uint64_t>(samples / 10, 100);
  const auto sd = run_command_outputs(command, 0, "search", n_search, seed);
  const auto sdp = run_command_outputs(command, 1, "search", n_search, seed);
  const auto fd = run_command_outputs(command, 0, "final", samples, seed + 1);
  const auto fdp = run_command_outputs(command, 1, "final", samples, seed + 1);
  AuditResult r = audit_histograms("external", Histogram::from_values(sd), Histogram::from_values(sdp),
                                   Histogram::from_values(fd), Histogram::from_values(fdp), eps_claimed, std::nullopt,
                                   settings);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.samples_per_second = r.seconds > 0 ? static_cast<double>(2 * (samples + n_search)) / r.seconds : 0;
  r.details = {{"mode", "command"}, {"command", command}};
  return r;
}

}  // namespace dpb::verify::audit
