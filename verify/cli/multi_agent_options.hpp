// The options of seed 004's multi-agent learners, shared by `dpbandit crosscheck` and `dpbandit simulate`
// (docs/learners.md § multi-agent). Numbers are exact rationals; every bad value is a ParameterError naming the
// option and its value (exit 2, nothing written).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "reference/learners/mase.hpp"

namespace dpb::cli {

struct MultiAgentCliArgs {
  std::uint64_t agents = 4;
  std::string delta = "1/4", beta, eta = "1/2", xi = "0", c = "1", gamma = "4/5", agent_offset = "0";
  std::string eps;  // the command's --eps (dp-mase)
  std::optional<std::uint64_t> votes;
  std::uint64_t max_rounds = std::uint64_t{1} << 40;
  std::int64_t noise_refinement = 1;
  std::uint64_t coin_activation = 1;
  std::string vote_test = "gt", law = "uniform", finished = "skip", radius = "t", stop = "all",
              one_arm = "run-epoch", epoch_order = "sync-first", threshold = "eta-xi", routine = "se";
  std::string sigma = "1/10", shift = "51/5";
};

void add_multi_agent_options(CLI::App* cmd, MultiAgentCliArgs& args);
ref::MultiAgentParams parse_multi_agent_params(const MultiAgentCliArgs& args, const char* command);

}  // namespace dpb::cli
