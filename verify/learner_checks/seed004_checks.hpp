// Checkers of seed 004's claims on calibrations and multi-agent runs (Rio, Barlier, Colin & Soare, ICML 2023;
// spec 004 §7.4, §8 V1, V2, V12, V22; errata issue 15). One plain function per check, returning an Outcome; the
// functions under test (η_ξ, M, the outcome records) are parameters so that the negative controls in
// tests/verify/learner_checks/seed004_checks_test.cpp can hand them wrong ones.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "reference/learners/mase.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::learner_checks {

// 004.eta-xi: (1 − η_ξ)(1 − ξ)^(K−1) = 1 − η exactly whenever η_ξ > 0; η_ξ = 0 exactly when ξ >= ξ* =
// 1 − (1 − η)^{1/(K−1)} (ξ* enclosed, certified); η_ξ non-increasing in ξ, strictly while positive; the §7.4 values
// (η = 9/10, K = 10, ξ ∈ {1/20, 1/10, 1/5}: 0.841333, 0.741883, 0.254942; ξ* = 0.22574) inside ±5e−7 of the
// certified values. grid: η × ξ × K.
using EtaXiFunction = std::function<Rational(const Rational& eta, const Rational& xi, std::uint32_t K)>;
Outcome check_eta_xi(const EtaXiFunction& eta_xi, bool full);

// 004.vote-threshold: ρ^M <= δ < ρ^(M−1) in exact rationals (M >= 1), and M = ⌈ln δ/ln ρ⌉ from a certified
// enclosure (or ln δ/ln ρ itself when ρ^M = δ), on a grid of (ρ, δ), plus §7.4's table.
using VoteThresholdFunction = std::function<std::uint64_t(const Rational& rho, const Rational& delta)>;
Outcome check_vote_threshold(const VoteThresholdFunction& M, bool full);

// 004.messages (V22) on one recorded run: at most one message per (agent, arm), at most K − 1 per agent; votes[k] =
// the number of sent messages against k <= N (a mask only deletes a vote); every global elimination follows a
// sent message of that round for that arm with enough votes, and each arm leaves 𝒦 at most once; a decided run
// returns the one arm never eliminated. "" when all hold, else the first failure.
std::string message_problems(const ref::MultiAgentOutcome& outcome, const ref::MultiAgentConfig& config,
                             std::uint32_t K);

// 004.dp-mase.forgetful on one recorded DP-MASE run (reference streams replayed): per (agent, arm) the releases'
// pull ranges are consecutive and disjoint, each of length R(e) (R from the agent's epoch and frozen set), each
// value = q·Σ rewards(range) + the next Lap_Z(G·q/ε) draw of the agent's noise stream (a fresh replay), and every
// message of an agent is sent in a round where that agent released (votes only at epoch ends).
std::string forgetful_problems(const ref::MultiAgentOutcome& outcome, const ref::MultiAgentConfig& config,
                               const ref::BanditInstance& instance, const ref::MultiAgentStreams& streams);

Outcome check_reduction_dp_se(const RunOptions& options);
Outcome check_reduction_feraud(const RunOptions& options);
Outcome check_messages(const RunOptions& options);
Outcome check_dp_mase_forgetful(const RunOptions& options);

}  // namespace dpb::verify::learner_checks
