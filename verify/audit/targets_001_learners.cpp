#include "verify/audit/targets_001_learners.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "optimized/learners/shuffle_private_linucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/double_text.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/linear_instance.hpp"
#include "reference/learners/noise_source.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"
#include "reference/privacy/relations.hpp"
#include "verify/crosscheck/linear_crosscheck.hpp"

namespace dpb::verify::audit {

namespace {

constexpr const char* kFn = "audit";
constexpr std::uint32_t kD = 2, kK = 2;
constexpr unsigned kQ = 4;
constexpr std::uint64_t kB = 4, kT = 14, kM = kT / kB;
constexpr std::int64_t kHalf = 8;  // 1/2 on the feature grid 2^−4

using Counts = std::unordered_map<std::int64_t, std::uint64_t>;

Histogram to_histogram(const Counts& c) {
  return Histogram::from_integer_counts(std::vector<std::pair<std::int64_t, std::uint64_t>>(c.begin(), c.end()));
}

// One user's record: φ numerators on 2^−q and the reward of arm 0.
struct UserRecord {
  std::int64_t phi0 = 0, phi1 = 0;
  std::int32_t y = 0;
};

UserRecord from_relation(const ref::Record& r) {
  return {(2 * r[0] - 1) * kHalf, (2 * r[1] - 1) * kHalf, static_cast<std::int32_t>(r[2])};
}

std::string describe(const UserRecord& u) {
  auto half = [](std::int64_t n) { return n > 0 ? std::string("1/2") : n < 0 ? std::string("-1/2") : "0"; };
  return "phi=(" + half(u.phi0) + ", " + half(u.phi1) + "), y=" + std::to_string(u.y);
}

// What the user's data adds to the aggregated statistics (when it pulls arm 0): φy and triu(φφᵀ), in numerators.
using Contribution = std::array<std::int64_t, 5>;
Contribution contribution(const UserRecord& u) {
  return {u.phi0 * u.y, u.phi1 * u.y, u.phi0 * u.phi0, u.phi0 * u.phi1, u.phi1 * u.phi1};
}

// The instance of the header comment, with the record `rec` at round `changed` (1-based).
ref::ContextTape make_tape(std::uint64_t changed, const UserRecord& rec) {
  ref::ContextTape t;
  t.d = kD;
  t.K = kK;
  t.q = kQ;
  t.T = kT;
  t.theta = {0, 0};
  t.features.assign(kT * kK * kD, 0);
  t.rewards.assign(kT * kK, 0);
  static constexpr std::int64_t kDirs[4][2] = {{kHalf, 0}, {0, kHalf}, {kHalf, kHalf}, {kHalf, -kHalf}};
  for (std::uint64_t r = 1; r <= kT; ++r) {
    std::int64_t* x = t.features.data() + (r - 1) * kK * kD;
    if (r == changed) {
      x[0] = rec.phi0;
      x[1] = rec.phi1;
      t.rewards[(r - 1) * kK] = static_cast<std::uint8_t>(rec.y);
      continue;
    }
    const auto& v = kDirs[(r - 1) % 4];
    x[0] = v[0];
    x[1] = v[1];
    if (r > kB) {  // after the first aggregation: ±v (equal widths; the sign of ⟨v, θ̂⟩ decides)
      x[2] = -v[0];
      x[3] = -v[1];
    }
  }
  return t;
}

// Y: the actions of rounds changed + 1..T as a bit mask (bit i: round changed + 1 + i pulled arm 1).
std::int64_t whole_output(const fast::LinUcbTrajectory& tr, std::uint64_t changed) {
  std::int64_t mask = 0;
  for (std::uint64_t t = changed + 1; t <= kT; ++t)
    if (tr.base.actions.at(t - 1) == 1) mask |= std::int64_t{1} << (t - changed - 1);
  return mask;
}

SideSampler make_sampler(std::shared_ptr<const fast::LinUcbSetup> setup, std::uint64_t changed, UserRecord d,
                         UserRecord dp) {
  return [setup = std::move(setup), changed, d, dp](int side, std::uint64_t count, std::uint64_t seed,
                                                    std::uint64_t stream) {
    const ref::ContextTape tape = make_tape(changed, side == 0 ? d : dp);
    fast::LinUcbOptions lo;
    lo.record_updates = false;
    ChaCha20Source bits(seed, stream);
    Counts c;
    for (std::uint64_t i = 0; i < count; ++i)
      ++c[whole_output(fast::shuffle_private_linucb(*setup, tape, NoiseSource(bits), lo), changed)];
    return to_histogram(c);
  };
}

// ⌈x·2^32⌉/2^32 for x > 0.
Rational up_to_grid32(const Rational& x) {
  using boost::multiprecision::denominator;
  using boost::multiprecision::numerator;
  const Integer two32 = Integer(1) << 32;
  const Rational s = x * Rational(two32);
  const Integer n = numerator(s), dd = denominator(s);
  const Integer c = (n + dd - 1) / dd;
  return Rational(c, two32);
}

std::int64_t norm2(const Contribution& a, const Contribution& b, std::size_t from, std::size_t to) {
  std::int64_t s = 0;
  for (std::size_t i = from; i < to; ++i) s += (a[i] - b[i]) * (a[i] - b[i]);
  return s;
}

}  // namespace

bool is_seed001_learner_target(const std::string& name) {
  return name == "linucb" || name == "linucb-sdp-amp" || name == "linucb-sdp-vec" || name == "linucb-ldp" ||
         name == "linucb-jdp";
}

Seed001LearnerSizes seed001_learner_sizes() { return {kD, kK, kQ, kB, kT}; }

PreparedTarget prepare_seed001_learner(const TargetInfo& info, const TargetOptions& o, std::uint64_t seed) {
  const std::string& name = info.name;
  if (o.horizon_given)
    throw_parameter_error(kFn, "horizon", "absent for " + name + " (a fixed instance: B = 4, T = 14)",
                          std::to_string(o.horizon));
  if (o.leak_factor != 1)
    throw_parameter_error(kFn, "leak_factor", "1 for " + name + " (its leaky twin is noise_divisor)",
                          dpb::to_string(o.leak_factor));
  if (o.noise_divisor < 1) throw_parameter_error(kFn, "noise_divisor", ">= 1", dpb::to_string(o.noise_divisor));
  if (o.noise_divisor != 1 && !info.is_private)
    throw_parameter_error(kFn, "noise_divisor", "1 for the non-private " + name + " (it adds no noise)",
                          dpb::to_string(o.noise_divisor));
  if (o.delta && !(*o.delta > 0))
    throw_parameter_error(kFn, "delta", "> 0 for " + name + " (an (eps, delta) claim)", double_text(*o.delta));
  const Rational delta_r = exact_delta(o, Rational(1, 100000));

  ref::LinUcbParams p;
  p.variant = *ref::parse_linucb_variant(name);
  p.profile = ref::Profile001::Theorem;
  p.T = kT;
  p.B = kB;
  p.eps = o.eps;
  p.delta = delta_r;
  ref::LinUcbConfig cfg = ref::configure_linucb(p, kD, kK, kQ);
  // What a run builds from the calibration (the samplers' ranges, the optimized build's integers), refused up front
  // naming --eps, as crosscheck and simulate do (check_linear_noise).
  verify::LinearNoiseNames names;
  names.command = "audit";
  names.name = "--eps";
  names.value = dpb::to_string(o.eps);
  if (p.variant != ref::LinUcbVariant::NonPrivate) names.at = " at --delta " + dpb::to_string(delta_r);
  verify::check_linear_noise(cfg, p, names);

  PreparedTarget t;
  t.info = info;
  t.eps_claimed = o.eps.convert_to<double>();
  t.delta = o.delta.value_or(1e-5);
  nlohmann::json calibration = {{"lambda", dpb::to_string(cfg.lambda)},
                                {"beta_0", dpb::to_string(cfg.beta.front())},
                                {"privacy_note", cfg.privacy_note},
                                {"in_range", cfg.in_range}};
  if (p.variant == ref::LinUcbVariant::SdpVec) {
    calibration["g"] = dpb::to_string(cfg.g);
    calibration["b"] = dpb::to_string(cfg.b);
  } else if (p.variant != ref::LinUcbVariant::NonPrivate) {
    calibration[p.variant == ref::LinUcbVariant::Jdp ? "sigma_node" : "sigma_bar"] = dpb::to_string(cfg.sigma);
  }
  if (o.noise_divisor != 1) {  // the leaky twin: the implementation's noise only
    if (p.variant == ref::LinUcbVariant::SdpVec) {
      using boost::multiprecision::denominator;
      using boost::multiprecision::numerator;
      const Rational q = Rational(cfg.b) / o.noise_divisor;
      const Integer qn = numerator(q), qd = denominator(q);
      cfg.b = Integer((qn + qd - 1) / qd);
      calibration["b_implemented"] = dpb::to_string(cfg.b);
    } else {
      cfg.sigma = up_to_grid32(cfg.sigma / o.noise_divisor);
      calibration["sigma_implemented"] = dpb::to_string(cfg.sigma);
    }
    t.details["noise_divisor"] = dpb::to_string(o.noise_divisor);
  }
  const auto setup = std::make_shared<const fast::LinUcbSetup>(std::move(cfg));

  // The canonical pair: round 1, φ = (1/2, 1/2) vs (−1/2, −1/2), y = 1 (records (1, 1, 1) vs (0, 0, 1)).
  const UserRecord canon_d{kHalf, kHalf, 1}, canon_dp{-kHalf, -kHalf, 1};
  t.sample = make_sampler(setup, 1, canon_d, canon_dp);
  t.eps_exact_source = "no exact law of the whole action sequence; the certified upper bound is the ledger's "
                       "(claim 001." + name + ".ledger)";
  t.details["arms"] = kK;
  t.details["d"] = kD;
  t.details["q"] = kQ;
  t.details["B"] = kB;
  t.details["horizon_stop"] = kT;
  t.details["profile"] = "theorem";
  t.details["calibration"] = calibration;
  t.details["neighbours"] = "round 1's user: " + describe(canon_d) + " (D) vs " + describe(canon_dp) +
                            " (D'); its arm 1 is the zero vector with reward 0";
  t.details["instance"] = "every other user a probe with rewards 0: direction v = (1/2,0), (0,1/2), (1/2,1/2), "
                          "(1/2,-1/2) by (t-1) mod 4; arms v and -v after the first aggregation (pulls arm 1 iff "
                          "<v, theta_hat> < 0), v and 0 in the first batch";
  t.details["output"] = "Y = the actions of every user after the changed one (rounds p+1..T) as a bit mask (bit i: "
                        "round p+1+i pulled arm 1); events on the rank of the search split's estimated likelihood "
                        "ratio (order_by_ratio)";
  t.details["view"] = "whole-output";
  t.details["build"] = "optimized (fast::shuffle_private_linucb on a fast::LinUcbSetup built once: the reference's "
                       "configuration and the protocols)";

  // ---- the neighbour search ----
  const ref::Relation rel = ref::contextual(kD, 1);
  ref::SearchSpace space;
  space.base = {1, 1, 1};
  space.positions = {{"round 1 (first batch)", 0, -1},
                     {"round " + std::to_string(kB) + " (the last user before the first aggregation)", kB - 1, -1},
                     {"round " + std::to_string((kM - 1) * kB + 1) + " (the last aggregated batch)", (kM - 1) * kB, -1},
                     {"round " + std::to_string(kM * kB + 1) + " (the trailing batch, never aggregated)", kM * kB, -1}};
  space.random_positions_below = kT;
  space.random_pairs = 6;
  space.seed = seed;
  const std::vector<ref::NeighbourPair> cands = ref::candidate_pairs(rel, space);
  struct Entry {
    std::int64_t nv, nm;
    std::size_t order;
    AuditPair pair;
  };
  std::vector<Entry> entries;
  std::set<std::tuple<std::uint64_t, Contribution, Contribution>> seen;
  seen.insert(std::make_tuple(std::uint64_t{0}, std::min(contribution(canon_d), contribution(canon_dp)),
                              std::max(contribution(canon_d), contribution(canon_dp))));
  std::size_t unobserved = 0;
  for (std::size_t i = 0; i < cands.size(); ++i) {
    const ref::NeighbourPair& c = cands[i];
    const UserRecord a = from_relation(c.d), b = from_relation(c.d_prime);
    const Contribution ca = contribution(a), cb = contribution(b);
    const std::uint64_t round0 = c.position.index;  // 0-based
    if (ca == cb || round0 >= kM * kB) {  // the same statistics, or never aggregated: the view's law is unchanged
      ++unobserved;
      continue;
    }
    if (!seen.insert(std::make_tuple(round0, std::min(ca, cb), std::max(ca, cb))).second) continue;
    AuditPair ap;
    ap.pattern = c.pattern;
    ap.position = c.position.label == "random" ? "random (round " + std::to_string(round0 + 1) + ")" : c.position.label;
    ap.data = {{"relation", rel.name},
               {"changed_round", round0 + 1},
               {"batch", round0 / kB + 1},
               {"d", describe(a)},
               {"d_prime", describe(b)},
               {"view_rounds", std::to_string(round0 + 2) + ".." + std::to_string(kT)}};
    ap.sample = make_sampler(setup, round0 + 1, a, b);
    entries.push_back({norm2(ca, cb, 0, 2), norm2(ca, cb, 2, 5), i, std::move(ap)});
  }
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) {
    return std::tie(y.nv, y.nm) < std::tie(x.nv, x.nm);  // the largest change of phi*y first, then of phi phi^T
  });
  for (Entry& e : entries) t.family.push_back(std::move(e.pair));
  t.relation = relation_json(
      rel, cands.size(), unobserved, t.family.size() + 1,
      "record (k0, k1, ky) in {0,1}^3 = phi ((2k0-1)/2, (2k1-1)/2), y = ky; candidates: StatDP patterns, every vertex "
      "of the change cube, 6 seeded random pairs, at the named rounds and random ones (reference/privacy/"
      "relations.hpp); a pair whose user adds the same (phi y, phi phi^T) on both sides, or sits in the never "
      "aggregated trailing batch, leaves the view's law unchanged and is counted, not sampled; pairs are ordered by "
      "the change of phi y, largest first. The whole output is not monotone in the record: the search is a lower "
      "bound only");
  if (!info.is_private) {
    t.nominal = true;
    t.eps_exact_source.clear();
  }
  return t;
}

}  // namespace dpb::verify::audit
