// The options of seed 004's multi-agent learners, shared by `dpbandit crosscheck` and `dpbandit simulate`
// (docs/learners.md § multi-agent). Numbers are exact rationals; every bad value is a ParameterError naming the
// option and its value (exit 2, nothing written).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "reference/learners/mase.hpp"
#include "verify/cli/options.hpp"

namespace dpb::cli {

struct MultiAgentCliArgs {
  std::string agents = "4";
  std::string delta = "1/4", beta, eta = "1/2", xi = "0", c = "1", gamma = "4/5", agent_offset = "0";
  std::string eps;  // the command's --eps (dp-mase)
  std::string votes;  // empty: derived from δ
  std::string max_rounds = "1099511627776";  // 2^40
  std::string noise_refinement = "1";
  std::string coin_activation = "1";
  std::string vote_test = "gt", law = "uniform", finished = "skip", radius = "t", stop = "all",
              one_arm = "run-epoch", epoch_order = "sync-first", threshold = "eta-xi", routine = "se";
  std::string sigma = "1/10", shift = "51/5";
};

// Registers the options on `options`; `companions` is a command line running a multi-agent learner quickly.
// `--agents` admits 1..2^max_agents_log2: 2^20 where only the optimized engine runs (simulate); crosscheck admits
// 2^18, the reference engine's memory bound (kCrosscheckMaxAgentsLog2; docs/reliability.md).
void add_multi_agent_options(Options& options, MultiAgentCliArgs& args, const std::vector<std::string>& companions,
                             unsigned max_agents_log2 = 20);
// crosscheck's bound: the reference engine holds one ChaCha20 stream (an OpenSSL context) per agent and arm plus a
// noise stream per agent, ≈ 7.4 KiB per agent at K = 10 (measured: 53 MiB at 4096 agents, 144 MiB at 16384), so
// 2^18 agents peak near 2 GiB, within the 4 GiB every documented limit stays under; 2^20 grew past 7 GiB.
inline constexpr unsigned kCrosscheckMaxAgentsLog2 = 18;
// The names of the options above (without dashes): refused with a learner that is not multi-agent.
const std::vector<std::string>& multi_agent_option_names();
// Refuses any of them given on `options` (the learner is not one of seed 004's).
void refuse_multi_agent_options(const Options& options, const std::string& learner,
                                std::string_view except = {});  // except: one option name allowed (shuffle-glm's delta)
ref::MultiAgentParams parse_multi_agent_params(const MultiAgentCliArgs& args, const char* command);

}  // namespace dpb::cli
