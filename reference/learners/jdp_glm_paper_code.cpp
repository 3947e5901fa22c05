// jdp-glm, profile `paper-code`: what the seed-003 authors' code (`private_rs_glinucb.py`, first commit; the later
// commit's four changes under JdpCodeVersion::Later, marked "later:" below) runs for
// "Private-GLM" (Sarmasarkar 2026, arXiv:2602.00417, Sec. 8 and Remark A.1; spec 003 §7.3, §9 items 21, 26, 28–30,
// 36), with our exact noise. docs/learners.md "jdp-glm paper-code" maps every line below to the spec's items.
// Constants (jdp_glm_paper_constants, from `calibrate jdp-glm --profile paper-code`, R = 1, ζ default δ):
//   λ = 2 ln(4/δ) ln²(4T/ζ)/(εκ*) + 0.75 d ln(4T/ζ), γ = S√(d ln(T/ζ)), β = 4√(d ln(T/ζ)) — each ⌈·2^32⌉·2^−32;
//   threshold 1/(0.01 κ S² d) exact; count1 = ⌊dκγ² ln T/20000⌋ (unrounded γ; 0 allowed: θ̂_w never updates),
//   count2 = ⌊log₂(λ_max/λ_min + T/(κ*² λ_min d))⌋; per-call budgets per_step_budget_auto(ε/3, δ/3, cutoff);
//   trees BinaryTreeMechanism(T, ε/3, δ/3, C), C = 1 (V) and 1/κ* (H): σ = C/√(2ρ/m) rounded up to 2^−32,
//   symmetrisation (z + zᵀ)/2 (`half`).
// Round t (V, H queried every round as λI + the tree's prefix after t − 1 leaves, exact on 2^−r, r = 2q + 32):
//   PSD projection (floor 10⁻¹²): V − 10⁻¹²I ≻ 0 and H − 10⁻¹²I ≻ 0 decided exactly ⇒ the projection is the
//     identity (counted in psd_checks); otherwise JdpPsdProjectionBinds (docs/decisions.md).
//   Criterion I: max_x ‖x‖²_{V⁻¹} >= threshold (exact, jdp_internal::criterion_i) → play argmax ‖x‖_{V⁻¹}; V leaf
//     xxᵀ/(1 + ‖x‖²_{V⁻¹}) truncated toward 0 onto 2^−r, H leaf 0; the sample joins T_o and the all-data set; if
//     count1 < cutoff: θ̂_w = DP-SGD(T_o; ε_o, δ_o; from (θ̂_w + θ̂_τ)/2), count1++.
//   else: D = max(D, det H_t) (exact; over the exploitation rounds); Criterion II (first commit): D >= 2·P and
//     count2 < cutoff, P = the largest det H at a switch (initially det λI = λ^d) → τ = t, H_τ = H_t,
//     P = max(P, det H_t), θ̂_τ = DP-SGD(every earlier sample, explore and exploit; ε_τ, δ_τ; from (θ̂_w + θ̂_τ)/2)
//     (no sample yet: θ̂_τ unchanged), count2++;
//     elimination with θ̂_w, V, width γ√κ (rs_round eliminate), then argmax ⟨x, c⟩ + β‖x‖_{H_τ⁻¹} with the centre
//     c = (θ̂_w + θ̂_τ)/2 (rs_round ucb_argmax; c = 0 and H_τ = λI: norm_argmax, exact); certified, refined up to
//     kGlmPrecisionCap, GlmUndecided beyond; H leaf w·xxᵀ with w = ⌊μ̇(⟨x, θ̂_w⟩)/e·2^32⌋·2^−32 (no clip: the code
//     has none; §9 item 14), V leaf 0; the sample joins the all-data set.
// later: count1 = max(1, ⌊·⌋), count2 = 3⌊·⌋ with the θ̂_τ budgets at that cutoff; Criterion II = criterion_ii_later
//   (λ_max(H_τ^{−1/2} H_t H_τ^{−1/2}) > 21/20 + 5/(8√d), exact; no D, P); DP-SGD epochs dp_sgd_later_epochs(ε_call)
//   and σ = calibrate_dp_sgd_sigma_later (sampled-without-replacement RDP; docs/decisions.md).
// Streams as the theorem profile: rewards glm_reward_stream, V tree jdp_glm_stream(run, 0), H tree 1, the j-th
// DP-SGD call (0-based, θ̂_w and θ̂_τ calls in round order) 2 + j (reference/learners/internal/dp_sgd_code.hpp).
#include <algorithm>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/glm/certified_real.hpp"
#include "reference/glm/link.hpp"
#include "reference/learners/internal/bareiss.hpp"
#include "reference/learners/internal/dp_sgd_code.hpp"
#include "reference/learners/internal/rs_round.hpp"
#include "reference/learners/jdp_glm.hpp"
#include "reference/learners/internal/calibration_read.hpp"
#include "reference/protocols/calibration_003_glm.hpp"
#include "reference/protocols/p_gd.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::ref {

namespace {

constexpr const char* kFn = "jdp_glm";

using internal::pow2;
using internal::round_up_32;
using internal::upper;
const Quantity& quantity(const Calibration001& c, const std::string& name) {
  return internal::quantity(c, name, "calibrate jdp-glm --profile paper-code");
}
// ⌊x⌋ of a printed real, decided on its enclosure (the code's int(): the values are positive).
Integer printed_floor(const Quantity& q) {
  if (q.exact) return floor(*q.exact);
  const Integer lo = floor(q.enclosure->lower()), hi = floor(q.enclosure->upper());
  if (lo != hi) throw GlmUndecided("jdp_glm: " + q.name + " is too close to an integer to take its floor");
  return lo;
}

}  // namespace

JdpGlmPaperConstants jdp_glm_paper_constants(const JdpGlmParams& p, Link link, std::uint32_t d, unsigned q) {
  if (p.T < 16 || p.T > (std::uint64_t{1} << 24)) throw_parameter_error(kFn, "T", "in [16, 2^24]", std::to_string(p.T));
  if (q < 1 || q > 15) throw_parameter_error(kFn, "q", "in [1, 15]", std::to_string(q));
  if (p.S <= 0 || p.S > 64) throw_parameter_error(kFn, "S", "in (0, 64]", to_string(p.S));
  if (p.kappa_star > 1000000) throw_parameter_error(kFn, "kappa_star", "<= 10^6", to_string(p.kappa_star));
  check_kappa_star(link, p.kappa_star, kFn, "kappa_star");
  if (p.kappa < p.kappa_star || p.kappa > pow2(40))
    throw_parameter_error(kFn, "kappa", "in [kappa*, 2^40]", to_string(p.kappa));
  if (p.lambda_override) throw_parameter_error(kFn, "lambda_override", "absent in paper-code", to_string(*p.lambda_override));
  const Rational zeta = p.zeta.value_or(p.delta);
  CalibrationGlmInput in;
  in.variant = "jdp-glm";
  in.profile = Profile003::PaperCode;
  in.eps = p.eps;
  in.delta = p.delta;
  in.horizon = Integer(p.T);
  in.d = Integer(d);
  in.kappa = p.kappa;
  in.kappa_star = p.kappa_star;
  in.theta_norm = p.S;
  in.zeta = zeta;
  in.link = link == Link::probit ? "probit" : "logistic";
  const Calibration001 c = calibrate_glm003(in);
  JdpGlmPaperConstants k;
  k.zeta = zeta;
  k.lambda = round_up_32(upper(quantity(c, "lambda")));
  k.gamma = round_up_32(upper(quantity(c, "gamma")));
  k.beta = round_up_32(upper(quantity(c, "beta")));
  k.threshold = *quantity(c, "criterion1_threshold").exact;
  k.sigma_V = round_up_32(upper(quantity(c, "tree_sigma_V")));
  k.sigma_H = round_up_32(upper(quantity(c, "tree_sigma_H")));
  k.version = p.code_version;
  const bool later = p.code_version == JdpCodeVersion::Later;
  k.count1 = printed_floor(quantity(c, "count1_cutoff_real"));
  k.count2 = printed_floor(quantity(c, "count2_cutoff_real"));
  if (later) {  // spec 003 §7.3: max(1, ·) for count1, count2 multiplied by 3
    k.count1 = std::max(k.count1, Integer(1));
    k.count2 *= 3;
  }
  // the budgets calibrate prints are at max(1, cutoff): the same as the code's whenever a call is made
  k.eps_o = *quantity(c, "theta_o_eps_call").exact;
  k.delta_o = *quantity(c, "theta_o_delta_call").exact;
  const std::string tau = later ? "theta_tau_later_commit" : "theta_tau_first_commit";
  k.eps_tau = *quantity(c, tau + "_eps_call").exact;
  k.delta_tau = *quantity(c, tau + "_delta_call").exact;
  k.grid_bits = 2 * q + kJdpWeightBits;
  return k;
}

namespace jdp_internal {

std::vector<Rational> matrix_rational(const std::vector<Integer>& release, std::uint32_t d, const Rational& lambda,
                                      unsigned r) {
  std::vector<Rational> M = matrix(release, d, Integer(0), r);
  for (std::uint32_t j = 0; j < d; ++j) M[j * d + j] += lambda;
  return M;
}

bool above_psd_floor(const std::vector<Rational>& A, std::uint32_t d) {
  std::vector<std::vector<Rational>> M(d, std::vector<Rational>(d));
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j) M[i][j] = A[i * d + j] - (i == j ? Rational(1, 1000000000000) : Rational(0));
  return positive_definite(M);
}

std::vector<Integer> scaled_v_leaf(std::span<const std::int64_t> f, unsigned q, const Rational& s, unsigned r) {
  const std::uint32_t d = static_cast<std::uint32_t>(f.size());
  const LabelSet labels = LabelSet::symmetric_matrix(d);
  std::vector<Integer> leaf(labels.size());
  // x_i x_j/(1 + s)·2^r = f_i f_j·2^(r−2q)/(1 + s), truncated toward 0
  const Rational scale = pow2(r - 2 * q) / (1 + s);
  for (std::size_t l = 0; l < labels.size(); ++l) {
    const Label lb = labels.at(l);
    const Rational v = Rational(Integer(f[lb.i]) * f[lb.j]) * scale;
    leaf[l] = v >= 0 ? floor(v) : Integer(-floor(Rational(-v)));
  }
  return leaf;
}

bool criterion_ii_later(const std::vector<Rational>& P, const std::vector<Rational>& C, std::uint32_t d) {
  const auto shifted = [&](const Rational& c) {  // c·P − C as rows
    std::vector<std::vector<Rational>> M(d, std::vector<Rational>(d));
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = 0; j < d; ++j) M[i][j] = c * P[i * d + j] - C[i * d + j];
    return M;
  };
  const Integer sd = floor_sqrt(Integer(d));
  if (sd * sd == Integer(d)) {  // c rational: switch iff cP − C is not PSD (every principal minor >= 0, exact)
    const Rational c = Rational(21, 20) + Rational(5) / (8 * Rational(sd));
    const std::vector<std::vector<Rational>> M = shifted(c);
    for (std::uint32_t mask = 1; mask < (1u << d); ++mask) {
      std::vector<std::uint32_t> idx;
      for (std::uint32_t i = 0; i < d; ++i)
        if (mask & (1u << i)) idx.push_back(i);
      const std::uint32_t m = static_cast<std::uint32_t>(idx.size());
      std::vector<Rational> sub(std::size_t{m} * m);
      for (std::uint32_t a = 0; a < m; ++a)
        for (std::uint32_t b = 0; b < m; ++b) sub[a * m + b] = M[idx[a]][idx[b]];
      if (det(sub, m) < 0) return true;
    }
    return false;
  }
  // c = 21/20 + 5/(8√d) irrational: √d ∈ [s_lo, s_hi] on 2^−bits, c ∈ [c_lo, c_hi];
  // c_lo·P − C ≻ 0 ⇔ λ_max < c_lo (no switch); c_hi·P − C not ≻ 0 ⇔ λ_max >= c_hi > c (switch)
  for (unsigned bits = 32; bits <= 4096; bits *= 2) {
    const Integer scale = Integer(1) << bits;
    const Integer r = floor_sqrt(Integer(Integer(d) * scale * scale));
    const Rational s_lo(r, scale), s_hi(Integer(r + 1), scale);
    const Rational c_lo = Rational(21, 20) + Rational(5) / (8 * s_hi), c_hi = Rational(21, 20) + Rational(5) / (8 * s_lo);
    if (positive_definite(shifted(c_lo))) return false;
    if (!positive_definite(shifted(c_hi))) return true;
  }
  throw GlmUndecided("jdp_glm paper-code (later commit): Criterion II's eigenvalue is within 2^-4096 of its threshold");
}

internal::DpSgdSettings sgd_settings(JdpCodeVersion version, const Rational& eps) {
  internal::DpSgdSettings s;
  if (version == JdpCodeVersion::Later) s.epochs = internal::dp_sgd_later_epochs(eps);
  return s;
}

void check_sgd_floor(JdpCodeVersion version, const Rational& eps_call, const Rational& delta_call,
                     const Rational& eps_user) {
  if (version != JdpCodeVersion::First) return;
  const Interval floor63 = internal::dp_sgd_first_floor(delta_call);
  if (Interval(eps_call, 128).certainly_less_equal(floor63))
    throw_parameter_error(kFn, "eps",
                          "large enough that first-commit DP-SGD calls' eps (" +
                              Interval(eps_call, 64).upper_string(4) + ") exceed the floor ln(1/delta0)/62 = " +
                              floor63.upper_string(4),
                          to_string(eps_user));
}

Rational sgd_sigma(JdpCodeVersion version, const Rational& eps, const Rational& delta, std::uint64_t n) {
  const internal::DpSgdSettings s = sgd_settings(version, eps);
  return version == JdpCodeVersion::Later ? internal::calibrate_dp_sgd_sigma_later(eps, delta, n, s)
                                          : internal::calibrate_dp_sgd_sigma(eps, delta, n, s);
}

}  // namespace jdp_internal

namespace jdp_internal {

std::uint32_t exploit_paper_code(const JdpGlmPaperConstants& k, const Rational& kappa, std::span<const std::int64_t> arms,
                         std::uint32_t K, std::uint32_t d, unsigned q, const std::vector<Rational>& s,
                         const std::vector<Rational>& theta_w, const std::vector<Rational>& centre,
                         const std::vector<Rational>& H_tau, std::uint64_t t, std::uint64_t& refinements) {
  const std::vector<std::uint32_t> first = internal::first_of_duplicates(arms, K, d);
  bool trivial = true;  // c = 0 and H_τ = λI exactly: the index is β‖x‖/√λ, decided exactly on ‖x‖²
  for (const Rational& v : centre) trivial = trivial && v == 0;
  for (std::uint32_t i = 0; i < d && trivial; ++i)
    for (std::uint32_t j = 0; j < d && trivial; ++j)
      trivial = H_tau[i * d + j] == (i == j ? k.lambda : Rational(0));
  const Rational width2 = k.gamma * k.gamma * kappa;
  for (mpfr_prec_t prec = kGlmStartPrecision;; prec *= 2) {
    std::vector<Interval> tw;
    for (const Rational& v : theta_w) tw.push_back(Interval(v, prec));
    std::vector<bool> kept;
    std::optional<std::uint32_t> c;
    if (trivial) {
      if (internal::eliminate(arms, K, d, q, first, s, tw, width2, prec, kept))
        c = internal::norm_argmax(arms, K, d, first, kept, k.beta == 0);
    } else {
      std::vector<Interval> Hi, L, tc;
      Interval det(0L, prec);
      for (const Rational& v : H_tau) Hi.push_back(Interval(v, prec));
      for (const Rational& v : centre) tc.push_back(Interval(v, prec));
      if (internal::interval_cholesky(Hi, d, prec, L, det) &&
          internal::eliminate(arms, K, d, q, first, s, tw, width2, prec, kept))
        c = internal::ucb_argmax(arms, K, d, q, first, kept, L, tc, k.beta, prec);
    }
    if (c) return *c;
    ++refinements;
    if (2 * prec > kGlmPrecisionCap)
      throw GlmUndecided("jdp_glm paper-code: round " + std::to_string(t) + " is still open at " +
                         std::to_string(kGlmPrecisionCap) + " bits");
  }
}

Integer weight_paper_code(Link link, std::span<const std::int64_t> f, unsigned q, const std::vector<Rational>& theta_w) {
  Rational z = 0;
  for (std::size_t i = 0; i < f.size(); ++i) z += Rational(Integer(f[i]), Integer(Integer(1) << q)) * theta_w[i];
  // |z| > 4096 (the link layer's range): μ̇(z)/e < e^{−4096} for both links, so ⌊μ̇/e·2^32⌋ = 0 exactly
  if (z > kGlmMaxAbsZ || z < -kGlmMaxAbsZ) return Integer(0);
  return weight(link, f, q, theta_w, Integer(1) << kJdpWeightBits);  // μ̇/e < 1: no cap (the code clips nothing)
}

}  // namespace jdp_internal

JdpGlmTrajectory jdp_glm_paper_code(const JdpGlmParams& params, const GlmInstance& inst, std::uint64_t seed,
                                    std::uint64_t run, RoundHook on_round) {
  const std::uint32_t d = inst.d, K = inst.K;
  const unsigned q = inst.q;
  JdpGlmTrajectory out;
  out.paper = jdp_glm_paper_constants(params, inst.link, d, q);
  const JdpGlmPaperConstants& k = *out.paper;
  out.link_label = inst.link == Link::probit ? "probit (outside Def. 4.1 (F1))" : "logistic";
  const unsigned r = k.grid_bits;
  const LabelSet labels = LabelSet::symmetric_matrix(d);
  TreeParams tv;
  tv.labels = labels;
  tv.leaves = Integer(params.T);
  tv.grid_bits = Integer(r);
  tv.symmetrisation = Symmetrisation::Half;
  TreeParams th = tv;
  tv.sigma = k.sigma_V;
  th.sigma = k.sigma_H;
  TreeMechanism treeV(tv), treeH(th);
  ChaCha20Source streamV(seed, jdp_glm_stream(run, 0)), streamH(seed, jdp_glm_stream(run, 1));
  CountingSource bitsV(streamV), bitsH(streamH);
  std::vector<Integer> relV, relH;

  std::vector<internal::DpSgdSample> data_o, data_all;
  std::vector<Rational> theta_w(d, Rational(0)), theta_tau(d, Rational(0));
  std::vector<Rational> H_tau = jdp_internal::matrix_rational({}, d, k.lambda, r);
  Rational lambda_d = 1;
  for (std::uint32_t j = 0; j < d; ++j) lambda_d *= k.lambda;
  Rational D = lambda_d, P = lambda_d;  // running max of det H (exploitation rounds); largest det H at a switch
  std::uint64_t calls = 0;

  const auto centre = [&] {
    std::vector<Rational> c(d);
    for (std::uint32_t j = 0; j < d; ++j) c[j] = (theta_w[j] + theta_tau[j]) / 2;
    return c;
  };
  const auto run_sgd = [&](const std::vector<internal::DpSgdSample>& data, const Rational& eps, const Rational& delta) {
    jdp_internal::check_sgd_floor(k.version, eps, delta, params.eps);
    const Rational sigma = jdp_internal::sgd_sigma(k.version, eps, delta, data.size());
    const internal::DpSgd sgd(inst.link, q, d, sigma, jdp_internal::sgd_settings(k.version, eps));
    ChaCha20Source stream(seed, jdp_glm_stream(run, 2 + calls));
    CountingSource bits(stream);
    ++calls;
    internal::DpSgdResult res = sgd.run(data, centre(), bits);
    out.bits_pgd += bits.count();
    out.pgd_iterations.push_back(Integer(res.steps));
    out.sgd_sigma.push_back(sigma);
    return std::move(res.theta);
  };
  const auto projected = [&](const std::vector<Rational>& A, const char* name, std::uint64_t t) {
    if (!jdp_internal::above_psd_floor(A, d))
      throw JdpPsdProjectionBinds(std::string("jdp_glm paper-code: round ") + std::to_string(t) + ": the noisy " +
                                  name + " has an eigenvalue <= 1e-12, where the code's PSD projection changes it");
    ++out.psd_checks;
  };

  for (std::uint64_t t = 1; t <= params.T; ++t) {
    const std::uint64_t set = inst.set_of_round(t);
    const std::span<const std::int64_t> arms(inst.arms.data() + set * K * d, std::size_t{K} * d);
    const std::vector<Rational> V = jdp_internal::matrix_rational(relV, d, k.lambda, r);
    const std::vector<Rational> H = jdp_internal::matrix_rational(relH, d, k.lambda, r);
    projected(V, "V", t);
    projected(H, "H", t);
    JdpGlmConstants ck;  // criterion_i reads the threshold and the grid only
    ck.threshold = k.threshold;
    ck.grid_bits = r;
    const jdp_internal::CriterionI ci = jdp_internal::criterion_i(ck, arms, K, d, q, V);
    const bool explore = ci.explore;
    std::uint32_t action = ci.action;
    bool switched = false;
    if (!explore) {
      bool criterion_ii = false;
      if (k.version == JdpCodeVersion::Later) {  // PSD dominance against H at the last switch
        criterion_ii = Integer(out.count2) < k.count2 && jdp_internal::criterion_ii_later(H_tau, H, d);
      } else {  // first commit: running max of det H against twice the largest det H at a switch
        D = std::max(D, jdp_internal::det(H, d));
        criterion_ii = D >= 2 * P && Integer(out.count2) < k.count2;
      }
      if (criterion_ii) {
        switched = true;
        H_tau = H;
        P = std::max(P, jdp_internal::det(H, d));
        ++out.count2;
        if (!data_all.empty()) theta_tau = run_sgd(data_all, k.eps_tau, k.delta_tau);
        out.theta_tau.push_back(theta_tau);
      }
      action = jdp_internal::exploit_paper_code(k, params.kappa, arms, K, d, q, ci.s, theta_w, centre(), H_tau, t, out.refinements);
    }
    ChaCha20Source rbits(seed, glm_reward_stream(run, t));
    const int reward = glm_reward(inst, set, action, rbits);
    on_round(t);
    const std::span<const std::int64_t> f = inst.arm(set, action);
    std::vector<Integer> leafV(labels.size(), Integer(0)), leafH(labels.size(), Integer(0));
    if (explore) {
      leafV = jdp_internal::scaled_v_leaf(f, q, ci.s[action], r);
    } else {
      const Integer wn = jdp_internal::weight_paper_code(inst.link, f, q, theta_w);
      out.weights.push_back(wn);
      for (std::size_t l = 0; l < labels.size(); ++l) {
        const Label lb = labels.at(l);
        leafH[l] = Integer(f[lb.i]) * f[lb.j] * wn;
      }
    }
    relV = treeV.add_numerators(leafV, bitsV).release;
    relH = treeH.add_numerators(leafH, bitsH).release;
    internal::DpSgdSample sample{reward, std::vector<std::int64_t>(f.begin(), f.end())};
    data_all.push_back(sample);
    if (explore) {
      data_o.push_back(std::move(sample));
      if (Integer(out.count1) < k.count1) {
        theta_w = run_sgd(data_o, k.eps_o, k.delta_o);
        out.theta_o.push_back(theta_w);
        ++out.count1;
      }
    }
    out.actions.push_back(action);
    out.rewards.push_back(reward);
    out.explore.push_back(explore ? 1 : 0);
    if (switched) out.switches.push_back(t);
  }
  out.release_V = relV;
  out.release_H = relH;
  out.bits_V = bitsV.count();
  out.bits_H = bitsH.count();
  out.pseudo_regret = glm_pseudo_regret(inst, out.actions, 128);
  return out;
}

}  // namespace dpb::ref
