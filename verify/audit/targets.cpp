#include "verify/audit/targets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <set>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

#include "optimized/learners/anytime_lazy_ucb.hpp"
#include "optimized/learners/batch_aggregator.hpp"
#include "optimized/learners/batched_successive_elimination.hpp"
#include "optimized/learners/dp_successive_elimination.hpp"
#include "optimized/learners/ftnl.hpp"
#include "optimized/learners/hybrid_ucb.hpp"
#include "optimized/learners/protocol_aggregator.hpp"
#include "optimized/learners/ucb.hpp"
#include "optimized/protocols/protocol.hpp"
#include "optimized/samplers/binomial_large.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/double_text.hpp"
#include "reference/core/error_reason.hpp"
#include "reference/core/errors.hpp"
#include "reference/learners/dp_successive_elimination.hpp"
#include "reference/learners/noise_source.hpp"
#include "reference/privacy/relations.hpp"
#include "reference/protocols/calibration.hpp"
#include "reference/protocols/calibration_003_p2.hpp"
#include "verify/audit/decision_law_index.hpp"
#include "verify/audit/target_pgd.hpp"
#include "verify/audit/target_tree_matrix.hpp"
#include "verify/audit/target_tree_switching.hpp"
#include "verify/audit/targets_001.hpp"
#include "verify/audit/targets_001_learners.hpp"
#include "verify/audit/targets_003_learners.hpp"
#include "verify/audit/targets_multi_agent.hpp"
#include "verify/audit/white_box_bridge.hpp"
#include "verify/audit/white_box.hpp"

namespace dpb::verify::audit {

namespace {

// The seed 000/002 targets' note on how their candidates were enumerated.
const std::string kRelationNote =
    "candidates: StatDP patterns, every vertex of the change cube (K <= 8), seeded random records, at the named "
    "positions (reference/privacy/relations.hpp); a change of a coordinate the learner does not observe leaves the "
    "view's law unchanged (eps = 0 exactly) and is counted, not sampled; candidates with the same effect on the view "
    "are one pair";

constexpr const char* kFn = "audit";
constexpr double kPi = 3.14159265358979323846;

using Counts = std::unordered_map<std::int64_t, std::uint64_t>;

Histogram to_histogram(const Counts& c) {
  return Histogram::from_integer_counts(std::vector<std::pair<std::int64_t, std::uint64_t>>(c.begin(), c.end()));
}

double to_double(const Rational& x) { return x.convert_to<double>(); }

// Rounded up (the claimed ε is an upper bound; the audit must not make the claim look smaller than it is).
double up(double x) { return std::nextafter(x * (1 + 1e-12), std::numeric_limits<double>::infinity()); }

const std::vector<TargetInfo> kTargets = {
    {"dist-dp", "mechanism", true, "eps-DP (seed 000, Theorem 1)",
     "SecAgg + per-user Polya differences; server view = decoded batch sum"},
    {"dist-rdp", "mechanism", true, "RDP (seed 000, Theorem 2 / Lemma 3), audited as (eps', delta) via Lemma 10",
     "SecAgg + per-user Skellam; server view = decoded batch sum"},
    {"dist-cdp", "mechanism", true, "CDP (seed 000, Theorem 4 / Lemma 4), audited as (eps', delta)",
     "SecAgg + per-user discrete Gaussian; server view = decoded batch sum"},
    {"shuffle", "mechanism", true, "eps-DP (seed 000, Theorem 3; the sum carries eps' = eps/2)",
     "perfect SecAgg (modular sum) standing in for Theorem 3's relaxed SecAgg S~ (no shuffler is run; split-and-mix "
     "is not one: claim 000.split-and-mix.llr), noise Lap_Z(g/eps') = the per-user Polya differences at eps' = eps/2; "
     "server view = decoded sum"},
    {"central", "mechanism", true, "eps-DP (seed 000, Theorem 5)", "analyzer adds Lap_Z(g/eps); view = its output"},
    {"local", "mechanism", true, "eps-LDP (seed 000, Theorem 6)", "per-user Lap_Z(g/eps); view = one user's message"},
    {"dlaplace", "mechanism", true, "eps-DP (discrete Laplace mechanism, seed 000 sec. 4.1)",
     "x + Lap_Z(1/eps), x in {0, 1}"},
    {"tree-matrix", "mechanism", true, "V and H trees jointly (eps/3, delta/3) (seed 003, Lemma I.4, theorem calibration)",
     "Alg. 2's matrix trees, d = 2, kappa* = 4, half; view = the nodes holding one user's leaf (LLR statistic)"},
    {"tree-switching", "mechanism", true, "the switching set T_o is (eps/3, delta/6)-DP (seed 003, Lemma 6.1, theorem calibration)",
     "Alg. 2's Criterion-I indicators of 15 observers, V tree at kappa* = 20, d = 2, half; view = their count"},
    {"p-vec-matrix", "mechanism", true,
     "(eps, delta)-shuffle DP (seed 003, Lemma S.2 at Eq. 127, d = 2; claim 003.v4), audited at delta (default 1e-5)",
     "P2 (matrix P_Vec): view = label (0,0)'s count; user 1's X = Delta e1e1^T (D) vs -Delta e1e1^T (D')"},
    // Seed 001 (targets_001.hpp): small sizes, the replace-one relation of one user's (phi, y).
    {"gauss-ldp", "mechanism", true, "(eps0, delta0)-LDP (seed 001, Cor. B.3 / Prop. F.1; eps0 = --eps, delta0 = --delta)",
     "the LDP Gaussian randomizer, d = 2; view = one user's message (phi y, triu(phi phi^T)), LR statistic"},
    {"p-amp", "mechanism", true, "(eps, delta)-SDP (seed 001, Thm 3.2 / B.1; B = --n, default 3)",
     "P_Amp, d = 2; view = the shuffler's whole output for a batch, others at x0, closed-form LR statistic"},
    {"p-vec", "mechanism", true, "(eps, delta)-SDP (seed 001, Thm 3.5 / C.1; B = --n, default 4)",
     "P_Vec, d = 2, vector part; view = the per-label counts of a batch (aggregate path), LR statistic"},
    {"tree", "mechanism", true, "(eps, delta)-DP of the prefixes (seed 001, Prop. F.3; N = --horizon leaves, default 4)",
     "seed 001's tree, leaves triu(z z^T), z = (phi, y); view = all released prefixes, LR statistic"},
    {"pgd", "mechanism", true,
     "(eps, delta) per call (seed 003, Alg. 7: Lemma S.1 per step, advanced composition), audited at delta "
     "(default 1e-5)",
     "P_GD, n <= 16, d = 2, T_it >= 3; view = the released counts (statistic sum_t C_t0 - C_t1); one user's (r, x)"},
    {"dist-dp-se", "learner", true, "eps-DP (seed 000, Theorem 1)", "Algorithm 1 with Dist-DP batches"},
    {"dist-rdp-se", "learner", true, "RDP (seed 000, Theorem 2), audited as (eps', delta)",
     "Algorithm 1 with Dist-RDP batches"},
    {"dist-cdp-se", "learner", true, "CDP (seed 000, Theorem 4), audited as (eps', delta)",
     "Algorithm 1 with Dist-CDP batches"},
    {"shuffle-se", "learner", true, "eps-DP (seed 000, Theorem 3)", "Algorithm 1 with shuffle batches"},
    {"cdp-se", "learner", true, "eps-DP (seed 000, Theorem 5)", "Algorithm 1 with central batches"},
    {"ldp-se", "learner", true, "eps-LDP (seed 000, Theorem 6)", "Algorithm 1 with local batches"},
    {"central-dlap-se", "learner", true, "eps-DP (seed 000, Algorithm 1 with Lap_Z(g/eps); sec. 4.1)",
     "Algorithm 1 with the central discrete-Laplace aggregator"},
    {"dp-se", "learner", true, "eps-DP (Sajed & Sheffet 2019; seed 000 sec. 3.9)", "DP successive elimination"},
    {"se", "learner", false, "none (non-private)", "Algorithm 1, non-private aggregator: negative control"},
    {"anytime-lazy-ucb", "learner", true, "eps-DP (seed 002, Theorem 2)", "seed 002 Algorithm 1"},
    {"hybrid-ucb", "learner", true, "eps-DP (seed 002, Theorem 5)", "seed 002 Algorithm 4"},
    {"ftnl", "learner", true, "eps-DP (seed 002, Theorem 6)", "FTNL with Report-Noisy-Max"},
    {"naive-ftnl", "learner", true, "eps-DP (seed 002, sec. 5)", "naive FTNL, Lap(K/eps) per action"},
    {"ucb", "learner", false, "none (non-private)", "UCB1: negative control"},
    // Seed 001's learners (targets_001_learners.hpp): d = 2, K = 2, B = 4, T = 14, the contextual relation (one
    // user's context and reward response), view = the actions of every later user.
    {"linucb-sdp-amp", "learner", true,
     "(eps, delta)-SDP (seed 001, Thm 3.2 / B.1: Algorithm 1 with P_Amp), audited at delta (default 1e-5)",
     "Algorithm 1 with P_Amp, d = 2, K = 2, B = 4, T = 14; view = every later user's action (whole output)"},
    {"linucb-sdp-vec", "learner", true,
     "(eps, delta)-SDP (seed 001, Thm 3.5 / C.1: Algorithm 1 with P_Vec), audited at delta (default 1e-5)",
     "Algorithm 1 with P_Vec, d = 2, K = 2, B = 4, T = 14; view = every later user's action (whole output)"},
    {"linucb-ldp", "learner", true,
     "(eps, delta)-LDP (seed 001, Prop. F.1 / Cor. B.3: Batched-Local-LinUCB), audited at delta (default 1e-5)",
     "R_Amp without a shuffler, d = 2, K = 2, B = 4, T = 14; view = every later user's action (whole output)"},
    {"linucb-jdp", "learner", true,
     "(eps, delta)-JDP (seed 001, Prop. F.3: Batched-Central-LinUCB's tree), audited at delta (default 1e-5)",
     "the tree mechanism, one leaf per batch, d = 2, K = 2, B = 4, T = 14; view = every later user's action"},
    {"linucb", "learner", false, "none (non-private)",
     "batched LinUCB (OFUL), d = 2, K = 2, B = 4, T = 14: negative control (whole output)"},
    // Seed 003's learners (targets_003_learners.hpp): d = 2, K = 2, logistic, rewards from a tape, the relation one
    // user's (arm set, reward) replaced, view = the actions of every later user the change can reach.
    {"shuffle-glm", "learner", true,
     "(eps, delta)-SDP (seed 003, Thm 5.1: ShuffleGLM, eps < 5), audited at delta (default 1/100)",
     "Alg. 1, scaled profile, M = 8, T = 76 (batches 69, 7), gamma = 0; view = batch 2's actions (whole output)"},
    {"jdp-glm", "learner", true,
     "(eps, delta)-JDP (seed 003, Thm 6.2: Alg. 2, theorem profile), audited at delta (default 1/100)",
     "Alg. 2, theorem profile, T = 16 (Criterion I every round); view = every later user's action (whole output)"},
    {"jdp-glm-paper-code", "learner", true,
     "(eps, delta)-JDP (seed 003, Thm 6.2 as the authors' code runs Alg. 2: paper-code profile, later commit), "
     "audited at delta (default 1/100)",
     "Alg. 2 as the authors' code runs it (its constants, trees and DP-SGD calls), T = 16; view = every later user's "
     "action (whole output)"},
    {"b-glincb", "learner", false, "none (non-private)",
     "B-GLinCB (ShuffleGLM's template), M = 3, T = 24, lambda = 1, gamma = 0: negative control (whole output)"},
    // Seed 004 (targets_multi_agent.hpp): the multi-agent relation, one reward of one agent.
    {"dp-mase", "multi-agent", true, "eps-DP for communications (seed 004, Prop. 4.1, Def. 3.6)",
     "DP-MASE, N = 2, --votes 1: agent 0's first epoch decides (views: agent 0's messages, or all agents' jointly)"},
    {"mase", "multi-agent", false, "none (non-private)", "MASE (Alg. 1), SE votes: negative control"},
    {"decentralized-elimination", "multi-agent", false, "none (eps-DP not claimed; (eps, eta)-privacy only)",
     "Feraud et al. 2019: negative control"},
    {"corrupted-elimination", "multi-agent", false, "none (eps-DP not claimed; (eps, eta)-privacy only)",
     "CE (Alg. 3), xi = 1/10: negative control"},
    {"central-se", "multi-agent", false, "none (raw rewards sent)", "CENTRAL: negative control"},
    {"independent-se", "multi-agent", true, "0-DP for communications (sends no messages)",
     "INDEPENDENT: empty view, positive control (eps = 0)"},
};


// ---- neighbour search: the relation's pairs as samplers ------------------------------------------------------------


// The canonical pair of a prepared target (its hand-built D, D′).
AuditPair canonical_pair(const PreparedTarget& t) {
  AuditPair p;
  p.pattern = "canonical";
  p.position = t.details.contains("neighbours") ? t.details["neighbours"].get<std::string>() : "the target's pair";
  p.data = t.details;
  p.sample = t.sample;
  p.eps_exact = t.eps_exact;
  p.eps_exact_lower = t.eps_exact_lower;
  p.eps_exact_source = t.eps_exact_source;
  return p;
}

// ---- mechanisms --------------------------------------------------------------------------------------------------

// The optimized protocol of `cal` on the aggregate noise path, built once per target: building its noise sampler's
// inversion table costs O(σ) certified evaluations (seconds for a Skellam of variance 10^6), and a sampler is called
// once per block of every pair (issue 14 class 4: it used to be rebuilt for each of them). Samplers copy it.
std::shared_ptr<const fast::Protocol> shared_protocol(const ref::Calibration& cal) {
  ref::ProtocolOptions po;
  po.path = ref::NoisePath::Aggregate;
  return std::make_shared<const fast::Protocol>(cal, po);
}

// The batch-contribution relation for a protocol variant: user 0's reward changes (records in halves, grid 2);
// positions are the other users' rewards (1: the sum at the top of the window, 0: at the bottom, 1/2: the middle).
// The view is a rotation on Z_m of one law (the decoded sum shifted by the encoded total), so its privacy loss
// depends on the shift alone, and exact_profile maximises over every shift d in 1..g: that maximum is every pair's
// white-box reference here (docs/privacy-000.md §7).
void mechanism_family(PreparedTarget& t, const std::shared_ptr<const fast::Protocol>& proto,
                      std::uint64_t n, std::uint64_t seed) {
  const ref::Relation rel = ref::batch_contribution(2);
  ref::SearchSpace space;
  space.base = {2};
  if (n == 1) {
    space.positions = {{"alone (the local model's view: one message)", 0, -1}};
  } else {
    space.positions = {{"others 1 (the sum at the top of the window)", 2, -1},
                       {"others 0 (the sum at the bottom of the window)", 0, -1},
                       {"others 1/2 (the sum in the middle of the window)", 1, -1}};
  }
  space.random_pairs = 8;
  space.seed = seed;
  const std::vector<ref::NeighbourPair> cands = ref::candidate_pairs(rel, space);
  std::set<std::tuple<std::uint64_t, std::int64_t, std::int64_t>> seen;
  for (const ref::NeighbourPair& c : cands) {
    const std::int64_t a = std::min(c.d[0], c.d_prime[0]), b = std::max(c.d[0], c.d_prime[0]);
    if (!seen.insert({c.position.index, a, b}).second) continue;
    if (n > 1 && c.position.index == 2 && a == 0 && b == 2) continue;  // the canonical pair
    if (n == 1 && a == 0 && b == 2) continue;
    const auto others = static_cast<std::uint64_t>(c.position.index);
    const auto dn = static_cast<std::uint64_t>(c.d[0]), dpn = static_cast<std::uint64_t>(c.d_prime[0]);
    AuditPair p;
    p.pattern = c.pattern;
    p.position = c.position.label;
    p.data = {{"relation", rel.name},
              {"changed_user", 0},
              {"others", n == 1 ? nlohmann::json(nullptr) : nlohmann::json(std::to_string(others) + "/2")},
              {"d", std::to_string(dn) + "/2"},
              {"d_prime", std::to_string(dpn) + "/2"},
              {"n", n}};
    p.sample = [proto0 = proto, n, others, dn, dpn](int side, std::uint64_t count, std::uint64_t s,
                                                                    std::uint64_t stream) {
      fast::Protocol proto = *proto0;  // a copy: its tables extend lazily
      std::vector<fast::Reward> x(n, fast::Reward{others, 2});
      x[0] = fast::Reward{side == 0 ? dn : dpn, 2};
      ChaCha20Source bits(s, stream);
      Counts counts;
      for (std::uint64_t i = 0; i < count; ++i) ++counts[proto.decode_batch(x, bits)];
      return to_histogram(counts);
    };
    if (t.eps_exact && t.eps_exact_source.rfind("white box", 0) == 0) {
      p.eps_exact = t.eps_exact;
      p.eps_exact_source = "the view's maximum over every shift (rotation-invariant: covers this pair)";
    }
    t.family.push_back(std::move(p));
  }
  t.relation = relation_json(rel, cands.size(), 0, t.family.size() + 1, kRelationNote);
}

PreparedTarget prepare_mechanism(const TargetInfo& info, const TargetOptions& o, std::uint64_t seed) {
  PreparedTarget t;
  t.info = info;
  const double eps = to_double(o.eps);
  if (info.name == "tree-matrix") return prepare_tree_matrix(info, o, seed);
  if (info.name == "tree-switching") return prepare_tree_switching(info, o, seed);
  if (is_seed001_target(info.name)) return prepare_seed001(info, o, seed);
  if (info.name == "pgd") return prepare_pgd(info, o, seed);
  if (info.name == "dlaplace") {
    const Rational scale = Rational(1) / o.eps;
    t.sample = [scale](int side, std::uint64_t n, std::uint64_t seed, std::uint64_t stream) {
      fast::DiscreteLaplace lap(scale);
      ChaCha20Source bits(seed, stream);
      Counts c;
      const std::int64_t x = side == 0 ? 1 : 0;
      for (std::uint64_t i = 0; i < n; ++i) ++c[x + lap(bits)];
      return to_histogram(c);
    };
    t.eps_claimed = eps;
    t.eps_exact = eps;  // the discrete Laplace mechanism with sensitivity 1: the tail ratio is exactly e^ε
    t.eps_exact_source = "closed form: Lap_Z(1/eps) with sensitivity 1 has privacy loss exactly eps on tail events";
    t.delta = o.delta.value_or(0);
    t.details = {{"neighbours", "x = 1 (D) vs x = 0 (D')"}, {"scale", dpb::to_string(scale)}};
    // The relation of a counting query with x in {0, 1}: this pair (and its mirror image) is the whole relation.
    t.relation = {{"name", "counting"},
                  {"definition", "x in {0, 1} replaced by the other value"},
                  {"citation", "seed 000 sec. 4.1 (the discrete Laplace mechanism)"},
                  {"candidates_enumerated", 1},
                  {"unobserved", 0},
                  {"effective_pairs", 1}};
    return t;
  }
  if (info.name == "p-vec-matrix") {
    // Seed 003's P₂ at Eq. 127's (g, b) for (ε, δ, n, d = 2), r = 2Δ. The pair moves label (0,0) by g units (t = g
    // against 0) and no other label, so label (0,0)'s count is the view (the other labels are independent of the
    // change: post-processing). The other users hold Δe₁e₁ᵀ (t = g, no rounding draw): count = (n − 1)g + {g | 0}
    // + Bin(n·b, ¼), drawn by the optimized sublinear binomial.
    t.delta = o.delta.value_or(1e-5);
    // Calibrated at the exact 1/100000 by default, or at the exact --delta given.
    const Rational delta_r = exact_delta(o, Rational(1, 100000));
    const Integer n(static_cast<unsigned long>(o.n));
    const auto [g, b] = ref::eq127_g_b(o.eps, delta_r, n, Integer(2));
    auto noise = std::make_shared<const fast::BinomialLarge>(Integer(n * b), Rational(1, 4));
    const std::int64_t base = to_int64(Integer((n - 1) * g)), shift = to_int64(g);
    t.sample = [noise, base, shift](int side, std::uint64_t count, std::uint64_t seed, std::uint64_t stream) {
      ChaCha20Source bits(seed, stream);
      Counts c;
      for (std::uint64_t i = 0; i < count; ++i) ++c[base + (side == 0 ? shift : 0) + (*noise)(bits)];
      return to_histogram(c);
    };
    t.eps_claimed = eps;
    t.eps_exact_source =
        "not computed (the shifted binomial's exact eps(delta) at n b ~ 10^9); 003.v4 certifies an upper bound";
    t.details = {{"g", dpb::to_string(g)},
                 {"b", dpb::to_string(b)},
                 {"noise_trials", dpb::to_string(Integer(n * b))},
                 {"d", 2},
                 {"neighbours", "X_1 = Delta e1e1^T (D) vs -Delta e1e1^T (D'), others Delta e1e1^T; view label (0,0)"}};
    t.relation = {{"name", "replace-one (P2)"},
                  {"definition", "one user's matrix (Frobenius norm <= Delta) replaced"},
                  {"citation", "seed 003 App. S, Lemma S.2"},
                  {"candidates_enumerated", 1},
                  {"unobserved", 0},
                  {"effective_pairs", 1},
                  {"note", "the pair moving one label by the full range g; docs/privacy-003.md (P2)"}};
    return t;
  }
  const ref::Variant variant = ref::parse_variant(info.name, kFn);
  ref::CalibrationInput in;
  in.eps = o.eps;
  in.n = variant == ref::Variant::Local ? Integer(1) : Integer(o.n);
  in.horizon = Integer(o.horizon);
  const ref::Calibration cal = ref::calibrate(variant, in);
  // The optimized Skellam sampler builds an inversion table over about ±9σ in certified arithmetic (variance 10^8:
  // 7 s; 10^12, `dist-rdp --eps 1e-6`: tens of minutes and gigabytes): refused up front beyond 10^7 (docs/reliability.md).
  if (cal.aggregate_noise.kind == ref::NoiseKind::Skellam && cal.aggregate_noise.variance > Rational(10000000))
    throw_parameter_error("audit", "--eps",
                          "such that the aggregate Skellam noise's variance is at most 10^7 (it is " +
                              dpb::to_string(cal.aggregate_noise.variance) + ")",
                          dpb::to_string(o.eps));
  // `local`'s aggregate noise (one user's Lap_Z(g/ε), calibrated as a Pólya difference with r = 1) is drawn by the
  // optimized Pólya sampler, whose exact inversion table grows with the largest value drawn, about r·scale·ln(samples)
  // entries at tens of µs each (scripts/sweep-refusals: `audit local --eps 1e-6 --samples 100`, scale 10^6, gave no
  // answer and no progress line in 30 s: one sampling block of the screening takes minutes). Measured at --samples
  // 100 --threads 1: r·scale 10^4 (--eps 1e-4) 6 s, 10^5 no answer in 60 s. Refused up front beyond 10^4.
  if (cal.aggregate_noise.kind == ref::NoiseKind::PolyaDifference &&
      cal.aggregate_noise.polya_r * cal.aggregate_noise.scale > Rational(10000))
    throw_parameter_error("audit", "--eps",
                          "such that " + info.name + "'s Polya noise has r*scale at most 10^4 (it is " +
                              dpb::to_string(cal.aggregate_noise.polya_r * cal.aggregate_noise.scale) + ")",
                          dpb::to_string(o.eps));
  const std::uint64_t n = variant == ref::Variant::Local ? 1 : o.n;
  const double g = cal.g.convert_to<double>();
  const std::shared_ptr<const fast::Protocol> proto = shared_protocol(cal);
  t.sample = [proto, n](int side, std::uint64_t count, std::uint64_t seed, std::uint64_t stream) {
    fast::Protocol p = *proto;  // a copy: its tables extend lazily
    std::vector<fast::Reward> x(n, fast::Reward{1, 1});
    if (side == 1) x[0] = fast::Reward{0, 1};
    ChaCha20Source bits(seed, stream);
    Counts c;
    for (std::uint64_t i = 0; i < count; ++i) ++c[p.decode_batch(x, bits)];
    return to_histogram(c);
  };
  switch (variant) {
    case ref::Variant::DistRDP:
      t.delta = o.delta.value_or(1e-5);
      t.eps_claimed = claimed_eps_dist_rdp(eps, g, t.delta);
      break;
    case ref::Variant::DistCDP:
      t.delta = o.delta.value_or(1e-5);
      t.eps_claimed = claimed_eps_dist_cdp(eps, g, static_cast<double>(n), t.delta);
      break;
    default:
      t.delta = o.delta.value_or(0);
      t.eps_claimed = eps;
  }
  std::string beyond;  // why the white box is not computed (docs/reliability.md "Limits")
  white_box_within_reach(cal, beyond);
  if (auto w = white_box_eps(variant, in, t.delta)) {
    t.eps_exact = w->eps;
    t.eps_exact_source = w->source;
  } else if (variant == ref::Variant::DistDP || variant == ref::Variant::Central || variant == ref::Variant::Local ||
             variant == ref::Variant::Shuffle) {
    // Σ η ~ Lap_Z(g/ε_noise) on a sum with sensitivity g: privacy loss exactly ε_noise on tail events (the mod-m
    // decode is post-processing, and the tail event {Y ≥ n·g} lies inside the window).
    t.eps_exact = to_double(cal.eps_noise);
    t.eps_exact_source = "closed form: aggregate noise Lap_Z(g/eps_noise), sensitivity g (white box not computed" +
                         (beyond.empty() ? std::string() : ": " + beyond) + ")";
  }
  t.details = {{"neighbours", "all n rewards 1 (sum at the top of the window, n*g) vs the first reward 0"},
               {"n", n},
               {"g", dpb::to_string(cal.g)},
               {"tau", dpb::to_string(cal.tau)},
               {"m", dpb::to_string(cal.m)},
               {"eps_noise", dpb::to_string(cal.eps_noise)},
               {"noise_path", "aggregate (optimized build)"}};
  if (t.eps_exact && t.eps_exact_source.rfind("white box", 0) == 0) {
    // White-box forecast of the samples per side to reach 0.9·ε_exact at the default level (95%, T = 4 kept).
    try {
      if (const auto f = audit_forecast(variant, in, t.delta, 0.9 * *t.eps_exact, 0.05 / 8))
        t.details["samples_needed_white_box"] = {
            {"per_side", f->samples_per_side}, {"event_p1", f->p1}, {"event_p0", f->p0},
            {"event_eps", f->eps_event},
            {"method", "rule of thumb at the exact probabilities of the best likelihood-ratio level set of the view "
                       "(shift g), to reach 0.9 eps_exact at 95% with T = 4 (white_box.hpp audit_forecast)"}};
    } catch (const std::exception&) {
    }
  }
  mechanism_family(t, proto, n, seed);
  return t;
}

// ---- learners ----------------------------------------------------------------------------------------------------

// A learner run on a K = 2 table; returns Y. `x` is the changed reward (1 under D, 0 under D′).
using LearnerRun = std::function<std::int64_t(int x, NoiseSource noise)>;

ref::RewardTape make_tape(std::uint64_t length, const std::vector<std::int32_t>& arm0,
                          const std::vector<std::int32_t>& arm1) {
  std::vector<std::int32_t> table(arm0);
  table.insert(table.end(), arm1.begin(), arm1.end());
  table.resize(2 * length, 0);
  return ref::RewardTape(2, length, 1, {Rational(1, 2), Rational(1, 2)}, std::move(table));
}

SideSampler learner_sampler(LearnerRun run) {
  return [run](int side, std::uint64_t n, std::uint64_t seed, std::uint64_t stream) {
    ChaCha20Source bits(seed, stream);
    Counts c;
    for (std::uint64_t i = 0; i < n; ++i) ++c[run(side == 0 ? 1 : 0, NoiseSource(bits))];
    return to_histogram(c);
  };
}

double event_rate(const LearnerRun& run, int x, std::int64_t y, std::uint64_t runs, std::uint64_t seed,
                  std::uint64_t stream) {
  ChaCha20Source bits(seed, stream);
  std::uint64_t k = 0;
  for (std::uint64_t i = 0; i < runs; ++i) k += run(x, NoiseSource(bits)) == y ? 1 : 0;
  return static_cast<double>(k) / static_cast<double>(runs);
}

struct EliminationDesign {
  // window of arm 1's pulls [first, first + len) forming the decisive batch/epoch; T_stop ends it
  std::function<std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>(unsigned level)> window;
  std::function<fast::Trajectory(const ref::RewardTape&, std::uint64_t T, NoiseSource)> learner;
  // TargetOptions::whole_output: the audited view is the whole output up to the end of the batch/epoch after the
  // decisive one (elimination_whole_output), not the decision Y.
  bool whole = false;
  unsigned extra_batches = 1;  // with `whole`: the stop is the end of the decisive batch plus this many batches
};

std::int64_t elimination_output(const fast::Trajectory& tr, std::uint64_t decision_round) {
  // Y = 1 if arm 1 is eliminated after the decisive batch, else 0 (arm 0's elimination is merged into 0: it lies
  // far in the noise difference's tail, see decision_law_elimination.hpp).
  std::int64_t y = 0;
  for (const auto& e : tr.eliminations) {
    if (e.round < decision_round) return 10 + e.arm;  // an earlier elimination (rare; kept distinct)
    if (e.arm == 1) y = 1;
  }
  return y;
}

// The whole output of a K = 2 elimination learner up to its stop: the actions are fixed (round robin) until the first
// elimination and constant (the survivor) after it, so the pair (round of the first elimination, eliminated arm)
// determines every action up to the stop — the whole output itself, not a statistic of it. Y = 0 when nothing is
// eliminated by the stop, else 1 + 2·round + arm (rounds below 2^16: prepare_elimination's bound).
std::int64_t elimination_whole_output(const fast::Trajectory& tr) {
  if (tr.eliminations.empty()) return 0;
  const auto& e = tr.eliminations.front();
  return 1 + 2 * static_cast<std::int64_t>(e.round) + static_cast<std::int64_t>(e.arm);
}

// What an elimination audit samples: the decision Y at the decisive stop T, or with design.whole the whole output up
// to T_whole.
std::int64_t elimination_view(const EliminationDesign& design, const ref::RewardTape& tape, std::uint64_t T,
                              std::uint64_t T_whole, NoiseSource noise) {
  if (!design.whole) return elimination_output(design.learner(tape, T, noise), T);
  return elimination_whole_output(design.learner(tape, T_whole, noise));
}

// Elimination learners: the white-box reference becomes the exact privacy loss of the audited decision Y
// (decision_law_elimination.hpp); the ε of the decisive release (already in t) moves to the details. When the law is
// out of reach (m too large) the release's ε stays as the reference (an upper bound of Y's).
void use_elimination_decision_law(PreparedTarget& t, EliminationSetup s) {
  s.level = t.details["decisive_level"].get<unsigned>();
  s.len = t.details["window_length"].get<std::uint64_t>();
  s.ones_after_change = t.details["ones_after_change"].get<std::uint64_t>();
  t.elimination = s;
  t.details["eps_release"] = t.eps_exact ? nlohmann::json(*t.eps_exact) : nlohmann::json(nullptr);
  t.details["eps_release_source"] = t.eps_exact_source;
  std::string why;
  std::optional<DecisionLaw> law = elimination_decision_law(s, why);
  if (!law) {
    const std::string note = "exact law of the decision Y not computed (" + why + ")";
    t.eps_exact_source = t.eps_exact ? t.eps_exact_source + "; the release's eps, an upper bound of Y's: " + note : note;
    return;
  }
  const DecisionEps view = decision_eps(*law, t.delta);
  nlohmann::json outcomes = nlohmann::json::array();
  for (std::size_t i = 0; i < law->outcomes.size(); ++i) {
    auto decimal = [](const Interval& p) {  // rounded down and up; one number when they agree
      const std::string lo = p.lower_string(12), hi = p.upper_string(12);
      return lo == hi ? lo : "[" + lo + ", " + hi + "]";
    };
    outcomes.push_back({{"Y", law->outcomes[i]}, {"P_D", decimal(law->p_d[i])}, {"P_D'", decimal(law->p_d_prime[i])}});
  }
  t.details["decision_law"] = {{"method", law->method},
                               {"conditional", "on no elimination before the decisive batch (Y < 10)"},
                               {"outcomes", outcomes}};
  t.eps_exact = view.eps;
  if (t.delta == 0) t.eps_exact_lower = view.eps_lower;
  t.eps_exact_source = "white box (exact law of the decision Y): " + law->method + "; " +
                       (t.delta == 0 ? "eps(Y) in " : "Y: ") + view.enclosure;
  t.decision_law = std::move(law);
}

// The whole-output view of an elimination learner has no exact law here; its reference is the decisive release's ε,
// an upper bound of the view's loss: the changed user's reward enters that one release (batch or epoch sum) and
// every decision — the later ones too, each from its own batch's release — is post-processing of the releases.
void whole_elimination_reference(PreparedTarget& t) {
  t.details["eps_release"] = t.eps_exact ? nlohmann::json(*t.eps_exact) : nlohmann::json(nullptr);
  if (t.eps_exact)
    t.eps_exact_source = "upper bound, the decisive release's eps: " + t.eps_exact_source +
                         "; the whole output is post-processing of the releases, and the changed reward enters one";
}

// The bandit-feedback relation around the decisive batch (K = 2, rewards 0/1): the user whose round is arm a's pull
// at offset p of the decisive batch changes the reward vector; only coordinate a is observed, so the effective
// pairs are (a, p) with that coordinate 1 (D) vs 0 (D′). Arm 1 at offset p: x at p, the k ones at the other slots
// (lowest first) — the same batch sum as the canonical pair, so the same law of Y (the SE variants and DP-SE use a
// batch or epoch through its sum only): its white-box ε is the canonical one (set in finish_family). Arm 0 at
// offset p: arm 1 as in the canonical table at D′'s value, arm 0's reward at p changes: no exact law (black box).
// Earlier batches are not searched: the decisive decision uses only its own batch (forgetfulness), so a change
// there moves only the probability of an earlier elimination, which both sides share up to that change.
void elimination_family(PreparedTarget& t, const EliminationDesign& design, std::uint64_t first, std::uint64_t len,
                        std::uint64_t T, std::uint64_t T_whole, std::uint64_t k, std::uint64_t seed) {
  const ref::Relation rel = ref::bandit_feedback(2, 1);
  ref::SearchSpace space;
  space.base = {1, 1};
  space.positions = {{"arm 1, first pull of the decisive batch", 0, 1},
                     {"arm 1, last pull of the decisive batch", len - 1, 1},
                     {"arm 0, first pull of the decisive batch", 0, 0},
                     {"arm 0, last pull of the decisive batch", len - 1, 0}};
  space.random_positions_below = len;  // arm 1 at a random offset
  space.random_positions_observed = 1;
  space.random_pairs = 6;
  space.seed = seed;
  const std::vector<ref::NeighbourPair> cands = ref::candidate_pairs(rel, space);
  std::set<std::pair<std::int64_t, std::uint64_t>> seen;
  std::size_t unobserved = 0;
  for (const ref::NeighbourPair& c : cands) {
    if (c.unobserved) {
      ++unobserved;
      continue;
    }
    const std::int64_t arm = c.position.observed;
    const std::uint64_t offset = c.position.index;
    if (!seen.insert({arm, offset}).second) continue;
    if (arm == 1 && offset == 0) continue;  // the canonical pair
    std::vector<std::int32_t> arm0(T, 1), arm1(T, 0);
    for (std::uint64_t i = 0; i < first && i < T; ++i) arm1[i] = 1;
    if (arm == 1) {
      std::uint64_t placed = 0;
      for (std::uint64_t i = first; placed < k && i < first + len && i < T; ++i) {
        if (i == first + offset) continue;
        arm1[i] = 1;
        ++placed;
      }
    } else {
      for (std::uint64_t i = first + 1; i < first + 1 + k && i < T; ++i) arm1[i] = 1;
    }
    const std::uint64_t pos = first + offset;
    const bool on_arm1 = arm == 1;
    AuditPair p;
    p.pattern = c.pattern;
    p.position = c.position.label + (c.position.label == "random" ? " (arm 1, offset " + std::to_string(offset) + ")"
                                                                    : std::string());
    p.data = {{"relation", rel.name},
              {"arm", arm},
              {"pull", pos},
              {"offset_in_decisive_batch", offset},
              {"d", 1},
              {"d_prime", 0},
              {"ones_after_change", k},
              {"law", on_arm1 ? "as canonical" : "none"}};
    if (design.whole) {  // the tape runs on past the decisive batch: arm 0 pays 1, arm 1 pays 0 there
      arm0.resize(T_whole, 1);
      arm1.resize(T_whole, 0);
    }
    p.sample = learner_sampler(
        LearnerRun([design, arm0, arm1, pos, on_arm1, T, T_whole](int x, NoiseSource noise) mutable {
          (on_arm1 ? arm1 : arm0)[pos] = x;
          const ref::RewardTape tape = make_tape(design.whole ? T_whole : T, arm0, arm1);
          return elimination_view(design, tape, T, T_whole, noise);
        }));
    t.family.push_back(std::move(p));
  }
  t.relation = relation_json(rel, cands.size(), unobserved, t.family.size() + 1, kRelationNote);
}

PreparedTarget prepare_elimination(PreparedTarget t, const EliminationDesign& design, std::uint64_t seed,
                                   double borderline) {
  // 1. the decisive level: the first where a 0-paying arm 1 is eliminated with probability >= 0.9.
  unsigned level = 0;
  std::uint64_t first = 0, len = 0, T = 0;
  auto make_run = [&design](std::uint64_t first_, std::uint64_t T_, std::uint64_t k) {
    std::vector<std::int32_t> arm0(T_, 1), arm1(T_, 0);
    for (std::uint64_t i = 0; i < first_ && i < T_; ++i) arm1[i] = 1;
    for (std::uint64_t i = first_ + 1; i < first_ + 1 + k && i < T_; ++i) arm1[i] = 1;
    return LearnerRun([design, arm0, arm1, first_, T_](int x, NoiseSource noise) mutable {
      arm1[first_] = x;
      const ref::RewardTape tape = make_tape(T_, arm0, arm1);
      return elimination_output(design.learner(tape, T_, noise), T_);
    });
  };
  // Bounded work (issue 14 class 4): the decisive window must end within 2^15 rounds — the batched learners' 12
  // doubling windows end by 16 380; dp-se's epochs grow like 1/ε, so a tiny --eps (1e-6: 1.4·10⁸ rounds per epoch,
  // gigabytes of tape) is refused here instead of running for hours.
  constexpr std::uint64_t kMaxDecisiveRounds = std::uint64_t{1} << 15;
  for (unsigned l = 1; l <= 12; ++l) {
    std::tie(first, len, T) = design.window(l);
    if (T > kMaxDecisiveRounds) break;
    if (len < 2) continue;
    const LearnerRun r = make_run(first, T, 0);
    if (event_rate(r, 0, 1, 100, seed, 1000 + l) >= 0.9) {
      level = l;
      break;
    }
  }
  if (level == 0)  // a parameter that lets the learner eliminate nothing within 12 doubling windows (tiny --eps)
    throw_parameter_error("audit", "--eps",
                          "large enough that " + t.info.name +
                              " eliminates a 0-paying arm within 2^12 batches and 2^15 rounds",
                          "the given value (no decisive batch found)");
  // 2. k by bisection: the largest k in [0, len − 1] with P_D′(arm 1 eliminated) >= borderline (decreasing in k).
  std::uint64_t lo = 0, hi = len - 1;  // invariant: f(lo) >= borderline
  while (lo < hi) {
    const std::uint64_t mid = (lo + hi + 1) / 2;
    if (event_rate(make_run(first, T, mid), 0, 1, 400, seed, 2000 + mid) >= borderline)
      lo = mid;
    else
      hi = mid - 1;
  }
  // 3. the view: with design.whole, the run goes on to the end of the next batch/epoch (a later decision uses only
  // its own batch's release, so the changed user reaches the rest of the output through this prefix alone).
  std::uint64_t T_whole = T;
  if (design.whole && design.extra_batches > 0) {
    T_whole = std::get<2>(design.window(level + design.extra_batches));
    if (T_whole > 2 * kMaxDecisiveRounds)
      throw_parameter_error("audit", "--eps",
                            "large enough that " + t.info.name +
                                "'s batches after the decisive one end within 2^16 rounds",
                            "the given value (whole-output stop " + std::to_string(T_whole) + ")");
  }
  {
    std::vector<std::int32_t> arm0(T_whole, 1), arm1(T_whole, 0);
    for (std::uint64_t i = 0; i < first && i < T_whole; ++i) arm1[i] = 1;
    for (std::uint64_t i = first + 1; i < first + 1 + lo && i < T_whole; ++i) arm1[i] = 1;
    t.sample = learner_sampler(LearnerRun([design, arm0, arm1, first, T, T_whole](int x, NoiseSource noise) mutable {
      arm1[first] = x;
      const ref::RewardTape tape = make_tape(design.whole ? T_whole : T, arm0, arm1);
      return elimination_view(design, tape, T, T_whole, noise);
    }));
  }
  elimination_family(t, design, first, len, T, T_whole, lo, seed);
  t.details = {{"arms", 2},
               {"decisive_level", level},
               {"window_first_pull", first},
               {"window_length", len},
               {"ones_after_change", lo},
               {"borderline", borderline},
               {"horizon_stop", T},
               {"neighbours", "arm 1's first reward of the decisive batch: 1 (D) vs 0 (D')"},
               {"output", "Y = 1 if arm 1 is eliminated after the decisive batch, else 0 (10 + a: arm a eliminated earlier)"}};
  if (design.whole) {
    t.details["horizon_stop"] = T_whole;
    t.details["decision_stop"] = T;
    t.details["view"] = "whole-output";
    t.details["output"] =
        "Y = the whole output up to the end of the decisive batch and " + std::to_string(design.extra_batches) +
        " more (round " + std::to_string(T_whole) +
        "): 0 if no arm is eliminated by then, else 1 + 2·r + a for the first elimination (arm a after round r) — "
        "with K = 2 that pair fixes every action up to the stop";
  }
  return t;
}

// K arms, `length` rounds: every arm's first reward from the table (arm 1's is x), zeros after.
ref::RewardTape first_reward_tape(const IndexAuditTable& table, int x, std::uint64_t length) {
  std::vector<std::int32_t> units(table.arms * length, 0);
  for (std::uint32_t a = 0; a < table.arms; ++a)
    units[a * length] = a == 1 ? static_cast<std::int32_t>(x) : table.others;
  return ref::RewardTape(table.arms, length, 1, std::vector<Rational>(table.arms, Rational(1, 2)), std::move(units));
}

// Bounded work (issue 14 class 4): an index learner's decision law sums over a window of 70·scale noise values
// (2^-100 outside), each with a certified pmf and cdf — ftnl took 6.6 s at ε = 1/10 (scale 10), 55 s at 1/100 and
// minutes per searched pair at 1e-6. Past a window of 2^11 values the white box is skipped (the target's and every
// searched pair's); the release's ε, an upper bound of the decision's loss by post-processing, stays the reference.
bool index_white_box_bounded(const Rational& scale) { return 70 * scale <= 2048; }

// Index learners and FTNL: the white-box reference is the exact privacy loss of the audited decision Y
// (decision_law_index.hpp); the ε of the release the changed reward enters (already in t) moves to the details.
void use_index_decision_law(PreparedTarget& t, const std::string& name, const Rational& eps) {
  const Rational scale = index_noise_scale(name, eps, index_audit_table(name).arms);
  if (!index_white_box_bounded(scale)) {
    t.details["decision_law"] = {{"method", "not computed"},
                                 {"why", "the noise scale " + dpb::to_string(scale) +
                                             " needs a window of more than 2^11 values (70 x scale); the release's "
                                             "eps bounds the decision's by post-processing"}};
    return;
  }
  const DecisionLaw law = index_decision_law(name, eps);
  const DecisionEps view = decision_eps(law, t.delta);
  t.details["eps_release"] = t.eps_exact ? nlohmann::json(*t.eps_exact) : nlohmann::json(nullptr);
  t.details["eps_release_source"] = t.eps_exact_source;
  nlohmann::json outcomes = nlohmann::json::array();
  for (std::size_t i = 0; i < law.outcomes.size(); ++i) {
    // For the report: 12 significant digits of the midpoint (the enclosures are ~2^-100 wide).
    auto decimal = [](const Interval& p) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.12g", p.midpoint_for_report());
      return std::string(buf);
    };
    outcomes.push_back({{"Y", law.outcomes[i]}, {"P_D", decimal(law.p_d[i])}, {"P_D'", decimal(law.p_d_prime[i])}});
  }
  t.details["decision_law"] = {{"method", law.method}, {"outcomes", outcomes}};
  t.eps_exact = view.eps;
  if (t.delta == 0) t.eps_exact_lower = view.eps_lower;
  t.eps_exact_source = "white box (exact law of the decision Y): " + law.method + "; eps(Y) " +
                       (t.delta == 0 ? "in " : "") + view.enclosure;
}

// The first decision that depends on round-1..K data: round K + 1 (index learners) or 2 (FTNL).
std::uint64_t first_dependent_round(bool full_info, std::uint32_t arms) { return full_info ? 2 : arms + 1; }

// The stop of the run: that decision alone, or the whole-output window (TargetOptions::whole_output).
std::uint64_t index_stop(bool full_info, std::uint32_t arms, bool whole) {
  if (!whole) return first_dependent_round(full_info, arms);
  return full_info ? 7 : 4 * std::uint64_t{arms};
}

// Y: the action at round T, or with `whole` the actions of rounds first_dependent_round..T as Σ a_i K^i.
// `watched`: bandit feedback, the arm whose first reward changes (the whole-output view records the rounds at which
// it is pulled).
std::int64_t index_output(const std::string& name, const Rational& eps_r, std::uint32_t arms, std::uint64_t T,
                          bool full_info, const ref::RewardTape& tape, NoiseSource noise, bool whole = false,
                          std::uint32_t watched = 1, bool reuse_noise = false) {
  fast::Trajectory tr;
  fast::LearnerOptions lo;
  lo.reuse_noise = reuse_noise;
  if (full_info) {
    fast::FtnlParams p;
    p.K = arms;
    p.T = T;
    p.eps = eps_r;
    tr = name == "naive-ftnl" ? fast::naive_ftnl(p, tape, noise, lo) : fast::ftnl(p, tape, noise, lo);
  } else if (name == "ucb") {
    fast::UcbParams p;
    p.K = arms;
    p.T = T;
    tr = fast::ucb(p, tape);
  } else if (name == "anytime-lazy-ucb") {
    fast::AnytimeLazyUcbParams p;
    p.K = arms;
    p.T = T;
    p.eps = eps_r;
    tr = fast::anytime_lazy_ucb(p, tape, noise, lo);
  } else {
    fast::HybridUcbParams p;
    p.K = arms;
    p.T = T;
    p.eps = eps_r;
    tr = fast::hybrid_ucb(p, tape, noise, lo);
  }
  if (!whole) return static_cast<std::int64_t>(tr.actions.at(T - 1));
  // A statistic of the whole window (post-processing of the whole output, so its loss is a lower bound of the
  // output's): FTNL, the pull counts of every arm as Σ_a c_a (W + 1)^a (W = the window's length; the actions are
  // constant within an epoch, so the support stays small); bandit feedback, the rounds of the window at which the
  // arm whose first reward changed is pulled, as a bit mask (its changed release moves its index until its next
  // array completes; the total count alone would not show it: every arm is pulled about equally often in the window,
  // only the order differs).
  const std::uint64_t first = first_dependent_round(full_info, arms), W = T - first + 1;
  if (W > 62) throw std::logic_error("index_output: a whole-output window of more than 62 rounds");
  std::vector<std::int64_t> count(arms, 0);
  std::int64_t mask = 0;
  for (std::uint64_t t = first; t <= T; ++t) {
    const std::uint32_t a = tr.actions.at(t - 1);
    ++count[a];
    if (a == watched) mask |= std::int64_t{1} << (t - first);
  }
  if (!full_info) return mask;
  std::int64_t y = 0;
  for (std::uint32_t a = arms; a-- > 0;) y = y * static_cast<std::int64_t>(W + 1) + count[a];
  return y;
}

// K arms, `length` rounds: arm a's first reward is first[a] (bandit learners read it at their first pull of a;
// FTNL reads the vector at round 1), zeros after.
ref::RewardTape vector_tape(const std::vector<std::int32_t>& first, std::uint64_t length) {
  const auto arms = static_cast<std::uint32_t>(first.size());
  std::vector<std::int32_t> units(arms * length, 0);
  for (std::uint32_t a = 0; a < arms; ++a) units[a * length] = first[a];
  return ref::RewardTape(arms, length, 1, std::vector<Rational>(arms, Rational(1, 2)), std::move(units));
}

// Index learners (bandit feedback): the user of round j + 1 (arm j's first pull) changes their reward vector, of
// which coordinate j is observed; the other arms' first rewards (other users' data) are all 1 or all 0. FTNL and
// naive FTNL (full information): round 1's whole vector changes (epoch 0, decided by RNM at round 2); the
// unchanged coordinates keep 1 or 0. Every effective pair's law of Y is exact (argmax_law_vectors) for the private
// learners, so the white box covers the whole family — and, since P[Y = j] is monotone in each first reward, the
// family's vertices contain the worst pair of the relation for this view (relations.hpp; docs/audit.md).
void index_family(PreparedTarget& t, const std::string& name, const Rational& eps_r, const IndexAuditTable& table,
                  std::uint64_t T, bool full_info, bool whole, std::uint64_t seed, bool reuse_noise) {
  const std::uint32_t K = table.arms;
  const ref::Relation rel = full_info ? ref::full_information(K, 1) : ref::bandit_feedback(K, 1);
  std::vector<std::int32_t> canon_d(K, table.others), canon_dp(K, table.others);
  canon_d[1] = table.arm1_d;
  canon_dp[1] = table.arm1_d_prime;
  std::set<std::pair<std::vector<std::int32_t>, std::vector<std::int32_t>>> seen;
  seen.insert({std::min(canon_d, canon_dp), std::max(canon_d, canon_dp)});
  std::size_t candidates = 0, unobserved = 0;
  const bool exact = has_index_decision_law(name) && t.info.is_private && !reuse_noise &&
                     index_white_box_bounded(index_noise_scale(name, eps_r, K));
  for (const std::int32_t others : {1, 0}) {
    ref::SearchSpace space;
    space.base = ref::Record(K, others);
    const std::string suffix = full_info ? "; unchanged coordinates " + std::to_string(others)
                                         : "; other arms' first rewards " + std::to_string(others);
    if (full_info) {
      space.positions = {{"round 1 (epoch 0, decided at round 2)" + suffix, 0, -1}};
    } else {
      for (std::uint32_t j = 0; j < K; ++j)
        space.positions.push_back({"round " + std::to_string(j + 1) + " (arm " + std::to_string(j) + "'s first pull)" +
                                       suffix,
                                   j, static_cast<std::int64_t>(j)});
    }
    space.random_pairs = 8;
    space.seed = seed + static_cast<std::uint64_t>(others);
    const std::vector<ref::NeighbourPair> cands = ref::candidate_pairs(rel, space);
    candidates += cands.size();
    for (const ref::NeighbourPair& c : cands) {
      if (c.unobserved) {
        ++unobserved;
        continue;
      }
      std::vector<std::int32_t> d(K), dp(K);
      for (std::uint32_t i = 0; i < K; ++i) {
        d[i] = static_cast<std::int32_t>(c.d[i]);
        dp[i] = static_cast<std::int32_t>(c.d_prime[i]);
      }
      if (!full_info) {  // only the observed coordinate reaches the learner; the others are other users' data
        const auto j = static_cast<std::size_t>(c.position.observed);
        const std::int32_t vd = d[j], vdp = dp[j];
        d.assign(K, others);
        dp.assign(K, others);
        d[j] = vd;
        dp[j] = vdp;
      }
      if (!seen.insert({std::min(d, dp), std::max(d, dp)}).second) continue;
      AuditPair p;
      p.pattern = c.pattern;
      p.position = c.position.label;
      auto vec = [](const std::vector<std::int32_t>& v) {
        nlohmann::json a = nlohmann::json::array();
        for (const auto x : v) a.push_back(x);
        return a;
      };
      p.data = {{"relation", rel.name}, {"arms", K}, {"first_rewards_d", vec(d)}, {"first_rewards_d_prime", vec(dp)},
                {"horizon_stop", T}};
      const auto watched = full_info ? 0u : static_cast<std::uint32_t>(c.position.observed);
      p.sample = [name, eps_r, K, T, full_info, whole, watched, d, dp, reuse_noise](
                     int side, std::uint64_t n, std::uint64_t s, std::uint64_t stream) {
        const ref::RewardTape tape = vector_tape(side == 0 ? d : dp, T);
        ChaCha20Source bits(s, stream);
        Counts counts;
        for (std::uint64_t i = 0; i < n; ++i)
          ++counts[index_output(name, eps_r, K, T, full_info, tape, NoiseSource(bits), whole, watched, reuse_noise)];
        return to_histogram(counts);
      };
      if (exact && !whole) {
        const DecisionLaw law = argmax_law_vectors(index_noise_scale(name, eps_r, K), d, dp);
        const DecisionEps e = decision_eps(law, t.delta);
        p.eps_exact = e.eps;
        if (t.delta == 0) p.eps_exact_lower = e.eps_lower;
        p.eps_exact_source = "exact law of Y: " + law.method + "; eps(Y) " + (t.delta == 0 ? "in " : "") + e.enclosure;
      }
      t.family.push_back(std::move(p));
    }
  }
  t.relation = relation_json(rel, candidates, unobserved, t.family.size() + 1, kRelationNote);
}

// An upper bound of a noise law's variance in exact rationals: Lap_Z(s) has 2β/(1 − β)² = 1/(2 sinh²(1/(2s))) ≤ 2s²;
// a Pólya(r, β) difference r times that.
Rational noise_variance_bound(const ref::NoiseLaw& law) {
  switch (law.kind) {
    case ref::NoiseKind::Skellam:
    case ref::NoiseKind::DiscreteGaussian:
      return law.variance;
    case ref::NoiseKind::DiscreteLaplace:
      return 2 * law.scale * law.scale;
    case ref::NoiseKind::PolyaDifference:
      return 2 * law.polya_r * law.scale * law.scale;
    default:
      return Rational(0);
  }
}

// Bounded work (issue 14 class 4): the protocol learners' samplers build inversion tables over their noise's range
// (`dist-rdp-se --eps 1e-6`: a Skellam of variance ~10^12, still building its table after 5 minutes and 0.8 GB), and
// a noise that large eliminates nothing within the search's 2^15 rounds anyway. As for the mechanism targets, a noise
// variance above 10^7 at any batch size the search can use (2 … 2^12 pulls) is refused up front, naming --eps: the
// aggregate's (drawn as one value on the aggregate path), each user's, the analyzer's.
void refuse_huge_learner_noise(ref::Variant variant, const Rational& eps, std::uint64_t horizon,
                               const std::string& name, const Rational& claimed) {
  for (unsigned b = 1; b <= 12; ++b) {
    ref::CalibrationInput in;
    in.eps = eps;
    in.n = Integer(std::uint64_t{1} << b);
    in.horizon = Integer(std::max<std::uint64_t>(horizon, std::uint64_t{1} << 13));
    const ref::Calibration cal = ref::calibrate(variant, in);
    // Local users draw their own noise (the table is per-user: a batch's sum of n draws is not one table).
    const bool local = variant == ref::Variant::Local;
    for (const ref::NoiseLaw* law : {&cal.per_user_noise, &cal.analyzer_noise, &cal.aggregate_noise}) {
      if (local && law == &cal.aggregate_noise) continue;
      const Rational v = noise_variance_bound(*law);
      if (v > Rational(10000000))
        throw_parameter_error("audit", "--eps",
                              "such that " + name + "'s noise variance is at most 10^7 at every batch of the search (it "
                              "is " + dpb::to_string(v) + " at " + std::to_string(std::uint64_t{1} << b) + " pulls)",
                              dpb::to_string(claimed));
    }
  }
}

PreparedTarget prepare_learner(const TargetInfo& info, const TargetOptions& o, std::uint64_t seed) {
  PreparedTarget t;
  t.info = info;
  const double eps = to_double(o.eps);           // the claim
  const Rational eps_r = o.eps * o.leak_factor;  // what the learner runs at (= the claim unless a leaky twin)
  t.eps_claimed = eps;
  t.delta = o.delta.value_or(0);
  if (o.leak_factor != 1) t.details["leak_factor"] = dpb::to_string(o.leak_factor);
  const Rational conf(1, 1000);  // p and β fixed (not 1/T): stopping early is post-processing
  const std::string& name = info.name;

  const bool se_family = name == "se" || (name.size() > 3 && name.compare(name.size() - 3, 3, "-se") == 0);
  if (se_family && name != "dp-se") {
    std::shared_ptr<fast::BatchAggregator> agg;
    std::optional<ref::Variant> variant;
    if (name == "se") {
      agg = std::make_shared<fast::NonPrivateAggregator>();
    } else if (name == "central-dlap-se") {
      agg = std::make_shared<fast::CentralDiscreteLaplaceAggregator>(eps_r);
    } else {
      const std::string v = name == "cdp-se" ? "central" : name == "ldp-se" ? "local" : name.substr(0, name.size() - 3);
      variant = ref::parse_variant(v, kFn);
      refuse_huge_learner_noise(*variant, eps_r, o.horizon, name, o.eps);
      fast::ProtocolAggregatorParams p;
      p.variant = *variant;
      p.eps = eps_r;
      p.horizon = Integer(o.horizon);
      p.options.path = ref::NoisePath::Aggregate;  // law-identical shortcut, for throughput
      agg = std::make_shared<fast::ProtocolAggregator>(p);
    }
    EliminationDesign d;
    d.window = [](unsigned b) {
      // η = 2: batch b' serves 2^{b'} pulls per arm; arm 1's batch b is pulls [2^b − 2, 2^{b+1} − 2); both arms
      // active until then, so it ends at round 2·(2^{b+1} − 2).
      const std::uint64_t first = (std::uint64_t{1} << b) - 2;
      return std::make_tuple(first, std::uint64_t{1} << b, 2 * ((std::uint64_t{1} << (b + 1)) - 2));
    };
    d.learner = [agg, conf, reuse = o.reuse_noise](const ref::RewardTape& tape, std::uint64_t T, NoiseSource noise) {
      fast::BatchedSuccessiveEliminationParams p;
      p.K = 2;
      p.T = T;
      p.p = conf;
      fast::LearnerOptions lo;
      lo.record_actions = false;
      lo.record_releases = false;
      lo.reuse_noise = reuse;
      return fast::batched_successive_elimination(p, tape, *agg, noise, lo);
    };
    d.whole = o.whole_output;
    d.extra_batches = o.whole_output_extra_batches;
    try {
      t = prepare_elimination(t, d, seed, o.borderline);
    } catch (const ParameterError& e) {
      // The search runs batches of 2, 4, ... users per arm, each calibrated at T = --horizon when first reached: a
      // batch larger than the horizon is refused by calibrate naming its internal n (issue 14: `audit dist-dp-se
      // --horizon 2` read "calibrate's n must be <= horizon (2) ..."). Named --horizon, with the batch's size.
      ParameterErrorParts inner;
      if (!variant || !parse_parameter_error(e.what(), inner) || inner.function != "calibrate" || inner.name != "n" ||
          inner.condition.rfind("<= horizon", 0) != 0)
        throw;
      throw_parameter_error("audit", "--horizon",
                            ">= " + inner.value + ", the users of a batch " + name + "'s search reaches at this --eps "
                            "(a batch serves at most T users)",
                            std::to_string(o.horizon));
    }
    if (variant) {
      const std::uint64_t l = t.details["window_length"].get<std::uint64_t>();
      // The decisive batch serves l users and its noise is calibrated at T = --horizon: a batch larger than the
      // horizon is refused here naming --horizon (issue 14: calibrate's own refusal read "calibrate's n must be <=
      // horizon (2) ..." at `--horizon 2`, naming an internal n).
      if (l > o.horizon)
        throw_parameter_error("audit", "--horizon",
                              ">= " + std::to_string(l) + ", the users of " + name + "'s decisive batch at this --eps "
                              "(a batch serves at most T users)",
                              std::to_string(o.horizon));
      ref::CalibrationInput in;
      in.eps = eps_r;
      in.n = Integer(l);
      in.horizon = Integer(o.horizon);
      const ref::Calibration cal = ref::calibrate(*variant, in);
      ref::CalibrationInput claimed_in = in;  // the claim's calibration (differs from `in` for a leaky twin only)
      claimed_in.eps = o.eps;
      const double g = ref::calibrate(*variant, claimed_in).g.convert_to<double>();
      if (*variant == ref::Variant::DistRDP) {
        t.delta = o.delta.value_or(1e-5);
        t.eps_claimed = claimed_eps_dist_rdp(eps, g, t.delta);
      } else if (*variant == ref::Variant::DistCDP) {
        t.delta = o.delta.value_or(1e-5);
        t.eps_claimed = claimed_eps_dist_cdp(eps, g, static_cast<double>(l), t.delta);
      }
      // The exact view pmf costs O(m) per shift and more: only for moderate moduli (Local's batches of
      // thousands of users are not), else the closed form below.
      std::optional<WhiteBoxEps> w;
      if (cal.m <= 20000) w = white_box_eps(*variant, in, t.delta);
      if (w) {
        t.eps_exact = w->eps;
        t.eps_exact_source = w->source + " (the decisive batch's mechanism; the decision is post-processing)";
      } else if (*variant == ref::Variant::Local) {
        t.eps_exact = eps;
        t.eps_exact_source = "upper bound: the changed user's message carries Lap_Z(g/eps) with sensitivity g; the "
                             "batch sum and the decision are post-processing (m too large for the exact view)";
      } else if (*variant != ref::Variant::DistRDP && *variant != ref::Variant::DistCDP) {
        t.eps_exact = to_double(cal.eps_noise);
        t.eps_exact_source = "closed form of the decisive batch's aggregate noise (the decision is post-processing)";
      }
    } else if (name == "central-dlap-se") {
      t.eps_exact = eps;
      t.eps_exact_source = "Lap_Z(g/eps) on a sum with sensitivity g (the decision is post-processing)";
    }
    if (o.whole_output) {
      whole_elimination_reference(t);
    } else if (name != "se") {
      EliminationSetup s;
      s.target = name;
      s.eps = eps_r;
      s.horizon = o.horizon;
      s.conf = conf;
      s.aggregator = agg;
      use_elimination_decision_law(t, s);
    }
  } else if (name == "dp-se") {
    EliminationDesign d;
    const Rational beta = conf;
    d.window = [beta, eps_r](unsigned e) {
      std::uint64_t first = 0;
      for (unsigned i = 1; i < e; ++i) first += ref::dp_se_epoch_length(2, i, beta, eps_r).convert_to<std::uint64_t>();
      const std::uint64_t len = ref::dp_se_epoch_length(2, e, beta, eps_r).convert_to<std::uint64_t>();
      return std::make_tuple(first, len, 2 * (first + len));
    };
    d.learner = [beta, eps_r, reuse = o.reuse_noise](const ref::RewardTape& tape, std::uint64_t T, NoiseSource noise) {
      fast::DpSuccessiveEliminationParams p;
      p.K = 2;
      p.T = T;
      p.eps = eps_r;
      p.beta = beta;
      fast::LearnerOptions lo;
      lo.record_actions = false;
      lo.record_releases = false;
      lo.reuse_noise = reuse;
      return fast::dp_successive_elimination(p, tape, noise, lo);
    };
    d.whole = o.whole_output;
    d.extra_batches = o.whole_output_extra_batches;
    t = prepare_elimination(t, d, seed, o.borderline);
    t.eps_exact = eps;
    t.eps_exact_source = "Lap_Z(G/eps) on an epoch sum with sensitivity G (the decision is post-processing)";
    if (o.whole_output) {
      whole_elimination_reference(t);
    } else {
      EliminationSetup s;
      s.target = name;
      s.eps = eps_r;
      s.horizon = o.horizon;
      s.conf = beta;
      use_elimination_decision_law(t, s);
    }
  } else {
    // Index learners and FTNL: the first decision after the changed first reward (table: index_audit_table).
    const IndexAuditTable table = index_audit_table(name);
    const bool full_info = name == "ftnl" || name == "naive-ftnl";
    const bool whole = o.whole_output;
    const std::uint64_t T = index_stop(full_info, table.arms, whole);
    const bool reuse = o.reuse_noise;
    const LearnerRun run = [eps_r, name, table, T, full_info, whole, reuse](int x, NoiseSource noise) {
      return index_output(name, eps_r, table.arms, T, full_info, first_reward_tape(table, x, T), noise, whole, 1,
                          reuse);
    };
    if (has_index_decision_law(name)) {
      // The release: the changed reward's statistic, sensitivity 1 under Lap_Z(s) (reported as eps_release).
      t.eps_exact = to_double(Rational(1) / index_noise_scale(name, eps_r, table.arms));
      t.eps_exact_source =
          name == "anytime-lazy-ucb" ? "Lap_Z(1/eps) on the initialization pull (the argmax is post-processing)"
          : name == "hybrid-ucb"     ? "Z^(0) ~ Lap_Z(2/eps) on the initialization pull (the argmax is post-processing)"
          : name == "ftnl"           ? "Lap_Z(1/eps) per action's sum (the argmax is post-processing)"
                                     : "Lap_Z(K/eps) per action's sum, K = " + std::to_string(table.arms) +
                                     " (the argmax is post-processing)";
    }
    t.sample = learner_sampler(run);
    t.details = {{"arms", table.arms},
                 {"horizon_stop", T},
                 {"neighbours", "arm 1's first reward 1 (D) vs 0 (D'); every other arm's first reward " +
                                    std::to_string(table.others)},
                 {"output", "Y = the action at round " + std::to_string(T) + ", the first decision that depends on it"}};
    if (whole) {
      const std::uint64_t first = first_dependent_round(full_info, table.arms);
      t.details["output"] = "Y = the actions of rounds " + std::to_string(first) + ".." + std::to_string(T) +
                            " (the whole output up to the stop) reduced to a statistic of it: the rounds at which the "
                            "changed arm is pulled, as a bit mask (bandit feedback), or every arm's pull count, "
                            "encoded as sum_a c_a (W + 1)^a (FTNL); events on the rank of the search split's "
                            "estimated likelihood ratio (order_by_ratio)";
      t.details["view"] = "whole-output";
      // No exact law of the sequence: the release's ε (already in t) stays the reference, an upper bound of the
      // view's loss when the changed reward enters one release (anytime-lazy-ucb, ftnl) — not for hybrid-ucb's tree.
      t.details["eps_release"] = t.eps_exact ? nlohmann::json(*t.eps_exact) : nlohmann::json(nullptr);
      t.eps_exact.reset();
      t.eps_exact_source = "no exact law of the whole sequence (the first decision's is in `audit --view decision`)";
    } else if (has_index_decision_law(name)) {
      use_index_decision_law(t, name, eps_r);
    }
    index_family(t, name, eps_r, table, T, full_info, whole, seed, reuse);
  }
  if (o.reuse_noise) {  // the white-box laws assume fresh noise per release: no reference for this twin
    t.details["reuse_noise"] = true;
    t.eps_exact.reset();
    t.eps_exact_lower.reset();
    t.eps_exact_source = "none: the noise-reuse twin (the white-box laws assume fresh noise per release)";
    for (AuditPair& p : t.family) {
      p.eps_exact.reset();
      p.eps_exact_lower.reset();
      p.eps_exact_source.clear();
    }
  }
  if (!info.is_private) {
    t.nominal = true;  // no claim: audited against the nominal ε, which a non-private learner must violate
    t.eps_exact.reset();
    t.eps_exact_source.clear();
  }
  return t;
}

// The canonical pair goes first; pairs whose law is the canonical one's get its white-box ε. Non-private targets
// keep no white-box reference.
void finish_family(PreparedTarget& t) {
  for (AuditPair& p : t.family) {
    if (!t.info.is_private) {
      p.eps_exact.reset();
      p.eps_exact_lower.reset();
      p.eps_exact_source.clear();
    } else if (p.data.value("law", "") == "as canonical" && t.eps_exact) {
      p.eps_exact = t.eps_exact;
      p.eps_exact_lower = t.eps_exact_lower;
      p.eps_exact_source = "the canonical pair's law (the decision uses the batch through its sum only)";
    }
  }
  t.family.insert(t.family.begin(), canonical_pair(t));
}

}  // namespace

const std::vector<TargetInfo>& audit_targets() { return kTargets; }

const TargetInfo* find_target(const std::string& name) {
  for (const TargetInfo& t : kTargets)
    if (t.name == name) return &t;
  return nullptr;
}

double claimed_eps_dist_rdp(double eps, double g, double delta) {
  // Lemma 3 with Δ = g, σ² = g²/ε²: ε(α) = αε²/2 + min(((2α−1)g² + 6g)ε⁴/(4g⁴), 3ε²/(2g)); Lemma 10:
  // ε′ = min over integer α ≥ 2 of ε(α) + ln(1/(αδ))/(α − 1) + ln(1 − 1/α).
  double best = std::numeric_limits<double>::infinity();
  for (int a = 2; a <= 100000; ++a) {
    const double al = a;
    const double rdp = al * eps * eps / 2 +
                       std::min(((2 * al - 1) * g * g + 6 * g) * std::pow(eps, 4) / (4 * std::pow(g, 4)),
                                3 * eps * eps / (2 * g));
    const double v = rdp + std::log(1 / (al * delta)) / (al - 1) + std::log(1 - 1 / al);
    best = std::min(best, v);
  }
  return up(best);
}

double claimed_eps_dist_cdp(double eps, double g, double n, double delta) {
  // Lemma 4 with Δ = g, per-user σ² = g²/(nε²): ε̂ = min(√(ε_0² + ξ/2), ε_0 + ξ), ε_0 = Δ/(√n σ) = ε,
  // ξ = 10 Σ_{k=1}^{n−1} exp(−2π²σ² k/(k+1)); ½ε̂²-CDP ⇒ (½ε̂² + ε̂√(2 ln(1/δ)), δ)-DP.
  const double sigma2 = g * g / (n * eps * eps);
  double xi = 0;
  for (double k = 1; k <= n - 1; ++k) xi += 10 * std::exp(-2 * kPi * kPi * sigma2 * k / (k + 1));
  const double e_hat = std::min(std::sqrt(eps * eps + xi / 2), eps + xi);
  return up(e_hat * e_hat / 2 + e_hat * std::sqrt(2 * std::log(1 / delta)));
}

PreparedTarget prepare_target(const std::string& name, const TargetOptions& options, std::uint64_t seed) {
  const TargetInfo* info = find_target(name);
  if (!info) throw_parameter_error(kFn, "target", "a name from `dpbandit audit --list`", name);
  if (options.eps <= 0) throw_parameter_error(kFn, "eps", "> 0", dpb::to_string(options.eps));
  if (info->kind == "mechanism" && !is_seed001_target(name) && (options.n < 1 || options.n > options.horizon))  // learners take no batch size
    throw_parameter_error(kFn, "n", "in [1, horizon]", std::to_string(options.n));
  if (options.leak_factor < 1)
    throw_parameter_error(kFn, "leak_factor", ">= 1", dpb::to_string(options.leak_factor));
  if (!(options.borderline > 0 && options.borderline < 1))
    throw_parameter_error(kFn, "borderline", "in (0, 1)", double_text(options.borderline));
  if (options.delta && !(*options.delta >= 0 && *options.delta < 1))
    throw_parameter_error(kFn, "delta", "in [0, 1)", double_text(*options.delta));
  if (options.whole_output_extra_batches > 2)
    throw_parameter_error(kFn, "whole_output_extra_batches", "0, 1 or 2",
                          std::to_string(options.whole_output_extra_batches));
  if (options.whole_output && info->kind != "learner" && name != "dp-mase")
    throw_parameter_error(kFn, "view", "decision for " + name + " (whole-output is for the learner targets and dp-mase)",
                          "whole-output");
  if (info->kind == "mechanism" && options.leak_factor != 1)
    throw_parameter_error(kFn, "leak_factor", "1 for a mechanism target (leaky twins are learners only)",
                          dpb::to_string(options.leak_factor));
  if (options.noise_divisor != 1 && !is_seed001_target(name) && !is_seed001_learner_target(name) &&
      !is_seed003_learner_target(name))
    throw_parameter_error(kFn, "noise_divisor",
                          "1 for " + name + " (the noise-divisor twin is seed 001's mechanisms' and learners' and seed 003's learners')",
                          dpb::to_string(options.noise_divisor));
  if (options.reuse_noise &&
      (info->kind != "learner" || is_seed001_learner_target(name) || is_seed003_learner_target(name)))
    throw_parameter_error(kFn, "reuse_noise",
                          "false for " + name + " (the noise-reuse twin is wired into the seed 000/002 learners only)",
                          "true");
  if (info->kind != "multi-agent" && (options.arms != 2 || options.joint_view))
    throw_parameter_error(kFn, options.joint_view ? "view" : "arms",
                          "absent for " + name + " (multi-agent targets only)",
                          options.joint_view ? "joint" : std::to_string(options.arms));
  PreparedTarget t = is_seed001_learner_target(name) ? prepare_seed001_learner(*info, options, seed)
                     : is_seed003_learner_target(name) ? prepare_seed003_learner(*info, options, seed)
                     : info->kind == "mechanism"     ? prepare_mechanism(*info, options, seed)
                     : info->kind == "multi-agent" ? prepare_multi_agent(*info, options, seed)
                                                   : prepare_learner(*info, options, seed);
  finish_family(t);
  return t;
}

AuditResult audit_target(const std::string& name, const TargetOptions& options, std::uint64_t samples,
                         std::uint64_t seed, AuditSettings settings) {
  PreparedTarget t = prepare_target(name, options, seed);
  settings.delta = t.delta;
  settings.order_by_ratio = settings.order_by_ratio || options.whole_output || options.joint_view ||
                            is_seed001_learner_target(name) ||
                            is_seed003_learner_target(name);  // their only view is the whole output
  AuditResult r = run_audit(name, t.sample, samples, seed, t.eps_claimed, t.eps_exact, settings);
  r.nominal = t.nominal;
  r.eps_exact_source = t.eps_exact_source;
  r.details = t.details;
  r.details["kind"] = t.info.kind;
  r.details["claim"] = t.info.claim;
  r.details["eps"] = dpb::to_string(options.eps);
  return r;
}

AuditResult audit_target(const std::string& name, const TargetOptions& options, std::uint64_t samples,
                         std::uint64_t seed, AuditSettings settings, const NeighbourSearch& search) {
  if (search.mode == NeighbourMode::fixed) {
    AuditResult r = audit_target(name, options, samples, seed, settings);
    r.details["neighbour_search"] = {{"mode", "fixed"}, {"family_size", 1}};
    return r;
  }
  PreparedTarget t = prepare_target(name, options, seed);
  settings.delta = t.delta;
  settings.order_by_ratio = settings.order_by_ratio || options.whole_output || options.joint_view ||
                            is_seed001_learner_target(name) ||
                            is_seed003_learner_target(name);  // their only view is the whole output
  AuditResult r = audit_pairs(name, t.family, samples, seed, t.eps_claimed, settings, search);
  r.nominal = t.nominal;
  nlohmann::json ns = r.details["neighbour_search"];
  r.details = t.details;  // the canonical pair's construction (decisive batch, tables, laws)
  r.details["neighbour_search"] = ns;
  r.details["relation"] = t.relation;
  r.details["kind"] = t.info.kind;
  r.details["claim"] = t.info.claim;
  r.details["eps"] = dpb::to_string(options.eps);
  if (!t.info.is_private) {
    r.eps_exact.reset();
    r.eps_exact_source.clear();
    assign_verdict(r);
  }
  return r;
}

nlohmann::json relation_json(const ref::Relation& r, std::size_t candidates, std::size_t unobserved,
                             std::size_t effective,
                             const std::string& note) {
  return {{"name", r.name},
          {"definition", r.definition},
          {"citation", r.citation},
          {"coordinates", r.coordinates},
          {"grid", r.grid},
          {"candidates_enumerated", candidates},
          {"unobserved", unobserved},
          {"effective_pairs", effective},
          {"note", note}};
}

}  // namespace dpb::verify::audit
