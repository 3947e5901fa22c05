// Seed 004's audit targets (issue 16 §1; docs/audit.md § "Multi-agent targets", docs/privacy-004.md §4): the six
// multi-agent learners of reference/learners/mase.hpp, audited under the multi-agent relation (one reward of one
// agent: one tape entry (agent, arm, pull), reference/privacy/relations.hpp) on scripted reward tapes
// (RewardScript), optimized build.
//
//   dp-mase (ε-DP for communications, Prop. 4.1): N = 2 agents, K ∈ {2, 3} arms (arm 0, and arm 2 when K = 3, pay 1;
//     arm 1 pays 0), `--votes 1`, β = 1/2. Agent 0's first epoch (R(1) pulls of every arm) is the decisive one: its
//     arm-1 rewards are the changed one (pull 0: 1 under D, 0 under D′), then k ones, then zeros, k the largest with
//     P_D′[arm 1 eliminated] ≥ `borderline` by the exact epoch law (decision_law_dp_mase.hpp). The run is stopped
//     (max_rounds = 4·R(1)) and cut at the round r* where agent 0's first epoch ends — the first decision that
//     depends on the changed reward; r* is a function of the agent draws and agent 1's data only, the same law under
//     D and D′. View `agent` (the watched agent 0's timed messages up to r*: the set it sends at r*, Y = its
//     bitmask; −1 when r* is past the stop), view `joint` (every agent's messages up to r*: Y = agent 0's mask +
//     2^K · agent 1's mask). Agent 1's part and r* are independent of agent 0's epoch and of the change, so both
//     views have the pure ε of agent 0's epoch decision, computed exactly (ε_exact).
//   mase, decentralized-elimination, corrupted-elimination (ξ = 1/10), central-se: non-private, audited against the
//     nominal ε: N = 1 agent, `--votes 0`, arms (1, 0) or (1, 0, 0); arm 1's first k rewards are 1, pull k is the
//     changed one, k the smallest for which the elimination round differs between D and D′ (found by running the
//     deterministic engine). Y = the round of the watched agent's first sent message about arm 1 (central-se: of the
//     coordinator's elimination of arm 1, a function of the raw rewards the agent sends); −1 when none.
//   independent-se: sends no messages; the view is empty (Y = 0), ε = 0 exactly: a positive control.
#pragma once

#include <cstdint>
#include <string>

#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {

bool is_multi_agent_target(const std::string& name);

// whole_output (dp-mase only; prepare_target refuses it for the others): the view is every agent's sent messages up
// to max_rounds, hashed (a function of the transcript), with the decisive release's ε as the (upper-bound) reference.
// Throws ParameterError (function "audit") for arms outside {2, 3}, or a borderline the table cannot reach.
PreparedTarget prepare_multi_agent(const TargetInfo& info, const TargetOptions& options, std::uint64_t seed);

}  // namespace dpb::verify::audit
