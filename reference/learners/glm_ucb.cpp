#include "reference/learners/glm_ucb.hpp"

#include <optional>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/learners/internal/bareiss.hpp"

namespace dpb::ref {

void validate_glm_ucb(const GlmUcbParams& p, unsigned q) {
  constexpr const char* fn = "glm_ucb";
  if (p.T < 1 || p.T > (std::uint64_t{1} << 24)) throw_parameter_error(fn, "T", "in [1, 2^24]", std::to_string(p.T));
  if (p.lambda <= 0 || p.lambda > 1 << 20) throw_parameter_error(fn, "lambda", "in (0, 2^20]", to_string(p.lambda));
  if (denominator(Rational(p.lambda * Rational(Integer(Integer(1) << (2 * q))))) != 1)
    throw_parameter_error(fn, "lambda", "a multiple of 4^-q = 2^-" + std::to_string(2 * q), to_string(p.lambda));
  if (p.rho && (*p.rho < 0 || *p.rho > 1 << 20)) throw_parameter_error(fn, "rho", "in [0, 2^20]", to_string(*p.rho));
  if (p.delta <= 0 || p.delta >= 1) throw_parameter_error(fn, "delta", "in (0, 1)", to_string(p.delta));
}

Interval glm_ucb_rho_factor(const GlmUcbParams& p, Link link, std::uint32_t d, const Rational& S, mpfr_prec_t prec) {
  const Interval one(1L, prec);
  const Interval k_mu = mu_dot_enclosure(link, Rational(0), prec);  // sup μ̇ = μ̇(0)
  const Interval c_mu = mu_dot_enclosure(link, S, prec);            // inf over ‖x‖ ≤ 1, ‖θ‖ ≤ S: μ̇(S)
  const Interval kappa_f = (Interval(3L, prec) + (one + Interval(Rational(Rational(2) / p.lambda), prec)).log().mul(
                                                     Rational(2)))
                               .sqrt();  // √(3 + 2 log(1 + 2m²/λ₀)), m = 1, λ₀ = λ
  const Rational two_d_t = Rational(2) * Rational(d) * Rational(Integer(p.T));
  const Interval log_term = Interval(Rational(two_d_t / p.delta), prec).log();
  return (k_mu * kappa_f / c_mu).mul(Rational(2)) * Interval(Rational(2 * d), prec).sqrt() * log_term.sqrt();
}

Interval glm_ucb_rho(const GlmUcbParams& p, Link link, std::uint32_t d, const Rational& S, std::uint64_t t,
                     mpfr_prec_t prec) {
  if (p.rho) return Interval(*p.rho, prec);
  if (t <= 1) return Interval(0L, prec);  // log 1 = 0
  return glm_ucb_rho_factor(p, link, d, S, prec) * Interval(Rational(Integer(t)), prec).log().sqrt();
}

std::string glm_ucb_rho_name(const GlmUcbParams& p) {
  return p.rho ? to_string(*p.rho) : "filippi(delta=" + to_string(p.delta) + ")";
}

GlmUcbState::GlmUcbState(Link link, std::uint32_t d, unsigned q, const Rational& lambda) {
  data.link = link;
  data.d = d;
  data.q = q;
  data.lambda = lambda;
  N.assign(std::size_t{d} * d, Integer(0));
  const Integer l = numerator(Rational(lambda * Rational(Integer(Integer(1) << (2 * q)))));
  for (std::uint32_t j = 0; j < d; ++j) N[j * d + j] = l;
  center.assign(d, Rational(0));
}

void GlmUcbState::add(std::span<const std::int64_t> x, int r) {
  const std::uint32_t d = data.d;
  data.x.insert(data.x.end(), x.begin(), x.end());
  data.r.push_back(r);
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j) N[i * d + j] += Integer(x[i]) * x[j];
}

GlmUcbDecision glm_ucb_certified_action(GlmUcbState& state, std::span<const std::int64_t> arms, std::uint32_t K,
                                        const GlmUcbParams& params, const Rational& S, std::uint64_t t) {
  const std::uint32_t d = state.data.d;
  const internal::BareissResult br = internal::bareiss_symmetric(state.N, d);
  if (!br.positive_definite) throw std::logic_error("glm_ucb: V is not positive definite (λ > 0 makes it so)");
  // s_a = fᵀ adj f / det, exact; `dup[a]`: an earlier arm has the same features (same index).
  std::vector<Rational> s(K);
  std::vector<bool> dup(K, false);
  for (std::uint32_t a = 0; a < K; ++a) {
    const std::int64_t* f = &arms[std::size_t{a} * d];
    Integer acc = 0;
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = 0; j < d; ++j) acc += Integer(f[i]) * br.adj[i * d + j] * f[j];
    s[a] = Rational(acc, br.det);
    for (std::uint32_t b = 0; b < a && !dup[a]; ++b)
      dup[a] = std::equal(f, f + d, &arms[std::size_t{b} * d]);
  }
  GlmUcbDecision out;
  // ρ is exactly 0 for a constant 0 and for the default at t = 1; otherwise positive.
  const bool rho_zero = params.rho ? *params.rho == 0 : t <= 1;
  if (state.data.n() == 0) {  // θ̂ = 0: index ½ + ρ√s_a, decided on s_a exactly (ρ > 0), or all equal (ρ = 0)
    std::uint32_t best = 0;
    if (!rho_zero)
      for (std::uint32_t a = 1; a < K; ++a)
        if (s[a] > s[best]) best = a;
    out.action = best;
    out.theta.assign(d, Interval(0L, kGlmStartPrecision));
    out.prec = kGlmStartPrecision;
    return out;
  }
  // The argmax on a certified box, or nullopt when its enclosures do not separate the candidate from every other arm.
  auto decide = [&](const MleBox& box) -> std::optional<std::uint32_t> {
    const Interval rho = glm_ucb_rho(params, state.data.link, d, S, t, box.prec);
    std::vector<Interval> idx;
    for (std::uint32_t a = 0; a < K; ++a) {
      const auto [lo, hi] = inner_range(&arms[std::size_t{a} * d], state.data.q, box.theta);
      Interval m = Interval::hull(mu_enclosure(state.data.link, lo, box.prec).lower(),
                                  mu_enclosure(state.data.link, hi, box.prec).upper(), box.prec);
      idx.push_back(m + Interval(s[a], box.prec).sqrt() * rho);
    }
    std::uint32_t c = 0;
    for (std::uint32_t a = 1; a < K; ++a)
      if (!dup[a] && idx[a].lower() > idx[c].lower()) c = a;
    for (std::uint32_t a = 0; a < K; ++a)
      if (a != c && !dup[a] && !idx[a].certainly_less(idx[c])) return std::nullopt;
    return c;
  };
  // First the one-pass box from the last round's fit (the common case), then full fits at rising precision.
  if (std::optional<MleBox> box = one_pass_mle(state.data, state.warm, kGlmStartPrecision)) {
    ++out.passes;
    state.center = box->center;
    if (const auto c = decide(*box)) {
      out.action = *c;
      out.theta = box->theta;
      out.prec = box->prec;
      return out;
    }
  } else if (state.warm.valid) {
    ++out.passes;  // the pass was made; its point is the next start
    state.center = state.warm.center;
  }
  out.full_fit = true;
  for (mpfr_prec_t p = kGlmStartPrecision; p <= kGlmPrecisionCap; p *= 2) {
    const MleBox box = certified_mle(state.data, state.center, p);
    out.passes += box.passes;
    state.center = box.center;
    state.warm.set(box, state.data.n());
    if (const auto c = decide(box)) {
      out.action = *c;
      out.theta = box.theta;
      out.prec = box.prec;
      return out;
    }
    ++out.refinements;
    p = std::max(p, box.prec);
  }
  throw GlmUndecided("glm_ucb: the argmax is still open at " + std::to_string(kGlmPrecisionCap) + " bits");
}

GlmUcbTrajectory glm_ucb(const GlmUcbParams& params, const GlmInstance& inst, std::uint64_t seed, std::uint64_t run,
                         RoundHook on_round) {
  validate_glm_ucb(params, inst.q);
  GlmUcbState state(inst.link, inst.d, inst.q, params.lambda);
  GlmUcbTrajectory out;
  for (std::uint64_t t = 1; t <= params.T; ++t) {
    const std::uint64_t set = inst.set_of_round(t);
    const std::span<const std::int64_t> arms(inst.arms.data() + set * inst.K * inst.d, std::size_t{inst.K} * inst.d);
    GlmUcbDecision dec = glm_ucb_certified_action(state, arms, inst.K, params, inst.S, t);
    ChaCha20Source bits(seed, glm_reward_stream(run, t));
    const int r = glm_reward(inst, set, dec.action, bits);
    on_round(t);
    state.add(inst.arm(set, dec.action), r);
    out.actions.push_back(dec.action);
    out.theta.push_back(std::move(dec.theta));
    out.rewards.push_back(r);
    out.refinements += dec.refinements;
    out.passes += dec.passes;
    out.full_fits += dec.full_fit ? 1 : 0;
  }
  out.pseudo_regret = glm_pseudo_regret(inst, out.actions, 128);
  return out;
}

}  // namespace dpb::ref
