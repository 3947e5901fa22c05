// Audits of someone else's implementation (docs/audit.md, "External implementations"):
//   * from files: one output per line (an integer or a real), produced on neighbouring inputs D and D′;
//   * from a command: CMD runs under /bin/sh with DPB_NEIGHBOUR=0 (D) or 1 (D′), DPB_SPLIT=search|final,
//     DPB_SAMPLES (outputs still wanted) and DPB_SEED set; it prints one output per line. It is re-run until
//     enough outputs arrive (each run must print at least one).
// Samples from files are split by position (every 10th line is the search split); command outputs are drawn
// separately for the two splits.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "verify/audit/black_box.hpp"

namespace dpb::verify::audit {

// Parses one output per line (blank lines and lines starting with '#' are skipped). Throws ParameterError
// naming `parameter` with the file and line number for anything that is not a finite number, or an unreadable or
// empty file.
std::vector<double> read_outputs_file(const std::string& path, const std::string& parameter);
std::vector<double> parse_outputs(const std::string& text, const std::string& parameter, const std::string& origin);

// Runs `command` until `count` outputs are collected. Throws ParameterError naming "command" if it exits with a
// non-zero status, prints something that is not a number, or prints nothing.
std::vector<double> run_command_outputs(const std::string& command, int neighbour, const std::string& split,
                                        std::uint64_t count, std::uint64_t seed);

AuditResult audit_command(const std::string& command, std::uint64_t samples, std::uint64_t seed, double eps_claimed,
                          const AuditSettings& settings);

}  // namespace dpb::verify::audit
