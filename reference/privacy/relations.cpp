// See the header: the relations of the papers and the candidate neighbour pairs an audit or an exact accountant
// searches.
#include "reference/privacy/relations.hpp"

#include <algorithm>
#include <set>
#include <tuple>

#include "reference/bits/chacha20.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/errors.hpp"

namespace dpb::ref {

namespace {

constexpr std::uint32_t kMaxCoordinates = 64;
constexpr std::int64_t kMaxGrid = std::int64_t{1} << 20;

Relation make(RelationKind kind, std::string name, std::string definition, std::string citation,
              std::uint32_t coordinates, std::int64_t grid, bool every) {
  if (coordinates < 1 || coordinates > kMaxCoordinates)
    throw_parameter_error("relation", "coordinates", "in [1, 64]", std::to_string(coordinates));
  if (grid < 1 || grid > kMaxGrid) throw_parameter_error("relation", "grid", "in [1, 2^20]", std::to_string(grid));
  Relation r;
  r.kind = kind;
  r.name = std::move(name);
  r.definition = std::move(definition);
  r.citation = std::move(citation);
  r.coordinates = coordinates;
  r.grid = grid;
  r.observes_every_coordinate = every;
  return r;
}

std::string record_text(const Record& r) {
  std::string s = "(";
  for (std::size_t i = 0; i < r.size(); ++i) s += (i ? "," : "") + std::to_string(r[i]);
  return s + ")";
}

// A change c ∈ {−1, 0, +1}^K applied to base: +1 → (0, grid), −1 → (grid, 0), 0 → (base, base).
NeighbourPair from_change(const std::string& pattern, const std::vector<int>& c, const Record& base,
                          std::int64_t grid) {
  NeighbourPair p;
  p.pattern = pattern;
  p.d = base;
  p.d_prime = base;
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (c[i] > 0) p.d[i] = 0, p.d_prime[i] = grid;
    if (c[i] < 0) p.d[i] = grid, p.d_prime[i] = 0;
  }
  return p;
}

// The pair's identity up to mirror image: (position index, label, min(d, d′), max(d, d′)).
using Key = std::tuple<std::uint64_t, std::int64_t, std::int64_t, std::string, Record, Record>;
Key key_of(const NeighbourPair& p) {
  return {p.position.index, p.position.agent, p.position.arm, p.position.label, std::min(p.d, p.d_prime),
          std::max(p.d, p.d_prime)};
}

void check_base(const Relation& r, const Record& base, const char* fn) {
  if (base.size() != r.coordinates)
    throw_parameter_error(fn, "base", "one value per coordinate (" + std::to_string(r.coordinates) + ")",
                          std::to_string(base.size()) + " values");
  for (const std::int64_t v : base)
    if (v < 0 || v > r.grid)
      throw_parameter_error(fn, "base", "values in [0, " + std::to_string(r.grid) + "]", std::to_string(v));
}

void mark_observation(const Relation& r, NeighbourPair& p) {
  if (r.observes_every_coordinate || p.position.observed < 0) return;
  const auto j = static_cast<std::size_t>(p.position.observed);
  p.unobserved = j < p.d.size() && p.d[j] == p.d_prime[j];
}

}  // namespace

Relation bandit_feedback(std::uint32_t arms, std::int64_t grid) {
  return make(RelationKind::bandit_feedback, "bandit-feedback",
              "one user = one round: the user's data is the reward vector X(t) in [0,1]^K, of which the learner "
              "observes only the pulled arm's coordinate; neighbours differ in one user's whole vector",
              "Hu, Huang & Mehta 2021 (arXiv:2102.07929) Definition 1; Chowdhury & Zhou 2023 (arXiv:2206.05772) §2",
              arms, grid, false);
}

Relation full_information(std::uint32_t arms, std::int64_t grid) {
  return make(RelationKind::full_information, "full-information",
              "one round's whole reward vector X(t) in [0,1]^K replaced by any other; the learner observes every "
              "coordinate (DTOL)",
              "Hu, Huang & Mehta 2021 (arXiv:2102.07929) §2, Definition 1 (all K coordinates may change)", arms, grid,
              true);
}

Relation batch_contribution(std::int64_t grid) {
  return make(RelationKind::batch_contribution, "batch-contribution",
              "datasets in [0,1]^n differing in one user's reward; the view is the shuffler's or SecAgg's output for "
              "the batch (Definition 3: S o R^n)",
              "Chowdhury & Zhou 2023 (arXiv:2206.05772) §2, Definitions 1 and 3", 1, grid, true);
}

Relation contextual(std::uint32_t dimension, std::int64_t grid) {
  return make(RelationKind::contextual, "contextual",
              "one user's (context, reward) replaced by another (coordinates 0..d-1: the context, d: the reward); "
              "the l2 bound on the context is the seed's to enforce",
              "Chowdhury & Zhou 2022 (arXiv:2202.05567) Definitions 2.3, D.3", dimension + 1, grid, true);
}

Relation multi_agent(std::int64_t grid) {
  return make(RelationKind::multi_agent, "multi-agent",
              "the rewards D_{1:t} received by all agents up to t, neighbours differ in one reward of one agent: one "
              "entry (agent, arm, pull) of the reward tape, the record being that reward in [0, 1]",
              "Rio, Barlier, Colin & Soare, ICML 2023 (seed 004), Definition 3.6 (event-level DP for communications)",
              1, grid, true);
}

Position tape_position(const TapeEntry& entry, const std::string& what) {
  if (entry.agent >= (1U << 20))
    throw_parameter_error("tape_position", "agent", "< 2^20", std::to_string(entry.agent));
  if (entry.arm >= (1U << 18)) throw_parameter_error("tape_position", "arm", "< 2^18", std::to_string(entry.arm));
  Position p;
  p.label = "agent " + std::to_string(entry.agent) + ", arm " + std::to_string(entry.arm) + ", pull " +
            std::to_string(entry.pull) + (what.empty() ? std::string() : " (" + what + ")");
  p.index = entry.pull;
  p.agent = entry.agent;
  p.arm = entry.arm;
  return p;
}

TapeEntry tape_entry(const Position& at) {
  if (at.agent < 0 || at.arm < 0)
    throw_parameter_error("tape_entry", "position", "a multi-agent tape entry (tape_position)", at.label);
  return TapeEntry{static_cast<std::uint32_t>(at.agent), static_cast<std::uint32_t>(at.arm), at.index};
}

Relation returning_users(std::uint32_t arms, std::int64_t grid) {
  return make(RelationKind::returning_users, "returning-users",
              "user level: one user replaced at every round where they return (their record at each visit may "
              "change); the instance names the user's positions",
              "Chowdhury & Zhou 2023 (arXiv:2206.05772) App. I (Assumption 2); seed 001 Definition D.4", arms, grid,
              false);
}

std::string NeighbourPair::describe() const {
  return pattern + " at " + position.label + " (index " + std::to_string(position.index) + "): " + record_text(d) +
         " vs " + record_text(d_prime) + (unobserved ? " [unobserved coordinate: same view]" : "");
}

std::vector<NeighbourPair> statdp_patterns(const Relation& r, const Record& base) {
  check_base(r, base, "statdp_patterns");
  const std::size_t K = r.coordinates;
  std::vector<std::pair<std::string, std::vector<int>>> changes;
  auto add = [&](const std::string& name, auto fill) {
    std::vector<int> c(K, 0);
    for (std::size_t i = 0; i < K; ++i) c[i] = fill(i);
    changes.emplace_back(name, c);
  };
  add("one-up", [](std::size_t i) { return i == 0 ? 1 : 0; });
  add("one-down", [](std::size_t i) { return i == 0 ? -1 : 0; });
  add("one-up-rest-down", [](std::size_t i) { return i == 0 ? 1 : -1; });
  add("one-down-rest-up", [](std::size_t i) { return i == 0 ? -1 : 1; });
  add("all-up", [](std::size_t) { return 1; });
  add("half-half", [K](std::size_t i) { return i < (K + 1) / 2 ? 1 : 0; });
  add("x-shape", [K](std::size_t i) { return i < K / 2 ? -1 : 1; });
  std::vector<NeighbourPair> out;
  std::set<std::pair<Record, Record>> seen;
  for (const auto& [name, c] : changes) {
    NeighbourPair p = from_change(name, c, base, r.grid);
    if (p.d == p.d_prime) continue;
    if (!seen.insert({std::min(p.d, p.d_prime), std::max(p.d, p.d_prime)}).second) continue;
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<NeighbourPair> cube_vertices(const Relation& r, const Record& base) {
  check_base(r, base, "cube_vertices");
  std::vector<NeighbourPair> out;
  const std::uint32_t K = r.coordinates;
  if (K > kMaxVertexCoordinates) return out;
  std::uint64_t total = 1;
  for (std::uint32_t i = 0; i < K; ++i) total *= 3;
  std::set<std::pair<Record, Record>> seen;
  for (std::uint64_t code = 0; code < total; ++code) {
    std::vector<int> c(K);
    std::uint64_t x = code;
    bool zero = true;
    for (std::uint32_t i = 0; i < K; ++i, x /= 3) {
      c[i] = static_cast<int>(x % 3) - 1;
      zero = zero && c[i] == 0;
    }
    if (zero) continue;
    // c and −c: keep the one whose first non-zero entry is +1.
    const auto first = std::find_if(c.begin(), c.end(), [](int v) { return v != 0; });
    if (*first < 0) continue;
    NeighbourPair p = from_change("vertex", c, base, r.grid);
    if (p.d == p.d_prime) continue;  // a change the base already sits at (cannot happen at vertices; kept safe)
    if (!seen.insert({std::min(p.d, p.d_prime), std::max(p.d, p.d_prime)}).second) continue;
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<NeighbourPair> candidate_pairs(const Relation& r, const SearchSpace& space) {
  constexpr const char* fn = "candidate_pairs";
  check_base(r, space.base, fn);
  if (space.positions.empty()) throw_parameter_error(fn, "positions", "at least one", "none");
  std::vector<NeighbourPair> out;
  std::set<Key> seen;
  auto push = [&](NeighbourPair p, const Position& at) {
    p.position = at;
    mark_observation(r, p);
    if (seen.insert(key_of(p)).second) out.push_back(std::move(p));
  };
  const std::vector<NeighbourPair> patterns = statdp_patterns(r, space.base);
  const std::vector<NeighbourPair> vertices = cube_vertices(r, space.base);
  for (const Position& at : space.positions)
    for (const NeighbourPair& p : patterns) push(p, at);
  for (const Position& at : space.positions)
    for (const NeighbourPair& p : vertices) push(p, at);
  if (space.random_pairs > 0) {
    ChaCha20Source bits(space.seed, 0);
    const std::uint64_t named = space.positions.size();
    const std::uint64_t choices = named + space.random_positions_below;
    for (std::uint64_t k = 0; k < space.random_pairs; ++k) {
      NeighbourPair p;
      p.pattern = "random";
      p.d.resize(r.coordinates);
      p.d_prime.resize(r.coordinates);
      for (std::uint32_t i = 0; i < r.coordinates; ++i) {
        p.d[i] = static_cast<std::int64_t>(uniform_below_u64(bits, static_cast<std::uint64_t>(r.grid) + 1));
        p.d_prime[i] = static_cast<std::int64_t>(uniform_below_u64(bits, static_cast<std::uint64_t>(r.grid) + 1));
      }
      const std::uint64_t pick = uniform_below_u64(bits, choices);
      Position at;
      if (pick < named) {
        at = space.positions[pick];
      } else {
        at.label = "random";
        at.index = pick - named;
        at.observed = space.random_positions_observed;
      }
      if (p.d == p.d_prime) continue;
      push(std::move(p), at);
    }
  }
  return out;
}

}  // namespace dpb::ref
