// Seed 004's multi-agent elimination scheme, written once: Algorithm 1 (MASE) of Rio, Barlier, Colin & Soare,
// "Multi-Agent Best Arm Identification with Private Communications", ICML 2023 (spec 004 §4), with a pluggable local
// routine and sync policy, and the six algorithms built on it:
//   * mase                        Alg. 1: SE at β, votes always sent, a global elimination propagates at once;
//   * dp_mase                     Alg. 2 + App. B.1 Alg. 4: DP-SE epochs (DpSeEpoch, shared with dp-se), votes at
//                                 epoch ends, sync at the agent's epoch end;
//   * corrupted_elimination       Alg. 3 + App. B.2 Alg. 4: SE at η_ξ, one mask ν ~ Bernoulli(1 − ξ) per local
//                                 elimination, only ν = 1 votes, sync at each activation, M from η_ξ (E6);
//   * decentralized_elimination   Féraud et al. 2019 (spec §4.4): SE at η, M from η (CE at ξ = 0 without masks);
//   * central_se                  one SE at δ on the pooled samples of the active agents (spec §4.6);
//   * independent_se              each agent SE at δ, no messages; stop when all (default) or the first agent is done.
// A "coin" routine (errata, issue 15) replaces SE for stress tests: at its T_c-th activation an agent eliminates
// only the best arm with probability ρ, otherwise every other arm at once.
//
// A round is one while-loop iteration: one agent, drawn from P_N, pulls every arm of its local set 𝒦_n once.
// Agents are 0-based; P^γ(n) ∝ (n + 1 + α)^−γ. Every decision is on integers: reward sums in units of 1/G against
// the SE threshold ⌈2G·√(t·ln(cKt²/ρ))⌉ (certified, cached per t), vote counts against M; DP-MASE's test is
// DpSeEpoch's certified one. The reference holds no double.
//
// Guards (spec A7, A8): the run ends `undecided` when no unfinished agent is left, when a sync empties a local
// set, or at max_rounds; it never hangs. The readings of the open choices (spec §4.7) are in docs/learners.md
// § "Multi-agent elimination (seed 004)" and docs/decisions.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/environments/agent_rewards.hpp"
#include "reference/environments/bandit_instance.hpp"
#include "reference/learners/dp_se_epoch.hpp"
#include "reference/learners/round_hook.hpp"
#include "reference/privacy/release_law.hpp"

namespace dpb::ref {

enum class MultiAgentAlgorithm {
  Mase,
  DpMase,
  CorruptedElimination,
  DecentralizedElimination,
  CentralSe,
  IndependentSe
};
std::string algorithm_name(MultiAgentAlgorithm a);  // kebab-case: "mase", "dp-mase", ...
std::optional<MultiAgentAlgorithm> parse_multi_agent_algorithm(const std::string& name);

enum class LocalRoutine { SuccessiveElimination, DpSeEpoch, Coin };
enum class SyncPolicy { Immediate, EpochEnd, EachActivation };  // Alg. 1 line 14, Alg. 2 line 18, Alg. 3 line 12
enum class Coordination { Votes, Central, Independent };
enum class VoteTest { Gt, Ge };                     // λ_k > M (printed) or λ_k >= M (the proofs' "at least M")
enum class AgentLawKind { Uniform, Power };         // P_N uniform, or P^γ(n) ∝ (n + 1 + α)^−γ
enum class FinishedAgents { Skip, Waste };          // renormalized law (§4.7 item 7), or a drawn finished agent wastes the round
enum class SeRadius { T, TwoT };                    // α(t) = √(L/t) or √(L/(2t)) (A11)
enum class OneArmAfterSync { RunEpoch, Finish };    // A6: as printed (run the epoch), or finish at once
enum class EpochOrder { SyncThenLength, LengthThenSync };  // A4: default sync first; the printed order is the option
enum class IndependentStop { All, First };
enum class CeThreshold { EtaXi, Eta };              // M from η_ξ (E6, default) or from η as printed
enum class EndReason { Decided, NoAgentLeft, EmptyLocalSet, NoArmLeft, MaxRounds };
std::string end_reason_name(EndReason r);  // "decided", "no-agent-left", "empty-local-set", "no-arm-left", "max-rounds"

// What the user gives (CLI options map one to one). Unused fields are ignored by an algorithm.
struct MultiAgentParams {
  std::uint32_t agents = 1;                // 1..2^20
  Rational delta{1, 4};                    // global failure δ ∈ (0, 1)
  std::optional<Rational> beta;            // local confidence of MASE / DP-MASE, default 1/2
  Rational eta{1, 2};                      // apparent privacy level η ∈ (0, 1) (CE, DE)
  Rational xi{0};                          // corruption ξ ∈ [0, 1), η_ξ > 0 (CE)
  Rational eps{1, 2};                      // DP-MASE's ε
  std::int64_t noise_refinement = 1;       // DP-MASE's q: Lap_Z(G·q/ε) on the integer epoch sum
  EliminationRule rule = EliminationRule::ConfidenceWidths;
  OneArmAfterSync one_arm = OneArmAfterSync::RunEpoch;
  EpochOrder epoch_order = EpochOrder::SyncThenLength;
  Rational c{1};                           // SE constant, c > 0 with c·K/ρ > 1
  SeRadius radius = SeRadius::T;
  std::optional<std::uint64_t> votes;      // --votes M: overrides the δ-derived M (recorded)
  VoteTest vote_test = VoteTest::Gt;
  CeThreshold ce_threshold = CeThreshold::EtaXi;
  bool coin = false;                       // the coin routine instead of SE (mase, CE, DE), failing w.p. ρ
  std::uint64_t coin_activation = 1;       // T_c >= 1
  AgentLawKind law = AgentLawKind::Uniform;
  Rational gamma{4, 5};                    // γ ∈ (0, 1)
  Rational agent_offset{0};                // α >= 0
  FinishedAgents finished = FinishedAgents::Skip;
  IndependentStop stop = IndependentStop::All;
  std::uint64_t max_rounds = std::uint64_t{1} << 40;  // 1..2^40
};

// The engine's configuration: what an algorithm is, once calibrated.
struct MultiAgentConfig {
  MultiAgentAlgorithm algorithm = MultiAgentAlgorithm::Mase;
  std::uint32_t agents = 1;
  Coordination coordination = Coordination::Votes;
  LocalRoutine routine = LocalRoutine::SuccessiveElimination;
  SyncPolicy sync = SyncPolicy::EachActivation;
  Rational rho;                            // local confidence (SE's ρ, DP-SE's β)
  Rational c{1};
  SeRadius radius = SeRadius::T;
  Rational eps{1, 2};
  std::int64_t noise_refinement = 1;
  EliminationRule rule = EliminationRule::ConfidenceWidths;
  OneArmAfterSync one_arm = OneArmAfterSync::RunEpoch;
  EpochOrder epoch_order = EpochOrder::SyncThenLength;
  std::uint64_t votes_threshold = 0;       // M
  bool votes_overridden = false;
  VoteTest vote_test = VoteTest::Gt;
  std::optional<Rational> mask_xi;         // CE: ν ~ Bernoulli(1 − ξ) per local elimination
  std::uint64_t coin_activation = 1;
  AgentLawKind law = AgentLawKind::Uniform;
  Rational gamma{4, 5};
  Rational agent_offset{0};
  FinishedAgents finished = FinishedAgents::Skip;
  IndependentStop stop = IndependentStop::All;
  std::uint64_t max_rounds = std::uint64_t{1} << 40;
  // DP-MASE: record the releases' noise law (MultiAgentOutcome::laws) for the privacy ledger; off unless asked.
  bool record_ledger = false;
  // DP-MASE, optimized build only (claim 004.epoch-sum.binomial): on Bernoulli arms, an arm's epoch sum is ONE
  // Binomial(R(e), μ) draw (BinomialSplit) from its (agent, arm) reward stream instead of R(e) per-pull draws: the
  // same law, other bits, so runs differ from the per-pull path, which stays the default (cross-check, audits,
  // vectors). The reference refuses it; so does the optimized build with a reward script or non-Bernoulli arms.
  bool binomial_epoch_sums = false;
  // Privacy audits (issue 16): stretches of the reward tape replaced by given values (agent_rewards.hpp
  // RewardScript); not owned, must outlive the run; nullptr (default): the instance's draws only.
  const std::vector<RewardScript>* script = nullptr;
};

// Validates every parameter (ParameterError naming it and its value) and calibrates: η_ξ, M, ρ.
MultiAgentConfig configure_multi_agent(MultiAgentAlgorithm algorithm, const MultiAgentParams& params,
                                       std::uint32_t K);

// ---- exact calibrations (spec §4.5, §7.4; errata issue 15) ----
// η_ξ = max{0, 1 − (1 − η)/(1 − ξ)^(K−1)}, exactly.
Rational eta_xi(const Rational& eta, const Rational& xi, std::uint32_t K);
// The smallest integer M >= 0 with ρ^M <= δ (ρ, δ ∈ (0, 1)); decided on certified logarithms, with the exact
// rational test ρ^M = δ where an enclosure of ln δ/ln ρ contains an integer. Throws ParameterError when M > 2^20.
std::uint64_t smallest_power_below(const Rational& rho, const Rational& delta);
// Votes an arm needs to leave 𝒦: M + 1 (gt) or max(M, 1) (ge).
std::uint64_t votes_needed(std::uint64_t M, VoteTest test);
// The SE threshold in reward units: ⌈2G·√(t·ln(cKt²/ρ))⌉ (radius t) or ⌈G·√(2t·ln(cKt²/ρ))⌉ (radius 2t),
// certified. The real number is irrational (ln of a rational ≠ 1 is transcendental), so for integer sums
// "D >= x" and "D > x" both mean D >= ⌈x⌉.
Integer se_threshold_units(std::uint64_t t, std::uint32_t K, std::int64_t G, const Rational& c, const Rational& rho,
                           SeRadius radius);

// ---- streams (docs/bits.md § multi-agent) ----
struct MultiAgentStreams {
  std::uint64_t seed = 0;
  std::uint64_t agent_stream = 1;          // the agent draws
  std::uint64_t noise_base = 1 << 20;      // agent n's noise and masks: noise_base + n
  std::uint64_t reward_base = 1 << 21;     // agent n, arm a: reward_base + n·K + a
};
// Run r of seed S: agent draws 2^40·r + 1, noise 2^40·r + 2^20 + n, rewards 2^40·r + 2^21 + n·K + a (N <= 2^20,
// K <= 2^18: no two streams of a run coincide, and runs are 2^40 apart).
MultiAgentStreams multi_agent_streams(std::uint64_t seed, std::uint64_t run);

// ---- the outcome record ----
struct AgentMessage {
  std::uint64_t round = 0;
  std::uint32_t agent = 0;
  std::uint32_t arm = 0;
  bool sent = true;  // false: dropped by CE's mask (ν = 0)
  bool operator==(const AgentMessage&) const = default;
};
struct GlobalElimination {
  std::uint64_t round = 0;
  std::uint32_t arm = 0;
  std::uint32_t agent = 0;   // whose vote (or, CENTRAL, whose samples) decided it
  std::uint64_t votes = 0;   // λ_k at that moment
  bool operator==(const GlobalElimination&) const = default;
};
struct EpochRelease {  // DP-MASE: one noisy epoch sum, value/(G·q) in reward units
  std::uint64_t round = 0;
  std::uint32_t agent = 0;
  std::uint32_t epoch = 0;
  std::uint32_t arm = 0;
  std::uint64_t first = 0;   // agent n's pull index of this arm where the epoch began
  std::uint64_t count = 0;   // R(e)
  Integer value;             // q·Σk + Lap_Z(G·q/ε)
  bool operator==(const EpochRelease&) const = default;
};
struct LocalElimination {  // INDEPENDENT (no messages) and DP-MASE epochs: what each agent removed, and when
  std::uint64_t round = 0;
  std::uint32_t agent = 0;
  std::uint32_t arm = 0;
  bool operator==(const LocalElimination&) const = default;
};

struct MultiAgentOutcome {
  MultiAgentAlgorithm algorithm = MultiAgentAlgorithm::Mase;
  EndReason reason = EndReason::Decided;
  std::optional<std::uint32_t> arm;          // the returned arm when decided
  std::uint64_t rounds = 0;                  // while-loop iterations (wasted ones included)
  std::uint64_t pulls = 0;
  std::uint64_t wasted_rounds = 0;           // finished: waste
  std::uint64_t votes_threshold = 0;         // M
  bool votes_overridden = false;
  VoteTest vote_test = VoteTest::Gt;
  std::uint64_t max_rounds = 0;
  std::vector<std::uint64_t> activations;    // t_n
  std::vector<AgentMessage> messages;        // in send order (masks: sent = false)
  std::vector<std::uint64_t> votes;          // λ_k at the end
  std::vector<GlobalElimination> eliminations;
  std::vector<EpochRelease> releases;        // DP-MASE
  std::vector<LocalElimination> local_eliminations;  // INDEPENDENT; DP-MASE epochs (also as messages)
  std::vector<std::optional<std::uint32_t>> agent_arms;  // INDEPENDENT: each agent's answer
  std::vector<std::uint64_t> agent_finish_round;         // round an agent finished (0: never)
  std::optional<std::uint64_t> first_finish_round;       // INDEPENDENT: both stop rules recorded
  std::uint64_t deferred = 0;  // optimized build: decisions deferred to the reference's certified code
  // DP-MASE with MultiAgentConfig::record_ledger: the one law of every EpochRelease (Lap_Z(G·q/ε) on the integer
  // epoch sum, Δ = G·q); an EpochRelease covers agent n's pulls [first, first + count) of its arm (ledger stream
  // n·K + arm, reference/privacy/ledger.hpp).
  std::vector<ReleaseLaw> laws;

};

// "" when both records hold the same events and results (`deferred` is not compared), else the first difference.
std::string first_difference(const MultiAgentOutcome& a, const MultiAgentOutcome& b);

// Runs the engine. The instance gives the reward laws (and the best arm for the coin routine). on_round is called
// once per global round t = 1..rounds, after the round's agent is drawn (round_hook.hpp; progress of one long run).
MultiAgentOutcome run_multi_agent(const MultiAgentConfig& config, const BanditInstance& instance,
                                  const MultiAgentStreams& streams, RoundHook on_round = {});

// The paper's environments (spec §7.1), K = 10: P1 Bernoulli (0.7, 0.5, 0.3, 0.1×7); P2 Gaussian (11, 10.8, 10.4×8)
// shifted by −shift (default 51/5 = 10.2) into the clipped-Gaussian proxy (σ default 1/10, grid 1/1000), its
// discrete Gaussian drawn by certified inversion while σ ≤ 1/10 (GaussianMethod::Inversion: the law of CKS20, about
// 2.6× faster runs in the optimized build), by CKS20 for larger σ (docs/decisions.md "Seed 004's Problem 2 is drawn
// by inversion").
BanditInstance seed004_problem1();
BanditInstance seed004_problem2(const Rational& sigma = Rational(1, 10), const Rational& shift = Rational(51, 5));

}  // namespace dpb::ref
