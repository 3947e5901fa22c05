// Audits of someone else's implementation (docs/audit.md, "External implementations"):
//   * from files: one output per line (an integer or a real), produced on neighbouring inputs D and D′;
//   * from a command: CMD runs under /bin/sh with DPB_NEIGHBOUR=0 (D) or 1 (D′), DPB_SPLIT=search|final,
//     DPB_SAMPLES (outputs still wanted) and DPB_SEED set; it prints one output per line. It is re-run until
//     enough outputs arrive (each run must print at least one).
// Samples from files are split by position (every 10th line is the search split); command outputs are drawn
// separately for the two splits.
//
// Hostile input (docs/reliability.md): outputs are read streaming into histograms (never every sample kept), a
// line holds at most kMaxOutputLine bytes, a histogram at most kMaxDistinctOutputs distinct values, and a command
// stops being read as soon as enough outputs arrived (its process group is then killed).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "verify/audit/black_box.hpp"
#include "verify/audit/neighbour_search.hpp"

namespace dpb::verify::audit {

// The most distinct output values one histogram (one side of one split) may hold.
inline constexpr std::size_t kMaxDistinctOutputs = 10'000'000;

// The output on one line, or nothing for a blank line or a `#` comment. Throws ParameterError naming `parameter`
// (with `origin` and the line number, and a bounded, escaped prefix of the line) for anything that is not one
// finite number.
std::optional<double> parse_output_line(std::string_view line, const std::string& parameter,
                                        const std::string& origin, std::uint64_t line_number);

// Counts outputs one at a time; refuses (ParameterError naming `parameter`) more than kMaxDistinctOutputs distinct
// values.
class HistogramBuilder {
 public:
  explicit HistogramBuilder(std::string parameter) : parameter_(std::move(parameter)) {}
  void add(double value);
  std::uint64_t total() const { return total_; }
  Histogram histogram() const;

 private:
  std::string parameter_;
  std::map<double, std::uint64_t> counts_;
  std::uint64_t total_ = 0;
};

// The search (every 10th output, index ≡ 0 mod 10) and final (the rest) histograms of one file. `vector`: the
// file's first output has several coordinates (nothing read into the histograms: audit_files reads such files as
// vector outputs, below).
struct SplitHistograms {
  Histogram search, final_split;
  std::uint64_t total = 0;
  bool vector = false;
};

// Vector outputs (docs/audit.md "External implementations: vector outputs"): one output per line, its coordinates
// finite numbers separated by spaces or tabs, the same number (at most kMaxOutputDimension) on every line of both
// files. audit_files reads each file twice (regular files only): first the search split's (every 10th output) means
// and pooled covariance, whose Fisher direction w = S⁻¹(m_D′ − m_D) (S the pooled covariance plus a 10⁻⁹ relative
// ridge when dim <= 64, its diagonal beyond) is fixed before the final split is looked at; then every output is
// reduced to y = w·x and audited as a scalar: threshold events on y are half-spaces {w·x >= t} of the output space,
// their thresholds chosen on the search split as for scalar outputs. audit_command does the same when the command's
// first output has several coordinates, keeping its search split (n/10 per side, n <= 10^6) to compute w.
inline constexpr std::size_t kMaxOutputDimension = 1024;
std::optional<std::vector<double>> parse_output_vector(std::string_view line, const std::string& parameter,
                                                       const std::string& origin, std::uint64_t line_number);

// Reads a file of outputs streaming. `timeout_seconds` (0 = none) bounds the whole read (a FIFO with no writer).
// Throws ParameterError naming `parameter` for an unreadable file, a line that is not a number or longer than
// kMaxOutputLine, too many distinct values, fewer than 20 outputs, or the timeout.
SplitHistograms read_outputs_file(const std::string& path, const std::string& parameter,
                                  std::uint64_t timeout_seconds = 0);

// Runs `command` (in its own process group) until `count` outputs are collected; each run is bounded by
// `timeout_seconds` (0 = none), after which its whole process group is killed. Throws ParameterError naming
// "command" if a run exits with a non-zero status before enough outputs arrived, prints something that is not a
// number (or a line longer than kMaxOutputLine), prints nothing, or passes the timeout.
// `extra_env` ("NAME=value" entries) is added to the command's environment (DPB_PAIR for the neighbour search).
Histogram run_command_outputs(const std::string& command, int neighbour, const std::string& split,
                              std::uint64_t count, std::uint64_t seed, std::uint64_t timeout_seconds = 0,
                              const std::vector<std::string>& extra_env = {});

AuditResult audit_files(const std::string& d_path, const std::string& d_prime_path, double eps_claimed,
                        const AuditSettings& settings, std::uint64_t timeout_seconds = 0);

AuditResult audit_command(const std::string& command, std::uint64_t samples, std::uint64_t seed, double eps_claimed,
                          const AuditSettings& settings, std::uint64_t timeout_seconds = 0);

// The neighbour search over an external implementation's own pairs (docs/audit.md "Neighbour search"): CMD runs
// with DPB_PAIR=i (i = 0 … search.pairs − 1; the command maps i to its own inputs D_i, D′_i) besides the variables
// above; the pairs are screened, `search.keep` are kept and audited in full with the confidence shared
// (neighbour_search.hpp); the report names the worst i. DPB_SPLIT is search or final (the screening pass and the final audits are each
// run_audit's two splits); DPB_SEED differs per pair, pass, split and block. Runs on one thread.
AuditResult audit_command_pairs(const std::string& command, std::uint64_t samples, std::uint64_t seed,
                                double eps_claimed, const AuditSettings& settings, const NeighbourSearch& search,
                                std::uint64_t timeout_seconds = 0);

}  // namespace dpb::verify::audit
