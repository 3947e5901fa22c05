#include "reference/learners/jdp_glm.hpp"

#include <algorithm>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/glm/certified_real.hpp"
#include "reference/glm/link.hpp"
#include "reference/glm/mle.hpp"
#include "reference/learners/internal/bareiss.hpp"
#include "reference/learners/internal/rs_round.hpp"
#include "reference/learners/internal/calibration_read.hpp"
#include "reference/protocols/calibration_003_glm.hpp"
#include "reference/protocols/calibration_003_pgd.hpp"
#include "reference/protocols/p_gd.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::ref {

namespace {

constexpr const char* kFn = "jdp_glm";

using internal::pow2;
using internal::round_up_32;
using internal::upper;
const Quantity& quantity(const Calibration001& c, const std::string& name) {
  return internal::quantity(c, name, "calibrate jdp-glm");
}

// Bareiss on N = 2^r M (integers: M = λI + release·2^−r) and, when M is PD, fᵀ adj(N) f for every arm
// (‖x‖²_{M⁻¹} = fᵀ adj(N) f/det(N)·2^r/4^q).
struct QuadForms {
  internal::BareissResult br;
  std::vector<Integer> score;
};
QuadForms quad_forms(std::span<const std::int64_t> arms, std::uint32_t K, std::uint32_t d, unsigned r,
                     const std::vector<Rational>& M) {
  QuadForms out;
  std::vector<Integer> N(std::size_t{d} * d);
  for (std::size_t i = 0; i < N.size(); ++i) {
    const Rational v = M[i] * pow2(r);
    if (denominator(v) != 1) throw std::logic_error("jdp_glm: a released matrix is not on the grid 2^-r");
    N[i] = numerator(v);
  }
  out.br = internal::bareiss_symmetric(N, d);
  if (!out.br.positive_definite) return out;
  out.score.assign(K, Integer(0));
  for (std::uint32_t a = 0; a < K; ++a) {
    const std::int64_t* f = &arms[std::size_t{a} * d];
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = 0; j < d; ++j) out.score[a] += Integer(f[i]) * out.br.adj[i * d + j] * f[j];
  }
  return out;
}

}  // namespace

std::uint64_t jdp_glm_stream(std::uint64_t run, std::uint64_t k) {
  return glm_instance_stream(run) + (std::uint64_t{1} << 39) + (std::uint64_t{1} << 37) + k;
}

JdpGlmConstants jdp_glm_constants(const JdpGlmParams& p, Link link, std::uint32_t d, unsigned q) {
  if (p.profile != JdpProfile::Theorem)
    throw_parameter_error(kFn, "profile", "theorem for jdp_glm_constants (paper-code: jdp_glm_paper_constants)",
                          "paper-code");
  if (p.T < 16 || p.T > (std::uint64_t{1} << 24)) throw_parameter_error(kFn, "T", "in [16, 2^24]", std::to_string(p.T));
  if (q < 1 || q > 15) throw_parameter_error(kFn, "q", "in [1, 15]", std::to_string(q));
  const Rational zeta = p.zeta.value_or(p.delta / 2);
  if (zeta <= 0 || zeta >= p.delta)
    throw_parameter_error(kFn, "zeta", "in (0, delta) (Thm 6.2 needs delta > zeta)", to_string(zeta));
  if (p.eps <= 0 || p.eps > 15) throw_parameter_error(kFn, "eps", "in (0, 15] (P_GD's range)", to_string(p.eps));
  if (p.delta <= 0 || p.delta >= Rational(1, 2)) throw_parameter_error(kFn, "delta", "in (0, 1/2)", to_string(p.delta));
  if (p.S <= 0 || p.S > 64) throw_parameter_error(kFn, "S", "in (0, 64]", to_string(p.S));
  for (const auto& [v, name] : {std::pair{&p.eps, "eps"}, {&p.delta, "delta"}, {&p.kappa, "kappa"},
                                {&p.kappa_star, "kappa_star"}, {&p.S, "S"}, {&zeta, "zeta"},
                                {&p.beta_constant, "beta_constant"}, {&p.gamma_constant, "gamma_constant"}})
    require_reasonable_size(*v, kFn, name);
  if (p.kappa_star > 1000000) throw_parameter_error(kFn, "kappa_star", "<= 10^6", to_string(p.kappa_star));
  check_kappa_star(link, p.kappa_star, kFn, "kappa_star");
  if (p.kappa < p.kappa_star || p.kappa > pow2(40))
    throw_parameter_error(kFn, "kappa", "in [kappa*, 2^40]", to_string(p.kappa));
  for (const auto& [v, name] : {std::pair{&p.beta_constant, "beta_constant"}, {&p.gamma_constant, "gamma_constant"}})
    if (*v <= 0 || *v > 1000000) throw_parameter_error(kFn, name, "in (0, 10^6]", to_string(*v));
  if (p.lambda_override && (*p.lambda_override < 1 || *p.lambda_override > (Integer(1) << 40)))
    throw_parameter_error(kFn, "lambda_override", "in [1, 2^40]", to_string(*p.lambda_override));
  CalibrationGlmInput in;
  in.variant = "jdp-glm";
  in.profile = Profile003::Theorem;
  in.eps = p.eps;
  in.delta = p.delta;
  in.horizon = Integer(p.T);
  in.d = Integer(d);
  in.kappa = p.kappa;
  in.kappa_star = p.kappa_star;
  in.theta_norm = p.S;
  in.zeta = zeta;
  in.beta_constant = p.beta_constant;
  in.gamma_constant = p.gamma_constant;
  in.link = link == Link::probit ? "probit" : "logistic";
  const Calibration001 c = calibrate_glm003(in);
  JdpGlmConstants k;
  k.zeta = zeta;
  k.lambda = p.lambda_override ? *p.lambda_override : ceil(upper(quantity(c, "lambda")));
  k.lambda_max = ceil(upper(quantity(c, "lambda_max")));
  k.gamma = round_up_32(upper(quantity(c, "gamma")));
  k.beta = round_up_32(upper(quantity(c, "beta")));
  k.threshold = 1 / (k.gamma * k.gamma * p.kappa);
  k.sigma_V = round_up_32(upper(quantity(c, "tree_sigma_V_corrected")));
  k.sigma_H = round_up_32(upper(quantity(c, "tree_sigma")));
  k.eps_o = *quantity(c, "theta_o_eps_call").exact;
  k.delta_o = *quantity(c, "theta_o_delta_call").exact;
  k.eps_tau = *quantity(c, "theta_tau_eps_call").exact;
  k.delta_tau = *quantity(c, "theta_tau_delta_call").exact;
  k.count1 = numerator(Rational(p.delta / (6 * k.delta_o)));  // δ_o = δ/(6k₁)
  k.count2 = numerator(Rational(p.delta / (6 * k.delta_tau)));
  k.grid_bits = 2 * q + kJdpWeightBits;
  // The per-call budget ε/(6√(2k ln(4/δ))) is rounded down to 2^−64 by the calibration; at a tiny ε (k grows as
  // 1/ε², so the budget as ε²) it is 0, and P_GD's calibration used to refuse the first call naming its own ε
  // ("parameter 'eps' must be in (0, 15], got 0": issue 14, a message that shows a value the user never gave).
  // Refused here, naming the user's ε exactly.
  if (k.eps_o == 0 || k.eps_tau == 0)
    throw_parameter_error(kFn, "eps",
                          "large enough that each optimizer call's eps/(6 sqrt(2k ln(4/delta))) is >= 2^-64 (k = " +
                              to_string(k.eps_o == 0 ? k.count1 : k.count2) + ")",
                          to_string(p.eps));
  return k;
}

namespace jdp_internal {

std::vector<Rational> matrix(const std::vector<Integer>& release, std::uint32_t d, const Integer& lambda, unsigned r) {
  const LabelSet labels = LabelSet::symmetric_matrix(d);
  std::vector<Rational> M(std::size_t{d} * d, Rational(0));
  const Integer den = Integer(1) << r;
  for (std::size_t k = 0; k < labels.size(); ++k) {
    const Label l = labels.at(k);
    const Rational v(release.empty() ? Integer(0) : release[k], den);
    M[l.i * d + l.j] = v;
    M[l.j * d + l.i] = v;
  }
  for (std::uint32_t j = 0; j < d; ++j) M[j * d + j] += Rational(lambda);
  return M;
}

// Exact Gaussian elimination with row swaps.
Rational det(std::vector<Rational> A, std::uint32_t d) {
  Rational det = 1;
  for (std::uint32_t j = 0; j < d; ++j) {
    std::uint32_t p = j;
    while (p < d && A[p * d + j] == 0) ++p;
    if (p == d) return Rational(0);
    if (p != j) {
      for (std::uint32_t k = 0; k < d; ++k) std::swap(A[p * d + k], A[j * d + k]);
      det = -det;
    }
    det *= A[j * d + j];
    for (std::uint32_t i = j + 1; i < d; ++i) {
      const Rational f = A[i * d + j] / A[j * d + j];
      if (f == 0) continue;
      for (std::uint32_t k = j; k < d; ++k) A[i * d + k] -= f * A[j * d + k];
    }
  }
  return det;
}

CriterionI criterion_i(const JdpGlmConstants& k, std::span<const std::int64_t> arms, std::uint32_t K, std::uint32_t d,
                       unsigned q, const std::vector<Rational>& V) {
  const unsigned r = k.grid_bits;
  CriterionI c;
  c.s.assign(K, Rational(0));
  const QuadForms qf = quad_forms(arms, K, d, r, V);  // V exactly, scaled: N = 2^r V (integers)
  const internal::BareissResult& br = qf.br;
  if (!br.positive_definite) {
    c.v_pd = false;
    c.explore = true;
    const std::vector<std::uint32_t> first = internal::first_of_duplicates(arms, K, d);
    c.action = internal::norm_argmax(arms, K, d, first, std::vector<bool>(K, true), false);
    return c;
  }
  std::uint32_t top = 0;
  for (std::uint32_t a = 0; a < K; ++a) {
    c.s[a] = Rational(qf.score[a], br.det) * pow2(r) / pow2(2 * q);  // ‖x‖²_{V⁻¹}
    if (c.s[a] > c.s[top]) top = a;
  }
  c.action = top;
  c.explore = c.s[top] >= k.threshold;
  return c;
}

Exploit exploit(const JdpGlmConstants& k, const Rational& kappa, std::span<const std::int64_t> arms, std::uint32_t K,
                std::uint32_t d, unsigned q, const std::vector<Rational>& s, const std::vector<Rational>& theta_o,
                const std::vector<Rational>& theta_tau, const std::vector<Rational>& H_tau, std::uint64_t t) {
  Exploit e;
  std::vector<std::vector<Rational>> Ht(d, std::vector<Rational>(d));
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j) Ht[i][j] = H_tau[i * d + j];
  if (!positive_definite(Ht)) {  // H_τ not PD (exact): the round counts as Criterion I, no elimination
    e.h_pd = false;
    for (std::uint32_t a = 1; a < K; ++a)
      if (s[a] > s[e.action]) e.action = a;
    return e;
  }
  const std::vector<std::uint32_t> first = internal::first_of_duplicates(arms, K, d);
  // Before the first switch (θ̂_τ = 0, H_τ = λI exactly) the index is β‖x‖/√λ: decided exactly on ‖x‖², ties to the
  // lowest index (as rs-glincb; the interval test cannot decide a tie of distinct arms of equal norm). θ̂_τ = 0 also
  // after a switch whose P_GD call has T_it = 0 (θ₀ = 0), with a released H_τ ≠ λI: the index is β‖x‖_{H_τ⁻¹},
  // decided exactly on fᵀ adj(2^r H_τ) f (∝ ‖x‖²_{H_τ⁻¹}, H_τ PD), ties to the lowest index — distinct arms x and −x
  // always tie there, and the interval test would refine up to the cap and throw.
  bool trivial = true;
  for (const Rational& v : theta_tau) trivial = trivial && v == 0;
  const bool tau_zero = trivial;
  for (std::uint32_t i = 0; i < d && trivial; ++i)
    for (std::uint32_t j = 0; j < d && trivial; ++j)
      trivial = H_tau[i * d + j] == (i == j ? Rational(k.lambda) : Rational(0));
  std::vector<Integer> h_score;  // tau_zero && !trivial: fᵀ adj(2^r H_τ) f per arm
  if (tau_zero && !trivial) {
    QuadForms qf = quad_forms(arms, K, d, k.grid_bits, H_tau);
    if (!qf.br.positive_definite) throw std::logic_error("jdp_glm: H_tau's exact PD tests disagree");
    h_score = std::move(qf.score);
  }
  for (mpfr_prec_t prec = kGlmStartPrecision;; prec *= 2) {
    if (tau_zero) {
      std::vector<Interval> to;
      for (const Rational& v : theta_o) to.push_back(Interval(v, prec));
      std::vector<bool> kept;
      if (internal::eliminate(arms, K, d, q, first, s, to, k.gamma * k.gamma * kappa, prec, kept)) {
        if (trivial) {
          e.action = internal::norm_argmax(arms, K, d, first, kept, k.beta == 0);
        } else {  // the same rule on the H_τ-norm (β = 0: every index is 0, the lowest kept arm)
          std::uint32_t c = K;
          for (std::uint32_t a = 0; a < K; ++a) {
            if (!kept[a] || first[a] != a) continue;
            if (c == K || (k.beta != 0 && h_score[a] > h_score[c])) c = a;
          }
          e.action = c;
        }
        return e;
      }
      ++e.refinements;
      if (2 * prec > kGlmPrecisionCap)
        throw GlmUndecided("jdp_glm: round " + std::to_string(t) + " is still open at " +
                           std::to_string(kGlmPrecisionCap) + " bits");
      continue;
    }
    std::vector<Interval> Hi, L, to, tt;
    Interval det(0L, prec);
    for (const Rational& v : H_tau) Hi.push_back(Interval(v, prec));
    for (const Rational& v : theta_o) to.push_back(Interval(v, prec));
    for (const Rational& v : theta_tau) tt.push_back(Interval(v, prec));
    std::vector<bool> kept;
    std::optional<std::uint32_t> c;
    if (internal::interval_cholesky(Hi, d, prec, L, det) &&
        internal::eliminate(arms, K, d, q, first, s, to, k.gamma * k.gamma * kappa, prec, kept))
      c = internal::ucb_argmax(arms, K, d, q, first, kept, L, tt, k.beta, prec);
    if (c) {
      e.action = *c;
      return e;
    }
    ++e.refinements;
    if (2 * prec > kGlmPrecisionCap)
      throw GlmUndecided("jdp_glm: round " + std::to_string(t) + " is still open at " +
                         std::to_string(kGlmPrecisionCap) + " bits");
  }
}

Integer weight(Link link, std::span<const std::int64_t> f, unsigned q, const std::vector<Rational>& theta_o,
               const Integer& wcap) {
  Rational z = 0;
  for (std::size_t i = 0; i < f.size(); ++i) z += Rational(Integer(f[i]), Integer(Integer(1) << q)) * theta_o[i];
  const CertifiedReal w([link, z](mpfr_prec_t p) { return mu_dot(link, z).enclose(p) / Interval(1L, p).exp(); });
  Integer wn = floor_scaled(w, pow2(kJdpWeightBits));
  return wn > wcap ? wcap : wn;
}

PgdParams pgd_params(const JdpGlmParams& params, const JdpGlmConstants& k, Link link, unsigned q, std::uint32_t d,
                     std::size_t n, PgdDomain dom, const Rational& eps, const Rational& delta, Integer* iterations) {
  CalibrationPgdInput ci;
  ci.eps = eps;
  ci.delta = delta;
  ci.n = Integer(n);
  ci.d = Integer(d);
  ci.S = params.S;
  ci.lambda_max = Rational(k.lambda_max);
  Rational bound = params.S;
  if (dom.kind == PgdDomainKind::Ellipsoid) {
    bound = pgd_theta_norm_bound(dom);
    ci.theta_bound = bound;
    ci.diameter = 2 * bound;
  }
  const PgdCalibration cal = calibrate_pgd(ci);
  PgdParams gp;
  gp.link = link;
  gp.q = q;
  gp.reg = Rational(k.lambda_max) / Rational(Integer(n));
  gp.domain = std::move(dom);
  gp.iterations = cal.T_it;
  gp.eta = cal.eta;
  gp.L = cal.L;
  gp.theta_bound = bound;
  gp.g = cal.g == 0 ? Integer(4) : cal.g;
  gp.b = cal.b;
  *iterations = cal.T_it;
  return gp;
}

bool clip_tau(std::vector<Rational>& theta, const Rational& S, Link link, unsigned q, std::uint32_t d) {
  Rational n2 = 0;
  for (const Rational& v : theta) n2 += v * v;
  if (n2 <= S * S) return false;
  PgdParams bp;
  bp.link = link;
  bp.q = q;
  bp.domain = PgdDomain::ball(S);
  bp.theta_bound = S;
  bp.L = Rational(1);
  const PGd ball(bp, 1, d);
  std::uint64_t shr = 0;
  bool proj = false;
  theta = ball.grid_project(theta, &shr, &proj);
  return true;
}

}  // namespace jdp_internal

JdpGlmTrajectory jdp_glm(const JdpGlmParams& params, const GlmInstance& inst, std::uint64_t seed, std::uint64_t run,
                         RoundHook on_round) {
  if (params.profile == JdpProfile::PaperCode) return jdp_glm_paper_code(params, inst, seed, run, on_round);
  const std::uint32_t d = inst.d, K = inst.K;
  const unsigned q = inst.q;
  JdpGlmTrajectory out;
  out.constants = jdp_glm_constants(params, inst.link, d, q);
  const JdpGlmConstants& k = out.constants;
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
  std::vector<Integer> relV, relH;  // the releases after the last leaf (empty: none yet)
  const Integer wcap = floor(pow2(kJdpWeightBits) / params.kappa_star);

  std::vector<PgdDatum> data_o, data_x;  // T_o rounds, the other rounds
  std::vector<Rational> theta_o(d, Rational(0)), theta_tau(d, Rational(0));
  std::vector<Rational> H_tau = jdp_internal::matrix({}, d, k.lambda, r);
  Rational lambda_d = 1;
  for (std::uint32_t j = 0; j < d; ++j) lambda_d *= Rational(k.lambda);
  Rational D = lambda_d, D_tau = lambda_d;  // running max of det(H_s); its value at the last switch
  std::uint64_t calls = 0;

  const auto run_pgd = [&](const std::vector<PgdDatum>& data, PgdDomain dom, const Rational& eps,
                           const Rational& delta) {
    Integer it;
    const PgdParams gp = jdp_internal::pgd_params(params, k, inst.link, q, d, data.size(), std::move(dom), eps, delta,
                                                  &it);
    ChaCha20Source stream(seed, jdp_glm_stream(run, 2 + calls));
    CountingSource bits(stream);
    ++calls;
    out.pgd_iterations.push_back(it);
    std::vector<Rational> theta = PGd(gp, data.size(), d).run(data, bits).theta_bar;
    out.bits_pgd += bits.count();
    return theta;
  };

  for (std::uint64_t t = 1; t <= params.T; ++t) {
    const std::uint64_t set = inst.set_of_round(t);
    const std::span<const std::int64_t> arms(inst.arms.data() + set * K * d, std::size_t{K} * d);
    const std::vector<Rational> V = jdp_internal::matrix(relV, d, k.lambda, r);
    const jdp_internal::CriterionI ci = jdp_internal::criterion_i(k, arms, K, d, q, V);
    bool explore = ci.explore;
    std::uint32_t action = ci.action;
    if (!ci.v_pd) {
      ++out.not_pd;
      out.v_not_pd.push_back(t);
    }
    // the running maximum max_{s≤t} det(H_s) runs over every round (H is released every round)
    const std::vector<Rational> H = jdp_internal::matrix(relH, d, k.lambda, r);
    D = std::max(D, jdp_internal::det(H, d));
    bool switched = false;
    if (!explore) {
      if (D > 2 * D_tau && Integer(out.count2) < k.count2) {
        switched = true;
        D_tau = D;
        H_tau = H;
        ++out.count2;
        if (data_x.empty()) {
          theta_tau = theta_o;
        } else {
          std::vector<std::vector<Rational>> Vr(d, std::vector<Rational>(d));
          for (std::uint32_t i = 0; i < d; ++i)
            for (std::uint32_t j = 0; j < d; ++j) Vr[i][j] = V[i * d + j];
          theta_tau = run_pgd(data_x, PgdDomain::ellipsoid(theta_o, Vr, k.gamma * k.gamma * params.kappa), k.eps_tau,
                              k.delta_tau);
        }
        if (jdp_internal::clip_tau(theta_tau, params.S, inst.link, q, d)) ++out.tau_projected;
        out.theta_tau.push_back(theta_tau);
      }
      const jdp_internal::Exploit ex =
          jdp_internal::exploit(k, params.kappa, arms, K, d, q, ci.s, theta_o, theta_tau, H_tau, t);
      out.refinements += ex.refinements;
      action = ex.action;
      if (!ex.h_pd) {  // H_τ not PD (exact): the round counts as Criterion I, no elimination
        explore = true;
        ++out.not_pd;
        out.h_not_pd.push_back(t);
      }
    }
    ChaCha20Source rbits(seed, glm_reward_stream(run, t));
    const int reward = glm_reward(inst, set, action, rbits);
    on_round(t);
    const std::span<const std::int64_t> f = inst.arm(set, action);
    std::vector<Integer> leafV(labels.size(), Integer(0)), leafH(labels.size(), Integer(0));
    if (explore) {
      for (std::size_t l = 0; l < labels.size(); ++l) {
        const Label lb = labels.at(l);
        leafV[l] = Integer(f[lb.i]) * f[lb.j] * (Integer(1) << kJdpWeightBits);
      }
    } else {
      const Integer wn = jdp_internal::weight(inst.link, f, q, theta_o, wcap);
      out.weights.push_back(wn);
      for (std::size_t l = 0; l < labels.size(); ++l) {
        const Label lb = labels.at(l);
        leafH[l] = Integer(f[lb.i]) * f[lb.j] * wn;
      }
    }
    relV = treeV.add_numerators(leafV, bitsV).release;
    relH = treeH.add_numerators(leafH, bitsH).release;
    const PgdDatum datum{Rational(reward), inst.context(set, action)};
    if (explore) {
      data_o.push_back(datum);
      if (Integer(out.count1) < k.count1) {
        theta_o = run_pgd(data_o, PgdDomain::ball(params.S), k.eps_o, k.delta_o);
        out.theta_o.push_back(theta_o);
        ++out.count1;
      }
    } else {
      data_x.push_back(datum);
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
