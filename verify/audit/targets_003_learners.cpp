#include "verify/audit/targets_003_learners.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/b_glincb.hpp"
#include "optimized/learners/jdp_glm.hpp"
#include "optimized/learners/shuffle_glm.hpp"
#include "optimized/protocols/tree_mechanism.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/double_text.hpp"
#include "reference/core/errors.hpp"
#include "reference/privacy/relations.hpp"

namespace dpb::verify::audit {

namespace {

constexpr const char* kFn = "audit";
constexpr std::uint32_t kD = 2, kK = 2;
constexpr unsigned kQ = 1;  // contexts on 2^−1
constexpr std::uint64_t kBatchT = 76, kJdpT = 16, kControlT = 24;
constexpr std::uint32_t kBatchM = 8, kControlM = 3;
constexpr std::uint64_t kMaxView = 62;

enum class Learner { shuffle, jdp, jdp_paper, bglincb };

// jdp-glm in either profile: every round is its own release (the two trees), the same family and view.
bool is_jdp(Learner l) { return l == Learner::jdp || l == Learner::jdp_paper; }

Learner learner_of(const std::string& name) {
  return name == "shuffle-glm"          ? Learner::shuffle
         : name == "jdp-glm"            ? Learner::jdp
         : name == "jdp-glm-paper-code" ? Learner::jdp_paper
                                        : Learner::bglincb;
}

using Counts = std::unordered_map<std::int64_t, std::uint64_t>;

Histogram to_histogram(const Counts& c) {
  return Histogram::from_integer_counts(std::vector<std::pair<std::int64_t, std::uint64_t>>(c.begin(), c.end()));
}

struct UserRecord {
  std::int64_t phi0 = 0, phi1 = 0;  // numerators on 2^−1: ±1
  int y = 0;
};

UserRecord from_relation(const ref::Record& r) {
  return {2 * r[0] - 1, 2 * r[1] - 1, static_cast<int>(r[2])};
}

std::string describe(const UserRecord& u) {
  auto half = [](std::int64_t n) { return n > 0 ? std::string("1/2") : std::string("-1/2"); };
  return "phi=(" + half(u.phi0) + ", " + half(u.phi1) + "), y=" + std::to_string(u.y);
}

// One run's data: the instance (arm sets, one per round) and the reward tape.
struct Data {
  ref::GlmInstance instance;
  std::vector<int> rewards;
};

// Rounds 1..b1: one-direction probes (u, v alternating over the probes, an odd one out (1/2, 0)); later rounds:
// two-arm probes {u, v}; round `changed`: {φ, φ} with reward y.
Data make_data(std::uint64_t T, std::uint64_t b1, std::uint64_t changed, const UserRecord& rec) {
  Data data;
  ref::GlmInstance& g = data.instance;
  g.link = ref::Link::logistic;
  g.d = kD;
  g.K = kK;
  g.q = kQ;
  g.sets = T;
  g.S = Rational(2);
  g.theta = {0, 0};
  g.arms.assign(T * kK * kD, 0);
  data.rewards.assign(T, 0);
  const std::uint64_t probes_in_b1 = changed <= b1 ? b1 - 1 : b1;
  std::uint64_t probe = 0;
  for (std::uint64_t r = 1; r <= T; ++r) {
    std::int64_t* x = g.arms.data() + (r - 1) * kK * kD;
    if (r == changed) {
      x[0] = x[2] = rec.phi0;
      x[1] = x[3] = rec.phi1;
      data.rewards[r - 1] = rec.y;
      continue;
    }
    if (r <= b1) {
      const bool odd_one_out = probes_in_b1 % 2 == 1 && probe + 1 == probes_in_b1;
      const std::int64_t second = odd_one_out ? 0 : probe % 2 == 0 ? 1 : -1;
      x[0] = x[2] = 1;
      x[1] = x[3] = second;
      ++probe;
    } else {
      x[0] = 1;
      x[1] = 1;
      x[2] = 1;
      x[3] = -1;
    }
  }
  ref::validate(g, "audit");
  return data;
}

struct Setup {
  Learner learner;
  std::uint64_t T = 0, b1 = 0;  // b1: the first release's batch (0 for jdp-glm)
  ref::ShuffleGlmParams shuffle;
  ref::JdpGlmParams jdp;
  std::optional<ref::JdpGlmConstants> jdp_constants;  // computed once (fast::JdpGlmFastOptions::constants)
  std::optional<ref::JdpGlmPaperConstants> paper_constants;  // jdp-glm-paper-code: the same (paper_constants)
  ref::BGlincbParams bglincb;
  Integer noise_divisor{1};
};

std::uint64_t first_view_round(const Setup& s, std::uint64_t changed) { return std::max(changed, s.b1) + 1; }

std::int64_t whole_output(const std::vector<std::uint32_t>& actions, std::uint64_t from, std::uint64_t T) {
  std::int64_t mask = 0;
  for (std::uint64_t t = from; t <= T && t < from + kMaxView; ++t)
    if (actions.at(t - 1) == 1) mask |= std::int64_t{1} << (t - from);
  return mask;
}

SideSampler make_sampler(std::shared_ptr<const Setup> setup, std::uint64_t changed, UserRecord d, UserRecord dp) {
  return [setup = std::move(setup), changed, d, dp](int side, std::uint64_t count, std::uint64_t seed,
                                                    std::uint64_t stream) {
    const Setup& s = *setup;
    Data data = make_data(s.T, s.b1, changed, side == 0 ? d : dp);
    const fast::GlmEnvironment env(std::move(data.instance));
    const std::uint64_t from = first_view_round(s, changed);
    // The learners' streams are ChaCha20(seed', stream(run, t)) with run < 2^23: seed' = the first 64 bits of
    // ChaCha20(seed, stream), runs 0..count−1 (every block of the audit its own seed').
    std::array<std::uint8_t, 8> key{};
    ChaCha20Source(seed, stream).refill(key);
    std::uint64_t run_seed = 0;
    for (const std::uint8_t b : key) run_seed = (run_seed << 8) | b;
    Counts c;
    for (std::uint64_t run = 0; run < count; ++run) {
      std::int64_t y = 0;
      switch (s.learner) {
        case Learner::shuffle: {
          fast::ShuffleGlmFastOptions o;
          o.reward_tape = data.rewards;
          o.noise_divisor = s.noise_divisor;
          y = whole_output(fast::shuffle_glm(s.shuffle, env, run_seed, run, o).actions, from, s.T);
          break;
        }
        case Learner::jdp:
        case Learner::jdp_paper: {  // the profile's constants, computed once (the other profile's stay null)
          fast::JdpGlmFastOptions o;
          o.reward_tape = data.rewards;
          o.noise_divisor = s.noise_divisor;
          o.constants = s.jdp_constants ? &*s.jdp_constants : nullptr;
          o.paper_constants = s.paper_constants ? &*s.paper_constants : nullptr;
          y = whole_output(fast::jdp_glm(s.jdp, env, run_seed, run, o).actions, from, s.T);
          break;
        }
        case Learner::bglincb: {
          fast::BGlincbFastOptions o;
          o.reward_tape = data.rewards;
          y = whole_output(fast::b_glincb(s.bglincb, env, run_seed, run, o).actions, from, s.T);
          break;
        }
      }
      ++c[y];
    }
    return to_histogram(c);
  };
}

}  // namespace

bool is_seed003_learner_target(const std::string& name) {
  return name == "shuffle-glm" || name == "jdp-glm" || name == "jdp-glm-paper-code" || name == "b-glincb";
}

Seed003LearnerSizes seed003_learner_sizes(const std::string& name) {
  Seed003LearnerSizes z;
  switch (learner_of(name)) {
    case Learner::shuffle:
      z.T = kBatchT;
      z.M = kBatchM;
      z.eps = Rational(4);
      z.delta = Rational(1, 100);
      break;
    case Learner::jdp:
    case Learner::jdp_paper:
      z.T = kJdpT;
      z.eps = Rational(1);
      z.delta = Rational(1, 100);
      break;
    case Learner::bglincb:
      z.T = kControlT;
      z.M = kControlM;
      z.eps = Rational(1);
      z.delta = Rational(0);
      break;
  }
  return z;
}

PreparedTarget prepare_seed003_learner(const TargetInfo& info, const TargetOptions& o, std::uint64_t seed) {
  const std::string& name = info.name;
  const Learner learner = learner_of(name);
  if (o.horizon_given)
    throw_parameter_error(kFn, "horizon", "absent for " + name + " (a fixed instance)", std::to_string(o.horizon));
  if (o.leak_factor != 1)
    throw_parameter_error(kFn, "leak_factor", "1 for " + name + " (its leaky twin is noise_divisor)",
                          dpb::to_string(o.leak_factor));
  if (o.noise_divisor < 1) throw_parameter_error(kFn, "noise_divisor", ">= 1", dpb::to_string(o.noise_divisor));
  if (o.noise_divisor != 1 && !info.is_private)
    throw_parameter_error(kFn, "noise_divisor", "1 for the non-private " + name + " (it adds no noise)",
                          dpb::to_string(o.noise_divisor));
  using boost::multiprecision::denominator;
  if (o.noise_divisor != 1 && denominator(o.noise_divisor) != 1)
    throw_parameter_error(kFn, "noise_divisor", "an integer", dpb::to_string(o.noise_divisor));
  if (learner == Learner::shuffle && !(o.eps < 5))
    throw_parameter_error(kFn, "eps", "< 5 for shuffle-glm (Thm 5.1)", dpb::to_string(o.eps));
  // δ as the user wrote it (`--delta 1/300` exact; TargetOptions::delta_exact), compared and passed on exactly.
  const Rational delta_r = exact_delta(o, Rational(1, 100));
  if (info.is_private && (o.delta || o.delta_exact) && !(delta_r > 0 && delta_r < Rational(1, 2)))
    throw_parameter_error(kFn, "delta", "in (0, 1/2) for " + name + " (an (eps, delta) claim)",
                          dpb::to_string(delta_r));

  auto setup = std::make_shared<Setup>();
  Setup& s = *setup;
  s.learner = learner;
  s.noise_divisor = boost::multiprecision::numerator(o.noise_divisor);
  nlohmann::json calibration = nlohmann::json::object();
  // jdp-glm's audited configuration, both profiles: T = 16, κ = 10, κ* = 4, S = 2, (ε, δ) as given.
  const auto set_jdp_instance = [&](ref::JdpProfile profile) {
    s.T = kJdpT;
    s.b1 = 0;
    s.jdp.profile = profile;
    s.jdp.T = kJdpT;
    s.jdp.eps = o.eps;
    s.jdp.delta = delta_r;
    s.jdp.kappa = Rational(10);
    s.jdp.kappa_star = Rational(4);
    s.jdp.S = Rational(2);
  };
  switch (learner) {
    case Learner::shuffle: {
      s.T = kBatchT;
      s.shuffle.T = kBatchT;
      s.shuffle.M = kBatchM;
      s.shuffle.eps = o.eps;
      s.shuffle.delta = delta_r;
      s.shuffle.kappa = Rational(8);
      s.shuffle.kappa_star = Rational(4);
      s.shuffle.S = Rational(2);
      s.shuffle.gamma = Rational(0);
      const std::vector<std::uint64_t> schedule = ref::shuffle_glm_schedule(kBatchT, kBatchM);
      s.b1 = schedule.front();
      const auto [lambda, lambda_max] = ref::shuffle_glm_lambdas(s.shuffle, kD);
      calibration = {{"schedule", schedule}, {"lambda", lambda.str()}, {"lambda_max", lambda_max.str()},
                     {"profile", "scaled (B1 = ceil((64 alpha)^(2/3)); the theorem's Eq. 6 B1 exceeds any T here)"},
                     {"gamma", "0"}, {"kappa", "8"}, {"kappa_star", "4"}, {"M", kBatchM}};
      break;
    }
    case Learner::jdp: {
      set_jdp_instance(ref::JdpProfile::Theorem);
      s.jdp_constants = ref::jdp_glm_constants(s.jdp, ref::Link::logistic, kD, kQ);
      const ref::JdpGlmConstants& k = *s.jdp_constants;
      // The audit's sample volume needs the optimized trees: past fast::RoundedNormal::wide's range (c = sigma·2^grid
      // > 2^100; before issue 21's wide path the bound was 2^48, an --eps below about 6e-3) the learner would fall
      // back to the reference's tree: refused up front, naming --eps.
      for (const Rational& sigma : {k.sigma_V, k.sigma_H}) {
        ref::TreeParams tp;
        tp.labels = ref::LabelSet::symmetric_matrix(kD);
        tp.leaves = Integer(kJdpT);
        tp.grid_bits = Integer(k.grid_bits);
        tp.symmetrisation = ref::Symmetrisation::Half;
        tp.sigma = sigma;
        try {
          const fast::TreeMechanism probe(tp);
        } catch (const ParameterError&) {
          throw_parameter_error(kFn, "eps",
                                "large enough that jdp-glm's tree noise fits the optimized sampler (sigma·2^" +
                                    std::to_string(k.grid_bits) + " <= 2^100)",
                                dpb::to_string(o.eps));
        }
      }
      calibration = {{"profile", "theorem"}, {"lambda", k.lambda.str()}, {"sigma_V", dpb::to_string(k.sigma_V)},
                     {"sigma_H", dpb::to_string(k.sigma_H)}, {"threshold", dpb::to_string(k.threshold)},
                     {"count1", k.count1.str()}};
      break;
    }
    case Learner::jdp_paper: {
      // The authors' code (spec 003 §7.3), later commit (the 003 experiments' Private-GLM): its own constants, the
      // trees on the 2^−(2q+32) grid and the DP-SGD calls; the same instance and family as jdp-glm.
      set_jdp_instance(ref::JdpProfile::PaperCode);
      s.jdp.code_version = ref::JdpCodeVersion::Later;
      s.paper_constants = ref::jdp_glm_paper_constants(s.jdp, ref::Link::logistic, kD, kQ);
      const ref::JdpGlmPaperConstants& k = *s.paper_constants;
      // The optimized paper-code path holds λ in a double exactly below 2^20 (optimized/learners/jdp_glm_paper_code.cpp);
      // λ grows like 1/ε: refused up front naming --eps (ε = 10⁻⁶ used to end in that path's internal error).
      if (k.lambda >= Rational(1 << 20))
        throw_parameter_error(kFn, "eps", "large enough that the paper-code lambda stays below 2^20",
                              dpb::to_string(o.eps) + " (lambda " + dpb::to_string(k.lambda) + ")");
      calibration = {{"profile", "paper-code (later commit)"}, {"lambda", dpb::to_string(k.lambda)},
                     {"sigma_V", dpb::to_string(k.sigma_V)}, {"sigma_H", dpb::to_string(k.sigma_H)},
                     {"threshold", dpb::to_string(k.threshold)}, {"count1", k.count1.str()},
                     {"count2", k.count2.str()}, {"zeta", dpb::to_string(k.zeta)}};
      break;
    }
    case Learner::bglincb: {
      s.T = kControlT;
      s.bglincb.T = kControlT;
      s.bglincb.M = kControlM;
      s.bglincb.lambda = Rational(1);
      s.bglincb.gamma = Rational(0);
      s.bglincb.kappa = Rational(8);
      s.bglincb.S = Rational(2);
      const std::vector<std::uint64_t> schedule = ref::b_glincb_schedule(kControlT, kControlM);
      s.b1 = schedule.front();
      calibration = {{"schedule", schedule}, {"lambda", "1"}, {"gamma", "0"}, {"kappa", "8"}, {"M", kControlM}};
      break;
    }
  }
  // A run at the canonical pair up front: the learner's own validation (ParameterError) before any sampling.
  {
    Data data = make_data(s.T, s.b1, 1, {1, 1, 1});
    const fast::GlmEnvironment env(std::move(data.instance));
    if (learner == Learner::shuffle) {
      fast::ShuffleGlmFastOptions fo;
      fo.reward_tape = data.rewards;
      fo.noise_divisor = s.noise_divisor;
      (void)fast::shuffle_glm(s.shuffle, env, seed, 0, fo);
    } else if (is_jdp(learner)) {
      fast::JdpGlmFastOptions fo;
      fo.reward_tape = data.rewards;
      fo.noise_divisor = s.noise_divisor;
      (void)fast::jdp_glm(s.jdp, env, seed, 0, fo);
    }
  }
  if (o.noise_divisor != 1) {
    calibration["noise_divisor"] = dpb::to_string(o.noise_divisor);
  }

  PreparedTarget t;
  t.info = info;
  t.eps_claimed = o.eps.convert_to<double>();
  t.delta = info.is_private ? delta_r.convert_to<double>() : 0.0;
  const UserRecord canon_d{1, 1, 1}, canon_dp{1, -1, 1};
  t.sample = make_sampler(setup, 1, canon_d, canon_dp);
  t.eps_exact_source = "no exact law of the whole action sequence; the certified upper bound is the ledger's "
                       "(claim " + (learner == Learner::jdp_paper ? std::string("003.jdp-glm.paper-code") : "003." + name) + ".ledger)";
  t.details["arms"] = kK;
  t.details["d"] = kD;
  t.details["q"] = kQ;
  t.details["horizon_stop"] = s.T;
  t.details["calibration"] = calibration;
  if (o.noise_divisor != 1) t.details["noise_divisor"] = dpb::to_string(o.noise_divisor);
  t.details["neighbours"] = "round 1's user: arm set {phi, phi}, " + describe(canon_d) + " (D) vs " +
                            describe(canon_dp) + " (D')";
  t.details["instance"] = "logistic, theta* = 0, rewards from a tape (every probe 0); u = (1/2,1/2), v = (1/2,-1/2); "
                          "rounds 1.." + std::to_string(s.b1) + ": one-direction probes {u,u}/{v,v} alternating "
                          "(odd one out {(1/2,0),(1/2,0)}); later rounds: two-arm probes {u, v}";
  t.details["output"] = "Y = the actions (arm index) of the users who act after the change can reach them (rounds "
                        "max(p, B1)+1..T, at most 62) as a bit mask; events on the rank of the search split's "
                        "estimated likelihood ratio (order_by_ratio)";
  t.details["view"] = "whole-output";
  t.details["build"] = std::string("optimized (fast::") +
                       (learner == Learner::shuffle ? "shuffle_glm" : is_jdp(learner) ? "jdp_glm" : "b_glincb") +
                       " with the audit hooks reward_tape / noise_divisor)";

  // ---- the neighbour search ----
  ref::Relation rel = ref::contextual(kD, 1);
  rel.citation = "Sarmasarkar 2026 (arXiv:2602.00417) Def. B.1/B.4: user t's datum (X_t, r_t), one user replaced";
  ref::SearchSpace space;
  space.base = {1, 1, 1};
  if (is_jdp(learner)) {
    space.positions = {{"round 1 (first user)", 0, -1},
                       {"round 8 (its leaf completes the tree's first 8-node)", 7, -1},
                       {"round " + std::to_string(s.T - 1) + " (one later user)", s.T - 2, -1},
                       {"round " + std::to_string(s.T) + " (last: no later user)", s.T - 1, -1}};
  } else {
    space.positions = {{"round 1 (first batch)", 0, -1},
                       {"round " + std::to_string(s.b1) + " (the last user before the first release)", s.b1 - 1, -1},
                       {"round " + std::to_string(s.b1 + 1) + " (batch 2" +
                            (learner == Learner::shuffle ? ", never released)" : ")"),
                        s.b1, -1}};
  }
  space.random_positions_below = s.T;
  space.random_pairs = 6;
  space.seed = seed;
  const std::vector<ref::NeighbourPair> cands = ref::candidate_pairs(rel, space);
  struct Entry {
    std::int64_t off, grad;
    AuditPair pair;
  };
  std::vector<Entry> entries;
  using Key = std::tuple<std::uint64_t, std::array<std::int64_t, 3>, std::array<std::int64_t, 3>>;
  std::set<Key> seen;
  auto key_of = [&](std::uint64_t round0, const UserRecord& a, const UserRecord& b) {
    // Batch learners: every user of batch 1 enters its release alike — one key per batch.
    const std::uint64_t where = is_jdp(learner) ? round0 : round0 < s.b1 ? 0 : round0;
    const std::array<std::int64_t, 3> ra{a.phi0, a.phi1, a.y}, rb{b.phi0, b.phi1, b.y};
    return Key{where, std::min(ra, rb), std::max(ra, rb)};
  };
  seen.insert(key_of(0, canon_d, canon_dp));
  std::size_t unobserved = 0;
  for (const ref::NeighbourPair& c : cands) {
    const UserRecord a = from_relation(c.d), b = from_relation(c.d_prime);
    const std::uint64_t round0 = c.position.index;
    const bool never_seen = is_jdp(learner) ? round0 + 1 >= s.T
                                                    : (learner == Learner::shuffle && round0 >= s.b1);
    const bool same = a.phi0 == b.phi0 && a.phi1 == b.phi1 && a.y == b.y;
    if (same || never_seen) {
      ++unobserved;
      continue;
    }
    if (!seen.insert(key_of(round0, a, b)).second) continue;
    AuditPair ap;
    ap.pattern = c.pattern;
    ap.position = c.position.label == "random" ? "random (round " + std::to_string(round0 + 1) + ")" : c.position.label;
    ap.data = {{"relation", rel.name},
               {"changed_round", round0 + 1},
               {"d", describe(a)},
               {"d_prime", describe(b)},
               {"view_rounds", std::to_string(first_view_round(s, round0 + 1)) + ".." + std::to_string(s.T)}};
    ap.sample = make_sampler(setup, round0 + 1, a, b);
    const std::int64_t off = (a.phi0 * a.phi1 - b.phi0 * b.phi1) * (a.phi0 * a.phi1 - b.phi0 * b.phi1);
    const std::int64_t g0 = a.phi0 * a.y - b.phi0 * b.y, g1 = a.phi1 * a.y - b.phi1 * b.y;
    entries.push_back({off, g0 * g0 + g1 * g1, std::move(ap)});
  }
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) {
    return std::tie(y.off, y.grad) < std::tie(x.off, x.grad);
  });
  for (Entry& e : entries) t.family.push_back(std::move(e.pair));
  t.relation = relation_json(
      rel, cands.size(), unobserved, t.family.size() + 1,
      "record (k0, k1, ky) in {0,1}^3 = phi ((2k0-1)/2, (2k1-1)/2), y = ky, the user's arm set {phi, phi}; "
      "candidates: StatDP patterns, every vertex of the change cube, 6 seeded random pairs, at the named rounds and "
      "random ones (reference/privacy/relations.hpp); batch learners: pairs in the same released batch with the same "
      "records are one pair (the release is symmetric in its users); a change never released (shuffle-glm's last "
      "batch) or with no later user (jdp-glm's round T) is counted, not sampled; ordered by the change of phi0 phi1, "
      "then of phi y. The whole output is not monotone in the record: the search is a lower bound only");
  if (!info.is_private) {
    t.nominal = true;
    t.eps_exact_source.clear();
  }
  return t;
}

}  // namespace dpb::verify::audit
