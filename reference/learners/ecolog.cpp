#include "reference/learners/ecolog.hpp"

#include <algorithm>
#include <stdexcept>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/glm/certified_real.hpp"
#include "reference/glm/link.hpp"

namespace dpb::ref {

namespace {

constexpr const char* kFn = "ecolog";
constexpr unsigned G = kEcologGridBits;

Rational pow2(long e) {
  if (e >= 0) return Rational(Integer(Integer(1) << static_cast<unsigned>(e)));
  return Rational(Integer(1), Integer(Integer(1) << static_cast<unsigned>(-e)));
}

Integer floor_int(const Rational& v) { return Integer(floor(v)); }

// Sign of a − b for the two arms' (centre, s) pairs when it is decided by monotonicity alone: +1, −1, 0 (equal
// indices), or nullopt (one coordinate larger, the other smaller).
std::optional<int> monotone_order(const Rational& za, const Rational& sa, const Rational& zb, const Rational& sb) {
  const int dz = za < zb ? -1 : (za > zb ? 1 : 0);
  const int ds = sa < sb ? -1 : (sa > sb ? 1 : 0);
  if (dz >= 0 && ds >= 0) return (dz > 0 || ds > 0) ? 1 : 0;
  if (dz <= 0 && ds <= 0) return -1;
  return std::nullopt;
}

}  // namespace

std::string_view ecolog_profile_name(EcologProfile profile) {
  return profile == EcologProfile::paper ? "paper" : "baseline-code";
}

EcologProfile parse_ecolog_profile(std::string_view name) {
  if (name == "paper" || name == "theorem") return EcologProfile::paper;
  if (name == "baseline-code" || name == "paper-code") return EcologProfile::baseline_code;
  throw_parameter_error(kFn, "profile", "paper (theorem) or baseline-code (paper-code)", name);
}

void validate_ecolog(const EcologParams& p, Link link, unsigned q) {
  if (link != Link::logistic)
    throw_parameter_error(kFn, "link", "logistic (ECOLog is defined for the logistic link only)", link_name(link));
  if (p.T < 1 || p.T > (std::uint64_t{1} << 24)) throw_parameter_error(kFn, "T", "in [1, 2^24]", std::to_string(p.T));
  if (p.lambda) {
    if (*p.lambda <= 0 || *p.lambda > 1 << 20) throw_parameter_error(kFn, "lambda", "in (0, 2^20]", to_string(*p.lambda));
    if (denominator(Rational(*p.lambda * pow2(static_cast<long>(G + 2 * q)))) != 1)
      throw_parameter_error(kFn, "lambda", "a multiple of 2^-" + std::to_string(G + 2 * q) + " (2^-(32+2q))",
                            to_string(*p.lambda));
  }
  if (p.delta <= 0 || p.delta >= 1) throw_parameter_error(kFn, "delta", "in (0, 1)", to_string(p.delta));
}

EcologConstants ecolog_constants(const EcologParams& p, const GlmInstance& inst) {
  validate_ecolog(p, inst.link, inst.q);
  EcologConstants k;
  k.profile = p.profile;
  k.d = inst.d;
  k.q = inst.q;
  k.S = inst.S;
  k.lambda = p.lambda ? *p.lambda : Rational(1);
  k.delta = p.delta;
  return k;
}

Interval ecolog_radius(const EcologConstants& k, std::uint64_t t, mpfr_prec_t prec) {
  const Interval sl = Interval(k.lambda, prec).sqrt();
  const Rational inner = Rational(1) + Rational(Integer(t)) / (Rational(4) * k.lambda);
  const Interval lg = Interval(inner, prec).sqrt().mul(Rational(2) / k.delta).log();
  const Rational s1 = (Rational(1) + k.S) * (Rational(1) + k.S);
  const Interval g2 = Interval(Rational(Rational(2) * k.lambda * k.S * k.S), prec) +
                      (sl.div(Rational(2)) + lg.mul(Rational(2)) / sl).mul(s1);
  return g2.sqrt();
}

EcologCertifier::EcologCertifier(EcologConstants constants) : k_(std::move(constants)) {
  const std::uint32_t d = k_.d;
  s_.N.assign(std::size_t{d} * d, Integer(0));
  const Integer l = numerator(Rational(k_.lambda * pow2(static_cast<long>(G + 2 * k_.q))));
  for (std::uint32_t j = 0; j < d; ++j) s_.N[j * d + j] = l;
  s_.theta.assign(d, Integer(0));
}

void EcologCertifier::set_state(EcologState state) {
  if (state.N.size() != std::size_t{k_.d} * k_.d || state.theta.size() != k_.d)
    throw std::invalid_argument("ecolog: a state of the wrong dimension");
  s_ = std::move(state);
  fresh_ = false;
}

const internal::BareissResult& EcologCertifier::factor() {
  if (!fresh_) {
    br_ = internal::bareiss_symmetric(s_.N, k_.d);
    if (!br_.positive_definite) throw std::logic_error("ecolog: W is not positive definite (λ > 0 makes it so)");
    fresh_ = true;
  }
  return br_;
}

EcologDecision EcologCertifier::decide(std::span<const std::int64_t> arms, std::uint32_t K, std::uint64_t t) {
  const std::uint32_t d = k_.d;
  if (K == 0 || arms.size() != std::size_t{K} * d) throw std::invalid_argument("ecolog: arms of the wrong size");
  const internal::BareissResult& br = factor();
  // centre ⟨x, θ⟩ = Σ f_i θ_i / 2^{q+G}; s = ‖x‖²_{W⁻¹} = 2^G·fᵀadj(N)f/det(N).
  const Rational zscale = pow2(-static_cast<long>(k_.q + G)), sscale = pow2(static_cast<long>(G));
  std::vector<Rational> z(K), s(K);
  std::vector<bool> dup(K, false);
  for (std::uint32_t a = 0; a < K; ++a) {
    const std::int64_t* f = &arms[std::size_t{a} * d];
    Integer zc = 0, quad = 0;
    for (std::uint32_t i = 0; i < d; ++i) {
      zc += Integer(f[i]) * s_.theta[i];
      Integer row = 0;
      for (std::uint32_t j = 0; j < d; ++j) row += br.adj[i * d + j] * f[j];
      quad += Integer(f[i]) * row;
    }
    z[a] = Rational(zc) * zscale;
    s[a] = Rational(quad, br.det) * sscale;
    for (std::uint32_t b = 0; b < a && !dup[a]; ++b) dup[a] = std::equal(f, f + d, &arms[std::size_t{b} * d]);
  }
  const bool paper = k_.profile == EcologProfile::paper;
  EcologDecision out;
  std::uint32_t best = 0;
  for (std::uint32_t a = 1; a < K; ++a) {
    if (dup[a]) continue;
    int sign = 0;
    if (const auto m = monotone_order(z[a], s[a], z[best], s[best])) {
      sign = *m;
    } else {
      const Rational za = z[a], zb = z[best], sa = s[a], sb = s[best];
      const EcologConstants& k = k_;
      const CertifiedReal diff([=](mpfr_prec_t prec) {
        const Interval centre = paper ? Interval(Rational(za - zb), prec)
                                      : mu_enclosure(Link::logistic, za, prec) - mu_enclosure(Link::logistic, zb, prec);
        return centre + ecolog_radius(k, t, prec) * (Interval(sa, prec).sqrt() - Interval(sb, prec).sqrt());
      });
      sign = compare(diff, Rational(0));
      ++out.certified;
    }
    if (sign > 0) best = a;
  }
  out.action = best;
  out.exact = out.certified == 0;
  return out;
}

Integer EcologCertifier::grid_root(const Rational& c, const Rational& g, int y, unsigned* evaluations) {
  if (g <= 0) throw std::invalid_argument("ecolog: grid_root needs g > 0");
  // f(m) = m + g(μ(m) − y) − c ≤ 0  ⟺  μ(m) ≤ y + (c − m)/g. The root lies in [c − g, c] (y = 0) or [c, c + g] (y = 1).
  const Rational scale = pow2(static_cast<long>(G));
  const Rational lo = y == 0 ? c - g : c, hi = y == 0 ? c : c + g;
  Integer L = floor_int(lo * scale), H = floor_int(hi * scale) + 1;  // f(L) ≤ 0 < f(H)
  unsigned n = 0;
  while (H - L > 1) {
    const Integer m = (L + H) / 2;  // L < m < H (truncation of a positive or negative sum is fine: H − L ≥ 2)
    const Rational mr = Rational(m) / scale;
    ++n;
    if (compare(mu(Link::logistic, mr), Rational(Rational(y) + (c - mr) / g)) <= 0)
      L = m;
    else
      H = m;
  }
  if (evaluations) *evaluations += n;
  return L;
}

std::vector<Integer> EcologCertifier::next_theta(const std::vector<Integer>& theta, const Integer& z,
                                                 const Rational& c, const Rational& g, const std::vector<Rational>& v) {
  const Rational scale = pow2(static_cast<long>(G));
  const Rational coef = (Rational(z) / scale - c) / g * scale;  // 2^G·(z̃ − c)/g
  std::vector<Integer> out(theta.size());
  for (std::size_t i = 0; i < theta.size(); ++i)
    out[i] = floor_int(Rational(theta[i]) + coef * v[i] + Rational(1, 2));  // nearest, ties up
  return out;
}

EcologStep EcologCertifier::update(std::span<const std::int64_t> x, int y) {
  const std::uint32_t d = k_.d;
  if (x.size() != d) throw std::invalid_argument("ecolog: a context of the wrong dimension");
  if (y != 0 && y != 1) throw std::invalid_argument("ecolog: a reward outside {0, 1}");
  EcologStep out;
  const bool zero = std::all_of(x.begin(), x.end(), [](std::int64_t v) { return v == 0; });
  if (zero) {  // g = 0: θ unchanged, z = c = 0, the weight μ̇(0) = ¼ (W unchanged: x xᵀ = 0)
    out.z = 0;
    out.weight = Integer(1) << (G - 2);
    return out;
  }
  const internal::BareissResult& br = factor();
  // v = W⁻¹x = 2^{G+q}·adj(N)f/det(N); g = ⟨x, v⟩; c = ⟨x, θ⟩.
  std::vector<Rational> v(d);
  Integer quad = 0, zc = 0;
  for (std::uint32_t i = 0; i < d; ++i) {
    Integer row = 0;
    for (std::uint32_t j = 0; j < d; ++j) row += br.adj[i * d + j] * x[j];
    quad += Integer(x[i]) * row;
    zc += Integer(x[i]) * s_.theta[i];
    v[i] = Rational(row, br.det) * pow2(static_cast<long>(G + k_.q));
  }
  const Rational g = Rational(quad, br.det) * pow2(static_cast<long>(G));
  const Rational c = Rational(zc) * pow2(-static_cast<long>(k_.q + G));
  out.z = grid_root(c, g, y, &out.bisection);
  s_.theta = next_theta(s_.theta, out.z, c, g, v);
  out.weight = floor_scaled(mu_dot(Link::logistic, Rational(out.z) / pow2(static_cast<long>(G))),
                            pow2(static_cast<long>(G)));
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j) s_.N[i * d + j] += out.weight * Integer(x[i]) * x[j];
  fresh_ = false;
  return out;
}

EcologTrajectory ecolog(const EcologParams& params, const GlmInstance& inst, std::uint64_t seed, std::uint64_t run,
                        RoundHook on_round) {
  EcologCertifier cert(ecolog_constants(params, inst));
  EcologTrajectory out;
  out.lambda = cert.constants().lambda;
  for (std::uint64_t t = 1; t <= params.T; ++t) {
    const std::uint64_t set = inst.set_of_round(t);
    const std::span<const std::int64_t> arms(inst.arms.data() + set * inst.K * inst.d, std::size_t{inst.K} * inst.d);
    const EcologDecision dec = cert.decide(arms, inst.K, t);
    ChaCha20Source bits(seed, glm_reward_stream(run, t));
    const int r = glm_reward(inst, set, dec.action, bits);
    on_round(t);
    const EcologStep st = cert.update(inst.arm(set, dec.action), r);
    out.actions.push_back(dec.action);
    out.rewards.push_back(r);
    out.z.push_back(st.z);
    out.weights.push_back(st.weight);
    out.exact_decisions += dec.exact ? 1 : 0;
    out.certified_comparisons += dec.certified;
    out.bisection_evaluations += st.bisection;
  }
  out.theta = cert.state().theta;
  out.pseudo_regret = glm_pseudo_regret(inst, out.actions, 128);
  return out;
}

}  // namespace dpb::ref
