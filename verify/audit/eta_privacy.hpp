// The (ϵ, η)-privacy adversary audit of seed 004 (issue 16 §2; errata, issue 16; docs/privacy-004.md §7):
// Def. 3.7 of Rio, Barlier, Colin & Soare (ICML 2023) — an adversary that knows the algorithm and sees agent n's
// messages must not name an ϵ-optimal arm with probability above 1 − η — and Prop. 5.1 (CORRUPTED ELIMINATION
// with η_ξ: the adversary wins with probability at most (1 − η_ξ)(1 − ξ)^(K−1) = 1 − η).
//
// The game, one run r of seed S: the arms' labels are permuted uniformly (the adversary knows the multiset of means,
// not which label carries which mean: a blind guess wins 1/K), the algorithm runs to its end (optimized engine,
// the streams multi_agent_streams(S, r)), the adversary sees the watched agent's corrupted messages M^ξ_n — the
// (round, arm) of every message it sent, masked ones removed (agent chosen before the run) — and names an arm; it
// wins iff the arm is ϵ-optimal (μ ≥ max μ − ϵ; ϵ = 0 by default: only the best arm wins).
//   Streams: the permutation draws from stream 2^40·r + 2^39, adversary i of watched agent j from
//   2^40·r + 2^39 + 1 + 4j + i (the engine's streams stay below 2^40·r + 2^39, mase.hpp).
// Adversaries (all four see the same runs):
//   unvoted   uniform among the arms with no message (Bayes-optimal for the message-set view when the agent's own
//             local failures are rare: docs/privacy-004.md §7.2);
//   complete  the proof's: names the unvoted arm when K − 1 arms are named, else guesses blind;
//   timed     uses order and rounds: when the agent's messages so far are one lone early message (in the first 1/K of
//             the run) it names that arm — the signature of a routine that drops the best arm alone — else unvoted;
//   learned   a table (number of arms named, quarter of the run of the last message) → action (an unvoted arm, or
//             the i-th most recent message's arm) fitted on a search split of ⌈R/4⌉ further runs (R..), scored on
//             the R runs (as the black-box audit splits).
// Statistic: the wins of each (setting, watched agent, adversary) over R runs, one-sided Clopper–Pearson bounds at
// α/m each (Bonferroni over every triple of the grid); `violated` iff some lower bound > 1 − η, `holds` iff every
// upper bound ≤ 1 − η, else `inconclusive` with the runs that would decide it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reference/core/rational.hpp"
#include "reference/environments/bandit_instance.hpp"
#include "reference/learners/mase.hpp"

namespace dpb::verify::audit {

enum class EtaAdversary { unvoted, complete, timed, learned };
std::string adversary_name(EtaAdversary a);
std::optional<EtaAdversary> parse_eta_adversary(const std::string& name);
const std::vector<EtaAdversary>& all_eta_adversaries();

// Leaky twins (negative controls): masks not applied to the view (every local elimination visible), or every
// agent's messages on the watched agent's channel (a broadcast bug).
enum class EtaLeak { none, masks, broadcast };

struct EtaSetting {
  std::string name;
  ref::MultiAgentAlgorithm algorithm = ref::MultiAgentAlgorithm::CorruptedElimination;
  ref::MultiAgentParams params;
  ref::BanditInstance instance = ref::seed004_problem1();  // the multiset of means
  Rational pac_eps{0};            // ϵ of "ϵ-optimal"
  std::optional<Rational> eta;    // the level tested (1 − η); none: reported only (dp-mase)
  std::vector<std::uint32_t> watched;  // agents watched (empty: most likely, median, least likely)
  std::vector<EtaAdversary> adversaries = all_eta_adversaries();
  std::uint64_t runs = 2000;
  EtaLeak leak = EtaLeak::none;
  bool reference_engine = false;  // golden vectors: the reference engine (same outcome records, slower)
};

// Most likely, median and least likely agent under the setting's law (agents 0, N/2, N − 1 by the monotone
// P^γ; the same three under the uniform law), duplicates removed.
std::vector<std::uint32_t> default_watched_agents(const ref::MultiAgentParams& params);

// One view: the watched agent's visible messages in send order (label after the permutation).
struct EtaView {
  std::vector<std::uint64_t> rounds;
  std::vector<std::uint32_t> arms;
};
// One run of the game: the views of the watched agents, which labels are ϵ-optimal, the run's length.
struct EtaRun {
  std::vector<EtaView> views;
  std::vector<bool> winning;  // per label
  std::uint64_t rounds = 0;
  bool decided = false;
};
// The stream of adversary a's coins for the j-th watched agent in game `run` (above every engine stream of the run).
std::uint64_t eta_adversary_stream(std::uint64_t run, std::size_t agent_index, EtaAdversary a);

EtaRun play_eta_game(const ref::MultiAgentConfig& config, const EtaSetting& s, const std::vector<std::uint32_t>& watched,
                     std::uint64_t seed, std::uint64_t run);

// The learned adversary's table: key (arms named, quarter of the last message) → action (0: unvoted, i: the
// i-th most recent message's arm). Fitted by expected wins on the search runs; unseen keys play unvoted.
struct LearnedTable {
  std::vector<std::uint32_t> action;  // indexed by key
  std::uint32_t K = 0;
};
LearnedTable fit_learned(const std::vector<EtaRun>& search, std::size_t view_index, std::uint32_t K);
// The adversary's guess (its own randomness from `stream` of `seed`).
std::uint32_t eta_guess(EtaAdversary a, const EtaView& v, std::uint64_t rounds, std::uint32_t K,
                        const LearnedTable* table, std::uint64_t seed, std::uint64_t stream);

struct EtaCount {
  std::string setting;
  std::uint32_t agent = 0;
  EtaAdversary adversary = EtaAdversary::unvoted;
  std::uint64_t runs = 0, wins = 0;
};
struct EtaSettingResult {
  EtaSetting setting;
  Rational eta_xi{0};          // local failure level (CE: η_ξ; DE: η; DP-MASE: β)
  std::optional<Rational> proof_bound;  // (1 − η_ξ)(1 − ξ)^(K−1) (CE, DE)
  std::vector<EtaCount> counts;
  std::uint64_t undecided = 0;
  double mean_rounds = 0;
};
// progress (optional): called with (games done, games in all) after each game, never by two threads at once.
EtaSettingResult run_eta_setting(const EtaSetting& s, std::uint64_t seed, unsigned threads,
                                 const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

enum class EtaVerdict { holds, violated, inconclusive, reported };
std::string verdict_word(EtaVerdict v);  // HOLDS, VIOLATED, INCONCLUSIVE, REPORTED
struct EtaJudgement {
  EtaVerdict verdict = EtaVerdict::reported;
  std::uint64_t comparisons = 0;       // m of the Bonferroni correction
  double alpha_each = 0;
  double max_lower_excess = 0;         // max (lower − (1 − η))
  std::uint64_t runs_needed = 0;       // inconclusive: runs per setting that would decide the worst triple
  nlohmann::json evidence;
};
// The verdict over all results (every triple with a tested η counts in m), at overall level alpha ∈ (0, 1).
EtaJudgement judge_eta(const std::vector<EtaSettingResult>& results, double alpha);

}  // namespace dpb::verify::audit
