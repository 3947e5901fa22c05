// Neighbouring relations as code (issue 11 §1; docs/privacy-000.md §9, docs/audit.md "Neighbour search").
//
// A privacy guarantee is a statement about every pair of neighbouring datasets. Each relation below is the one a
// paper's definition uses, cited, and it enumerates candidate neighbour pairs for a given instance so that audits and
// exact accounting can search them (verify/audit/neighbour_search.hpp) instead of testing one hand-built pair.
//
// A *record* is the data of the one user (or reward) that differs, in grid units: coordinate i holds k_i standing for
// k_i/grid ∈ [0, 1]. A *pair* is a record under D and under D′ at a *position* of the instance (the round, pull, user
// or agent whose record changes; positions are named by the instance: first, last, just before a release or a
// decision, or drawn at random).
//
// Candidates (candidate_pairs), in this order, duplicates and mirror images removed (the audit tests both
// directions, so (d, d′) and (d′, d) are one pair):
//   1. the StatDP patterns (Ding et al., CCS 2018) as changes of the record from its base values: one coordinate up,
//      one down, one up and the rest down, one down and the rest up, all up, half up half down, and the x-shape
//      (first half down, second half up), at every named position;
//   2. every vertex of the change cube {−1, 0, +1}^K (c and −c merged) when K ≤ 8 — coordinate i moves to grid (c_i =
//      +1: D has 0, D′ has grid), 0 (c_i = −1) or keeps its base value (c_i = 0) — at every named position;
//   3. a seeded random search beyond those: `random` pairs with uniformly drawn records in {0, …, grid}^K and a position
//      drawn from the named ones and [0, random_positions_below).
// Where the vertex argument holds: for a view whose probabilities are monotone in each coordinate of the changed
// record (sums, and argmax-type decisions over noisy sums: P[Y = j] is non-decreasing in r_j and non-increasing in
// r_i, i ≠ j), the ratio P_D[E]/P_D′[E] of a monotone event is largest when D maximises and D′ minimises P[E]
// coordinate-wise, i.e. at a vertex of the box. It does not hold for non-monotone views (the modular wrap of a
// decoded sum, two-sided events of a learner's whole output), where the random search and the named positions are
// the only cover; the search then gives a lower bound only (errata: "searched maximum = lower bound").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dpb::ref {

using Record = std::vector<std::int64_t>;

enum class RelationKind {
  bandit_feedback,     // one user = one round; the record is the reward vector, the learner observes the pulled arm
  full_information,    // one round's whole reward vector in [0, 1]^K replaced by any other (DTOL)
  batch_contribution,  // one user's reward in a batch sum (the protocols of seed 000)
  contextual,          // one user's (context, reward) — seeds 001, 003 (hook: the ℓ₂ constraint is theirs)
  multi_agent,         // one reward of one agent — seed 004: one tape entry (agent, arm, pull), positions tape_position
  returning_users,     // one user's records at every round they return — user level (seed 000 App. I, 001 Def D.4)
};

struct Relation {
  RelationKind kind = RelationKind::bandit_feedback;
  std::string name;        // "bandit-feedback", "full-information", "batch-contribution", ...
  std::string definition;  // the paper's definition, in one sentence
  std::string citation;    // where it is defined
  std::uint32_t coordinates = 1;  // K (reward vectors), 1 (a batch contribution or one reward), d + 1 (contextual)
  std::int64_t grid = 1;          // record values are 0..grid
  // Bandit feedback: only the pulled coordinate of the record enters the learner, so a change of another coordinate
  // leaves the whole view unchanged (ε = 0 exactly). The instance names the pulled coordinate of each position.
  bool observes_every_coordinate = true;
};

// Throw ParameterError (function "relation") for coordinates or grid outside [1, 64] and [1, 2^20].
Relation bandit_feedback(std::uint32_t arms, std::int64_t grid = 1);
Relation full_information(std::uint32_t arms, std::int64_t grid = 1);
Relation batch_contribution(std::int64_t grid = 1);
Relation contextual(std::uint32_t dimension, std::int64_t grid = 1);
Relation multi_agent(std::int64_t grid = 1);
Relation returning_users(std::uint32_t arms, std::int64_t grid = 1);

struct Position {
  std::string label;         // "first", "last", "before-release", "random", or an instance's own name
  std::uint64_t index = 0;   // what the instance means by it (round, pull, user, ...)
  std::int64_t observed = -1;  // bandit feedback: the coordinate the user at this position reveals (−1: all)
  // Multi-agent relation (seed 004): the tape entry whose reward changes — agent `agent`'s pull `index` (0-based) of
  // arm `arm`. −1 for the other relations.
  std::int64_t agent = -1;
  std::int64_t arm = -1;
};

// One entry of a multi-agent reward tape (reference/environments/agent_rewards.hpp): agent n's j-th pull of arm a.
// Under the multi-agent relation neighbouring tapes differ in exactly one such entry (seed 004 Def. 3.6: "D_{1:t}
// and D′_{1:t} differ in one reward"; docs/privacy-004.md §1 argues the two are the same relation).
struct TapeEntry {
  std::uint32_t agent = 0;
  std::uint32_t arm = 0;
  std::uint64_t pull = 0;
};

// The position of a tape entry: label "agent n, arm a, pull j" (plus ` (what)` when what is not empty), index = j.
// Throws ParameterError (function "tape_position") for agent >= 2^20 or arm >= 2^18 (the engine's limits).
Position tape_position(const TapeEntry& entry, const std::string& what = "");
// The entry a position names; ParameterError (function "tape_entry", parameter "position") when it is not one.
TapeEntry tape_entry(const Position& at);

struct NeighbourPair {
  std::string pattern;  // one-up, one-down, one-up-rest-down, one-down-rest-up, all-up, half-half, x-shape, vertex,
                        // random
  Position position;
  Record d, d_prime;
  // Bandit feedback only: d and d′ agree on the observed coordinate, so the learner's view is the same law under
  // both (ε = 0 exactly, nothing to sample).
  bool unobserved = false;
  std::string describe() const;  // "x-shape at first (index 0): (1,0,1,0) vs (0,1,0,1)"
};

struct SearchSpace {
  Record base;                       // the unchanged record's values (coordinates a change leaves alone)
  std::vector<Position> positions;   // the instance's named positions (at least one)
  std::uint64_t random_positions_below = 0;  // random search: positions also drawn from [0, this) when > 0
  std::int64_t random_positions_observed = -1;  // the coordinate revealed at those positions (−1: all / unknown)
  std::uint64_t random_pairs = 0;            // how many random pairs to draw
  std::uint64_t seed = 0;                    // their stream (ChaCha20Source(seed, 0))
};

inline constexpr std::uint32_t kMaxVertexCoordinates = 8;

// Changes of `base` by the StatDP patterns (step 1 above), without positions. Patterns that coincide for small K
// (e.g. one-up-rest-down = x-shape at K = 2) are kept once, under the first name.
std::vector<NeighbourPair> statdp_patterns(const Relation& r, const Record& base);
// Every vertex of {−1, 0, +1}^K but 0, c and −c merged ((3^K − 1)/2 changes); empty for K > 8.
std::vector<NeighbourPair> cube_vertices(const Relation& r, const Record& base);
// Steps 1–3 at every position. Throws ParameterError (function "candidate_pairs") when base has the wrong size or
// values outside [0, grid], or positions is empty.
std::vector<NeighbourPair> candidate_pairs(const Relation& r, const SearchSpace& space);

}  // namespace dpb::ref
