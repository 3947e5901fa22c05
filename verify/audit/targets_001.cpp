#include "verify/audit/targets_001.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <functional>
#include <map>
#include <numeric>
#include <memory>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "optimized/protocols/p_amp.hpp"
#include "optimized/protocols/p_vec.hpp"
#include "optimized/protocols/tree_mechanism.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/double_text.hpp"
#include "reference/core/errors.hpp"
#include "reference/privacy/p_vec_privacy.hpp"
#include "reference/protocols/calibration_001.hpp"
#include "verify/audit/target_tree_matrix.hpp"

namespace dpb::verify::audit {

namespace {

constexpr const char* kFn = "audit";
constexpr unsigned kAmpGridBits = 32;   // P_Amp / LDP messages on 2^−32 (σ̄ lies on 2^−32)
constexpr unsigned kTreeGridBits = 16;  // tree leaves and releases on 2^−16
constexpr std::size_t kMaxFamily = 16;  // pairs in a target's family (the canonical one included; screening cost)

using Counts = std::unordered_map<std::int64_t, std::uint64_t>;

// The statistic is rounded to the grid 2^−20 (post-processing; fine enough that a twin whose noise is k times too
// small, whose statistic then spreads over 1/k of the nominal range, keeps its resolution).
constexpr int kStatBits = 20;

Histogram rounded_histogram(const Counts& c, std::uint64_t total) {
  Histogram h;
  for (const auto& [k, n] : c) h.counts.emplace_back(std::ldexp(static_cast<double>(k), -kStatBits), n);
  std::sort(h.counts.begin(), h.counts.end());
  h.total = total;
  return h;
}

std::int64_t round_stat(double y) {
  if (std::isnan(y)) throw std::logic_error("audit (seed 001): the likelihood-ratio statistic is NaN");
  const double c = std::clamp(std::ldexp(y, kStatBits), -1e15, 1e15);
  return std::llround(c);
}

// A record (φ, y) on a dyadic grid: numerators a = (a_0, a_1) of φ on 1/q_phi and c of y on 1/q_y.
struct Record {
  std::int64_t a0 = 0, a1 = 0, c = 0;
  bool operator==(const Record&) const = default;
};

std::string describe(const Record& r, std::int64_t qphi, std::int64_t qy, bool two_dim) {
  auto frac = [](std::int64_t n, std::int64_t q) {
    if (n == 0) return std::string("0");
    const std::int64_t g = std::gcd(n < 0 ? -n : n, q);
    return q / g == 1 ? std::to_string(n / g) : std::to_string(n / g) + "/" + std::to_string(q / g);
  };
  std::string s = "phi=(" + frac(r.a0, qphi);
  if (two_dim) s += ", " + frac(r.a1, qphi);
  return s + "), y=" + frac(r.c, qy);
}

// Every record with ‖φ‖₂ ≤ 1 and |y| ≤ 1 on the grid (φ on 1/qphi, y on 1/qy).
std::vector<Record> grid_records(std::int64_t qphi, std::int64_t qy, bool two_dim) {
  std::vector<Record> out;
  for (std::int64_t a0 = -qphi; a0 <= qphi; ++a0)
    for (std::int64_t a1 = two_dim ? -qphi : 0; a1 <= (two_dim ? qphi : 0); ++a1) {
      if (a0 * a0 + a1 * a1 > qphi * qphi) continue;
      for (std::int64_t c = -qy; c <= qy; ++c) out.push_back({a0, a1, c});
    }
  return out;
}

// The released labels of a record, as integers on a common scale (labels = z / scale).
using LabelFn = std::function<std::vector<std::int64_t>(const Record&)>;

// gauss-ldp, p-amp: (φy, triu(φφᵀ)) with φ on 1/4, y on 1/2, scale 16.
std::vector<std::int64_t> amp_labels(const Record& r) {
  return {2 * r.a0 * r.c, 2 * r.a1 * r.c, r.a0 * r.a0, r.a0 * r.a1, r.a1 * r.a1};
}
// tree: triu(zzᵀ), z = (φ, y), φ on 1/4, y on 1/2, scale 16: (φ², φy, y²).
std::vector<std::int64_t> tree_labels(const Record& r) { return {r.a0 * r.a0, 2 * r.a0 * r.c, 4 * r.c * r.c}; }
// p-vec: v = φy with φ on 1/2, y on 1: (a_0 c, a_1 c) = 2v.
std::vector<std::int64_t> pvec_labels(const Record& r) { return {r.a0 * r.c, r.a1 * r.c}; }

std::int64_t norm2(const std::vector<std::int64_t>& x, const std::vector<std::int64_t>& y) {
  std::int64_t s = 0;
  for (std::size_t i = 0; i < x.size(); ++i) s += (x[i] - y[i]) * (x[i] - y[i]);
  return s;
}

struct CandidatePair {
  Record d, d_prime;
  std::int64_t norm2 = 0;  // ‖z − z′‖² on the label scale squared
};

// The candidate pairs of the replace-one relation on `records`, one per effect on the view (key: ‖Δ‖², or the sorted
// |Δ| profile for p-vec), the largest change first; `enumerated` counts every ordered pair of distinct records.
std::vector<CandidatePair> distinct_pairs(const std::vector<Record>& records, const LabelFn& labels, bool profile_key,
                                          std::size_t& enumerated) {
  std::vector<std::vector<std::int64_t>> z;
  for (const Record& r : records) z.push_back(labels(r));
  std::map<std::vector<std::int64_t>, CandidatePair> best;
  enumerated = 0;
  for (std::size_t i = 0; i < records.size(); ++i)
    for (std::size_t j = 0; j < records.size(); ++j) {
      if (i == j) continue;
      ++enumerated;
      const std::int64_t n2 = norm2(z[i], z[j]);
      if (n2 == 0) continue;
      std::vector<std::int64_t> key;
      if (profile_key) {
        for (std::size_t k = 0; k < z[i].size(); ++k) key.push_back(std::abs(z[i][k] - z[j][k]));
        std::sort(key.begin(), key.end());
      } else {
        key = {n2};
      }
      best.try_emplace(key, CandidatePair{records[i], records[j], n2});
    }
  std::vector<CandidatePair> out;
  for (auto& [k, p] : best) out.push_back(p);
  std::stable_sort(out.begin(), out.end(), [](const CandidatePair& x, const CandidatePair& y) { return x.norm2 > y.norm2; });
  return out;
}

// ε(δ) of the Gaussian shift μ, μ² = num/den exactly (certified, rounded up), cached.
double gaussian_eps(const Rational& mu2, double delta) {
  const ref::RealFn mu = [mu2](mpfr_prec_t prec) { return Interval(mu2, prec).sqrt(); };
  return gaussian_eps_for_delta(mu, delta);
}

Rational rational_delta(const TargetOptions& o) {
  return exact_delta(o, Rational(1, 100000));
}

double up(double x) { return std::nextafter(x * (1 + 1e-12), std::numeric_limits<double>::infinity()); }

void common_checks(const std::string& name, const TargetOptions& o) {
  if (o.noise_divisor < 1)
    throw_parameter_error(kFn, "noise_divisor", ">= 1", dpb::to_string(o.noise_divisor));
  if (o.delta && !(*o.delta > 0))
    throw_parameter_error(kFn, "delta", "> 0 for " + name + " (a Gaussian or binomial view: approximate DP)",
                          double_text(*o.delta));
}

// ---- Gaussian targets ---------------------------------------------------------------------------------------------

struct GaussPair {
  Record d, d_prime, others;  // others: p-amp's x₀
  std::uint64_t position = 1;  // tree: the changed leaf (1-based)
  std::int64_t norm2 = 0;
  std::uint64_t nodes = 1;  // tree: released nodes holding the leaf
  double eps_exact = 0, eps_lower = 0;
  Rational mu2;
};

// ---- gauss-ldp ----

SideSampler ldp_sampler(const GaussPair& p, const Rational& sigma_impl, double sigma) {
  const auto za = amp_labels(p.d), zb = amp_labels(p.d_prime);
  const double mu = std::sqrt(static_cast<double>(p.norm2)) / 16 / sigma;
  return [za, zb, sigma_impl, sigma, mu](int side, std::uint64_t count, std::uint64_t seed, std::uint64_t stream) {
    ref::PAmpParams pv, pm;
    pv.labels = ref::LabelSet::vector(2);
    pm.labels = ref::LabelSet::symmetric_matrix(2);
    for (ref::PAmpParams* q : {&pv, &pm}) {
      q->batch = Integer(1);
      q->sigma = sigma_impl;
      q->grid_bits = Integer(kAmpGridBits);
    }
    const fast::PAmp vec(pv, ref::PAmpShuffle::None), mat(pm, ref::PAmpShuffle::None);
    const auto& z = side == 0 ? za : zb;
    const std::int64_t k = std::int64_t{1} << (kAmpGridBits - 4);  // label/16 on 2^−32
    const std::vector<std::int64_t> xv = {z[0] * k, z[1] * k}, xm = {z[2] * k, z[3] * k, z[4] * k};
    const double scale = std::ldexp(1.0, -static_cast<int>(kAmpGridBits));
    ChaCha20Source bits(seed, stream);
    Counts c;
    for (std::uint64_t i = 0; i < count; ++i) {
      const auto tv = vec.run(xv, bits);
      const auto tm = mat.run(xm, bits);
      double y = 0;
      for (std::size_t e = 0; e < 5; ++e) {
        const double x = static_cast<double>(e < 2 ? tv.sum[e] : tm.sum[e - 2]) * scale;
        y += (x - static_cast<double>(za[e]) / 16) * static_cast<double>(zb[e] - za[e]) / 16;
      }
      ++c[round_stat(y / (sigma * sigma * mu))];
    }
    return rounded_histogram(c, count);
  };
}

// ---- p-amp ----

double log_sum_exp(const std::vector<double>& v) {
  const double m = *std::max_element(v.begin(), v.end());
  if (!std::isfinite(m)) return m;
  double s = 0;
  for (double x : v) s += std::exp(x - m);
  return m + std::log(s);
}

SideSampler amp_sampler(const GaussPair& p, std::uint64_t B, const Rational& sigma_impl, double sigma) {
  const auto za = amp_labels(p.d), zb = amp_labels(p.d_prime), z0 = amp_labels(p.others);
  const double mu = std::sqrt(static_cast<double>(p.norm2)) / 16 / sigma;
  return [za, zb, z0, B, sigma_impl, sigma, mu](int side, std::uint64_t count, std::uint64_t seed,
                                                 std::uint64_t stream) {
    ref::PAmpParams pv, pm;
    pv.labels = ref::LabelSet::vector(2);
    pm.labels = ref::LabelSet::symmetric_matrix(2);
    for (ref::PAmpParams* q : {&pv, &pm}) {
      q->batch = Integer(static_cast<unsigned long>(B));
      q->sigma = sigma_impl;
      q->grid_bits = Integer(kAmpGridBits);
    }
    const fast::PAmp vec(pv), mat(pm);
    const auto& z1 = side == 0 ? za : zb;
    const std::int64_t k = std::int64_t{1} << (kAmpGridBits - 4);
    std::vector<std::int64_t> xv, xm;
    for (std::uint64_t u = 0; u < B; ++u) {
      const auto& z = u == 0 ? z1 : z0;
      xv.insert(xv.end(), {z[0] * k, z[1] * k});
      xm.insert(xm.end(), {z[2] * k, z[3] * k, z[4] * k});
    }
    const double scale = std::ldexp(1.0, -static_cast<int>(kAmpGridBits)), s2 = sigma * sigma;
    // Per part: s_j(c) = ((Y_j − x₀)·(z_c − x₀) − ‖z_c − x₀‖²/2)/σ², ln LR = lse_j s_j(a) − lse_j s_j(b).
    auto part = [&](const fast::PAmpTranscript& t, std::size_t off, std::size_t L) {
      std::vector<double> sa, sb;
      double qa = 0, qb = 0;
      for (std::size_t e = 0; e < L; ++e) {
        const double da = static_cast<double>(za[off + e] - z0[off + e]) / 16,
                     db = static_cast<double>(zb[off + e] - z0[off + e]) / 16;
        qa += da * da / 2;
        qb += db * db / 2;
      }
      for (std::size_t x = 0; x < B; ++x) {
        const std::size_t u = t.permutation[x];  // the view's position x holds user u's message
        double ua = -qa, ub = -qb;
        for (std::size_t e = 0; e < L; ++e) {
          const double y = static_cast<double>(static_cast<fast::amp_i128>(t.values[u * L + e]) + t.noise[u * L + e]) *
                               scale -
                           static_cast<double>(z0[off + e]) / 16;
          ua += y * static_cast<double>(za[off + e] - z0[off + e]) / 16;
          ub += y * static_cast<double>(zb[off + e] - z0[off + e]) / 16;
        }
        sa.push_back(ua / s2);
        sb.push_back(ub / s2);
      }
      return log_sum_exp(sa) - log_sum_exp(sb);
    };
    ChaCha20Source bits(seed, stream);
    Counts c;
    for (std::uint64_t i = 0; i < count; ++i) {
      const auto tv = vec.run(xv, bits);
      const auto tm = mat.run(xm, bits);
      ++c[round_stat((part(tv, 0, 2) + part(tm, 2, 3)) / mu)];
    }
    return rounded_histogram(c, count);
  };
}

// ---- tree ----

SideSampler tree_sampler(const GaussPair& p, std::uint64_t N, const Rational& sigma_impl, double sigma) {
  const auto za = tree_labels(p.d), zb = tree_labels(p.d_prime);
  const double mu = std::sqrt(static_cast<double>(p.norm2 * static_cast<std::int64_t>(p.nodes))) / 16 / sigma;
  const std::uint64_t pos = p.position;
  return [za, zb, N, pos, sigma_impl, sigma, mu](int side, std::uint64_t count, std::uint64_t seed,
                                                  std::uint64_t stream) {
    ref::TreeParams tp;
    tp.labels = ref::LabelSet::symmetric_matrix(2);
    tp.leaves = Integer(static_cast<unsigned long>(N));
    tp.sigma = sigma_impl;
    tp.grid_bits = Integer(kTreeGridBits);
    const auto& z = side == 0 ? za : zb;
    const std::int64_t k = std::int64_t{1} << (kTreeGridBits - 4);
    const std::vector<std::int64_t> leaf = {z[0] * k, z[1] * k, z[2] * k}, zero(3, 0);
    const double scale = std::ldexp(1.0, -static_cast<int>(kTreeGridBits));
    const fast::TreeMechanism fresh(tp);
    ChaCha20Source bits(seed, stream);
    Counts c;
    std::vector<double> P((N + 1) * 3, 0.0);
    for (std::uint64_t i = 0; i < count; ++i) {
      fast::TreeMechanism tree = fresh;
      for (std::uint64_t t = 1; t <= N; ++t) {
        const auto step = tree.add(t == pos ? std::span<const std::int64_t>(leaf) : std::span<const std::int64_t>(zero),
                                   bits);
        for (std::size_t e = 0; e < 3; ++e) P[t * 3 + e] = static_cast<double>(step.release[e]) * scale;
      }
      // The node completed at t (the newest of t's cover) is P_t − P_t′, t′ = t without its lowest set bit; it holds
      // leaf pos iff t′ < pos ≤ t.
      double y = 0;
      for (std::uint64_t t = 1; t <= N; ++t) {
        const std::uint64_t tq = t & (t - 1);
        if (!(tq < pos && pos <= t)) continue;
        for (std::size_t e = 0; e < 3; ++e)
          y += (P[t * 3 + e] - P[tq * 3 + e] - static_cast<double>(za[e]) / 16) *
               static_cast<double>(zb[e] - za[e]) / 16;
      }
      ++c[round_stat(y / (sigma * sigma * mu))];
    }
    return rounded_histogram(c, count);
  };
}

std::uint64_t nodes_holding(std::uint64_t N, std::uint64_t pos) {
  std::uint64_t n = 0;
  for (std::uint64_t t = 1; t <= N; ++t) {
    const std::uint64_t tq = t & (t - 1);
    if (tq < pos && pos <= t) ++n;
  }
  return n;
}

// ---- p-vec ----

struct PVecSetup {
  Integer g, b, b_impl;
  std::uint64_t B = 4;
};

SideSampler pvec_sampler(const CandidatePair& p, const PVecSetup& s) {
  const auto va = pvec_labels(p.d), vb = pvec_labels(p.d_prime);  // 2v
  const double g = s.g.convert_to<double>(), B = static_cast<double>(s.B);
  const double var = B * s.b.convert_to<double>() * 3 / 16;  // the nominal count variance per label
  // t = (v + 1)·g/2 (r = 2Δ = 2): Δt = (g/4)·Δ(2v).
  std::vector<double> dt;
  double m2 = 0;
  for (std::size_t k = 0; k < 2; ++k) {
    dt.push_back(g / 4 * static_cast<double>(vb[k] - va[k]));
    m2 += dt.back() * dt.back() / var;
  }
  const double mu = std::sqrt(m2);
  ref::PVecParams params;
  params.labels = ref::LabelSet::vector(2);
  params.batch = Integer(static_cast<unsigned long>(s.B));
  params.g = s.g;
  params.b = s.b_impl;
  params.p = Rational(1, 4);
  params.delta = Rational(1);
  const double mean_noise = B * s.b_impl.convert_to<double>() / 4;
  // The D side's mean count per label: Σ_u t_u + B·b·p (others hold v = 0: t = g/2).
  std::vector<double> mean_a;
  for (std::size_t k = 0; k < 2; ++k)
    mean_a.push_back((B - 1) * g / 2 + (static_cast<double>(va[k]) / 2 + 1) * g / 2 + mean_noise);
  auto proto = std::make_shared<const fast::PVec>(params, 1, ref::NoisePath::Aggregate, ref::PVecShuffle::Counts);
  return [proto, va, vb, dt, mean_a, var, mu, B = s.B](int side, std::uint64_t count, std::uint64_t seed,
                                                        std::uint64_t stream) {
    std::vector<std::int64_t> x(B * 2, 0);
    const auto& v = side == 0 ? va : vb;
    x[0] = v[0];
    x[1] = v[1];
    ChaCha20Source bits(seed, stream);
    Counts c;
    for (std::uint64_t i = 0; i < count; ++i) {
      const fast::PVecTranscript t = proto->run(x, bits);
      double y = 0;
      for (std::size_t k = 0; k < 2; ++k) y += (static_cast<double>(t.counts[k]) - mean_a[k]) * dt[k];
      ++c[round_stat(y / (var * mu))];
    }
    return rounded_histogram(c, count);
  };
}

nlohmann::json replace_one_relation(std::size_t candidates, std::size_t effective, const std::string& grid,
                                    const std::string& note) {
  return {{"name", "replace-one (one user's (phi, y))"},
          {"definition", "one user's record (phi, y) replaced, ||phi||_2 <= 1, |y| <= 1; the other users fixed"},
          {"citation", "seed 001 Def. 2.1, 2.3 (the shuffle view S o R^n), App. F (tree)"},
          {"coordinates", "phi, y"},
          {"grid", grid},
          {"candidates_enumerated", candidates},
          {"unobserved", 0},
          {"effective_pairs", effective},
          {"note", note}};
}

}  // namespace

bool is_seed001_target(const std::string& name) {
  return name == "gauss-ldp" || name == "p-amp" || name == "p-vec" || name == "tree";
}

PreparedTarget prepare_seed001(const TargetInfo& info, const TargetOptions& o, std::uint64_t seed) {
  (void)seed;  // the families are enumerated exhaustively on their grids: no seeded part
  const std::string& name = info.name;
  common_checks(name, o);
  PreparedTarget t;
  t.info = info;
  const Rational delta = rational_delta(o);
  const double delta_d = delta.convert_to<double>();
  t.delta = delta_d;
  t.eps_claimed = o.eps.convert_to<double>();
  const Rational& k = o.noise_divisor;
  if (k != 1) t.details["noise_divisor"] = dpb::to_string(k);

  if (name == "p-vec") {
    if (o.horizon_given) throw_parameter_error(kFn, "horizon", "absent for p-vec (one batch)", std::to_string(o.horizon));
    if (o.eps > 15) throw_parameter_error(kFn, "eps", "in (0, 15] for p-vec (Thm 3.5)", dpb::to_string(o.eps));
    if (!(delta < Rational(1, 2)))
      throw_parameter_error(kFn, "delta", "in (0, 1/2) for p-vec (Thm 3.5)", dpb::to_string(delta));
    PVecSetup s;
    s.B = o.n_given ? o.n : 4;
    if (s.B > 1024) throw_parameter_error(kFn, "n", "at most 1024 for p-vec", std::to_string(s.B));
    std::tie(s.g, s.b) = ref::thm35_g_b(o.eps, delta, Integer(static_cast<unsigned long>(s.B)), Integer(2));
    s.b_impl = k == 1 ? s.b : ceil(Rational(Rational(s.b) / k));
    if (s.b_impl < 1) s.b_impl = Integer(1);
    std::size_t enumerated = 0;
    const std::vector<CandidatePair> cands = distinct_pairs(grid_records(2, 1, true), pvec_labels, true, enumerated);
    // White box: the certified upper bound of docs/privacy-001.md §6 for the vector instance (d = 2 labels, the joint
    // worst change of one user), which covers every pair of the relation.
    ref::PVecPrivacyInput in;
    in.noise_trials = Integer(s.b * Integer(static_cast<unsigned long>(s.B)));
    in.p = Rational(1, 4);
    in.max_units = s.g;
    for (const auto& inst : ref::pvec_instances(Integer(2), s.g, true))
      if (inst.name == "vector") {
        in.instances.push_back(inst);
        break;
      }
    in.tail_budget = delta / 1000;
    const ref::PVecPrivacyBound bound = ref::pvec_privacy_bound(in);
    const auto eps_up = ref::pvec_eps_upper_bound(bound, delta);
    std::optional<double> eps_exact;
    if (eps_up) eps_exact = up(eps_up->convert_to<double>());
    t.eps_exact = eps_exact;
    t.details["certified_upper_bound"] = {
        {"within_claim", eps_up.has_value() && *eps_up <= o.eps},
        {"eps_upper", eps_up ? dpb::to_string(*eps_up) : std::string("none")},
        {"what", "eps(delta) of the per-label counts (vector instance) for every change of one user (docs/privacy-001.md "
                 "sec. 6), certified"}};
    t.eps_exact_source =
        eps_up ? "certified upper bound (docs/privacy-001.md sec. 6: truncated Renyi moments of the shifted binomials, "
                 "joint worst change of one user over the vector instance), for every pair of the relation"
               : "not computed (the windows' tail exceeds delta)";
    for (std::size_t i = 0; i < cands.size() && i < kMaxFamily; ++i) {
      AuditPair p;
      p.pattern = "replace-one";
      p.position = describe(cands[i].d, 2, 1, true) + " -> " + describe(cands[i].d_prime, 2, 1, true);
      p.data = {{"d", describe(cands[i].d, 2, 1, true)},
                {"d_prime", describe(cands[i].d_prime, 2, 1, true)},
                {"others", "v = 0 (t = g/2; the count law's shift cancels in the ratio)"},
                {"change_sq_units", static_cast<double>(cands[i].norm2) * s.g.convert_to<double>() *
                                        s.g.convert_to<double>() / 16}};
      p.sample = pvec_sampler(cands[i], s);
      p.eps_exact = eps_exact;
      p.eps_exact_source = t.eps_exact_source;
      if (i == 0) {
        t.sample = p.sample;
        t.details["neighbours"] = p.position;
      } else {
        t.family.push_back(std::move(p));
      }
    }
    t.details.update({{"B", s.B}, {"d", 2}, {"g", dpb::to_string(s.g)}, {"b", dpb::to_string(s.b)},
                      {"b_implemented", dpb::to_string(s.b_impl)}, {"noise_trials", dpb::to_string(in.noise_trials)},
                      {"view", "per-label counts of the vector part (2 labels), the shuffled view's sufficient statistic"},
                      {"statistic", "linear LR of the counts (Gaussian approximation), standardised, rounded to 2^-20"},
                      {"claim", "(eps, delta)-SDP, Thm 3.5 / C.1"}});
    t.relation = replace_one_relation(enumerated, cands.size(), "phi on 1/2, y in {-1, 0, 1}",
                                      "one pair per sorted |change| profile of the two labels' counts, largest first");
    return t;
  }

  // The Gaussian targets.
  Rational sigma_bar;
  std::uint64_t B = 1, N = 1;
  std::vector<Record> records;
  LabelFn labels;
  std::int64_t qphi = 4, qy = 2;
  bool two_dim = true;
  if (name == "gauss-ldp") {
    if (o.n_given) throw_parameter_error(kFn, "n", "absent for gauss-ldp (one user's message)", std::to_string(o.n));
    if (o.horizon_given)
      throw_parameter_error(kFn, "horizon", "absent for gauss-ldp (one message)", std::to_string(o.horizon));
    if (o.eps > 1) throw_parameter_error(kFn, "eps", "in (0, 1] for gauss-ldp (Cor. B.3)", dpb::to_string(o.eps));
    ref::Calibration001Input in;
    in.variant = "ldp-gauss";
    in.eps0 = o.eps;
    in.delta0 = delta;
    sigma_bar = *ref::calibrate_001(in).find("sigma_bar")->exact;
    labels = amp_labels;
    t.details["claim"] = "(eps0, delta0)-LDP, Cor. B.3 / Prop. F.1 (eps0 = --eps, delta0 = --delta)";
  } else if (name == "p-amp") {
    if (o.horizon_given) throw_parameter_error(kFn, "horizon", "absent for p-amp (one batch)", std::to_string(o.horizon));
    B = o.n_given ? o.n : 3;
    if (B < 2 || B > 64) throw_parameter_error(kFn, "n", "in [2, 64] for p-amp", std::to_string(B));
    if (!ref::thm32_in_range(o.eps, delta, Integer(static_cast<unsigned long>(B))))
      throw_parameter_error(kFn, "eps", "at most sqrt(ln(2/delta)/B) for p-amp (Thm 3.2)", dpb::to_string(o.eps));
    sigma_bar = ref::thm32_sigma(o.eps, delta, Integer(static_cast<unsigned long>(B))).sigma_bar;
    labels = amp_labels;
    t.details["claim"] = "(eps, delta)-SDP, Thm 3.2 / B.1";
  } else {  // tree
    if (o.n_given) throw_parameter_error(kFn, "n", "absent for tree (--horizon is the number of leaves)", std::to_string(o.n));
    N = o.horizon_given ? o.horizon : 4;
    if (N < 2 || N > 64) throw_parameter_error(kFn, "horizon", "in [2, 64] for tree", std::to_string(N));
    if (o.eps > 1) throw_parameter_error(kFn, "eps", "in (0, 1] for tree (Prop. F.3)", dpb::to_string(o.eps));
    sigma_bar = ref::tree_sigma_node(o.eps, delta, Integer(static_cast<unsigned long>(N)), Integer(1));
    labels = tree_labels;
    two_dim = false;
    t.details["claim"] = "(eps, delta)-DP of all released prefixes, Prop. F.3 (M0 = 1)";
  }
  records = grid_records(qphi, qy, two_dim);
  const Rational sigma_impl = sigma_bar / k;
  const double sigma = sigma_bar.convert_to<double>();
  std::size_t enumerated = 0;
  const std::vector<CandidatePair> cands = distinct_pairs(records, labels, false, enumerated);
  std::vector<GaussPair> pairs;
  std::map<Rational, std::pair<double, double>> eps_cache;
  auto eps_of = [&](const Rational& mu2, double factor_lower) {
    auto it = eps_cache.find(mu2);
    if (it == eps_cache.end()) {
      const double hi = gaussian_eps(mu2, delta_d);
      const double lo = factor_lower > 0 ? gaussian_eps(mu2 / Rational(static_cast<long>(B)), delta_d) : 0;
      it = eps_cache.emplace(mu2, std::make_pair(hi, lo)).first;
    }
    return it->second;
  };
  const Rational s2 = sigma_bar * sigma_bar;
  if (name == "tree") {
    // Positions: every leaf; the view's μ² = (released nodes holding it)·‖Δ‖²/σ̄².
    std::vector<GaussPair> all;
    for (const CandidatePair& c : cands)
      for (std::uint64_t pos = 1; pos <= N; ++pos) {
        GaussPair g{c.d, c.d_prime, Record{}, pos, c.norm2, nodes_holding(N, pos), 0, 0, Rational(0)};
        all.push_back(g);
      }
    std::stable_sort(all.begin(), all.end(), [](const GaussPair& x, const GaussPair& y) {
      return x.norm2 * static_cast<std::int64_t>(x.nodes) > y.norm2 * static_cast<std::int64_t>(y.nodes);
    });
    std::set<std::int64_t> seen;
    for (const GaussPair& g : all) {
      if (pairs.size() == kMaxFamily) break;
      // pairs with the same μ have the same law ratio of the statistic; keep one per (μ², position)
      if (!seen.insert(g.norm2 * 1024 + static_cast<std::int64_t>(g.position)).second) continue;
      pairs.push_back(g);
    }
  } else if (name == "p-amp") {
    const Record zero{};
    for (std::size_t i = 0; i < cands.size() && pairs.size() < kMaxFamily; ++i) {
      const CandidatePair& c = cands[i];
      // x₀: zero, x₁, x₁′ and the record farthest from both (the search's choice of the others)
      Record far = zero;
      std::int64_t best = -1;
      for (const Record& r : records) {
        const std::int64_t dmin = std::min(norm2(labels(r), labels(c.d)), norm2(labels(r), labels(c.d_prime)));
        if (dmin > best) {
          best = dmin;
          far = r;
        }
      }
      std::vector<Record> others = {zero};
      for (const Record& r : {c.d, c.d_prime, far})
        if (std::find(others.begin(), others.end(), r) == others.end()) others.push_back(r);
      for (const Record& x0 : others) {
        if (pairs.size() == kMaxFamily) break;
        pairs.push_back(GaussPair{c.d, c.d_prime, x0, 1, c.norm2, 1, 0, 0, Rational(0)});
      }
    }
  } else {
    for (std::size_t i = 0; i < cands.size() && i < kMaxFamily; ++i)
      pairs.push_back(GaussPair{cands[i].d, cands[i].d_prime, Record{}, 1, cands[i].norm2, 1, 0, 0, Rational(0)});
  }
  for (GaussPair& g : pairs) {
    g.mu2 = Rational(g.norm2 * static_cast<std::int64_t>(g.nodes)) / (Rational(256) * s2);
    const auto [hi, lo] = eps_of(g.mu2, name == "p-amp" ? 1.0 : 0.0);
    g.eps_exact = hi;
    g.eps_lower = lo;
  }
  std::stable_sort(pairs.begin(), pairs.end(),
                   [](const GaussPair& x, const GaussPair& y) { return x.eps_exact > y.eps_exact; });
  const std::string source =
      name == "p-amp"
          ? "white box: exact Gaussian profile of user 1's message (mu = ||Delta||/sigma_bar), an upper bound of the "
            "shuffled view's eps(delta) (post-processing); the released sum's profile (mu/sqrt(B)) is its certified "
            "lower bound, in details"
          : std::string("white box: exact Gaussian profile of the ") +
                (name == "tree" ? "released nodes holding the changed leaf" : "message") +
                " at the pair's mu (the grid rounding is post-processing), eps(delta) by bisection on certified "
                "enclosures, rounded up to 2^-20";
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const GaussPair& g = pairs[i];
    AuditPair p;
    p.pattern = "replace-one";
    p.position = describe(g.d, qphi, qy, two_dim) + " -> " + describe(g.d_prime, qphi, qy, two_dim);
    p.data = {{"d", describe(g.d, qphi, qy, two_dim)},
              {"d_prime", describe(g.d_prime, qphi, qy, two_dim)},
              {"mu", std::sqrt(g.mu2.convert_to<double>())}};
    if (name == "p-amp") {
      p.position += ", others " + describe(g.others, qphi, qy, two_dim);
      p.data["others"] = describe(g.others, qphi, qy, two_dim);
      p.data["eps_sum_lower"] = g.eps_lower;
      p.sample = amp_sampler(g, B, sigma_impl, sigma);
    } else if (name == "tree") {
      p.position += " at leaf " + std::to_string(g.position);
      p.data["leaf"] = g.position;
      p.data["nodes_holding_leaf"] = g.nodes;
      p.sample = tree_sampler(g, N, sigma_impl, sigma);
    } else {
      p.sample = ldp_sampler(g, sigma_impl, sigma);
    }
    p.eps_exact = g.eps_exact;
    p.eps_exact_source = source;
    if (i == 0) {
      t.sample = p.sample;
      t.eps_exact = g.eps_exact;
      t.eps_exact_source = source;
      t.details["neighbours"] = p.position;
      t.details["mu"] = p.data["mu"];
      if (name == "p-amp") t.details["eps_sum_lower"] = g.eps_lower;
    } else {
      t.family.push_back(std::move(p));
    }
  }
  t.details.update({{"sigma_bar", dpb::to_string(sigma_bar)}, {"sigma_bar_approx", sigma}});
  {
    // A certified upper bound of the view's ε(δ) over the whole relation (every pair, every choice of the others):
    // the exact Gaussian δ(ε) at the relation's sensitivity bound — (φy, triu(φφᵀ)) jointly ≤ 2√2 (docs/privacy-001.md
    // §4; p-amp: the shuffled view is post-processing of user 1's message, the others' messages being independent of
    // it), tree: a leaf triu(zzᵀ) moves by ≤ Δ_z = 4 in each of the m levels' nodes, √m·4.
    const unsigned m = name == "tree" ? ref::tree_levels(Integer(static_cast<unsigned long>(N))) : 0;
    const ref::RealFn sens = name == "tree" ? ref::RealFn([m](mpfr_prec_t prec) {
      return Interval(Rational(16 * static_cast<long>(m)), prec).sqrt();
    })
                                            : ref::RealFn([](mpfr_prec_t prec) { return Interval(Rational(8), prec).sqrt(); });
    const Rational dl = ref::gaussian_delta_upper_bound(sens, sigma_bar, o.eps);
    t.details["certified_upper_bound"] = {
        {"within_claim", dl <= delta},
        {"delta_at_claimed_eps_upper", dl.convert_to<double>()},
        {"what", name == "tree" ? "exact Gaussian delta(eps) at the view sensitivity sqrt(m) * 4 (every leaf change)"
                                : "exact Gaussian delta(eps) of one message at the joint sensitivity 2 sqrt(2) (every "
                                  "change of one user; p-amp: every choice of the others)"}};
  }
  if (name == "p-amp") t.details.update({{"B", B}, {"d", 2}, {"view", "both parts' shuffled messages (closed-form LR)"}});
  if (name == "tree") t.details.update({{"N", N}, {"levels", ref::tree_levels(Integer(static_cast<unsigned long>(N)))},
                                        {"view", "all N released prefixes (3 labels: triu of z z^T, z = (phi, y))"}});
  if (name == "gauss-ldp") t.details.update({{"d", 2}, {"view", "one message: phi y and triu(phi phi^T), 5 labels"}});
  t.details["statistic"] = name == "p-amp" ? "log LR of the nominal law (closed form, others at x0) / mu, rounded to 2^-20"
                                           : "LR statistic of the nominal law (linear in the view), standardised, "
                                             "rounded to 2^-20";
  t.relation = replace_one_relation(
      enumerated, pairs.size(), two_dim ? "phi on 1/4 (||phi|| <= 1), y on 1/2" : "phi on 1/4, y on 1/2",
      name == "tree" ? "one pair per (||Delta||^2, changed leaf), ordered by the view's mu"
      : name == "p-amp"
          ? "one pair per ||Delta||^2 (largest first) x the others' record x0 in {0, x1, x1', the record farthest "
            "from both}"
          : "one pair per ||Delta||^2 (the isotropic Gaussian's law ratio depends on it alone), largest first");
  return t;
}

}  // namespace dpb::verify::audit
